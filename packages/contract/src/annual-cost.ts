import { addDays, daysBetween, type CalendarDate } from './dates';
import { formatMarketPercent, type MarketCode } from './markets';
import type { Minor } from './money';

/*
 * The annual cost of a loan as each market's regulator defines it (issue 13,
 * docs/decisions/016-annual-cost-disclosures.md): the rate that equates what
 * the borrower receives with what the borrower pays, annualised as the
 * regulator specifies. Pure functions of the loan's cash flows and dates; no
 * zod, no server code, so the pages, the marketing site and the server share
 * them.
 *
 * - Mexico, Banco de México (Circular 21/2009, CAT): the i that solves
 *   Σ Aj / (1+i)^tj = Σ Bk / (1+i)^sk, tj and sk the time of each flow in
 *   years from the contract: an effective annual rate, shown with one decimal,
 *   without IVA. Years count the agreement's commercial year of 360 days, so a
 *   payment every 15 days is Banxico's quincenal periodicity (24 a year).
 * - India, RBI (KFS circular of 15 April 2024, Annex B): the APR is the
 *   "effective annualised interest rate computed on net disbursed amount using
 *   IRR approach and reducing balance method": the IRR per repayment period of
 *   the cash flows, multiplied by the periods in a year (× 12 for monthly
 *   EMIs; × 365 / 91 for a 91-day instalment), shown with two decimals.
 */

/** One cash flow of the borrower: `amount` > 0, `direction` whether the borrower receives or pays it. */
export type CashFlow = { date: CalendarDate; amount: Minor; direction: 'received' | 'paid' };

/** A flow placed in time: `at` in the unit the rate is solved in (years for the CAT, repayment periods for the APR). */
export type TimedFlow = { at: number; amount: number };

export type AnnualCostKind = 'CAT' | 'APR';

/** How a market states a loan's annual cost. */
export type AnnualCostRule = {
  kind: AnnualCostKind;
  /** Decimals the regulator's figure is shown with (CAT 57,4 %; APR 17,07 %). */
  decimals: number;
  /** Whether the market's tax on the charges is a cost in the figure (Mexico: the CAT is stated without IVA). */
  includesTax: boolean;
};

export const annualCostRules: Record<MarketCode, AnnualCostRule> = {
  MX: { kind: 'CAT', decimals: 1, includesTax: false },
  IN: { kind: 'APR', decimals: 2, includesTax: true },
};

/** MX: years of the CAT's exponents count 360 days (the agreement's commercial year; 15 days = 1/24 year). */
export const CAT_YEAR_DAYS = 360;
/** IN: periods in a year for the APR's annualisation count 365 days. */
export const APR_YEAR_DAYS = 365;

/**
 * The rate r per unit of `at` at which what is received and what is paid have
 * the same present value: Σ received / (1+r)^at = Σ paid / (1+r)^at.
 * Solved by bisection on ln(1+r), which always converges for a loan (money
 * received first, paid later: one change of sign). Returns null when no rate
 * equates them (nothing paid, or nothing received).
 */
export function internalRate(received: readonly TimedFlow[], paid: readonly TimedFlow[]): number | null {
  const flows = [...received.map((f) => ({ at: f.at, c: f.amount })), ...paid.map((f) => ({ at: f.at, c: -f.amount }))];
  if (received.length === 0 || paid.length === 0) return null;
  // Net present value at x = ln(1 + r); decreasing in x for a loan's flows.
  const npv = (x: number) => flows.reduce((acc, f) => acc + f.c * Math.exp(-x * f.at), 0);
  let low = -1;
  let high = 1;
  let fLow = npv(low);
  let fHigh = npv(high);
  // Widen the bracket until the sign changes (a rate of thousands of percent is a short, dear loan).
  for (let i = 0; i < 40 && Math.sign(fLow) === Math.sign(fHigh); i++) {
    if (fHigh < 0) [high, fHigh] = [high * 2, npv(high * 2)];
    else [low, fLow] = [low * 2, npv(low * 2)];
  }
  if (!(Number.isFinite(fLow) && Number.isFinite(fHigh)) || Math.sign(fLow) === Math.sign(fHigh)) return null;
  for (let i = 0; i < 200 && high - low > 1e-15; i++) {
    const mid = (low + high) / 2;
    const fMid = npv(mid);
    if (fMid === 0) return Math.expm1(mid);
    if (Math.sign(fMid) === Math.sign(fLow)) {
      low = mid;
      fLow = fMid;
    } else {
      high = mid;
    }
  }
  return Math.expm1((low + high) / 2);
}

/** A rate (0.574 = 57,4 %) in ppm rounded HALF_UP to `decimals` decimals of a percent. */
export function rateToPpm(rate: number, decimals: number): number {
  const step = 10 ** (4 - decimals); // ppm per last decimal of a percent
  return Math.round((rate * 1_000_000) / step) * step;
}

/** The CAT of flows placed in years (Banxico's formula): an effective annual rate. */
export function catOf(received: readonly TimedFlow[], paid: readonly TimedFlow[]): number | null {
  return internalRate(received, paid);
}

