import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from '@presta/contract/dates';
import { markets, type TaxableCharge } from '@presta/contract/markets';
import { AppError } from '../../lib/app-error';
import {
  defaultQuoteAmount,
  defaultQuotePeriods,
  contractualDueDate,
  instalmentTotal,
  planDueDates,
  planTotals,
  productTax,
  quoteLoan,
  quoteRules,
  splitRemainderLast,
  validateLoanRequest,
  type ProductRules,
} from './loan-quote';

const MX_TAX = markets.MX.tax;
const noTax = { ratePpm: 0, base: [] };

const base = {
  amount: 300_000,
  periods: 3,
  termUnitDays: 15,
  dailyRatePpm: 1_000,
  commissionPpm: 50_000,
  tax: MX_TAX,
  startDate: '2025-01-01',
};

describe('quoteLoan: hand-computed examples', () => {
  it('3 × 15 days, 0,10 %/day, 5 % commission, 16 % VAT, no coupon', () => {
    const q = quoteLoan(base);
    // interest: 300000×0.015=4500, 200000×0.015=3000, 100000×0.015=1500; commission 15000 → 5000 each;
    // VAT: (4500+5000)×0.16=1520, (3000+5000)×0.16=1280, (1500+5000)×0.16=1040
    expect(q.instalments.map((x) => [x.seq, x.dueDate, x.principal, x.interest, x.commission, x.vat, x.total])).toEqual([
      [1, '2025-01-16', 100_000, 4_500, 5_000, 1_520, 111_020],
      [2, '2025-01-31', 100_000, 3_000, 5_000, 1_280, 109_280],
      [3, '2025-02-15', 100_000, 1_500, 5_000, 1_040, 107_540],
    ]);
    expect(q.totals).toEqual({
      principal: 300_000,
      interestAccrued: 9_000,
      couponApplied: 0,
      interest: 9_000,
      commission: 15_000,
      vat: 3_840,
      totalOwed: 327_840,
      received: 300_000,
    });
  });

  it('remainders on the last instalment, HALF_UP rounding and a coupon on the first interest', () => {
    const q = quoteLoan({
      amount: 100_001,
      periods: 3,
      termUnitDays: 7,
      dailyRatePpm: 1_234,
      commissionPpm: 33_333,
      tax: MX_TAX,
      couponAmount: 500,
      startDate: '2024-02-20',
    });
    // principal 33333, 33333, 33335 (remainder last)
    // interest 100001×1234×7/1e6 = 863.81 → 864 (− coupon 500 = 364); 66668×8638/1e6 = 575.88 → 576; 33335×8638/1e6 = 287.95 → 288
    // commission 100001×33333/1e6 = 3333.33 → 3333 → 1111 each
    // VAT (364+1111)×0.16 = 236.00 → 236; (576+1111)×0.16 = 269.92 → 270; (288+1111)×0.16 = 223.84 → 224
    expect(q.instalments.map((x) => [x.dueDate, x.principal, x.interestAccrued, x.couponDiscount, x.interest, x.commission, x.vat, x.total])).toEqual([
      ['2024-02-27', 33_333, 864, 500, 364, 1_111, 236, 35_044],
      ['2024-03-05', 33_333, 576, 0, 576, 1_111, 270, 35_290],
      ['2024-03-12', 33_335, 288, 0, 288, 1_111, 224, 34_958],
    ]);
    expect(q.totals.totalOwed).toBe(105_292);
    expect(q.totals.couponApplied).toBe(500);
    expect(q.totals.interestAccrued).toBe(1_728);
    expect(q.totals.interest).toBe(1_228);
  });

  it('a coupon larger than the first interest is capped at it (never negative)', () => {
    const q = quoteLoan({ ...base, couponAmount: 10_000 });
    const first = q.instalments[0]!;
    expect(first.interestAccrued).toBe(4_500);
    expect(first.couponDiscount).toBe(4_500);
    expect(first.interest).toBe(0);
    expect(first.vat).toBe(800); // (0 + 5000) × 0.16
    expect(q.instalments[1]!.interest).toBe(3_000);
    expect(q.totals.couponApplied).toBe(4_500);
    expect(q.totals.totalOwed).toBe(327_840 - 4_500 - 720);
  });

  it('rounds exact halves up (interest 0.5 → 1, VAT 0.5 → 1)', () => {
    const half = quoteLoan({ amount: 100, periods: 1, termUnitDays: 1, dailyRatePpm: 5_000, commissionPpm: 0, tax: noTax, startDate: '2025-01-01' });
    expect(half.instalments[0]!.interest).toBe(1);
    const vatHalf = quoteLoan({ amount: 1_000, periods: 1, termUnitDays: 1, dailyRatePpm: 25_000, commissionPpm: 0, tax: { ratePpm: 20_000, base: ['interest', 'commission'] }, startDate: '2025-01-01' });
    expect(vatHalf.instalments[0]!.interest).toBe(25);
    expect(vatHalf.instalments[0]!.vat).toBe(1);
    const below = quoteLoan({ amount: 1_000, periods: 1, termUnitDays: 1, dailyRatePpm: 24_999, commissionPpm: 0, tax: noTax, startDate: '2025-01-01' });
    expect(below.instalments[0]!.interest).toBe(25); // 24.999 → 25
  });

  it('tax per market (decision 014): Mexico IVA 16 % of interest + commission; India GST 18 % of the processing fee, none on interest', () => {
    // Issue 12 §3: the Indian product charged 16 % IVA on interest (₹5.000,00 × 91 days: 45 500 interest, 15 000 fee → 9 680).
    const india = { amount: 500_000, periods: 1, termUnitDays: 91, dailyRatePpm: 1_000, commissionPpm: 30_000, startDate: '2025-01-01' };
    const q = quoteLoan({ ...india, tax: productTax({ market: 'IN', vatPpm: 180_000 }) });
    expect(q.instalments[0]).toMatchObject({ interest: 45_500, commission: 15_000, vat: 2_700, total: 500_000 + 45_500 + 15_000 + 2_700 });
    // GST rounds HALF_UP per instalment on the fee alone: ₹3.333,33 in 3 × 91 days → fee 10 000 (3 333, 3 333, 3 334) → 599,94 and 600,12 → 600
    const split = quoteLoan({ ...india, amount: 333_333, periods: 3, tax: markets.IN.tax });
    expect(split.instalments.map((x) => [x.commission, x.vat])).toEqual([
      [3_333, 600],
      [3_333, 600],
      [3_334, 600],
    ]);
    // Mexico, the same loan: 16 % of interest + commission
    const mexico = quoteLoan({ ...india, tax: productTax({ market: 'MX', vatPpm: 160_000 }) });
    expect(mexico.instalments[0]!.vat).toBe(9_680);
    expect(productTax({ market: 'IN', vatPpm: 180_000 })).toEqual({ ratePpm: 180_000, base: ['commission'] });
  });

  it('handles amounts whose products exceed 2^53 exactly (BigInt)', () => {
    // 999 999 999 × 20 000 × 400 = 7.99…e18 > 2^53
    const q = quoteLoan({ amount: 999_999_999, periods: 1, termUnitDays: 400, dailyRatePpm: 20_000, commissionPpm: 0, tax: noTax, startDate: '2025-01-01' });
    expect(q.instalments[0]!.interest).toBe(7_999_999_992);
  });

  it('splitRemainderLast and planDueDates', () => {
    expect(splitRemainderLast(10, 3)).toEqual([3, 3, 4]);
    expect(splitRemainderLast(2, 5)).toEqual([0, 0, 0, 0, 2]);
    expect(planDueDates('2024-12-20', 3, 10)).toEqual(['2024-12-30', '2025-01-09', '2025-01-19']);
    expect(() => quoteLoan({ ...base, periods: 0 })).toThrow(RangeError);
    expect(() => quoteLoan({ ...base, couponAmount: -1 })).toThrow(RangeError);
    expect(() => quoteLoan({ ...base, amount: 1.5 })).toThrow(RangeError);
  });

  it('contractualDueDate, instalmentTotal and planTotals of a stored plan', () => {
    expect(contractualDueDate('2024-12-20', 2, 10)).toBe('2025-01-09');
    const plan = [
      { seq: 1, dueDate: '2025-01-15', principal: 33_333, interest: 1_500, commission: 1_666, vat: 507 },
      { seq: 2, dueDate: '2025-02-20', principal: 33_334, interest: 750, commission: 1_667, vat: 387 },
    ];
    expect(instalmentTotal(plan[0]!)).toBe(37_006);
    expect(planTotals(plan)).toEqual({ principal: 66_667, interest: 2_250, commission: 3_333, vat: 894, totalOwed: 73_144 });
    expect(planTotals([])).toEqual({ principal: 0, interest: 0, commission: 0, vat: 0, totalOwed: 0 });
  });
});

