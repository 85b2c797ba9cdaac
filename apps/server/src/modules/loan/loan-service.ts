import { and, eq, sql } from 'drizzle-orm';
import { RATING_PROMPT_DEFERRAL_DAYS, type LoanConfirmData, type LoanDetailsData } from '@presta/contract/api/loan';
import type { TextValue } from '@presta/contract/api/common';
import { errorCodes } from '@presta/contract/error-codes';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { formatMarketPercent, type MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { statusIn, disbursedStatuses, repayableStatuses, type OrderStatus } from '@presta/contract/order-status';
import { routes } from '@presta/contract/routes';
import type { Db } from '../../db/database';
import { orders, ratingPromptDeferrals, ratings } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { finalAnswer } from '../../lib/reply';
import { maskBankAccount } from '../../lib/bank-account';
import { MAX_INT4, toDbId } from '../../lib/db-id';
import type { Change, VersionedCache } from '../../lib/versioned-cache';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn, taxedAmount, taxLabel, taxName } from '../../i18n/market-texts';
import { ledgerStatusDiffers, positionAsOf, type LoanPosition } from '../ledger/ledger-math';
import { systemActor } from '../audit/audit-log';
import { refreshLedgerStatus } from '../ledger/ledger-credit';
import { ledgerColumns, ledgerStateOf, type LedgerRow } from '../ledger/ledger-read-model';
import { orderAccountNumberSql } from '../orders/order-reads';
import type { OpenOrdersCache } from '../orders/order-repository';
import { createOrder, mustFallDue, refuseSecondActiveLoan } from '../orders/order-service';
import { findBestCoupon, findOfferedProduct, reevaluateOffer, type OffersCache } from '../pricing/loan-offers';
import { agreementTerms } from './agreement-terms';
import { linkKeyFacts, offerKeyFacts, requireKeyFacts } from './key-facts-service';
import { defaultQuoteAmount, defaultQuotePeriods, productTax, quoteLoan, validateLoanRequest, type LoanTax, type Quote } from '../pricing/loan-quote';
import { repaymentQuote } from '../payments/repayment-quote';

/** An offer evaluated longer ago than this is re-evaluated before it is quoted (isNeedPop). */
export const OFFER_FRESHNESS_MS = 24 * 3_600_000;

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

const row = (lang: Language, key: MessageKey, value: string): TextValue => ({ text: translate(lang, key), value });

// ---------------------------------------------------------------------------
// loan-detail-confirm
// ---------------------------------------------------------------------------

export type ConfirmInput = { productId: string; isType?: number; amount?: number; periods?: number };

/**
 * The confirmation quote of a product offered to the borrower. Amount and
 * periods default per DEFAULT_TERMS_RULE; asked-for ones are validated (422).
 * An offer evaluated more than a day ago answers isNeedPop 1 (the page shows the
 * modal and reloads with isType=1, which re-evaluates the offer). A borrower
 * with an open order of any product is refused first (409 activeLoanExists):
 * one active loan at a time, said before the page asks for anything.
 */
export async function getLoanConfirmation(
  db: Db,
  borrowerId: number,
  input: ConfirmInput,
  lang: Language,
  now = new Date(),
  caches: { offers?: OffersCache; openOrders?: OpenOrdersCache } = {},
): Promise<LoanConfirmData> {
  await refuseSecondActiveLoan(db, borrowerId, undefined, caches.openOrders);
  const { product, offer, isNeedPop } = await currentOffer(db, borrowerId, input, now, caches.offers);
  const { amount, periods } = quotedTerms(product, offer.limitAmount, input);
  const coupon = await findBestCoupon(db, borrowerId, { now, cache: caches.offers });
  const couponAmount = coupon?.amount ?? 0;
  // India (issue 13): the offer's Key Facts Statement, issued now or reused while valid.
  const keyFacts = await offerKeyFacts(db, { borrowerId, product, amount, periods, couponAmount, now });
  const priced = pricedConfirmation(product, { amount, periods, couponAmount, startDate: todayIn(product.timeZone, now) }, lang);
  // These fields first (priced has none of them): properties added after a leading spread cost a new hidden class
  // per call on Node 20's V8 (decision 019).
  return { isNeedPop, couNum: couponAmount, keyFacts, ...priced };
}

