import { describe, expect, it } from 'vitest';
import { loanAnnualCost } from '@presta/contract/annual-cost';
import { representativeExample, representativeLoan } from '@presta/contract/representative-example';
import { productCatalogue } from '../src/db/catalogue';
import { productTax, quoteLoan } from '../src/modules/pricing/loan-quote';

/* Issue 13: the price the marketing site advertises is the Mexican product's, priced by the pricing code. */
describe('the representative example the marketing site advertises', () => {
  const product = productCatalogue.find((p) => p.market === representativeLoan.market)!;

  it('has the catalogue product’s rates, term and amount rules', () => {
    expect({ dailyRatePpm: product.dailyRatePpm, commissionPpm: product.commissionPpm, taxPpm: product.vatPpm, termUnitDays: product.termUnitDays }).toEqual({
      dailyRatePpm: representativeLoan.dailyRatePpm,
      commissionPpm: representativeLoan.commissionPpm,
      taxPpm: representativeLoan.taxPpm,
      termUnitDays: representativeLoan.termUnitDays,
    });
    expect(representativeLoan.amount).toBeGreaterThanOrEqual(product.amountMin);
    expect(representativeLoan.amount % product.amountStep).toBe(0);
    expect(representativeLoan.periods).toBeGreaterThanOrEqual(product.periodsMin);
  });

  it('states the figures quoteLoan makes and the CAT of its plan', () => {
    const day = '2026-11-24';
    const e = representativeExample(day);
    const quote = quoteLoan({ ...representativeLoan, tax: productTax({ market: 'MX', vatPpm: product.vatPpm }), startDate: day });
    expect({ interest: e.interest, commission: e.commission, tax: e.tax, total: e.total }).toEqual({
      interest: quote.totals.interest,
      commission: quote.totals.commission,
      tax: quote.totals.vat,
      total: quote.totals.totalOwed,
    });
    const cost = loanAnnualCost('MX', { start: day, received: e.amount, termUnitDays: 15, plan: quote.instalments.map((x) => ({ ...x, tax: x.vat })) })!;
    expect(e.annualCost.rate).toBe(cost.rate);
    expect(e.annualCost.computedOn).toBe(day);
  });
});