describe('quoteLoan: properties', () => {
  const dateArb = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const inputArb = fc.record({
    amount: fc.integer({ min: 1, max: 1_000_000_000 }),
    periods: fc.integer({ min: 1, max: 24 }),
    termUnitDays: fc.integer({ min: 1, max: 400 }),
    dailyRatePpm: fc.integer({ min: 0, max: 20_000 }),
    commissionPpm: fc.integer({ min: 0, max: 300_000 }),
    tax: fc.record({
      ratePpm: fc.integer({ min: 0, max: 250_000 }),
      base: fc.subarray(['interest', 'commission', 'extension_fee'] as TaxableCharge[]),
    }),
    couponAmount: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 1_000_000_000 })),
    startDate: dateArb,
  });

  it('principal sums to the amount, commission to its total, parts ≥ 0, totals add up, dates increase, coupon capped', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quoteLoan(input);
        const xs = q.instalments;
        expect(xs).toHaveLength(input.periods);
        expect(xs.reduce((a, x) => a + x.principal, 0)).toBe(input.amount);
        const commissionTotal = Number((BigInt(input.amount) * BigInt(input.commissionPpm) * 2n + 1_000_000n) / 2_000_000n);
        expect(xs.reduce((a, x) => a + x.commission, 0)).toBe(commissionTotal);
        expect(q.totals.commission).toBe(commissionTotal);
        let outstanding = input.amount;
        for (const [i, x] of xs.entries()) {
          for (const v of [x.principal, x.interestAccrued, x.couponDiscount, x.interest, x.commission, x.vat, x.total]) {
            expect(Number.isSafeInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
          expect(x.seq).toBe(i + 1);
          expect(x.outstandingPrincipal).toBe(outstanding);
          outstanding -= x.principal;
          expect(x.total).toBe(x.principal + x.interest + x.commission + x.vat);
          // TAX_PER_INSTALMENT: on the charges of the market's base only
          const taxed = (input.tax.base.includes('interest') ? x.interest : 0) + (input.tax.base.includes('commission') ? x.commission : 0);
          expect(x.vat).toBe(Number((BigInt(taxed) * BigInt(input.tax.ratePpm) * 2n + 1_000_000n) / 2_000_000n));
          expect(x.interest).toBe(x.interestAccrued - x.couponDiscount);
          expect(daysBetween(input.startDate, x.dueDate)).toBe((i + 1) * input.termUnitDays);
          if (i > 0) {
            expect(x.dueDate > xs[i - 1]!.dueDate).toBe(true);
            expect(x.couponDiscount).toBe(0);
          }
        }
        expect(outstanding).toBe(0);
        const t = q.totals;
        expect(planTotals(xs)).toEqual({ principal: t.principal, interest: t.interest, commission: t.commission, vat: t.vat, totalOwed: t.totalOwed });
        expect(xs.reduce((a, x) => a + x.total, 0)).toBe(t.totalOwed);
        expect(t.totalOwed).toBe(t.principal + t.interest + t.commission + t.vat);
        expect(t.principal).toBe(input.amount);
        expect(t.received).toBe(input.amount);
        expect(t.couponApplied).toBeLessThanOrEqual(input.couponAmount);
        expect(t.couponApplied).toBeLessThanOrEqual(xs[0]!.interestAccrued);
        expect(t.couponApplied).toBe(Math.min(input.couponAmount, xs[0]!.interestAccrued));
      }),
      { numRuns: 500 },
    );
  });

  it('principal split: floor each, remainder on the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 1, max: 24 }), (total, parts) => {
        const xs = splitRemainderLast(total, parts);
        const each = Math.floor(total / parts);
        expect(xs.slice(0, -1).every((x) => x === each)).toBe(true);
        expect(xs.at(-1)).toBe(total - each * (parts - 1));
        expect(xs.reduce((a, b) => a + b, 0)).toBe(total);
      }),
    );
  });
});

