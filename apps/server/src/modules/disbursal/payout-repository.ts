import { and, desc, eq, inArray, lt, max, sql, type SQL } from 'drizzle-orm';
import type { PayoutViewData } from '@presta/contract/api/console/payouts';
import type { DbOrTx } from '../../db/database';
import { borrowerBankAccounts, livePayoutStatuses, orders, payoutEvents, payouts, type PayoutProviderId, type PayoutStatus } from '../../db/schema';
import { maskBankAccount } from '../../lib/bank-account';

/*
 * The payouts and their provider events (docs/disbursal.md): the only writer of `payouts` and `payout_events`.
 * Every status change is guarded by the status it leaves (a final status never changes; processed is written once;
 * the database's one-live-per-order index refuses a second live attempt), and each provider event is recorded once
 * per (provider, dedupe key).
 */

export type Payout = typeof payouts.$inferSelect;
export type PayoutView = PayoutViewData;

/** Statuses a payout never leaves. */
export const finalPayoutStatuses = ['processed', 'reversed', 'failed', 'cancelled'] as const satisfies readonly PayoutStatus[];
/** Still open: the provider's final answer is awaited. */
export const openPayoutStatuses = ['created', 'pending'] as const satisfies readonly PayoutStatus[];


export type NewPayoutAttempt = {
  orderId: number;
  accountId: number;
  market: 'MX' | 'IN';
  provider: PayoutProviderId;
  attempt: number;
  idempotencyKey: string;
  amount: number;
  currency: 'MXN' | 'INR';
  requestedBy: string;
  now: Date;
};

/** Saves an attempt (status created) with its key, before the provider is called. The live index refuses a second. */
export async function insertPayoutAttempt(tx: DbOrTx, a: NewPayoutAttempt): Promise<Payout> {
  const [row] = await tx
    .insert(payouts)
    .values({ ...a, status: 'created', createdAt: a.now, updatedAt: a.now })
    .returning();
  return row!;
}

/** The order's next attempt number (1 for its first). */
export async function nextAttemptOf(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx.select({ last: max(payouts.attempt) }).from(payouts).where(eq(payouts.orderId, orderId));
  return (row?.last ?? 0) + 1;
}

/** The order's latest attempt, locked FOR UPDATE when `lock` (the caller's transaction). */
export async function latestPayoutOf(tx: DbOrTx, orderId: number, lock = false): Promise<Payout | undefined> {
  const q = tx.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(desc(payouts.attempt)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}

/** The payout under a provider's key (our idempotency key), locked FOR UPDATE in the caller's transaction. */
export async function lockPayoutByKey(tx: DbOrTx, provider: PayoutProviderId, idempotencyKey: string): Promise<Payout | undefined> {
  const rows = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, provider), eq(payouts.idempotencyKey, idempotencyKey)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function lockPayout(tx: DbOrTx, id: number): Promise<Payout | undefined> {
  return (await tx.select().from(payouts).where(eq(payouts.id, id)).limit(1).for('update'))[0];
}

/** Another attempt of the order that is live (created, pending or processed), other than `exceptId`. */
export async function otherLivePayout(tx: DbOrTx, orderId: number, exceptId: number): Promise<Payout | undefined> {
  const rows = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.orderId, orderId), inArray(payouts.status, [...livePayoutStatuses]), sql`${payouts.id} <> ${exceptId}`))
    .limit(1);
  return rows[0];
}

export type PayoutChange = Partial<Pick<Payout, 'status' | 'providerPayoutId' | 'providerReference' | 'valueDate' | 'failureReason' | 'checkedAt' | 'settledAt'>>;

/**
 * Changes a payout only while it is in one of `from` (the guard: a final status never changes, processed once).
 * Returns the changed row, or undefined when its status was no longer one of them (nothing written).
 */
export async function updatePayoutIf(tx: DbOrTx, id: number, from: readonly PayoutStatus[], change: PayoutChange, now: Date): Promise<Payout | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ ...change, updatedAt: now })
    .where(and(eq(payouts.id, id), inArray(payouts.status, [...from])))
    .returning();
  return row;
}

/** Notes that the provider was asked (or answered) about a payout now, whatever its status. */
export async function touchPayout(tx: DbOrTx, id: number, now: Date): Promise<void> {
  await tx.update(payouts).set({ checkedAt: now }).where(eq(payouts.id, id));
}

