import { and, eq, sql } from 'drizzle-orm';
import { RATING_PROMPT_DEFERRAL_DAYS, type LoanConfirmData, type LoanDetailsData } from '@presta/contract/api/loan';
import type { TextValue } from '@presta/contract/api/common';
import { errorCodes } from '@presta/contract/error-codes';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { marketOf, type MarketCode, type TaxableCharge } from '@presta/contract/markets';
import { formatPpmAsPercent, type Minor } from '@presta/contract/money';
import { repayableStatuses, type OrderStatus } from '@presta/contract/order-status';
import { routes } from '@presta/contract/routes';
import type { Db } from '../../db/database';
import { orders, ratingPromptDeferrals, ratings } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Change, VersionedCache } from '../../lib/versioned-cache';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn, taxLabel, taxName } from '../../i18n/market-texts';
import {
  defaultPenaltyFor,
  ledgerStatusDiffers,
  positionAsOf,
  stateFromLedger,
  type Component,
  type CoolingOffExit,
  type InstalmentComponent,
  type LateChargeKind,
  type LateRule,
  type LedgerState,
  type LoanPosition,
} from '../ledger/ledger-math';
import { refreshLedgerStatus } from '../ledger/ledger-service';
import { createOrder, mustFallDue } from '../orders/order-service';
import { findBestCoupon, findOfferedProduct, reevaluateOffer } from '../pricing/loan-offers';
import { agreementTerms } from './agreement-terms';
import { linkKeyFacts, offerKeyFacts, requireKeyFacts } from './key-facts-service';
import { defaultQuoteAmount, defaultQuotePeriods, productTax, quoteLoan, validateLoanRequest } from '../pricing/loan-quote';

/** An offer evaluated longer ago than this is re-evaluated before it is quoted (isNeedPop). */
export const OFFER_FRESHNESS_MS = 24 * 3_600_000;

const MAX_INT4 = 2_147_483_647;

