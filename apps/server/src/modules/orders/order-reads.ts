import { and, asc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { openOrderStatuses, statusIn } from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import { borrowerBankAccounts, borrowers, orders, orderStatusHistory, repaymentPlans } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { toDbId } from '../../lib/db-id';
import type { Repositories } from '../../plugins/app/repositories';
import type { Order, OrderSummary } from './order-repository';

export type PlanRow = typeof repaymentPlans.$inferSelect;
export type HistoryRow = typeof orderStatusHistory.$inferSelect;

// ---------------------------------------------------------------------------
// Reading (operator)
// ---------------------------------------------------------------------------

export type OrderOverview = { order: Order; history: HistoryRow[]; plan: PlanRow[]; disbursedTo: BankAccount | null };

/** An order with its status history, plan and the bank account its disbursal paid, by order number (operator view). */
export async function getOrderOverview(db: DbOrTx, orderNo: string): Promise<OrderOverview> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!order) throw notFound('orderNotFound');
  const paidTo = order.disbursedToAccountId;
  const [history, plan, accounts] = await Promise.all([
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.id)),
    db.select().from(repaymentPlans).where(eq(repaymentPlans.orderId, order.id)).orderBy(asc(repaymentPlans.seq)),
    paidTo === null ? [] : db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.id, paidTo)),
  ]);
  return { order, history, plan, disbursedTo: accounts[0] ?? null };
}

// ---------------------------------------------------------------------------
// Bank accounts (read): the account module writes borrower_bank_accounts; the orders module reads it, as the
// disbursal needs it and the loan's pages show it.
// ---------------------------------------------------------------------------

export type BankAccount = typeof borrowerBankAccounts.$inferSelect;

/** The borrower's active bank account (the one the next disbursal pays), or undefined. */
export async function activeBankAccount(db: DbOrTx, borrowerId: number): Promise<BankAccount | undefined> {
  const rows = await db
    .select()
    .from(borrowerBankAccounts)
    .where(and(eq(borrowerBankAccounts.borrowerId, borrowerId), isNull(borrowerBankAccounts.replacedAt)))
    .limit(1);
  return rows[0];
}

/**
 * Who pays a loan, as a payment provider that requires it is told when a reference is made (Conekta's customer_info):
 * the borrower's name and phone. Sent to that provider only; never logged.
 */
export async function payerOf(db: DbOrTx, borrowerId: number): Promise<{ name: string; phone: string } | undefined> {
  const [row] = await db.select({ name: borrowers.fullName, phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId)).limit(1);
  return row;
}

/**
 * The account number an order is paid to, as SQL ('' when none): the account its disbursal paid, else (before
 * disbursal) the borrower's active account. `o` names the order's columns of the caller's query.
 */
export function orderAccountNumberSql(o: { borrowerId: AnyColumn | SQL; disbursedToAccountId: AnyColumn | SQL }): SQL<string> {
  return sql<string>`coalesce((select ba.account_number from borrower_bank_accounts ba
     where ba.id = coalesce(${o.disbursedToAccountId},
       (select cur.id from borrower_bank_accounts cur where cur.borrower_id = ${o.borrowerId} and cur.replaced_at is null))), '')`;
}

// ---------------------------------------------------------------------------
// The borrower's order
// ---------------------------------------------------------------------------

/** The borrower's order as their pages name it (orders' summary). */
export type OwnedOrder = OrderSummary;

/**
 * The borrower's order (404 orderNotFound for unknown and foreign ids alike): the order and its product only, not
 * its ledger (read separately where needed).
 */
export async function ownedOrder(ctx: { repos: Pick<Repositories, 'orders'>; borrowerId: number }, orderIdRaw: string): Promise<OwnedOrder> {
  const orderId = toDbId(orderIdRaw);
  const order = orderId === undefined ? undefined : await ctx.repos.orders.summary(orderId);
  if (!order || order.borrowerId !== ctx.borrowerId) throw notFound('orderNotFound');
  return order;
}

// ---------------------------------------------------------------------------
// The borrower's record with us (the credit decision's own history, issue 35)
// ---------------------------------------------------------------------------

/** Days overdue an episode must reach to count as a loan ever 30+ days late. */
const LATE_DAYS = 30;
const DAY_MS = 86_400_000;

export type LoanRecord = {
  settledLoans: number;
  settledOnTime: number;
  everLate30: boolean;
  openLoans: number;
  /** When the newest loan was settled (null: none). */
  lastSettledAt: Date | null;
};

/**
 * The borrower's loans as of `now`, from their orders and status histories: settled (200), settled without ever
 * falling overdue (no move to 180), ever 30 or more days overdue (an episode runs from a move to 180 to the next
 * move out of it, cure or settle, or to `now`), and open now (21, 151, 174, 180).
 */
export async function loanRecordOf(db: DbOrTx, borrowerId: number, now: Date): Promise<LoanRecord> {
  const rows = await db
    .select({ orderId: orders.id, status: orders.status, toStatus: orderStatusHistory.toStatus, at: orderStatusHistory.createdAt })
    .from(orders)
    .leftJoin(orderStatusHistory, eq(orderStatusHistory.orderId, orders.id))
    .where(eq(orders.borrowerId, borrowerId))
    .orderBy(asc(orders.id), asc(orderStatusHistory.id));
  const byOrder = new Map<number, { status: string; moves: { to: string; at: Date }[] }>();
  for (const r of rows) {
    const entry = byOrder.get(r.orderId) ?? { status: r.status, moves: [] };
    if (r.toStatus !== null && r.at !== null) entry.moves.push({ to: r.toStatus, at: r.at });
    byOrder.set(r.orderId, entry);
  }
  const record: LoanRecord = { settledLoans: 0, settledOnTime: 0, everLate30: false, openLoans: 0, lastSettledAt: null };
  for (const { status, moves } of byOrder.values()) {
    const wentOverdue = moves.some((m) => m.to === '180');
    if (status === '200') {
      record.settledLoans += 1;
      if (!wentOverdue) record.settledOnTime += 1;
      const settled = moves.findLast((m) => m.to === '200')?.at;
      if (settled && (!record.lastSettledAt || settled > record.lastSettledAt)) record.lastSettledAt = settled;
    }
    if (statusIn(openOrderStatuses, status)) record.openLoans += 1;
    if (longestOverdueMs(moves, now) >= LATE_DAYS * DAY_MS) record.everLate30 = true;
  }
  return record;
}

/**
 * The longest overdue episode of one order's moves (oldest first), in ms: from a move to 180 to the next move out of
 * it, or to `now` while it lasts.
 */
export function longestOverdueMs(moves: { to: string; at: Date }[], now: Date): number {
  let longest = 0;
  let since: Date | null = null;
  for (const move of moves) {
    if (move.to === '180') since ??= move.at;
    else if (since) {
      longest = Math.max(longest, move.at.getTime() - since.getTime());
      since = null;
    }
  }
  if (since) longest = Math.max(longest, now.getTime() - since.getTime());
  return longest;
}