type PricedTerms = { amount: Minor; periods: number; couponAmount: Minor; startDate: CalendarDate };
type PricedConfirmation = Omit<LoanConfirmData, 'isNeedPop' | 'couNum' | 'keyFacts'>;

/**
 * What the confirmation shows of a quote: its figures, plan and agreement terms (the annual cost's solver
 * included), a pure function of the product, the terms, the coupon, the start day and the language. Kept per
 * product object (the cached offers' product: a product change replaces it) and those inputs, at most
 * PRICED_PER_PRODUCT each: the page asks again for the same quote as the borrower moves the sliders back and forth.
 */
const pricedByProduct = new WeakMap<OfferedProduct, Map<string, PricedConfirmation>>();
const PRICED_PER_PRODUCT = 256;

function pricedConfirmation(product: OfferedProduct, terms: PricedTerms, lang: Language): PricedConfirmation {
  const key = `${terms.amount}|${terms.periods}|${terms.couponAmount}|${terms.startDate}|${lang}`;
  let byKey = pricedByProduct.get(product);
  if (!byKey) pricedByProduct.set(product, (byKey = new Map<string, PricedConfirmation>()));
  const kept = byKey.get(key);
  if (kept) return kept;
  const priced = priceConfirmation(product, terms, lang);
  if (byKey.size >= PRICED_PER_PRODUCT) byKey.delete(byKey.keys().next().value as string);
  byKey.set(key, Object.freeze(priced));
  return priced;
}

function priceConfirmation(product: OfferedProduct, { amount, periods, couponAmount, startDate }: PricedTerms, lang: Language): PricedConfirmation {
  const { market } = product;
  const tax = productTax(product);
  const quote = quoteLoan({
    amount,
    periods,
    termUnitDays: product.termUnitDays,
    dailyRatePpm: product.dailyRatePpm,
    commissionPpm: product.commissionPpm,
    tax,
    couponAmount,
    startDate,
  });
  return {
    firstPayTime: quote.instalments[0]!.dueDate,
    amount,
    periods,
    termUnit: product.termUnitDays,
    sendSms: 0,
    details: confirmationRows(lang, product, quote),
    repay_plans: planRows(lang, market, quote),
    loanRate: formatMarketPercent(product.dailyRatePpm, market),
    ratemsg: translate(lang, 'rateMessage'),
    amountDec: translate(lang, 'amountDescription'),
    isNewContract: agreementUrl(product.id, undefined, { amount, periods }),
    messageType: 0,
    comProductLogo: product.logoUrl,
    comProductName: product.name,
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
        received: quote.totals.received,
      },
      lang,
    ),
  };
}

type Offered = NonNullable<Awaited<ReturnType<typeof findOfferedProduct>>>;
type OfferedProduct = Offered['product'];

/**
 * The product offered to the borrower and its offer: re-evaluated when the page asks (isType 1), else flagged
 * for the page's "offer changed?" modal (isNeedPop 1) when evaluated more than OFFER_FRESHNESS_MS ago.
 */
async function currentOffer(db: Db, borrowerId: number, input: ConfirmInput, now: Date, cache?: OffersCache) {
  const productId = toDbId(input.productId, MAX_INT4);
  const offered = productId === undefined ? undefined : await findOfferedProduct(db, borrowerId, productId, cache);
  if (!offered) throw notFound('productNotFound');
  const { product } = offered;
  let { offer } = offered;
  let isNeedPop: 0 | 1 = 0;
  if (input.isType === 1) {
    offer = await reevaluateOffer(db, offer, product, now);
  } else if (now.getTime() - offer.evaluatedAt.getTime() > OFFER_FRESHNESS_MS) {
    isNeedPop = 1;
  }
  return { product, offer, isNeedPop };
}