/** A numeric id of the wire (digits) as a database id, or undefined when it cannot be one. */
export function toDbId(value: string | number | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const s = String(value).trim();
  if (!/^\d{1,18}$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : undefined;
}

/**
 * Loan agreement page (same-origin path): of an order, or of a product's quote
 * (the amount and instalments quoted, so the page states that quote's plan).
 */
export function agreementUrl(productId: number, orderId?: number, quote?: { amount: Minor; periods: number }): string {
  const order = orderId === undefined ? '' : `&orderId=${orderId}`;
  const quoted = quote ? `&amount=${quote.amount}&periods=${quote.periods}` : '';
  return `${routes.loanAgreement}?productId=${productId}${order}${quoted}`;
}

export function loanDetailsUrl(orderId: number, productId: number): string {
  return `${routes.loanDetails}?orderId=${orderId}&productId=${productId}`;
}

export function repaymentUrl(orderId: number, productId: number): string {
  return `${routes.repayment}?orderId=${orderId}&productId=${productId}`;
}

/** '**** 1234': the last 4 digits of a bank account, '' when there is none. */
export function maskBankAccount(account: string): string {
  const digits = account.replace(/\D/g, '');
  if (digits.length === 0) return '';
  return `**** ${digits.slice(-4)}`;
}

const row = (lang: Language, key: MessageKey, value: string): TextValue => ({ text: translate(lang, key), value });

// ---------------------------------------------------------------------------
// loan-detail-confirm
// ---------------------------------------------------------------------------

export type ConfirmInput = { productId: string; isType?: number; amount?: number; periods?: number };

/**
 * The confirmation quote of a product offered to the borrower. Amount and
 * periods default per DEFAULT_TERMS_RULE; asked-for ones are validated (422).
 * An offer evaluated more than a day ago answers isNeedPop 1 (the page shows the
 * modal and reloads with isType=1, which re-evaluates the offer).
 */
export async function getLoanConfirmation(
  db: Db,
  borrowerId: number,
  input: ConfirmInput,
  lang: Language,
  now = new Date(),
): Promise<LoanConfirmData> {
  const productId = toDbId(input.productId, MAX_INT4);
  const offered = productId === undefined ? undefined : await findOfferedProduct(db, borrowerId, productId);
  if (!offered) throw notFound('productNotFound');
  const { product } = offered;
  let { offer } = offered;
  // Money in the product's market's currency, whatever the language (issue 12).
  const market = product.market;
  const money = moneyIn(market);
  const tax = productTax(product);

  let isNeedPop: 0 | 1 = 0;
  if (input.isType === 1) {
    offer = await reevaluateOffer(db, offer, product, now);
  } else if (now.getTime() - offer.evaluatedAt.getTime() > OFFER_FRESHNESS_MS) {
    isNeedPop = 1;
  }

  const periods = input.periods ?? defaultQuotePeriods(product);
  let amount = input.amount;
  if (amount === undefined) {
    amount = defaultQuoteAmount(product, offer.limitAmount);
    if (amount === undefined) {
      throw new AppError(422, errorCodes.outsideProductRules, 'offerBelowMinimum', {
        limit: money(offer.limitAmount),
        min: money(product.amountMin),
      });
    }
  }
  validateLoanRequest(product, offer.limitAmount, { amount, periods }, marketOf(market).currency.sign);

  const coupon = await findBestCoupon(db, borrowerId, { now });
  const quote = quoteLoan({
    amount,
    periods,
    termUnitDays: product.termUnitDays,
    dailyRatePpm: product.dailyRatePpm,
    commissionPpm: product.commissionPpm,
    tax,
    couponAmount: coupon?.amount ?? 0,
    startDate: todayIn(product.timeZone, now),
  });
  const t = quote.totals;
  // India (issue 13): the offer's Key Facts Statement, issued now or reused while valid.
  const keyFacts = await offerKeyFacts(db, { borrowerId, product, amount, periods, couponAmount: coupon?.amount ?? 0, now });

  return {
    firstPayTime: quote.instalments[0]!.dueDate,
    amount,
    periods,
    termUnit: product.termUnitDays,
    isNeedPop,
    sendSms: 0,
    details: [
      row(lang, 'detailAmount', money(amount)),
      row(lang, 'detailTerm', translate(lang, 'detailTermValue', { days: periods * product.termUnitDays })),
      row(lang, 'detailInstalments', String(periods)),
      row(lang, 'detailInterest', money(t.interestAccrued)),
      row(lang, 'detailCoupon', t.couponApplied > 0 ? money(-t.couponApplied) : ''),
      row(lang, 'detailCommission', money(t.commission)),
      { text: taxLabel(lang, market, tax), value: money(t.vat) },
      row(lang, 'detailTotal', money(t.totalOwed)),
      row(lang, 'detailReceived', money(t.received)),
    ],
    repay_plans: quote.instalments.map((x) => ({
      title: translate(lang, 'planTitle', { seq: x.seq, count: periods }),
      description: translate(lang, 'planDescription', {
        principal: money(x.principal),
        interest: money(x.interest),
        commission: money(x.commission),
        tax: taxName(lang, market),
        vat: money(x.vat),
      }),
      amount: x.total,
      pay_time: x.dueDate,
    })),
    loanRate: formatPpmAsPercent(product.dailyRatePpm),
    ratemsg: translate(lang, 'rateMessage'),
    amountDec: translate(lang, 'amountDescription'),
    isNewContract: agreementUrl(product.id, undefined, { amount, periods }),
    messageType: 0,
    comProductLogo: product.logoUrl,
    comProductName: product.name,
    couNum: coupon?.amount ?? 0,
    amountMin: product.amountMin,
    amountMax: product.amountMax,
    amountStep: product.amountStep,
    periodsMin: product.periodsMin,
    periodsMax: product.periodsMax,
    market,
    terms: agreementTerms(
      {
        market,
        lateRule: product.lateRule,
        amount,
        periods,
        termUnitDays: product.termUnitDays,
        dailyRatePpm: product.dailyRatePpm,
        commissionPpm: product.commissionPpm,
        tax,
        extensionEnabled: product.extensionEnabled,
        startDate: quote.startDate,
        disbursed: false,
        plan: quote.instalments,
        received: t.received,
      },
      lang,
    ),
    keyFacts,
  };
}

// ---------------------------------------------------------------------------
// loan-detail-push
// ---------------------------------------------------------------------------

export type SubmitInput = { productId: string; amount: number; periods: number; termUnit: number; proposalNo?: string | undefined };

/**
 * Submits the loan (createOrder: one transaction, idempotent) and answers the loan-details address. For a
 * market with a Key Facts Statement (India), the KFS named by proposalNo must have been acknowledged and be
 * valid (KFS_BEFORE_APPLICATION, 409 keyFactsRequired); it becomes part of the order.
 */
export async function submitLoan(
  db: Db,
  borrowerId: number,
  input: SubmitInput,
  lang: Language,
): Promise<{ lendDetailsUrl: string; orderId: string; orderNo: string }> {
  const productId = toDbId(input.productId, MAX_INT4);
  if (productId === undefined) throw notFound('productNotFound');
  const keyFactsId = await requireKeyFacts(db, { borrowerId, productId, amount: input.amount, periods: input.periods, proposalNo: input.proposalNo });
  const result = await createOrder(db, {
    borrowerId,
    productId,
    amount: input.amount,
    periods: input.periods,
    termUnit: input.termUnit,
    lang,
  });
  if (keyFactsId !== null) await linkKeyFacts(db, keyFactsId, result.orderId);
  return {
    lendDetailsUrl: loanDetailsUrl(result.orderId, result.productId),
    orderId: String(result.orderId),
    orderNo: result.orderNo,
  };
}

// ---------------------------------------------------------------------------
// loan-details
// ---------------------------------------------------------------------------

type PlanJson = { id: number; seq: number; dueDate: CalendarDate; principal: Minor; interest: Minor; commission: Minor; vat: Minor };

/**
 * One round trip for loan-details: the order (the borrower's only) with its
 * product, the borrower's bank account, the plan as JSON and whether it is
 * rated. One SQL text with bound parameters, so the connection's prepared
 * statement is reused (see preparedByDefault in db/database.ts): loan-details
 * is benchmarked.
 */
const detailsQuery = (orderId: number, borrowerId: number) => sql`
select o.id::text as id, o.order_no, o.status, o.product_id, o.principal::text as principal, o.periods, o.term_unit_days,
       o.coupon_amount::text as coupon_amount, o.disbursed_on::text as disbursed_on,
       o.daily_rate_ppm, o.vat_ppm, o.tax_base, p.market,
       to_char(o.created_at at time zone p.time_zone, 'YYYY-MM-DD') as applied_on,
       p.name as product_name, p.logo_url as product_logo, p.time_zone, p.extension_enabled, p.late_rule, b.bank_account,
       coalesce((select json_agg(json_build_object('id', rp.id, 'seq', rp.seq, 'dueDate', rp.due_date, 'principal', rp.principal,
                                                   'interest', rp.interest, 'commission', rp.commission, 'vat', rp.vat) order by rp.seq)
                 from repayment_plans rp where rp.order_id = o.id), '[]'::json) as plan,
       exists (select 1 from ratings ra where ra.order_id = o.id and ra.borrower_id = o.borrower_id) as rated,
       (select (extract(epoch from d.deferred_until) * 1000)::bigint::text from rating_prompt_deferrals d
         where d.borrower_id = o.borrower_id) as rating_deferred_until,
       coalesce((select json_agg(json_build_object('instalmentId', c.instalment_id, 'kind', c.kind, 'amount', c.amount))
                   from (select lc.instalment_id, lc.kind, sum(lc.amount) as amount from ledger_late_charges lc
                          where lc.order_id = o.id group by lc.instalment_id, lc.kind) c), '[]'::json) as charges,
       coalesce((select json_agg(json_build_object('instalmentId', a.instalment_id, 'component', a.component, 'fromCredit', a.from_credit, 'amount', a.amount))
                   from (select la.instalment_id, la.component, la.credit_event_id is not null as from_credit, sum(la.amount) as amount
                           from ledger_allocations la where la.order_id = o.id
                          group by la.instalment_id, la.component, la.credit_event_id is not null) a), '[]'::json) as allocations,
       coalesce((select json_agg(json_build_object('instalmentId', w.instalment_id, 'component', w.component, 'amount', w.amount))
                   from (select lw.instalment_id, lw.component, sum(lw.amount) as amount
                           from ledger_waivers lw where lw.order_id = o.id group by lw.instalment_id, lw.component) w), '[]'::json) as waivers,
       (select json_build_object('id', e.id, 'requestedOn', e.requested_on::text, 'expiresOn', e.expires_on::text, 'daysUsed', e.days_used,
                                 'principal', e.principal, 'interest', e.interest, 'amount', e.amount)
          from (select * from ledger_cooling_off_exits ce where ce.order_id = o.id order by ce.id desc limit 1) e
         where not exists (select 1 from ledger_waivers lw where lw.exit_id = e.id)) as cooling_off_exit,
       greatest((select max(lp.value_date) from ledger_payments lp where lp.order_id = o.id),
                (select max(ce.value_date) from ledger_credit_events ce where ce.order_id = o.id))::text as last_value_date,
       (p.late_rule = 'in_tiered' and exists (
          select 1 from orders o2 join order_status_history h on h.order_id = o2.id and h.to_status = '200'
           where o2.borrower_id = o.borrower_id and o2.id <> o.id and h.created_at < o.created_at)) as repeat_client
  from orders o
  join products p on p.id = o.product_id
  join borrowers b on b.id = o.borrower_id
 where o.id = ${orderId} and o.borrower_id = ${borrowerId}`;

type DetailsRow = {
  id: string;
  order_no: string;
  status: OrderStatus;
  product_id: number;
  principal: string;
  periods: number;
  term_unit_days: number;
  coupon_amount: string;
  disbursed_on: string | null;
  applied_on: string;
  product_name: string;
  product_logo: string;
  time_zone: string;
  extension_enabled: boolean;
  late_rule: LateRule;
  daily_rate_ppm: number;
  vat_ppm: number;
  tax_base: TaxableCharge[];
  market: MarketCode;
  bank_account: string;
  plan: PlanJson[];
  rated: boolean;
  rating_deferred_until: string | null;
  charges: { instalmentId: number; kind: LateChargeKind; amount: Minor }[];
  allocations: { instalmentId: number | null; component: Component; fromCredit: boolean; amount: Minor }[];
  last_value_date: CalendarDate | null;
  repeat_client: boolean;
  waivers: { instalmentId: number; component: InstalmentComponent; amount: Minor }[];
  /** The cooling-off exit in force (the latest asked for, unless a payment carried it out). */
  cooling_off_exit: CoolingOffExit | null;
};

/** What loan-details reads of an order; cached per order id between changes. */
export type OrderDetailsSnapshot = NonNullable<Awaited<ReturnType<typeof queryOrderForDetails>>>;
export type OrderDetailsCache = VersionedCache<number, OrderDetailsSnapshot>;

/**
 * Drops the cached order reads a database change makes stale ('order:<id>', 'borrower:<id>': the borrower's
 * orders, 'product:<id>': the orders of the product); false for a change of anything else.
 */
export function dropStaleOrderDetails(cache: OrderDetailsCache, { kind, key }: Change): boolean {
  const id = Number(key);
  if (!Number.isSafeInteger(id)) return false;
  if (kind === 'order') cache.invalidate(id);
  else if (kind === 'borrower') cache.invalidateWhere((v) => v.borrowerId === id);
  else if (kind === 'product') cache.invalidateWhere((v) => v.productId === id);
  else return false;
  return true;
}

/**
 * The order for loan-details, from the cache when the database has announced
 * no change to it since it was read (plugins/app/change-feed.ts). The cache is
 * keyed by order id; the borrower check is applied to cached entries too.
 */
async function readOrderForDetails(db: Db, borrowerId: number, orderId: number, cache?: OrderDetailsCache) {
  const hit = cache?.get(orderId);
  if (hit) return hit.borrowerId === borrowerId ? hit : undefined;
  const version = cache?.version() ?? 0;
  const order = await queryOrderForDetails(db, borrowerId, orderId);
  if (order) cache?.set(orderId, order, version);
  return order;
}

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
    /** The borrower said "not now" to the rating prompt until then (epoch ms), or null. */
    ratingDeferredUntil: r.rating_deferred_until === null ? null : Number(r.rating_deferred_until),
    ledger: ledgerStateOf(r),
    /** The last position computed from `ledger` (one per day): the snapshot is immutable while cached. */
    positionMemo: undefined as { day: CalendarDate; position: LoanPosition } | undefined,
  };
}

