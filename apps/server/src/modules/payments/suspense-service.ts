import { and, asc, eq, sql } from 'drizzle-orm';
import type { Minor } from '@presta/contract/money';
import type { Db, DbOrTx } from '../../db/database';
import { orders, paymentReferences, paymentSuspense, paymentSuspenseResolutions } from '../../db/schema';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError, notFound } from '../../lib/app-error';
import type { ApplyPaymentApplied } from '../ledger/ledger-service';
import { resolveHeldReview } from './notification-log';
import { recordPayment } from './record-payment';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/*
 * Suspense (docs/payments.md "Suspense", decision 015): money a signed
 * notification reported that no loan's ledger took — its reference matches no
 * order, it is above the ceiling, or the ledger could not take it. Never lost:
 * an entry stays open until an operator assigns it to an order (it becomes
 * that order's ledger payment, once) or records its refund to the payer. The
 * one writer of payment_suspense and payment_suspense_resolutions; both
 * append-only.
 */

export type SuspenseEntry = typeof paymentSuspense.$inferSelect;
export type SuspenseHold = Omit<typeof paymentSuspense.$inferInsert, 'id' | 'createdAt'>;

/** Holds money in suspense, once per provider event: the entry (new or the one already held for that event). */
export async function holdInSuspense(tx: DbOrTx, entry: SuspenseHold, now: Date): Promise<{ entry: SuspenseEntry; created: boolean }> {
  const [created] = await tx
    .insert(paymentSuspense)
    .values({ ...entry, createdAt: now })
    .onConflictDoNothing({ target: [paymentSuspense.provider, paymentSuspense.eventId] })
    .returning();
  if (created) return { entry: created, created: true };
  const [existing] = await tx
    .select()
    .from(paymentSuspense)
    .where(and(eq(paymentSuspense.provider, entry.provider), eq(paymentSuspense.eventId, entry.eventId)))
    .limit(1);
  return { entry: existing!, created: false };
}

/** The entry held for a provider event, if any (the first delivery of that event). */
export async function findSuspenseByEvent(db: DbOrTx, provider: string, eventId: string): Promise<SuspenseEntry | undefined> {
  const [row] = await db
    .select()
    .from(paymentSuspense)
    .where(and(eq(paymentSuspense.provider, provider), eq(paymentSuspense.eventId, eventId)))
    .limit(1);
  return row;
}

