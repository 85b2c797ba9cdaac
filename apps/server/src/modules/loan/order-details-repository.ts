import { sql } from 'drizzle-orm';
import type { LoanDetailsData } from '@presta/contract/api/loan';
import type { CalendarDate } from '@presta/contract/dates';
import type { Db } from '../../db/database';
import { finalAnswer } from '../../lib/reply';
import { watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';
import { positionAsOf, type LoanPosition } from '../ledger/ledger-math/position';
import { ledgerColumns, ledgerStateOf, type LedgerRow } from '../ledger/ledger-read-model';
import { orderAccountNumberSql } from '../orders/order-reads';
import { signedAgreementSql, type SignedAgreementRow } from '../agreements/agreement-links';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    orderDetails: OrderDetailsRepository;
  }
}

/**
 * One round trip for loan-details: the order (the borrower's only) with the ledger read model's columns (its
 * terms and stored ledger, read exactly as the ledger reads them), the product, the bank account it is paid to
 * (orders' orderAccountNumberSql: the account the disbursal paid, else the borrower's active one),
 * whether it is rated or being paid out, and its signed agreement. One SQL text with bound parameters, so the connection's prepared statement is reused (see
 * preparedByDefault in db/database.ts): loan-details is benchmarked.
 */
const orderAccount = orderAccountNumberSql({ borrowerId: sql`o.borrower_id`, disbursedToAccountId: sql`o.disbursed_to_account_id` });
const detailsQuery = (orderId: number, borrowerId: number) => sql`
select ${ledgerColumns}, o.principal::text as principal, o.coupon_amount::text as coupon_amount,
       to_char(o.created_at at time zone p.time_zone, 'YYYY-MM-DD') as applied_on,
       ${orderAccount} as bank_account,
       exists (select 1 from ratings ra where ra.order_id = o.id and ra.borrower_id = o.borrower_id) as rated,
       exists (select 1 from payouts po where po.order_id = o.id and po.status in ('created', 'pending')) as payout_under_way,
       (select (extract(epoch from d.deferred_until) * 1000)::bigint::text from rating_prompt_deferrals d
         where d.borrower_id = o.borrower_id) as rating_deferred_until,
       ${signedAgreementSql(sql`o.id`)} as signed_agreement
  from orders o
  join products p on p.id = o.product_id
 where o.id = ${orderId} and o.borrower_id = ${borrowerId}`;

type DetailsRow = LedgerRow & {
  principal: string;
  coupon_amount: string;
  applied_on: string;
  bank_account: string;
  rated: boolean;
  payout_under_way: boolean;
  rating_deferred_until: string | null;
  signed_agreement: SignedAgreementRow;
};

async function queryOrderForDetails(db: Db, borrowerId: number, orderId: number) {
  const rows = (await db.execute(detailsQuery(orderId, borrowerId))) as unknown as DetailsRow[];
  const r = rows[0];
  if (!r) return undefined;
  return {
    borrowerId,
    id: Number(r.id),
    orderNo: r.order_no,
    status: r.status,
    productId: r.product_id,
    principal: Number(r.principal),
    periods: r.periods,
    termUnitDays: r.term_unit_days,
    couponAmount: Number(r.coupon_amount),
    disbursedOn: r.disbursed_on,
    appliedOn: r.applied_on,
    productName: r.product_name,
    productLogo: r.product_logo,
    timeZone: r.time_zone,
    extensionEnabled: r.extension_enabled,
    market: r.market,
    tax: { ratePpm: r.vat_ppm, base: r.tax_base },
    bankAccount: r.bank_account,
    plan: r.plan,
    rated: r.rated,
    /** An approved order whose payout the provider has not confirmed yet (disbursal, issue 37): "money on its way". */
    payoutUnderWay: r.payout_under_way,
    /** The borrower said "not now" to the rating prompt until then (epoch ms), or null. */
    ratingDeferredUntil: r.rating_deferred_until === null ? null : Number(r.rating_deferred_until),
    /** The agreement signed for it (issue 38; linked when it was submitted, never changed after), or null. */
    signedAgreement: r.signed_agreement,
    ledger: ledgerStateOf(r),
    /** The last position computed from `ledger` (one per day): the snapshot is immutable while held. */
    positionMemo: undefined as { day: CalendarDate; position: LoanPosition } | undefined,
  };
}

/** What loan-details reads of an order; held per order id between changes. */
export type OrderDetailsSnapshot = NonNullable<Awaited<ReturnType<typeof queryOrderForDetails>>>;

/**
 * loan-details' order reads by order id, kept between changes (decision 007; plugins/app/change-feed.ts): 'order:<id>'
 * drops that order, 'borrower:<id>' the borrower's orders, 'product:<id>' the orders of the product. With each read
 * it keeps what was computed from it: the position of a day, and the answers built by language and day (the late
 * charges accrue by day), which live exactly as long as the read.
 */
export class OrderDetailsRepository {
  /** The reads held (tests look into it). */
  readonly cache: VersionedCache<number, OrderDetailsSnapshot>;
  private readonly answers = new WeakMap<OrderDetailsSnapshot, Map<string, LoanDetailsData>>();

  constructor(
    private readonly db: Db,
    feed: CacheFeed,
  ) {
    this.cache = watchedCache(feed, (_cache, change) => this.dropStale(change));
  }

  /** The borrower's order for loan-details; undefined for an unknown or foreign one (checked on held reads too). */
  async find(borrowerId: number, orderId: number): Promise<OrderDetailsSnapshot | undefined> {
    const order = await this.cache.readThrough(orderId, () => queryOrderForDetails(this.db, borrowerId, orderId));
    return order?.borrowerId === borrowerId ? order : undefined;
  }

  /** What the loan owes as of `today` (late charges accrued through it), computed once per read and day. */
  positionOf(order: OrderDetailsSnapshot, today: CalendarDate): LoanPosition | undefined {
    if (!order.ledger) return undefined;
    const memo = order.positionMemo;
    if (memo && memo.day === today) return memo.position;
    const position = positionAsOf(order.ledger, today);
    order.positionMemo = { day: today, position };
    return position;
  }

  /** The answer built from this read under `key` (language and day), if one was kept. */
  builtAnswer(order: OrderDetailsSnapshot, key: string): LoanDetailsData | undefined {
    return this.answers.get(order)?.get(key);
  }

  /** Keeps an answer for the next requests on the same read and key: frozen, so nothing can change it. */
  keepAnswer(order: OrderDetailsSnapshot, key: string, data: LoanDetailsData): void {
    let byKey = this.answers.get(order);
    if (!byKey) this.answers.set(order, (byKey = new Map<string, LoanDetailsData>()));
    byKey.set(key, finalAnswer(data));
  }

  /** Drops the borrower's reads from this process now (the others when the change is announced: borrower:<id>). */
  forgetBorrower(borrowerId: number): void {
    this.cache.invalidateWhere((order) => order.borrowerId === borrowerId);
  }

  /** Drops the reads a database change makes stale; false for a change of anything else. */
  private dropStale({ kind, key }: Change): boolean {
    const id = Number(key);
    if (!Number.isSafeInteger(id)) return false;
    if (kind === 'order') this.cache.invalidate(id);
    else if (kind === 'borrower') this.forgetBorrower(id);
    else if (kind === 'product') this.cache.invalidateWhere((v) => v.productId === id);
    else return false;
    return true;
  }
}
