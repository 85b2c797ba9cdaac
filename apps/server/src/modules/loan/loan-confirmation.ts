import type { TextValue } from '@presta/contract/api/common';
import type { LoanConfirmData } from '@presta/contract/api/loan';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import type { Language } from '@presta/contract/language';
import { formatMarketPercent, type MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { AppError, notFound } from '../../lib/app-error';
import { MAX_INT4, toDbId } from '../../lib/db-id';
import { translate } from '../../i18n/messages';
import { moneyIn, taxName } from '../../i18n/market-texts';
import type { BorrowerContext, CallContext } from '../../plugins/app/repositories';
import { refuseBesides } from '../orders/order-service';
import { bestCoupon, offeredProduct, reevaluateOffer } from '../pricing/loan-offers';
import { defaultQuoteAmount, defaultQuotePeriods, productTax, quoteLoan, validateLoanRequest, type Quote } from '../pricing/loan-quote';
import { agreementTerms } from './agreement-terms';
import { offerKeyFacts } from './key-facts-service';
import { agreementUrl, interestRows, row, taxRow } from './loan-texts';

/** An offer evaluated longer ago than this is re-evaluated before it is quoted (isNeedPop). */
export const OFFER_FRESHNESS_MS = 24 * 3_600_000;

// ---------------------------------------------------------------------------
// loan-detail-confirm
// ---------------------------------------------------------------------------

export type ConfirmInput = { productId: string; isType?: number; amount?: number; periods?: number; termUnit?: number };

/**
 * The confirmation quote of a product offered to the borrower. Amount and
 * periods default per DEFAULT_TERMS_RULE; asked-for ones are validated (422).
 * An offer evaluated more than a day ago answers isNeedPop 1 (the page shows the
 * modal and reloads with isType=1, which re-evaluates the offer). A borrower
 * with an open order of any product is refused first (409 activeLoanExists):
 * one active loan at a time, said before the page asks for anything.
 */
export async function getLoanConfirmation(ctx: BorrowerContext, input: ConfirmInput): Promise<LoanConfirmData> {
  const { product, couponAmount, isNeedPop, priced } = await confirmedQuote(ctx, input);
  // India (issue 13): the offer's Key Facts Statement, issued now or reused while valid.
  const { amount, periods } = priced;
  const keyFacts = await offerKeyFacts(ctx.db, { borrowerId: ctx.borrowerId, product, amount, periods, couponAmount, now: ctx.now });
  return { ...priced, isNeedPop, couNum: couponAmount, keyFacts };
}

/**
 * The confirmation without its Key Facts Statement: the same refusals, the product, the best coupon and what the
 * page shows of the quote. The signed agreement (issue 38) states exactly these figures. A term unit asked for
 * must be the product's (422, as loan-detail-push says).
 */
export async function confirmedQuote(ctx: BorrowerContext, input: ConfirmInput) {
  const { borrowerId, lang, now } = ctx;
  refuseBesides(await ctx.repos.orders.activeOrder(borrowerId));
  const productId = toDbId(input.productId, MAX_INT4);
  if (productId === undefined) throw notFound('productNotFound');
  // One read of the borrower's offers and coupons gives both the product and the best coupon.
  const offers = await ctx.repos.offers.ofBorrower(borrowerId);
  const { product, offer, isNeedPop } = await currentOffer(ctx, offeredProduct(offers, productId), input);
  const { amount, periods } = quotedTerms(product, offer.limitAmount, input);
  const couponAmount = bestCoupon(offers, now)?.amount ?? 0;
  const startDate = todayIn(product.timeZone, now);
  const priced = pricedConfirmation(product, { amount, periods, couponAmount, startDate }, lang);
  return { product, couponAmount, isNeedPop, startDate, priced };
}

type PricedTerms = { amount: Minor; periods: number; couponAmount: Minor; startDate: CalendarDate };
type PricedConfirmation = Omit<LoanConfirmData, 'isNeedPop' | 'couNum' | 'keyFacts'>;

/**
 * What the confirmation shows of a quote: its figures, plan and agreement terms (the annual cost's solver
 * included), a pure function of the product, the terms, the coupon, the start day and the language. Kept per
 * product object (the offers' read's product: a product change replaces it) and those inputs, at most
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

type Offered = NonNullable<ReturnType<typeof offeredProduct>>;
type OfferedProduct = Offered['product'];

/**
 * The product offered to the borrower and its offer: re-evaluated when the page asks (isType 1), else flagged
 * for the page's "offer changed?" modal (isNeedPop 1) when evaluated more than OFFER_FRESHNESS_MS ago.
 */
async function currentOffer({ db, now }: CallContext, offered: Offered | undefined, input: ConfirmInput) {
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
  validateLoanRequest(product, limitAmount, { amount, periods, termUnit: input.termUnit }, product.market);
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