/** What the loan owes as of `today` (late charges accrued through it), computed once per cached snapshot and day. */
function positionOf(order: OrderDetailsSnapshot, today: CalendarDate): LoanPosition | undefined {
  if (!order.ledger) return undefined;
  const memo = order.positionMemo;
  if (memo && memo.day === today) return memo.position;
  const position = positionAsOf(order.ledger, today);
  order.positionMemo = { day: today, position };
  return position;
}

/**
 * The loan's ledger as stored (plan with current due dates, crystallised late
 * charges, allocations, last value date): the same LedgerState the ledger
 * service builds, read in the same round trip. Null before disbursal.
 */
function ledgerStateOf(r: DetailsRow): LedgerState | null {
  if (!r.disbursed_on || !ledgerStatuses.includes(r.status)) return null;
  return stateFromLedger(
    {
      disbursedOn: r.disbursed_on,
      periods: r.periods,
      termUnitDays: r.term_unit_days,
      dailyRatePpm: r.daily_rate_ppm,
      tax: { ratePpm: r.vat_ppm, base: r.tax_base },
      lateRule: r.late_rule,
      defaultPenalty: defaultPenaltyFor(r.late_rule, r.repeat_client),
      extensionEnabled: r.extension_enabled,
    },
    r.plan,
    r.charges.map((c) => ({ ...c, amount: Number(c.amount) })),
    r.allocations.map((a) => ({ ...a, amount: Number(a.amount) })),
    r.last_value_date,
    {
      waivers: r.waivers.map((w) => ({ ...w, amount: Number(w.amount) })),
      exit: r.cooling_off_exit && {
        ...r.cooling_off_exit,
        id: Number(r.cooling_off_exit.id),
        principal: Number(r.cooling_off_exit.principal),
        interest: Number(r.cooling_off_exit.interest),
        amount: Number(r.cooling_off_exit.amount),
      },
    },
  );
}

