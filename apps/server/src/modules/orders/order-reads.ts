import { and, asc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { borrowerBankAccounts, orders, orderStatusHistory, repaymentPlans } from '../../db/schema';
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