/** The amount and periods quoted: those asked for, validated (422), else DEFAULT_TERMS_RULE's. */
function quotedTerms(product: OfferedProduct, limitAmount: Minor, input: ConfirmInput): { amount: Minor; periods: number } {
  // Money in the product's market's currency, whatever the language (issue 12).
  const money = moneyIn(product.market);
  const periods = input.periods ?? defaultQuotePeriods(product);
  const amount = input.amount ?? defaultQuoteAmount(product, limitAmount);
  if (amount === undefined) {
    throw new AppError(422, errorCodes.outsideProductRules, 'offerBelowMinimum', { limit: money(limitAmount), min: money(product.amountMin) });
  }
  validateLoanRequest(product, limitAmount, { amount, periods }, product.market);
  return { amount, periods };
}

/** The confirmation page's detail rows (§5): amount, term, instalments, interest, coupon, commission, tax, totals. */
function confirmationRows(lang: Language, product: OfferedProduct, quote: Quote): TextValue[] {
  const money = moneyIn(product.market);
  const { amount, periods } = quote.terms;
  const t = quote.totals;
  return [
    row(lang, 'detailAmount', money(amount)),
    row(lang, 'detailTerm', translate(lang, 'detailTermValue', { days: periods * product.termUnitDays })),
    row(lang, 'detailInstalments', String(periods)),
    ...interestRows(lang, money, { interest: t.interest, coupon: t.couponApplied }),
    row(lang, 'detailCommission', money(t.commission)),
    taxRow(lang, product.market, productTax(product), t),
    row(lang, 'detailTotal', money(t.totalOwed)),
    row(lang, 'detailReceived', money(t.received)),
  ];
}

/**
 * The interest rows (issue 32): "Interés" is the interest charged; with a coupon, what it was before the coupon,
 * the coupon and what is charged after it, so the three read as one subtraction (the plan, the repayment page and
 * the agreement show the interest charged).
 */
function interestRows(lang: Language, money: (m: Minor) => string, x: { interest: Minor; coupon: Minor }): TextValue[] {
  if (x.coupon <= 0) return [row(lang, 'detailInterest', money(x.interest))];
  return [
    row(lang, 'detailInterestBeforeCoupon', money(x.interest + x.coupon)),
    row(lang, 'detailCoupon', money(-x.coupon)),
    row(lang, 'detailInterestAfterCoupon', money(x.interest)),
  ];
}

/** The plan's tax row: labelled with the charges it is on and their sum (the interest after any coupon), valued at the plan's tax. */
function taxRow(lang: Language, market: MarketCode, tax: LoanTax, x: { interest: Minor; commission: Minor; vat: Minor; couponApplied: Minor }): TextValue {
  const label = taxLabel(lang, market, tax, { couponApplied: x.couponApplied > 0, amount: taxedAmount(tax, x) });
  return { text: label, value: moneyIn(market)(x.vat) };
}

/** The plan as the confirmation page lists it: one row per instalment with its parts and due date. */
function planRows(lang: Language, market: MarketCode, quote: Quote): LoanConfirmData['repay_plans'] {
  const money = moneyIn(market);
  const count = quote.instalments.length;
  return quote.instalments.map((x) => ({
    title: translate(lang, 'planTitle', { seq: x.seq, count }),
    description: translate(lang, 'planDescription', {
      principal: money(x.principal),
      interest: money(x.interest),
      commission: money(x.commission),
      tax: taxName(lang, market),
      vat: money(x.vat),
    }),
    amount: x.total,
    pay_time: x.dueDate,
  }));
}

// ---------------------------------------------------------------------------
// loan-detail-push
// ---------------------------------------------------------------------------

export type SubmitInput = { productId: string; amount: number; periods: number; termUnit: number; proposalNo?: string | undefined };

