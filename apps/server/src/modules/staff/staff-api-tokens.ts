import { and, asc, eq, isNull } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import type { Db, DbOrTx } from '../../db/database';
import { staffApiTokens, staffMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { rolesOf, type StaffIdentity } from './staff-service';
import { digest, randomToken } from './staff-secrets';

/*
 * API tokens for scripts (issue 17, decision 018 point 9; docs/back-office.md "API tokens"). A member makes their
 * own named tokens (so the secret is only ever seen by the person it acts as), through a console session; the
 * token is answered once and only its SHA-256 stored. A call with `Authorization: Bearer <token>` acts as the member
 * with their roles at that moment, audited `via: 'api_token'`. The member or an admin revokes it; disabling or
 * resetting the member revokes them all.
 */

/** What every token starts with: tells a Presta staff token apart in a script's settings or a secret scanner. */
const API_TOKEN_PREFIX = 'pst_';
/** 32 random bytes (256 bits), base64url: 43 characters after the prefix. */
const TOKEN_PATTERN = /^pst_[A-Za-z0-9_-]{43}$/;
/** Live tokens a member may hold at once. */
export const MAX_LIVE_TOKENS = 10;
/** last_used_at is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

export type ApiTokenView = { id: number; staffId: number; email: string; name: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

/**
 * A new token of the acting member (a staff actor), named `name` (unique among their live tokens, any case).
 * Answers the token once; 409 when the name is taken or the member holds MAX_LIVE_TOKENS already.
 */
export async function createApiToken(db: Db, actor: AuditActor, input: { name: string }, now = new Date()): Promise<{ token: ApiTokenView; secret: string }> {
  if (actor.type !== 'staff') throw new AppError(403, errorCodes.forbidden, 'staffForbidden', { action: 'apiTokens.create' });
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    // One creation per member at a time: the count and the name checked under the member's row lock.
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, actor.staffId)).for('update');
    if (!member || member.disabledAt) throw new AppError(403, errorCodes.forbidden, 'staffForbidden', { action: 'apiTokens.create' });
    const live = await tx
      .select({ name: staffApiTokens.name })
      .from(staffApiTokens)
      .where(and(eq(staffApiTokens.staffId, member.id), isNull(staffApiTokens.revokedAt)));
    if (live.some((t) => t.name.toLowerCase() === name.toLowerCase())) throw new AppError(409, errorCodes.invalidTransition, 'staffTokenNameTaken', { name });
    if (live.length >= MAX_LIVE_TOKENS) throw new AppError(409, errorCodes.invalidTransition, 'staffTokenLimit', { max: MAX_LIVE_TOKENS });
    const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
    const [row] = await tx.insert(staffApiTokens).values({ staffId: member.id, name, tokenHash: digest(secret), createdAt: now }).returning();
    await recordAudit(tx, actor, { action: 'staff.apiTokenCreate', objectType: 'staff_api_token', objectId: row!.id, before: null, after: { staffId: member.id, name } });
    return { token: { ...viewOf(row!), email: member.email }, secret };
  });
}

const viewOf = (row: typeof staffApiTokens.$inferSelect) => ({
  id: row.id,
  staffId: row.staffId,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
});

/** Tokens (never their secret), oldest first: one member's, or every member's; revoked ones too when `all`. */
export async function listApiTokens(db: DbOrTx, filter: { staffId?: number; all?: boolean }): Promise<ApiTokenView[]> {
  const rows = await db
    .select({ token: staffApiTokens, email: staffMembers.email })
    .from(staffApiTokens)
    .innerJoin(staffMembers, eq(staffMembers.id, staffApiTokens.staffId))
    .where(and(filter.staffId !== undefined ? eq(staffApiTokens.staffId, filter.staffId) : undefined, filter.all ? undefined : isNull(staffApiTokens.revokedAt)))
    .orderBy(asc(staffApiTokens.id));
  return rows.map((r) => ({ ...viewOf(r.token), email: r.email }));
}

/**
 * Revokes a live token at once. `owner`: only a token of that member (their own; any other id is 404, as an unknown
 * one); undefined: any member's (an admin, authorised by the caller). 404 when it is not live.
 */
export async function revokeApiToken(db: Db, actor: AuditActor, input: { id: number; owner?: number }, now = new Date()): Promise<ApiTokenView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffApiTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffApiTokens.id, input.id),
          isNull(staffApiTokens.revokedAt),
          input.owner !== undefined ? eq(staffApiTokens.staffId, input.owner) : undefined,
        ),
      )
      .returning();
    if (!row) throw new AppError(404, errorCodes.notFound, 'staffTokenUnknown');
    await recordAudit(tx, actor, {
      action: 'staff.apiTokenRevoke',
      objectType: 'staff_api_token',
      objectId: row.id,
      before: { revoked: false },
      after: { revoked: true, staffId: row.staffId, name: row.name },
    });
    const [member] = await tx.select({ email: staffMembers.email }).from(staffMembers).where(eq(staffMembers.id, row.staffId));
    return { ...viewOf(row), email: member?.email ?? '' };
  });
}

/** Whether a bearer value has a token's shape (anything else is a wrong guess without a query). */
const looksLikeApiToken = (value: string) => TOKEN_PATTERN.test(value);

/**
 * The member a live token acts as, with their roles now; undefined when the token is unknown, revoked, or its
 * member disabled. Marks the token used (at most once a minute).
 */
export async function findApiTokenMember(db: DbOrTx, token: string, now = new Date()): Promise<{ member: StaffIdentity; tokenId: number } | undefined> {
  if (!looksLikeApiToken(token)) return undefined;
  const [row] = await db
    .select({ token: staffApiTokens, email: staffMembers.email, name: staffMembers.name, disabledAt: staffMembers.disabledAt })
    .from(staffApiTokens)
    .innerJoin(staffMembers, eq(staffMembers.id, staffApiTokens.staffId))
    .where(and(eq(staffApiTokens.tokenHash, digest(token)), isNull(staffApiTokens.revokedAt)));
  if (!row || row.disabledAt) return undefined;
  const { token: t } = row;
  if (!t.lastUsedAt || now.getTime() - t.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffApiTokens).set({ lastUsedAt: now }).where(eq(staffApiTokens.id, t.id));
  }
  return { member: { id: t.staffId, email: row.email, name: row.name, roles: await rolesOf(db, t.staffId) }, tokenId: t.id };
}
