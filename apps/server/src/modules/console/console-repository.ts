import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { applicationSchema } from '@presta/contract/api/console/review';
import type { DbOrTx } from '../../db/database';
import { borrowers, orders, products } from '../../db/schema';
import { maskBankAccount } from '../../lib/bank-account';
import { payoutViewsOfOrders, type PayoutView } from '../disbursal/payout-repository';
import { agreementStateSql, type AgreementState } from '../agreements/agreement-repository';
import { maskPhone } from '../session/borrower-profile';
import { signInPhone } from '../session/sign-in-service';

export type Application = z.input<typeof applicationSchema>;

/** A loan a search found: the order, its product, and who borrowed (id, name, phone). */
export type FoundLoan = Awaited<ReturnType<typeof searchLoans>>[number];

/**
 * The back office's reads across the orders, products and borrowers tables (it owns none of them): the loan
 * search and the review queue. The module that owns each table stays its one writer.
 */
export type ConsoleRepository = {
  searchLoans(q: string): Promise<FoundLoan[]>;
  reviewQueue(status: '21' | '151', limit: number): Promise<Application[]>;
};

declare module '../../plugins/app/repositories' {
  interface Repositories {
    console: ConsoleRepository;
  }
}

export function consoleRepository(db: DbOrTx): ConsoleRepository {
  return {
    searchLoans: (q) => searchLoans(db, q),
    reviewQueue: (status, limit) => reviewQueue(db, status, limit),
  };
}

/** The loans a search finds: an order number exactly, a whole phone (as typed), or a name containing the text. */
async function searchLoans(db: DbOrTx, q: string) {
  const phone = signInPhone(q);
  const matches: SQL[] = [];
  if (/^PR\d{16}$/i.test(q)) matches.push(eq(orders.orderNo, q.toUpperCase()));
  if (phone) matches.push(eq(borrowers.phone, phone));
  if (!/^\d+$/.test(q.replace(/[\s+\-().]/g, ''))) matches.push(ilike(borrowers.fullName, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (matches.length === 0) return [];
  return db
    .select({ order: orders, product: products, borrower: { id: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone } })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
    .where(or(...matches))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
}

type Row = {
  order_id: string;
  order_no: string;
  status: '21' | '151';
  created_at: Date | string;
  product_code: string;
  product_name: string;
  market: 'MX' | 'IN';
  currency: string;
  principal: string;
  total_owed: string;
  periods: number;
  term_unit_days: number;
  offer_limit: string | null;
  borrower_id: string;
  full_name: string;
  phone: string;
  language: 'es' | 'en';
  bank_name: string | null;
  account_number: string | null;
  loans: number;
  settled: number;
  overdue_now: number;
  rejected: number;
  agreement: AgreementState;
};

/**
 * The review queue (issue 17, docs/back-office.md): the applications in a status (21 under review, 151 approved
 * and waiting for their disbursal), oldest first, each with what a reviewer weighs: the borrower (masked phone),
 * the product and terms, the offer's limit, the account a disbursal would pay (masked), and their other loans
 * with us (settled, overdue now, rejected), and where its signed agreement stands (issue 38: disbursal needs it signed
 * and time-stamped). One query.
 */
async function reviewQueue(db: DbOrTx, status: '21' | '151', limit: number): Promise<Application[]> {
  const rows = (await db.execute(sql`
select o.id::text as order_id, o.order_no, o.status, o.created_at, p.code as product_code, p.name as product_name, p.market, p.currency,
       o.principal::text as principal,
       (select coalesce(sum(rp.principal + rp.interest + rp.commission + rp.vat), 0) from repayment_plans rp where rp.order_id = o.id)::text as total_owed,
       o.periods, o.term_unit_days,
       (select po.limit_amount::text from product_offers po where po.borrower_id = o.borrower_id and po.product_id = o.product_id) as offer_limit,
       b.id::text as borrower_id, b.full_name, b.phone, b.language,
       a.bank_name, a.account_number,
       (select count(*)::int from orders x where x.borrower_id = o.borrower_id and x.id <> o.id) as loans,
       (select count(*)::int from orders x where x.borrower_id = o.borrower_id and x.id <> o.id and x.status = '200') as settled,
       (select count(*)::int from orders x where x.borrower_id = o.borrower_id and x.id <> o.id and x.status = '180') as overdue_now,
       (select count(*)::int from orders x where x.borrower_id = o.borrower_id and x.id <> o.id and x.status = '110') as rejected,
       ${agreementStateSql(sql`o.id`)} as agreement
  from orders o
  join products p on p.id = o.product_id
  join borrowers b on b.id = o.borrower_id
  left join borrower_bank_accounts a on a.borrower_id = o.borrower_id and a.replaced_at is null
 where o.status = ${status}
 order by o.created_at, o.id
 limit ${limit}`)) as unknown as Row[];
  const payouts = latestByOrderNo(await payoutViewsOfOrders(db, rows.filter((r) => r.status === '151').map((r) => Number(r.order_id))));
  return rows.map((r) => ({
    orderNo: r.order_no,
    status: r.status,
    appliedAt: new Date(r.created_at).toISOString(),
    product: { code: r.product_code, name: r.product_name, market: r.market, currency: r.currency },
    principal: Number(r.principal),
    totalOwed: Number(r.total_owed),
    periods: r.periods,
    termUnitDays: r.term_unit_days,
    offerLimit: r.offer_limit === null ? null : Number(r.offer_limit),
    borrower: { id: Number(r.borrower_id), fullName: r.full_name, maskedPhone: maskPhone(r.phone), language: r.language },
    bankAccount: r.account_number ? { bankName: r.bank_name ?? '', masked: maskBankAccount(r.account_number) } : null,
    record: { loans: r.loans, settled: r.settled, overdueNow: r.overdue_now, rejected: r.rejected },
    payout: payouts.get(r.order_no) ?? null,
    agreement: r.agreement,
  }));
}

/** Each order's latest attempt (the views come newest first). */
function latestByOrderNo(views: readonly PayoutView[]): Map<string, PayoutView> {
  const latest = new Map<string, PayoutView>();
  for (const v of views) if (!latest.has(v.orderNo)) latest.set(v.orderNo, v);
  return latest;
}
