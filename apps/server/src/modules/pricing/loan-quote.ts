import { errorCodes } from '@presta/contract/error-codes';
import { addDays, type CalendarDate } from '@presta/contract/dates';
import { formatMarketMoney, marketOf, type MarketCode, type TaxableCharge } from '@presta/contract/markets';
import { assertMinor, divideHalfUp, type Minor } from '@presta/contract/money';
import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../i18n/messages';

/*
 * The loan quote: pure functions over integer minor units. Every division goes
 * through divideHalfUp (BigInt), so no floating point ever touches money.
 */

/** Principal: floor(amount / periods) per instalment, the remainder added to the LAST instalment. */
export const PRINCIPAL_SPLIT = 'PRINCIPAL_SPLIT';
/** Interest: HALF_UP(outstanding principal at the start of the instalment × dailyRatePpm × termUnitDays / 1e6), declining balance. */
export const INTEREST_DAILY_SIMPLE = 'INTEREST_DAILY_SIMPLE';
/** Commission total: HALF_UP(amount × commissionPpm / 1e6). */
export const COMMISSION_TOTAL = 'COMMISSION_TOTAL';
/** Commission split: floor(total / periods) per instalment, the remainder added to the LAST instalment. */
export const COMMISSION_SPLIT = 'COMMISSION_SPLIT';
/** Coupon: its discount reduces the first instalment's interest, capped at that interest (never negative); any excess is lost. */
export const COUPON_ON_FIRST_INTEREST = 'COUPON_ON_FIRST_INTEREST';
/**
 * Tax: HALF_UP((the instalment's charges in the market's tax base) × tax ppm / 1e6), computed per instalment:
 * Mexico IVA 16 % of interest after coupon + commission; India GST 18 % of the commission (processing fee) only.
 */
export const TAX_PER_INSTALMENT = 'TAX_PER_INSTALMENT';
/** Due dates: instalment i (1..periods) falls due on start + i × termUnitDays (start = disbursal day; the submission day until then). */
export const DUE_DATE_RULE = 'DUE_DATE_START_PLUS_I_TERM_UNITS';
/** Received amount: the principal is disbursed in full; the commission is repaid with the instalments. */
export const RECEIVED_FULL_PRINCIPAL = 'RECEIVED_FULL_PRINCIPAL';
/** Default quote when the borrower names no terms: amount = the offer's limit capped by the product maximum, rounded down to the step; periods = periodsMin (the cheapest loan). */
export const DEFAULT_TERMS_RULE = 'DEFAULT_LIMIT_AND_PERIODS_MIN';

export const quoteRules = [
  PRINCIPAL_SPLIT,
  INTEREST_DAILY_SIMPLE,
  COMMISSION_TOTAL,
  COMMISSION_SPLIT,
  COUPON_ON_FIRST_INTEREST,
  TAX_PER_INSTALMENT,
  DUE_DATE_RULE,
  RECEIVED_FULL_PRINCIPAL,
  DEFAULT_TERMS_RULE,
] as const;

const PPM = 1_000_000n;

/** A loan's tax: its rate and the charges it applies to (markets.ts `tax`, snapshotted on the order). */
export type LoanTax = { ratePpm: number; base: readonly TaxableCharge[] };

/** The tax a product prices with: its own rate (products.vat_ppm) on its market's base. */
export function productTax(product: { market: string; vatPpm: number }): LoanTax {
  return { ratePpm: product.vatPpm, base: marketOf(product.market).tax.base };
}

/** The tax an order was priced with (its snapshot: orders.vat_ppm and orders.tax_base). */
export function orderTax(order: { vatPpm: number; taxBase: readonly TaxableCharge[] }): LoanTax {
  return { ratePpm: order.vatPpm, base: order.taxBase };
}

/** The loan's economic terms (the product's, or the order's snapshot). */
export type LoanTerms = {
  /** Principal, minor units. */
  amount: Minor;
  periods: number;
  termUnitDays: number;
  dailyRatePpm: number;
  commissionPpm: number;
  tax: LoanTax;
};

export type QuoteInput = LoanTerms & {
  /** Coupon discount available (face value), minor units; 0 or absent for none. */
  couponAmount?: Minor;
  /** Day the term starts counting from (disbursal day, or today for a quote). */
  startDate: CalendarDate;
};