/**
 * Submits the loan (createOrder: one transaction, idempotent) and answers the loan-details address. For a
 * market with a Key Facts Statement (India), the KFS named by proposalNo must have been acknowledged and be
 * valid (KFS_BEFORE_APPLICATION, 409 keyFactsRequired); it becomes part of the order. An open order of another
 * product refuses it (409 activeLoanExists).
 */
export async function submitLoan(
  db: Db,
  borrowerId: number,
  input: SubmitInput,
  lang: Language,
): Promise<{ lendDetailsUrl: string; orderId: string; orderNo: string }> {
  const productId = toDbId(input.productId, MAX_INT4);
  if (productId === undefined) throw notFound('productNotFound');
  // One active loan: another product's open order refuses it before anything else (a retry of this one's is answered).
  await refuseSecondActiveLoan(db, borrowerId, productId);
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

/**
 * One round trip for loan-details: the order (the borrower's only) with the ledger read model's columns (its
 * terms and stored ledger, read exactly as the ledger reads them), the product, the bank account it is paid to
 * (orders' orderAccountNumberSql: the account the disbursal paid, else the borrower's active one) and
 * whether it is rated. One SQL text with bound parameters, so the connection's prepared statement is reused (see
 * preparedByDefault in db/database.ts): loan-details is benchmarked.
 */
const orderAccount = orderAccountNumberSql({ borrowerId: sql`o.borrower_id`, disbursedToAccountId: sql`o.disbursed_to_account_id` });
const detailsQuery = (orderId: number, borrowerId: number) => sql`
select ${ledgerColumns}, o.principal::text as principal, o.coupon_amount::text as coupon_amount,
       to_char(o.created_at at time zone p.time_zone, 'YYYY-MM-DD') as applied_on,
       ${orderAccount} as bank_account,
       exists (select 1 from ratings ra where ra.order_id = o.id and ra.borrower_id = o.borrower_id) as rated,
       (select (extract(epoch from d.deferred_until) * 1000)::bigint::text from rating_prompt_deferrals d
         where d.borrower_id = o.borrower_id) as rating_deferred_until
  from orders o
  join products p on p.id = o.product_id
 where o.id = ${orderId} and o.borrower_id = ${borrowerId}`;

/** An instalment of the plan as the ledger read model gives it (current due dates). */
type PlanRowOf = LedgerRow['plan'][number];

type DetailsRow = LedgerRow & {
  principal: string;
  coupon_amount: string;
  applied_on: string;
  bank_account: string;
  rated: boolean;
  rating_deferred_until: string | null;
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
  if (!cache) return queryOrderForDetails(db, borrowerId, orderId);
  const order = await cache.readThrough(orderId, () => queryOrderForDetails(db, borrowerId, orderId));
  return order?.borrowerId === borrowerId ? order : undefined;
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

const statusTextKeys: Record<OrderStatus, [MessageKey, MessageKey]> = {
  '21': ['status21', 'status21Desc'],
  '151': ['status151', 'status151Desc'],
  '110': ['status110', 'status110Desc'],
  '174': ['status174', 'status174Desc'],
  '180': ['status180', 'status180Desc'],
  '200': ['status200', 'status200Desc'],
};

/**
 * Answers built from a cached order read, by language and day (the late
 * charges accrue by day). They live exactly as long as that cached read, which
 * the change feed drops when the order, its ledger or its rating changes; an
 * answer that moved the order to overdue (a write) is not kept.
 */
const builtDetails = new WeakMap<object, Map<string, LoanDetailsData>>();

/**
 * One of the borrower's orders (404 orderNotFound for unknown and foreign ids
 * alike). An order whose status the ledger no longer gives (an instalment fell
 * due, or the credit held settled it) is moved first. productId of the request
 * is not needed: the order names its product.
 */
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
  // What is owed as of today, from the ledger (late charges accrued through today).
  const position = positionOf(order, today);
  // The date the borrower must pay by next: after the credit held (CREDIT_COVER_PROJECTION).
  const nextDueDate = position ? (position.nextPayment?.dueDate ?? position.nextDueDate) : (order.plan[0]?.dueDate ?? null);
  const { status, moved } = await statusAsOfToday(db, order, { position, nextDueDate, today, now });
  const data = detailsAnswer(lang, order, status, position, nextDueDate);
  if (cache !== undefined && !moved) remember(order, memoKey, data);
  return withRatingDeferral(data, order, now);
}

/** The order's status today: the ledger moves the order first when it says otherwise (fell due, or settled by credit). */
async function statusAsOfToday(
  db: Db,
  order: OrderDetailsSnapshot,
  at: { position: LoanPosition | undefined; nextDueDate: CalendarDate | null; today: CalendarDate; now: Date },
): Promise<{ status: OrderStatus; moved: boolean }> {
  const differs = at.position ? ledgerStatusDiffers(order.status, at.position) : mustFallDue(order.status, at.nextDueDate, at.today);
  if (!differs) return { status: order.status, moved: false };
  // The overdue sweep's rule, applied before the night's job got there: recorded as the system's, as the job's are.
  const moved = await refreshLedgerStatus(db, { orderId: order.id, today: at.today, now: at.now, audit: systemActor });
  if (moved[0]) return { status: moved[0].to, moved: true };
  const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return { status: current?.status ?? order.status, moved: true };
}

function detailsAnswer(
  lang: Language,
  order: OrderDetailsSnapshot,
  status: OrderStatus,
  position: LoanPosition | undefined,
  nextDueDate: CalendarDate | null,
): LoanDetailsData {
  const repayable = statusIn(repayableStatuses, status);
  // §2: any other status is shown like 200.
  const [titleKey, descKey] = statusTextKeys[status] ?? statusTextKeys['200'];
  const notOpen = repayable && position ? notPayableYet(position) : null;
  return {
    orderStatus: status,
    noticeStatusText: translate(lang, titleKey),
    noticeDesText: notOpen
      ? translate(lang, 'nextPaymentNotOpenYet', { amount: moneyIn(order.market)(notOpen.amount), date: notOpen.from })
      : translate(lang, descKey, { date: nextDueDate ?? order.plan[0]?.dueDate ?? '' }),
    productName: order.productName,
    productLogo: order.productLogo,
    userOrderDetail: { detail: detailRows(lang, order, repayable, position) },
    inside: 0,
    // Never over a loan with something to pay today (overdue, or an instalment due today): the Pay button comes first.
    isScore: statusIn(disbursedStatuses, status) && !order.rated && !somethingDueToday(status, position) ? 1 : 0,
    h5Url: repayable ? repaymentUrl(order.id, order.productId) : '',
    // Issue 32: the Repay button only while something can be paid; before payments open noticeDesText says when.
    payable: repayable && !notOpen ? 1 : 0,
    isDelay: repayable && order.extensionEnabled ? 1 : 0,
    isNewContract: agreementUrl(order.productId, order.id),
    orderId: String(order.id),
    orderNo: order.orderNo,
    productId: String(order.productId),
    market: order.market,
  };
}

/** The detail rows of loan-details (§5), in the loan's market's currency. */
function detailRows(lang: Language, order: OrderDetailsSnapshot, repayable: boolean, position: LoanPosition | undefined): TextValue[] {
  const money = moneyIn(order.market);
  const sum = (pick: (x: PlanRowOf) => number) => order.plan.reduce((acc, x) => acc + pick(x), 0);
  // AMOUNT_DUE_BY_NEXT_DUE_DATE (the ledger's position): the earliest instalment with something left after
  // the credit held, and what must be paid by then.
  const nextPayment = repayable && position ? position.nextPayment : null;
  const nextDue = nextPayment?.dueDate ?? null;
  const plan = { principal: sum((x) => x.principal), interest: sum((x) => x.interest), commission: sum((x) => x.commission), vat: sum((x) => x.vat) };
  return [
    row(lang, 'detailDueDate', nextDue ?? ''),
    row(lang, 'detailDueAmount', nextDue ? money(nextPayment?.amount ?? 0) : ''),
    row(lang, 'detailOrderNo', order.orderNo),
    row(lang, 'detailAmount', money(order.principal)),
    row(lang, 'detailTerm', translate(lang, 'detailTermValue', { days: order.periods * order.termUnitDays })),
    row(lang, 'detailInstalments', String(order.periods)),
    ...interestRows(lang, money, { interest: plan.interest, coupon: order.couponAmount }),
    row(lang, 'detailCommission', money(plan.commission)),
    taxRow(lang, order.market, order.tax, { ...plan, couponApplied: order.couponAmount }),
    // The agreed plan's total; a late loan also says what is owed today (issue 32).
    row(lang, 'detailPlanTotal', money(plan.principal + plan.interest + plan.commission + plan.vat)),
    ...(repayable && position && isLate(position) ? owedTodayRows(lang, money, position) : []),
    row(lang, 'detailApplied', order.appliedOn),
    row(lang, 'detailDisbursed', order.disbursedOn ?? ''),
    row(lang, 'detailBankAccount', maskBankAccount(order.bankAccount)),
    // The borrower's credit (money received beyond what could be applied), shown while there is some.
    row(lang, 'detailCredit', position && position.credit > 0 ? money(position.credit) : ''),
  ];
}

/** A loan is late while an instalment is overdue or late charges are owed on it. */
const isLate = (p: LoanPosition) => p.overdue || p.totals.outstanding.late_fee + p.totals.outstanding.default_penalty > 0;

/**
 * A late loan's figures after the plan's total (issue 32): the late charges and default penalty charged, what
 * was paid, and what is owed today, the ledger's outstanding (the statement's "Saldo pendiente"): plan total +
 * charges − paid = owed today.
 */
function owedTodayRows(lang: Language, money: (m: Minor) => string, p: LoanPosition): TextValue[] {
  const { owed, paidTotal, waivedTotal, outstandingTotal } = p.totals;
  return [
    row(lang, 'detailLateCharges', owed.late_fee > 0 ? money(owed.late_fee) : ''),
    row(lang, 'detailPenalty', owed.default_penalty > 0 ? money(owed.default_penalty) : ''),
    row(lang, 'detailPaid', paidTotal + waivedTotal > 0 ? money(paidTotal + waivedTotal) : ''),
    row(lang, 'detailOwedToday', money(outstandingTotal)),
  ];
}

/** Keeps an answer for the next requests on the same cached read, language and day: frozen, so nothing can change it. */
function remember(order: OrderDetailsSnapshot, memoKey: string, data: LoanDetailsData): void {
  let byKey = builtDetails.get(order);
  if (!byKey) builtDetails.set(order, (byKey = new Map<string, LoanDetailsData>()));
  byKey.set(memoKey, finalAnswer(data));
}

/**
 * When nothing can be paid now though something is owed (the repayment page's quote: nothing due and prepaying
 * not allowed yet): the first day a payment is taken and what the next instalment asks for then; else null.
 */
function notPayableYet(position: LoanPosition): { from: CalendarDate; amount: Minor } | null {
  const quote = repaymentQuote(position);
  return quote.payable === 0 && quote.payableFrom !== null ? { from: quote.payableFrom, amount: quote.shown } : null;
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
  if (!statusIn(disbursedStatuses, order.status)) {
    throw new AppError(422, errorCodes.outsideProductRules, 'ratingNotAllowed');
  }
  await db
    .insert(ratings)
    .values({ borrowerId, orderId: order.id, score, createdAt: now })
    .onConflictDoUpdate({ target: [ratings.borrowerId, ratings.orderId], set: { score, createdAt: now } });
  return { success: true };
}
