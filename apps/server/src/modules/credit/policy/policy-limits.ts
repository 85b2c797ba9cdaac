import { ageOn } from '@presta/contract/identity/normalize';
import { productTax, quoteLoan } from '../../pricing/loan-quote';
import type { CreditPolicy, ScoreBand } from './credit-policy';
import { maxAgeOf } from './policy-rules';
import { totalObligations } from './policy-measures';
import type { CreditInputs, LimitLine, ProductTerms } from './policy-types';

/*
 * The limit per product (docs/credit-policy.md "Limits and affordability"): the least of the band's maximum, the
 * most the applicant can afford and the product's maximum, on the product's steps, 0 below its minimum. The
 * instalment is the real quote's (pricing's quoteLoan), so the estimate is the loan the borrower would take.
 */

/**
 * BUDGET_FLOOR: what the instalments may take a month, minor units: floor((income − obligations − the bureau's
 * monthly payments) × share / 10 000), never overstated; 0 when nothing is left.
 */
export function monthlyBudget(policy: CreditPolicy, inputs: CreditInputs): number {
  const disposable = inputs.applicant.monthlyIncome - totalObligations(inputs);
  if (disposable <= 0) return 0;
  return Number((BigInt(disposable) * BigInt(policy.affordability.instalmentShareBp)) / 10_000n);
}

/**
 * A loan of `amount` a month. INSTALMENT_LARGEST_AT_PERIODS_MAX: the largest instalment of the plan quoteLoan makes
 * at periodsMax (the dearest instalment of the cheapest spread). MONTHLY_BURDEN_CEIL: ceil(instalment × 30 /
 * termUnitDays), never understated (a 91-day instalment spreads over about three months).
 */
export function monthlyBurden(inputs: Pick<CreditInputs, 'market' | 'today'>, product: ProductTerms, amount: number): number {
  const quote = quoteLoan({
    amount,
    periods: product.periodsMax,
    termUnitDays: product.termUnitDays,
    dailyRatePpm: product.dailyRatePpm,
    commissionPpm: product.commissionPpm,
    tax: productTax({ market: inputs.market, vatPpm: product.vatPpm }),
    startDate: inputs.today,
  });
  const instalment = Math.max(...quote.instalments.map((i) => i.total));
  return Math.ceil((instalment * 30) / product.termUnitDays);
}

/** LIMIT_STEP_FLOOR: a cap (and the product's maximum) rounded DOWN to the product's step; under amountMin: 0. */
export function onSteps(product: ProductTerms, cap: number): number {
  // A product without a step (a catalogue error) offers nothing rather than dividing by zero.
  if (!(product.amountStep > 0)) return 0;
  const stepped = Math.floor(Math.min(cap, product.amountMax) / product.amountStep) * product.amountStep;
  return stepped >= product.amountMin && stepped > 0 ? stepped : 0;
}

/** The largest amount on the product's steps (up to amountMax) whose monthly burden fits the budget; 0: none. */
export function affordableMax(inputs: CreditInputs, product: ProductTerms, budget: number): number {
  if (budget <= 0 || !(product.amountStep > 0)) return 0;
  // Downwards from the top: the first amount that fits is the largest (no assumption that the burden is monotone).
  for (let amount = onSteps(product, product.amountMax); amount >= product.amountMin && amount > 0; amount -= product.amountStep) {
    if (monthlyBurden(inputs, product, amount) <= budget) return amount;
  }
  return 0;
}

/** Each product's line: its band maximum, affordable maximum and limit (0 for a product whose maximum age is passed). */
export function limitLines(policy: CreditPolicy, inputs: CreditInputs, band: ScoreBand | null): LimitLine[] {
  const budget = monthlyBudget(policy, inputs);
  const age = ageOn(inputs.applicant.birthDate, inputs.today);
  return inputs.products.map((product) => {
    const bandMax = band?.limitMax[product.code] ?? 0;
    const affordable = affordableMax(inputs, product, budget);
    const limitAmount = age > maxAgeOf(policy, product.code) ? 0 : onSteps(product, Math.min(bandMax, affordable));
    return { productCode: product.code, limitAmount, bandMax, affordableMax: affordable };
  });
}