export type Instalment = {
  seq: number;
  dueDate: CalendarDate;
  /** Principal outstanding at the start of this instalment. */
  outstandingPrincipal: Minor;
  principal: Minor;
  /** Interest before the coupon. */
  interestAccrued: Minor;
  /** Coupon discount applied to this instalment's interest (only the first one). */
  couponDiscount: Minor;
  /** Interest owed = interestAccrued − couponDiscount (≥ 0). */
  interest: Minor;
  commission: Minor;
  /** TAX_PER_INSTALMENT (the plan's `vat` column: the market's tax). */
  vat: Minor;
  /** principal + interest + commission + vat. */
  total: Minor;
};

/** A plan row as quoteLoan makes it and the order stores it (repayment_plans). */
export type PricedInstalment = { seq: number; dueDate: CalendarDate; principal: Minor; interest: Minor; commission: Minor; vat: Minor };

/** The sums of a priced plan (a quote's, or an order's as stored). */
export type PlanTotals = {
  principal: Minor;
  /** Interest owed (after the coupon). */
  interest: Minor;
  commission: Minor;
  vat: Minor;
  /** principal + interest + commission + vat: the sum of the instalments. */
  totalOwed: Minor;
};

export type QuoteTotals = {
  principal: Minor;
  /** Interest before the coupon. */
  interestAccrued: Minor;
  couponApplied: Minor;
  /** Interest owed (after the coupon). */
  interest: Minor;
  commission: Minor;
  vat: Minor;
  /** principal + interest + commission + vat: the sum of the instalments. */
  totalOwed: Minor;
  /** What reaches the borrower's account (RECEIVED_FULL_PRINCIPAL). */
  received: Minor;
};

export type Quote = { terms: LoanTerms; startDate: CalendarDate; instalments: Instalment[]; totals: QuoteTotals };

function assertCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number ≥ ${min}: ${value}`);
}

/** Splits a non-negative total into `parts` integers: floor each, the remainder on the last one. */
export function splitRemainderLast(total: Minor, parts: number): Minor[] {
  assertMinor(total);
  assertCount('parts', parts, 1);
  if (total < 0) throw new RangeError('total must not be negative');
  const each = Math.floor(total / parts);
  const out = new Array<Minor>(parts).fill(each);
  out[parts - 1] = total - each * (parts - 1);
  return out;
}

/** HALF_UP(a × b × c / 1e6) in BigInt, for non-negative integers. */
function ppmProduct(a: number, ppm: number, c = 1): Minor {
  return Number(divideHalfUp(BigInt(a) * BigInt(ppm) * BigInt(c), PPM));
}

/** DUE_DATE_RULE: instalment `seq`'s contractual due date, start + seq × termUnitDays (an extension moves the real one later). */
export function contractualDueDate(startDate: CalendarDate, seq: number, termUnitDays: number): CalendarDate {
  return addDays(startDate, seq * termUnitDays);
}

/** Due dates of the plan: start + i × termUnitDays, i = 1..periods. */
export function planDueDates(startDate: CalendarDate, periods: number, termUnitDays: number): CalendarDate[] {
  return Array.from({ length: periods }, (_, i) => contractualDueDate(startDate, i + 1, termUnitDays));
}

/** What an instalment asks for: principal + interest + commission + vat. */
export function instalmentTotal(x: Omit<PricedInstalment, 'seq' | 'dueDate'>): Minor {
  return x.principal + x.interest + x.commission + x.vat;
}

/** The sums of a priced plan; the quote's totals and the agreement's are these. */
export function planTotals(plan: readonly PricedInstalment[]): PlanTotals {
  const sum = (pick: (x: PricedInstalment) => number) => plan.reduce((acc, x) => acc + pick(x), 0);
  return {
    principal: sum((x) => x.principal),
    interest: sum((x) => x.interest),
    commission: sum((x) => x.commission),
    vat: sum((x) => x.vat),
    totalOwed: sum(instalmentTotal),
  };
}

/** The repayment plan and its totals (rules above). */
export function quoteLoan(input: QuoteInput): Quote {
  const { amount, periods, termUnitDays, dailyRatePpm, commissionPpm, tax } = input;
  assertMinor(amount);
  assertCount('amount', amount, 1);
  assertCount('periods', periods, 1);
  assertCount('termUnitDays', termUnitDays, 1);
  assertCount('dailyRatePpm', dailyRatePpm, 0);
  assertCount('commissionPpm', commissionPpm, 0);
  assertCount('tax.ratePpm', tax.ratePpm, 0);
  const taxOnInterest = tax.base.includes('interest');
  const taxOnCommission = tax.base.includes('commission');
  const coupon = input.couponAmount ?? 0;
  assertMinor(coupon);
  if (coupon < 0) throw new RangeError('couponAmount must not be negative');

  const principals = splitRemainderLast(amount, periods);
  const commissionTotal = ppmProduct(amount, commissionPpm);
  const commissions = splitRemainderLast(commissionTotal, periods);
  const dueDates = planDueDates(input.startDate, periods, termUnitDays);

  const instalments: Instalment[] = [];
  let outstanding = amount;
  for (let i = 0; i < periods; i++) {
    const principal = principals[i]!;
    const commission = commissions[i]!;
    const interestAccrued = ppmProduct(outstanding, dailyRatePpm, termUnitDays);
    const couponDiscount = i === 0 ? Math.min(coupon, interestAccrued) : 0;
    const interest = interestAccrued - couponDiscount;
    const vat = ppmProduct((taxOnInterest ? interest : 0) + (taxOnCommission ? commission : 0), tax.ratePpm);
    instalments.push({
      seq: i + 1,
      dueDate: dueDates[i]!,
      outstandingPrincipal: outstanding,
      principal,
      interestAccrued,
      couponDiscount,
      interest,
      commission,
      vat,
      total: instalmentTotal({ principal, interest, commission, vat }),
    });
    outstanding -= principal;
  }

  const { principal, interest, commission, vat, totalOwed } = planTotals(instalments);
  const totals: QuoteTotals = {
    principal,
    interestAccrued: instalments.reduce((acc, x) => acc + x.interestAccrued, 0),
    couponApplied: instalments.reduce((acc, x) => acc + x.couponDiscount, 0),
    interest,
    commission,
    vat,
    totalOwed,
    received: amount,
  };
  return {
    terms: { amount, periods, termUnitDays, dailyRatePpm, commissionPpm, tax: { ratePpm: tax.ratePpm, base: [...tax.base] } },
    startDate: input.startDate,
    instalments,
    totals,
  };
}

/** The product rules a requested loan must respect. */
export type ProductRules = {
  amountMin: Minor;
  amountMax: Minor;
  amountStep: Minor;
  periodsMin: number;
  periodsMax: number;
  termUnitDays: number;
};

export type LoanRequest = { amount: Minor; periods: number; termUnit?: number };

function outsideRules(key: MessageKey, vars: Record<string, string | number>): AppError {
  return new AppError(422, errorCodes.outsideProductRules, key, vars);
}

/**
 * Checks a requested amount, instalment count and term unit against the product
 * and the borrower's approved limit. Refusals are AppError 422 / 422001 with the
 * figures written as the product's market writes money.
 */
export function validateLoanRequest(
  rules: ProductRules,
  limitAmount: Minor,
  request: LoanRequest,
  market: MarketCode,
): void {
  const money = (m: Minor) => formatMarketMoney(m, market);
  if (request.termUnit !== undefined && request.termUnit !== rules.termUnitDays) {
    throw outsideRules('termUnitMismatch', { days: rules.termUnitDays });
  }
  if (
    !Number.isSafeInteger(request.periods) ||
    request.periods < rules.periodsMin ||
    request.periods > rules.periodsMax
  ) {
    throw outsideRules('periodsOutOfRange', { min: rules.periodsMin, max: rules.periodsMax });
  }
  if (
    !Number.isSafeInteger(request.amount) ||
    request.amount < rules.amountMin ||
    request.amount > rules.amountMax ||
    request.amount % rules.amountStep !== 0
  ) {
    throw outsideRules('amountOutOfRange', {
      min: money(rules.amountMin),
      max: money(rules.amountMax),
      step: money(rules.amountStep),
    });
  }
  if (request.amount > limitAmount) {
    throw outsideRules('amountOverLimit', { limit: money(limitAmount) });
  }
}

/**
 * DEFAULT_TERMS_RULE: the amount a quote shows when none is asked for — the
 * offer's limit capped by the product maximum, rounded down to the step — or
 * undefined when that falls below the product minimum.
 */
export function defaultQuoteAmount(rules: ProductRules, limitAmount: Minor): Minor | undefined {
  const cap = Math.min(limitAmount, rules.amountMax);
  const stepped = Math.floor(cap / rules.amountStep) * rules.amountStep;
  return stepped >= rules.amountMin ? stepped : undefined;
}

/** DEFAULT_TERMS_RULE: periodsMin, the cheapest loan; the page may ask for others within periodsMin..periodsMax. */
export function defaultQuotePeriods(rules: ProductRules): number {
  return rules.periodsMin;
}