/** Statuses whose loan has a ledger (disbursed). */
const ledgerStatuses: readonly string[] = ['174', '180', '200'];

const statusTextKeys: Record<OrderStatus, [MessageKey, MessageKey]> = {
  '21': ['status21', 'status21Desc'],
  '151': ['status151', 'status151Desc'],
  '110': ['status110', 'status110Desc'],
  '174': ['status174', 'status174Desc'],
  '180': ['status180', 'status180Desc'],
  '200': ['status200', 'status200Desc'],
};

const ratableStatuses: readonly string[] = ['174', '180', '200'];

/**
 * One of the borrower's orders (404 orderNotFound for unknown and foreign ids
 * alike). An order in 174 whose earliest instalment fell due before today moves
 * to 180 first. productId of the request is not needed: the order names its product.
 */
/**
 * Answers built from a cached order read, by language and day (the late
 * charges accrue by day). They live exactly as long as that cached read, which
 * the change feed drops when the order, its ledger or its rating changes; an
 * answer that moved the order to overdue (a write) is not kept.
 */
const builtDetails = new WeakMap<object, Map<string, LoanDetailsData>>();

export async function getLoanDetails(
  db: Db,
  borrowerId: number,
  orderIdRaw: string,
  lang: Language,
  now = new Date(),
  cache?: OrderDetailsCache,
): Promise<LoanDetailsData> {
  const orderId = toDbId(orderIdRaw);
  const order = orderId === undefined ? undefined : await readOrderForDetails(db, borrowerId, orderId, cache);
  if (!order) throw notFound('orderNotFound');

  const today = todayIn(order.timeZone, now);
  const memoKey = `${lang}|${today}`;
  const memo = builtDetails.get(order)?.get(memoKey);
  if (memo) return withRatingDeferral(memo, order, now);
  const plan = order.plan;
  const first = plan[0];
  // What is owed as of today, from the ledger (late charges accrued through today).
  const position = positionOf(order, today);
  // The date the borrower must pay by next: after the credit held (CREDIT_COVER_PROJECTION).
  const nextDueDate = position ? (position.nextPayment?.dueDate ?? position.nextDueDate) : (first?.dueDate ?? null);
  let status: OrderStatus = order.status;
  let memoizable = cache !== undefined;
  // The ledger says otherwise (fell due, or the credit held settled it): the ledger moves the order first.
  if (position ? ledgerStatusDiffers(status, position) : mustFallDue(status, nextDueDate, today)) {
    memoizable = false;
    const moved = await refreshLedgerStatus(db, { orderId: order.id, today, now });
    if (moved[0]) {
      status = moved[0].to;
    } else {
      const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      status = current?.status ?? status;
    }
  }

  const money = moneyIn(order.market);
  const totalOf = (x: PlanJson) => x.principal + x.interest + x.commission + x.vat;
  const sum = (pick: (x: PlanJson) => number) => plan.reduce((acc, x) => acc + pick(x), 0);

  const repayable = (repayableStatuses as readonly string[]).includes(status);
  // AMOUNT_DUE_BY_NEXT_DUE_DATE (the ledger's position): the earliest instalment with something left after
  // the credit held, and what must be paid by then.
  const nextPayment = repayable && position ? position.nextPayment : null;
  const nextDue = nextPayment?.dueDate ?? null;
  const amountDue = nextPayment?.amount ?? 0;
  const interestNet = sum((x) => x.interest);

  const detail: TextValue[] = [
    row(lang, 'detailDueDate', nextDue ?? ''),
    row(lang, 'detailDueAmount', nextDue ? money(amountDue) : ''),
    row(lang, 'detailOrderNo', order.orderNo),
    row(lang, 'detailAmount', money(order.principal)),
    row(lang, 'detailTerm', translate(lang, 'detailTermValue', { days: order.periods * order.termUnitDays })),
    row(lang, 'detailInstalments', String(order.periods)),
    row(lang, 'detailInterest', money(interestNet + order.couponAmount)),
    row(lang, 'detailCoupon', order.couponAmount > 0 ? money(-order.couponAmount) : ''),
    row(lang, 'detailCommission', money(sum((x) => x.commission))),
    { text: taxLabel(lang, order.market, order.tax), value: money(sum((x) => x.vat)) },
    row(lang, 'detailTotal', money(sum(totalOf))),
    row(lang, 'detailApplied', order.appliedOn),
    row(lang, 'detailDisbursed', order.disbursedOn ?? ''),
    row(lang, 'detailBankAccount', maskBankAccount(order.bankAccount)),
    // The borrower's credit (money received beyond what could be applied), shown while there is some.
    row(lang, 'detailCredit', position && position.credit > 0 ? money(position.credit) : ''),
  ];

  // §2: any other status is shown like 200.
  const [titleKey, descKey] = statusTextKeys[status] ?? statusTextKeys['200'];
  const data: LoanDetailsData = {
    orderStatus: status,
    noticeStatusText: translate(lang, titleKey),
    noticeDesText: translate(lang, descKey, { date: nextDueDate ?? first?.dueDate ?? '' }),
    productName: order.productName,
    productLogo: order.productLogo,
    userOrderDetail: { detail },
    inside: 0,
    // Never over a loan with something to pay today (overdue, or an instalment due today): the Pay button comes first.
    isScore: ratableStatuses.includes(status) && !order.rated && !somethingDueToday(status, position) ? 1 : 0,
    h5Url: repayable ? repaymentUrl(order.id, order.productId) : '',
    isDelay: repayable && order.extensionEnabled ? 1 : 0,
    isNewContract: agreementUrl(order.productId, order.id),
    orderId: String(order.id),
    orderNo: order.orderNo,
    productId: String(order.productId),
    market: order.market,
  };
  if (memoizable) {
    // Shared by the next requests: frozen, so that nothing can change it for them.
    detail.forEach((r) => Object.freeze(r));
    Object.freeze(detail);
    Object.freeze(data.userOrderDetail);
    let byKey = builtDetails.get(order);
    if (!byKey) builtDetails.set(order, (byKey = new Map<string, LoanDetailsData>()));
    byKey.set(memoKey, Object.freeze(data));
  }
  return withRatingDeferral(data, order, now);
}