/** The APR of flows placed in repayment periods (RBI's Annex B): the periodic IRR × periods a year. */
export function aprOf(received: readonly TimedFlow[], paid: readonly TimedFlow[], periodsPerYear: number): number | null {
  const periodic = internalRate(received, paid);
  return periodic === null ? null : periodic * periodsPerYear;
}

/** One row of the computation sheet: a flow, its day from the start and its time in the rate's unit. */
export type CostSheetRow = { date: CalendarDate; day: number; at: number; received: Minor; paid: Minor };

/** A loan's annual cost as its market states it, with how it was computed. */
export type AnnualCost = {
  kind: AnnualCostKind;
  market: MarketCode;
  /** Rounded to the market's decimals, in ppm (574 000 = 57,4 %). */
  ratePpm: number;
  /** As the market writes it: "57,4%" (Mexico), "17.07%" (India). */
  rate: string;
  /** The unrounded rate (0.5739…), for the computation sheet. */
  exact: number;
  /** 'years' (CAT) or 'periods' of `periodDays` days (APR). */
  unit: 'years' | 'periods';
  /** Days in one unit of `at`: 360 for the CAT's year; the repayment period for the APR. */
  unitDays: number;
  /** APR: periods a year (365 / periodDays); CAT: 1. */
  periodsPerYear: number;
  /** APR: the IRR per period; CAT: the effective annual rate itself. */
  periodicRate: number;
  includesTax: boolean;
  sheet: CostSheetRow[];
};

/**
 * The annual cost of a loan in `market` from its cash flows and dates: the
 * borrower receives and pays `flows` (amounts in minor units, dated), counted
 * from `start` (the day the contract takes effect). `periodDays` is the
 * repayment period (India's annualisation); Mexico's CAT counts years of 360
 * days. Null when no rate equates the flows.
 */
export function annualCostOf(market: MarketCode, start: CalendarDate, flows: readonly CashFlow[], periodDays: number): AnnualCost | null {
  const rule = annualCostRules[market];
  const unitDays = rule.kind === 'CAT' ? CAT_YEAR_DAYS : periodDays;
  if (!(unitDays > 0)) throw new RangeError(`periodDays must be positive: ${periodDays}`);
  const sheet: CostSheetRow[] = flows.map((f) => {
    const day = daysBetween(start, f.date);
    return {
      date: f.date,
      day,
      at: day / unitDays,
      received: f.direction === 'received' ? f.amount : 0,
      paid: f.direction === 'paid' ? f.amount : 0,
    };
  });
  const received = sheet.filter((r) => r.received > 0).map((r) => ({ at: r.at, amount: r.received }));
  const paid = sheet.filter((r) => r.paid > 0).map((r) => ({ at: r.at, amount: r.paid }));
  const periodsPerYear = rule.kind === 'CAT' ? 1 : APR_YEAR_DAYS / periodDays;
  const periodic = internalRate(received, paid);
  if (periodic === null) return null;
  const exact = periodic * periodsPerYear;
  const ratePpm = rateToPpm(exact, rule.decimals);
  return {
    kind: rule.kind,
    market,
    ratePpm,
    rate: formatMarketPercent(ratePpm, market, rule.decimals),
    exact,
    unit: rule.kind === 'CAT' ? 'years' : 'periods',
    unitDays,
    periodsPerYear,
    periodicRate: periodic,
    includesTax: rule.includesTax,
    sheet,
  };
}

/** A plan row as the pricing code makes it: what the borrower pays on `dueDate`, split by component. */
export type CostPlanRow = { dueDate: CalendarDate; principal: Minor; interest: Minor; commission: Minor; tax: Minor };

/**
 * The cash flows of a priced loan: the principal received on `start` (the
 * lender pays it out in full, RECEIVED_FULL_PRINCIPAL), each instalment paid on
 * its due date — principal, interest and commission, and the tax where the
 * market counts it (`includesTax`).
 */
export function loanCashFlows(market: MarketCode, start: CalendarDate, received: Minor, plan: readonly CostPlanRow[]): CashFlow[] {
  const withTax = annualCostRules[market].includesTax;
  return [
    { date: start, amount: received, direction: 'received' },
    ...plan.map((x) => ({
      date: x.dueDate,
      amount: x.principal + x.interest + x.commission + (withTax ? x.tax : 0),
      direction: 'paid' as const,
    })),
  ];
}

/** The annual cost of a priced loan (loanCashFlows then annualCostOf). */
export function loanAnnualCost(
  market: MarketCode,
  loan: { start: CalendarDate; received: Minor; termUnitDays: number; plan: readonly CostPlanRow[] },
): AnnualCost | null {
  return annualCostOf(market, loan.start, loanCashFlows(market, loan.start, loan.received, loan.plan), loan.termUnitDays);
}

/** Working days (Monday to Friday) after `from`: the `count`-th one (no holiday calendar). */
export function addWorkingDays(from: CalendarDate, count: number): CalendarDate {
  let day = from;
  let left = count;
  while (left > 0) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}