describe('validateLoanRequest', () => {
  const rules: ProductRules = { amountMin: 100_000, amountMax: 1_000_000, amountStep: 50_000, periodsMin: 1, periodsMax: 6, termUnitDays: 15 };
  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      return { status: e.status, code: e.code, key: e.messageKey, vars: e.vars };
    }
    throw new Error('expected a refusal');
  };

  it('accepts a request within the rules and the limit', () => {
    expect(() => validateLoanRequest(rules, 500_000, { amount: 500_000, periods: 3, termUnit: 15 }, 'MX')).not.toThrow();
    expect(() => validateLoanRequest(rules, 500_000, { amount: 100_000, periods: 1 }, 'MX')).not.toThrow();
  });

  it('refuses with 422001 and formatted figures', () => {
    expect(refusal(() => validateLoanRequest(rules, 500_000, { amount: 50_000, periods: 3 }, 'MX'))).toEqual({
      status: 422,
      code: '422001',
      key: 'amountOutOfRange',
      vars: { min: '$1.000,00', max: '$10.000,00', step: '$500,00' },
    });
    expect(refusal(() => validateLoanRequest(rules, 500_000, { amount: 120_000, periods: 3 }, 'IN')).key).toBe('amountOutOfRange');
    expect(refusal(() => validateLoanRequest(rules, 500_000, { amount: 1_050_000, periods: 3 }, 'MX')).key).toBe('amountOutOfRange');
    expect(refusal(() => validateLoanRequest(rules, 500_000, { amount: 550_000, periods: 3 }, 'IN'))).toEqual({
      status: 422,
      code: '422001',
      key: 'amountOverLimit',
      vars: { limit: '₹5,000.00' },
    });
    expect(refusal(() => validateLoanRequest(rules, 500_000, { amount: 500_000, periods: 7 }, 'MX'))).toMatchObject({
      key: 'periodsOutOfRange',
      vars: { min: 1, max: 6 },
    });
    expect(refusal(() => validateLoanRequest(rules, 500_000, { amount: 500_000, periods: 0 }, 'MX')).key).toBe('periodsOutOfRange');
    expect(refusal(() => validateLoanRequest(rules, 500_000, { amount: 500_000, periods: 3, termUnit: 30 }, 'MX'))).toMatchObject({
      key: 'termUnitMismatch',
      vars: { days: 15 },
    });
  });

  it('default terms: the limit capped by the maximum, down to the step; periodsMin', () => {
    expect(defaultQuoteAmount(rules, 475_000)).toBe(450_000);
    expect(defaultQuoteAmount(rules, 5_000_000)).toBe(1_000_000);
    expect(defaultQuoteAmount(rules, 90_000)).toBeUndefined();
    expect(defaultQuotePeriods(rules)).toBe(1);
  });
});

describe('the named rules', () => {
  it('each has a row of its own in docs/money.md', () => {
    const doc = fs.readFileSync(new URL('../../../../../docs/money.md', import.meta.url), 'utf8');
    expect(new Set(quoteRules).size).toBe(quoteRules.length);
    for (const rule of quoteRules) expect(doc).toContain(`| \`${rule}\` |`);
  });
});