/** The open suspense entries naming an order, summed (an entry is open until it has a resolution): money for it held, not applied. */
export async function suspenseHeldFor(db: DbOrTx, orderId: number): Promise<Minor> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentSuspense.amount}), 0)::text` })
    .from(paymentSuspense)
    .leftJoin(paymentSuspenseResolutions, eq(paymentSuspenseResolutions.suspenseId, paymentSuspense.id))
    .where(and(eq(paymentSuspense.orderId, orderId), sql`${paymentSuspenseResolutions.id} is null`));
  return Number(row?.total ?? 0);
}

export type SuspenseListed = SuspenseEntry & { orderNo: string | null };

/** Open entries (no resolution), oldest first, with the order number they named (if any). */
export async function openSuspense(db: DbOrTx): Promise<SuspenseListed[]> {
  const rows = await db
    .select({ entry: paymentSuspense, orderNo: orders.orderNo })
    .from(paymentSuspense)
    .leftJoin(paymentSuspenseResolutions, eq(paymentSuspenseResolutions.suspenseId, paymentSuspense.id))
    .leftJoin(orders, eq(orders.id, paymentSuspense.orderId))
    .where(sql`${paymentSuspenseResolutions.id} is null`)
    .orderBy(asc(paymentSuspense.id));
  return rows.map((r) => ({ ...r.entry, orderNo: r.orderNo }));
}

/** Sums of suspense: what is open, what was assigned to loans, what was refunded (every unit held is in one of them). */
export async function suspenseTotals(db: DbOrTx): Promise<{ held: Minor; open: Minor; assigned: Minor; refunded: Minor }> {
  const [row] = (await db.execute(sql`
    select coalesce(sum(s.amount), 0)::text as held,
           coalesce(sum(s.amount) filter (where r.id is null), 0)::text as open,
           coalesce(sum(s.amount) filter (where r.kind = 'assigned'), 0)::text as assigned,
           coalesce(sum(s.amount) filter (where r.kind = 'refunded'), 0)::text as refunded
      from payment_suspense s left join payment_suspense_resolutions r on r.suspense_id = s.id`)) as unknown as Record<string, string>[];
  return { held: Number(row!.held), open: Number(row!.open), assigned: Number(row!.assigned), refunded: Number(row!.refunded) };
}

/** The entry, locked, that must still be open (404 unknown, 409 already resolved). */
async function lockOpenEntry(tx: DbOrTx, id: number): Promise<SuspenseEntry> {
  const [entry] = Number.isSafeInteger(id) && id > 0 ? await tx.select().from(paymentSuspense).where(eq(paymentSuspense.id, id)).for('update') : [];
  if (!entry) throw new AppError(404, errorCodes.notFound, 'suspenseNotFound', { id: String(id) });
  const [resolution] = await tx.select().from(paymentSuspenseResolutions).where(eq(paymentSuspenseResolutions.suspenseId, id));
  if (resolution) {
    throw new AppError(409, errorCodes.invalidTransition, 'suspenseResolved', { id: String(id), resolution: resolution.kind });
  }
  return entry;
}

/**
 * Assigns an open entry to an order, in ONE transaction: the money becomes
 * that order's ledger payment (recordPayment: provider and event id of the
 * notification, so it can never be applied twice; received when the provider
 * said; a repayment — credit beyond what is owed), the entry is resolved
 * (once: unique) and the notification's review closed. Refusals: unknown
 * entry or order (404), already resolved (409), and the ledger's own.
 */
export async function assignSuspense(
  db: Db,
  input: { id: number; orderNo: string; actor: string; note?: string; now?: Date; audit?: AuditActor },
): Promise<{ entry: SuspenseEntry; orderNo: string; payment: ApplyPaymentApplied }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const entry = await lockOpenEntry(tx, input.id);
    const [order] = await tx.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(eq(orders.orderNo, input.orderNo)).limit(1);
    if (!order) throw notFound('orderNotFound');
    // The reference keeps its link only when it is this order's.
    const [ref] = entry.referenceId
      ? await tx.select({ orderId: paymentReferences.orderId }).from(paymentReferences).where(eq(paymentReferences.id, entry.referenceId))
      : [];
    const result = await recordPayment(tx, {
      orderId: order.id,
      amount: entry.amount,
      purpose: 'repayment',
      channel: entry.channel ?? 'suspense',
      provider: entry.provider,
      providerEventId: entry.eventId,
      referenceId: ref?.orderId === order.id ? entry.referenceId : null,
      receivedAt: entry.paidAt,
      now,
    });
    if (!result.applied) throw new AppError(409, errorCodes.invalidTransition, 'suspenseResolved', { id: String(entry.id), resolution: 'applied' });
    await resolveEntry(tx, entry, { kind: 'assigned', orderId: order.id, paymentId: result.paymentId, orderNo: order.orderNo }, input, now);
    return { entry, orderNo: order.orderNo, payment: result };
  });
}

/**
 * An open entry resolved (once): the resolution row, the notification's review closed, and the audit event when a
 * member or the system acts (`suspense.assign` or `suspense.refund`).
 */
async function resolveEntry(
  tx: DbOrTx,
  entry: SuspenseEntry,
  resolution: { kind: 'assigned' | 'refunded'; orderId: number | null; paymentId?: number; orderNo?: string },
  input: { actor: string; note?: string; audit?: AuditActor },
  now: Date,
): Promise<void> {
  const note = (input.note ?? '').trim().slice(0, 500);
  await tx.insert(paymentSuspenseResolutions).values({
    suspenseId: entry.id,
    kind: resolution.kind,
    orderId: resolution.orderId,
    paymentId: resolution.paymentId,
    actor: input.actor,
    note,
    createdAt: now,
  });
  await resolveHeldReview(tx, entry.provider, entry.eventId);
  if (!input.audit) return;
  await recordAudit(tx, input.audit, {
    action: resolution.kind === 'assigned' ? 'suspense.assign' : 'suspense.refund',
    objectType: 'suspense',
    objectId: entry.id,
    before: { status: 'open', amount: entry.amount },
    after: { status: resolution.kind, ...(resolution.orderNo ? { orderNo: resolution.orderNo, paymentId: resolution.paymentId } : {}), note },
  });
}

/** Records that an open entry's money was paid back to the payer (once); the notification's review is closed. */
export async function refundSuspense(
  db: Db,
  input: { id: number; actor: string; note?: string; now?: Date; audit?: AuditActor },
): Promise<{ entry: SuspenseEntry }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const entry = await lockOpenEntry(tx, input.id);
    await resolveEntry(tx, entry, { kind: 'refunded', orderId: entry.orderId }, input, now);
    return { entry };
  });
}
