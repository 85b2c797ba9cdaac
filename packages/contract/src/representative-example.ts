import { loanAnnualCost, type AnnualCost } from './annual-cost';
import { addDays, type CalendarDate } from './dates';
import { divideHalfUp, formatPpmAsPercent, formatPpmAsRate, type Minor } from './money';

/*
 * The price the marketing site advertises (issue 13): a representative loan of the Mexican product
 * (Banco de México: wherever a price is advertised, its CAT stands beside it). Its rates are the
 * catalogue's (apps/server/test/representative-example.test.ts keeps them equal, and checks the figures
 * against the pricing code); plain data, no zod, so the prerendered site can import it.
 */

export const representativeLoan = {
  market: 'MX',
  amount: 300_000, // $3.000,00
  periods: 1,
  termUnitDays: 15,
  dailyRatePpm: 500,
  commissionPpm: 50_000,
  taxPpm: 160_000,
} as const;

export type RepresentativeExample = {
  amount: Minor;
  termDays: number;
  dailyRate: string;
  commissionRate: string;
  interest: Minor;
  commission: Minor;
  /** IVA on interest and commission. */
  tax: Minor;
  total: Minor;
  annualCost: AnnualCost & { computedOn: CalendarDate };
};

const ppmOf = (minor: number, ppm: number, days = 1) => Number(divideHalfUp(BigInt(minor) * BigInt(ppm) * BigInt(days), 1_000_000n));

/** The representative loan priced as the pricing code prices one instalment, and its CAT computed on `computedOn`. */
export function representativeExample(computedOn: CalendarDate): RepresentativeExample {
  const l = representativeLoan;
  const interest = ppmOf(l.amount, l.dailyRatePpm, l.termUnitDays);
  const commission = ppmOf(l.amount, l.commissionPpm);
  const tax = ppmOf(interest + commission, l.taxPpm);
  const dueDate = addDays(computedOn, l.termUnitDays);
  const cost = loanAnnualCost(l.market, {
    start: computedOn,
    received: l.amount,
    termUnitDays: l.termUnitDays,
    plan: [{ dueDate, principal: l.amount, interest, commission, tax }],
  })!;
  return {
    amount: l.amount,
    termDays: l.periods * l.termUnitDays,
    dailyRate: formatPpmAsPercent(l.dailyRatePpm),
    commissionRate: formatPpmAsRate(l.commissionPpm),
    interest,
    commission,
    tax,
    total: l.amount + interest + commission + tax,
    annualCost: { ...cost, computedOn },
  };
}
