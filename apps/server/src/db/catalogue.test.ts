import { describe, expect, it } from 'vitest';
import { marketOf } from '@presta/contract/markets';
import { productTax, quoteLoan } from '../modules/pricing/loan-quote';
import { productCatalogue } from './catalogue';

describe('product catalogue', () => {
  it("each product's tax is its market's (decision 014): Mexico IVA 16 %, India GST 18 % of the processing fee", () => {
    for (const p of productCatalogue) {
      const market = marketOf(p.market);
      expect({ code: p.code, ratePpm: p.vatPpm, timeZone: p.timeZone, lateRule: p.lateRule }).toEqual({
        code: p.code,
        ratePpm: market.tax.ratePpm,
        timeZone: market.timeZone,
        lateRule: market.lateRule,
      });
    }
  });

  it('a new Indian loan carries no tax on its interest (issue 12 §3)', () => {
    const p = productCatalogue.find((x) => x.market === 'IN')!;
    const q = quoteLoan({
      amount: p.amountMin,
      periods: 1,
      termUnitDays: p.termUnitDays,
      dailyRatePpm: p.dailyRatePpm,
      commissionPpm: p.commissionPpm,
      tax: productTax(p),
      startDate: '2026-01-01',
    });
    // ₹5.000,00 for 91 days: interest 45 500 untaxed, fee 15 000 → GST 2 700
    expect(q.instalments[0]).toMatchObject({ interest: 45_500, commission: 15_000, vat: 2_700 });
  });
});
