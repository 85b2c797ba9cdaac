import { sql } from 'drizzle-orm';

/**
 * SQL for the ledger's definitions, for queries outside the ledger module.
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