/** Overdue, or an amount falls due today (issue 14: the rating prompt covered the Pay button). */
function somethingDueToday(status: OrderStatus, position: LoanPosition | undefined): boolean {
  if (status === '180') return true;
  return status === '174' && (position?.amountDueNow ?? 0) > 0;
}

/**
 * isScore 0 while the borrower's "not now" lasts (deferRatingPrompt). Applied
 * after the answer is built, as the deferral ends at an instant, not a day.
 */
function withRatingDeferral(data: LoanDetailsData, order: OrderDetailsSnapshot, now: Date): LoanDetailsData {
  if (data.isScore !== 1 || order.ratingDeferredUntil === null || order.ratingDeferredUntil <= now.getTime()) return data;
  return { ...data, isScore: 0 };
}

// ---------------------------------------------------------------------------
// google-score-later
// ---------------------------------------------------------------------------

/**
 * The borrower's "not now" to the rating prompt (issue 14): loan-details
 * answers isScore 0 for every order of the borrower for
 * RATING_PROMPT_DEFERRAL_DAYS; a later "not now" starts the period again. The
 * one writer of rating_prompt_deferrals.
 */
export async function deferRatingPrompt(db: Db, borrowerId: number, now = new Date()): Promise<{ success: true; askAgainAfter: string }> {
  const until = new Date(now.getTime() + RATING_PROMPT_DEFERRAL_DAYS * 86_400_000);
  await db
    .insert(ratingPromptDeferrals)
    .values({ borrowerId, deferredAt: now, deferredUntil: until })
    .onConflictDoUpdate({ target: ratingPromptDeferrals.borrowerId, set: { deferredAt: now, deferredUntil: until } });
  return { success: true, askAgainAfter: until.toISOString() };
}

// ---------------------------------------------------------------------------
// google-score
// ---------------------------------------------------------------------------

/**
 * The borrower's 1–5 rating of a disbursed order (174, 180, 200): one per
 * borrower and order, a new score replaces the old one.
 */
export async function rateOrder(
  db: Db,
  borrowerId: number,
  orderIdRaw: string | undefined,
  score: number,
  now = new Date(),
): Promise<{ success: true }> {
  if (orderIdRaw === undefined || orderIdRaw === '') {
    throw new AppError(400, errorCodes.badRequest, 'orderIdRequired');
  }
  const orderId = toDbId(orderIdRaw);
  const [order] =
    orderId === undefined
      ? []
      : await db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.borrowerId, borrowerId)))
          .limit(1);
  if (!order) throw notFound('orderNotFound');
  if (!ratableStatuses.includes(order.status)) {
    throw new AppError(422, errorCodes.outsideProductRules, 'ratingNotAllowed');
  }
  await db
    .insert(ratings)
    .values({ borrowerId, orderId: order.id, score, createdAt: now })
    .onConflictDoUpdate({ target: [ratings.borrowerId, ratings.orderId], set: { score, createdAt: now } });
  return { success: true };
}
