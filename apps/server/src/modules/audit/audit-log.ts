import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { auditEvents } from '../../db/schema';

/*
 * The audit trail (issue 17, decision 018 point 7; docs/back-office.md "Audit"): who did what to which object,
 * when, from where, with the fields before and after. Written by the action's own transaction (recordAudit takes
 * the caller's tx), so an action and its event are stored together or not at all. Append-only in PostgreSQL.
 */

/** Who acts: a staff member (through the console, the ops command or one of their API tokens), or the system (jobs). */
export type AuditActor =
  | { type: 'staff'; staffId: number; email: string; via: 'console' | 'cli' | 'api_token'; clientIp?: string }
  | { type: 'system'; via: 'job' | 'cli' };

export const systemActor: AuditActor = { type: 'system', via: 'job' };

export type AuditEntry = {
  action: string;
  objectType: string;
  objectId: string | number;
  /** The fields the action changed, as they were (null: the object is new). */
  before?: Record<string, unknown> | null;
  /** …and as they are now (null: the object is gone). */
  after?: Record<string, unknown> | null;
};

export type AuditEvent = typeof auditEvents.$inferSelect;

/** Records one event in the caller's transaction. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<AuditEvent> {
  const [row] = await tx
    .insert(auditEvents)
    .values({
      actorType: actor.type,
      staffId: actor.type === 'staff' ? actor.staffId : null,
      actorLabel: actor.type === 'staff' ? actor.email : 'system',
      via: actor.via,
      action: entry.action,
      objectType: entry.objectType,
      objectId: String(entry.objectId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      clientIp: actor.type === 'staff' ? (actor.clientIp ?? '') : '',
    })
    .returning();
  return row!;
}

/** Whether the staff member has recorded `action` on the object (e.g. approved this order: decision 023's four eyes). */
export async function staffHasActed(db: DbOrTx, staffId: number, entry: { action: string; objectType: string; objectId: string | number }): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.objectType, entry.objectType),
        eq(auditEvents.objectId, String(entry.objectId)),
        eq(auditEvents.action, entry.action),
        eq(auditEvents.staffId, staffId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type AuditFilter = {
  staffId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
  /** Events older than this id (the next page). */
  beforeId?: number;
  limit?: number;
};

/** The events matching the filter, newest first (at most `limit`, default 50, at most 500). */
export async function listAudit(db: DbOrTx, filter: AuditFilter = {}): Promise<AuditEvent[]> {
  const where: SQL[] = [];
  if (filter.staffId !== undefined) where.push(eq(auditEvents.staffId, filter.staffId));
  if (filter.action) where.push(eq(auditEvents.action, filter.action));
  if (filter.objectType) where.push(eq(auditEvents.objectType, filter.objectType));
  if (filter.objectId) where.push(eq(auditEvents.objectId, filter.objectId));
  if (filter.from) where.push(gte(auditEvents.at, filter.from));
  if (filter.to) where.push(lte(auditEvents.at, filter.to));
  if (filter.beforeId !== undefined) where.push(lt(auditEvents.id, filter.beforeId));
  return db
    .select()
    .from(auditEvents)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(Math.min(Math.max(filter.limit ?? 50, 1), 500));
}