export type PayoutEventRecord = {
  provider: PayoutProviderId;
  dedupeKey: string;
  payoutId: number | null;
  kind: string;
  eventType: string;
  outcome: 'applied' | 'ignored' | 'unknown';
  detail: Record<string, unknown>;
  now: Date;
};

/** Records a provider event once per (provider, dedupe key): false when it was recorded before (a duplicate). */
export async function recordPayoutEvent(tx: DbOrTx, e: PayoutEventRecord): Promise<boolean> {
  const rows = await tx
    .insert(payoutEvents)
    .values({ provider: e.provider, dedupeKey: e.dedupeKey, payoutId: e.payoutId, kind: e.kind, eventType: e.eventType, outcome: e.outcome, detail: e.detail, receivedAt: e.now })
    .onConflictDoNothing({ target: [payoutEvents.provider, payoutEvents.dedupeKey] })
    .returning({ id: payoutEvents.id });
  return rows.length > 0;
}

/** Whether an event with this (provider, dedupe key) was recorded already. */
export async function payoutEventSeen(tx: DbOrTx, provider: PayoutProviderId, dedupeKey: string): Promise<boolean> {
  const rows = await tx.select({ id: payoutEvents.id }).from(payoutEvents).where(and(eq(payoutEvents.provider, provider), eq(payoutEvents.dedupeKey, dedupeKey))).limit(1);
  return rows.length > 0;
}

/** Open payouts (created or pending) saved before `before` and not asked about since then: the reconcile job's work. */
export async function openPayoutsBefore(db: DbOrTx, before: Date, limit: number): Promise<Payout[]> {
  return db
    .select()
    .from(payouts)
    .where(and(inArray(payouts.status, [...openPayoutStatuses]), lt(payouts.createdAt, before), sql`coalesce(${payouts.checkedAt}, ${payouts.createdAt}) < ${before.toISOString()}`))
    .orderBy(payouts.createdAt)
    .limit(limit);
}

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

const viewColumns = { payout: payouts, orderNo: orders.orderNo, bankName: borrowerBankAccounts.bankName, accountNumber: borrowerBankAccounts.accountNumber };
type ViewRow = { payout: Payout; orderNo: string; bankName: string; accountNumber: string };

function viewOf({ payout: p, orderNo, bankName, accountNumber }: ViewRow): PayoutView {
  return {
    orderNo,
    attempt: p.attempt,
    status: p.status,
    live: (livePayoutStatuses as readonly PayoutStatus[]).includes(p.status),
    provider: p.provider,
    providerReference: p.providerReference,
    amount: p.amount,
    currency: p.currency,
    failureReason: p.failureReason,
    valueDate: p.valueDate,
    bankAccount: { bankName, masked: maskBankAccount(accountNumber) },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    settledAt: p.settledAt ? p.settledAt.toISOString() : null,
  };
}

async function viewsWhere(db: DbOrTx, where: SQL | undefined, limit: number): Promise<PayoutView[]> {
  const rows = await db
    .select(viewColumns)
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .innerJoin(borrowerBankAccounts, eq(borrowerBankAccounts.id, payouts.accountId))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
  return rows.map(viewOf);
}

/** The attempts of the orders with these ids, newest first. */
export async function payoutViewsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<PayoutView[]> {
  if (orderIds.length === 0) return [];
  return viewsWhere(db, inArray(payouts.orderId, [...orderIds]), 1000);
}

/** The view of one payout row. */
export async function payoutViewById(db: DbOrTx, id: number): Promise<PayoutView> {
  const [view] = await viewsWhere(db, eq(payouts.id, id), 1);
  return view!;
}

export type PayoutListFilter = { orderNo?: string; state: 'open' | 'problem' | 'all'; limit: number };

/** Payouts for the disbursal screen: one order's, the open ones, those that failed on a 151 order, or all. */
export async function listPayoutViews(db: DbOrTx, f: PayoutListFilter): Promise<PayoutView[]> {
  const parts: SQL[] = [];
  if (f.orderNo) parts.push(eq(orders.orderNo, f.orderNo));
  if (f.state === 'open') parts.push(inArray(payouts.status, [...openPayoutStatuses]));
  if (f.state === 'problem') {
    parts.push(inArray(payouts.status, ['reversed', 'failed']), eq(orders.status, '151'));
    // Only the order's latest attempt: an older failure already retried is history.
    parts.push(sql`${payouts.attempt} = (select max(x.attempt) from payouts x where x.order_id = ${payouts.orderId})`);
  }
  return viewsWhere(db, parts.length ? and(...parts) : undefined, f.limit);
}
