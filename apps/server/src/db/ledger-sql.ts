import { sql } from 'drizzle-orm';

/**
 * SQL for the ledger's definitions, in the db layer so that the order module's queries use them as the
 * ledger does (docs/architecture.md: orders sit below the ledger).
 *
 * An instalment is PAID OFF when its principal, interest, commission and VAT
 * are fully allocated (docs/ledger.md: its late charges are always allocated
 * before them and none accrue on a zero base, so this equals "nothing owed on
 * it"). The earliest due date among the instalments NOT paid off, correlated
 * to the outer "orders" row (explicit names: drizzle leaves columns
 * unqualified in a single-table select).
 */
export const earliestUnpaidDueDateSql = () =>
  sql<string | null>`(select min(rp.due_date) from repayment_plans rp
    where rp.order_id = "orders"."id"
      and rp.principal + rp.interest + rp.commission + rp.vat > coalesce((
        select sum(la.amount) from ledger_allocations la
        where la.instalment_id = rp.id and la.component in ('principal', 'interest', 'commission', 'vat')
      ), 0))`;

/**
 * The credit an order holds (docs/ledger.md "Credit"): its payments' overpayments less what its credit events
 * (applications, refunds) consumed, correlated to the outer "orders" row. Positive while money waits to be
 * applied by itself (CREDIT_APPLIED_WHEN_PAYABLE) or refunded.
 */
export const creditHeldSql = () =>
  sql<number>`(coalesce((select sum(la.amount) from ledger_allocations la
      where la.order_id = "orders"."id" and la.component = 'overpayment'), 0)
    - coalesce((select sum(lc.amount) from ledger_allocations lc
      where lc.order_id = "orders"."id" and lc.credit_event_id is not null), 0))`;
