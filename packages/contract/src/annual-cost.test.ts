import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  annualCostOf,
  aprOf,
  catOf,
  internalRate,
  loanAnnualCost,
  loanCashFlows,
  rateToPpm,
  type TimedFlow,
} from './annual-cost';
import { addDays } from './dates';

const series = (count: number, amount: number, unit: (k: number) => number): TimedFlow[] =>
  Array.from({ length: count }, (_, i) => ({ at: unit(i + 1), amount }));

describe("the regulators' worked examples", () => {
  it("Banco de México's CAT example: $15,000, $100 of commission at signing, 24 monthly payments of $962.33 → CAT 57.4 %", () => {
    // Banxico's own illustration of Circular 21/2009's formula: Aj = 15 000 at t = 0; Bk = the commission at
    // t = 0 and 962.33 at k/12 years.
    const cat = catOf([{ at: 0, amount: 1_500_000 }], [{ at: 0, amount: 10_000 }, ...series(24, 96_233, (k) => k / 12)]);
    expect(cat).not.toBeNull();
    expect(rateToPpm(cat!, 1)).toBe(574_000);
  });

  it("the RBI's APR illustration: ₹20,000 sanctioned at 15 % for 24 months, ₹400 of up-front charges, net disbursed ₹19,600 → APR 17.07 %", () => {
    // RBI's illustrative KFS (Digital Lending Guidelines, carried into the KFS circular's Annex B): the EMI of
    // 20 000 at 15 % a year over 24 months is 969.73 (total interest 3 274); the APR is the monthly IRR of the
    // net disbursed amount against the EMIs, × 12.
    const apr = aprOf([{ at: 0, amount: 1_960_000 }], series(24, 96_973, (k) => k), 12);
    expect(rateToPpm(apr!, 2)).toBe(170_700);
  });

  it('the same illustration with the EMI rounded to ₹970 gives 17.10 %: the figure moves with the instalment, so the fixtures state it to the paisa', () => {
    const apr = aprOf([{ at: 0, amount: 1_960_000 }], series(24, 97_000, (k) => k), 12);
    expect(rateToPpm(apr!, 2)).toBe(171_000);
  });

  it('annualCostOf places dated flows: the Banxico example dated by months of 30 days (360-day year) is the same 57.4 %', () => {
    const start = '2026-01-01';
    const cost = annualCostOf(
      'MX',
      start,
      [
        { date: start, amount: 1_500_000, direction: 'received' },
        { date: start, amount: 10_000, direction: 'paid' },
        ...Array.from({ length: 24 }, (_, i) => ({ date: addDays(start, 30 * (i + 1)), amount: 96_233, direction: 'paid' as const })),
      ],
      30,
    );
    expect(cost?.kind).toBe('CAT');
    expect(cost?.rate).toBe('57,4%');
  });

  it('annualCostOf for India: 24 periods of 30 days annualised × 365/30 (the RBI multiplies a monthly IRR by 12; a period of days by the periods in 365 days)', () => {
    const start = '2026-01-01';
    const flows = [
      { date: start, amount: 1_960_000, direction: 'received' as const },
      ...Array.from({ length: 24 }, (_, i) => ({ date: addDays(start, 30 * (i + 1)), amount: 96_973, direction: 'paid' as const })),
    ];
    const cost = annualCostOf('IN', start, flows, 30)!;
    expect(cost.kind).toBe('APR');
    expect(cost.periodicRate * 12).toBeCloseTo(0.1707, 4);
    expect(cost.exact).toBeCloseTo(cost.periodicRate * (365 / 30), 12);
    expect(cost.sheet).toHaveLength(25);
    expect(cost.sheet[1]).toMatchObject({ day: 30, at: 1, paid: 96_973, received: 0 });
  });
});

const flowsArb = fc.record({
  received: fc.integer({ min: 10_000, max: 100_000_000 }),
  count: fc.integer({ min: 1, max: 12 }),
  periodDays: fc.integer({ min: 1, max: 120 }),
  markupPpm: fc.integer({ min: 0, max: 2_000_000 }),
});

function evenPlan(received: number, count: number, markupPpm: number) {
  const total = Math.round(received * (1 + markupPpm / 1e6));
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? total - each * (count - 1) : each));
}

describe('properties of the annual cost', () => {
  it('the solved rate equates what is received and what is paid (present values within a millionth)', () => {
    fc.assert(
      fc.property(flowsArb, ({ received, count, periodDays, markupPpm }) => {
        const paid = evenPlan(received, count, markupPpm).map((amount, i) => ({ at: ((i + 1) * periodDays) / 360, amount }));
        const r = internalRate([{ at: 0, amount: received }], paid)!;
        const pv = paid.reduce((acc, f) => acc + f.amount / (1 + r) ** f.at, 0);
        expect(Math.abs(pv - received) / received).toBeLessThan(1e-6);
      }),
    );
  });

  it('paying back exactly what was received costs 0 %; paying more costs more than 0 %', () => {
    fc.assert(
      fc.property(flowsArb, ({ received, count, periodDays, markupPpm }) => {
        const at = (i: number) => ((i + 1) * periodDays) / 360;
        const none = internalRate([{ at: 0, amount: received }], evenPlan(received, count, 0).map((amount, i) => ({ at: at(i), amount })))!;
        expect(Math.abs(none)).toBeLessThan(1e-9);
        fc.pre(markupPpm > 1_000);
        const some = internalRate([{ at: 0, amount: received }], evenPlan(received, count, markupPpm).map((amount, i) => ({ at: at(i), amount })))!;
        expect(some).toBeGreaterThan(0);
      }),
    );
  });

  it('a charge added to any payment raises the rate; paying the same later lowers it', () => {
    fc.assert(
      fc.property(flowsArb, fc.integer({ min: 1, max: 1_000_000 }), fc.nat(), ({ received, count, periodDays, markupPpm }, charge, which) => {
        const base = evenPlan(received, count, markupPpm).map((amount, i) => ({ at: ((i + 1) * periodDays) / 360, amount }));
        const r = internalRate([{ at: 0, amount: received }], base)!;
        const k = which % count;
        const dearer = base.map((f, i) => (i === k ? { ...f, amount: f.amount + charge } : f));
        expect(internalRate([{ at: 0, amount: received }], dearer)!).toBeGreaterThan(r);
        fc.pre(markupPpm > 1_000);
        const later = base.map((f) => ({ ...f, at: f.at * 2 }));
        expect(internalRate([{ at: 0, amount: received }], later)!).toBeLessThan(r);
      }),
    );
  });

  it('one payment: the CAT is (paid / received)^(1/t) − 1 and the APR (paid / received − 1) × periods a year', () => {
    fc.assert(
      fc.property(flowsArb, ({ received, periodDays, markupPpm }) => {
        const paid = Math.round(received * (1 + markupPpm / 1e6));
        const t = periodDays / 360;
        const cat = catOf([{ at: 0, amount: received }], [{ at: t, amount: paid }])!;
        expect(cat).toBeCloseTo((paid / received) ** (1 / t) - 1, 6 - Math.max(0, Math.ceil(Math.log10(Math.abs(cat) + 1))));
        const apr = aprOf([{ at: 0, amount: received }], [{ at: 1, amount: paid }], 365 / periodDays)!;
        expect(apr).toBeCloseTo((paid / received - 1) * (365 / periodDays), 6);
      }),
    );
  });

  it("Mexico's CAT leaves the tax out and India's APR counts it; each is rounded to its regulator's decimals", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (amount, count, interest, tax) => {
          const start = '2026-03-02';
          const plan = evenPlan(amount, count, 0).map((principal, i) => ({ dueDate: addDays(start, 15 * (i + 1)), principal, interest, commission: 0, tax }));
          const mx = loanAnnualCost('MX', { start, received: amount, termUnitDays: 15, plan })!;
          const mxNoTax = loanAnnualCost('MX', { start, received: amount, termUnitDays: 15, plan: plan.map((x) => ({ ...x, tax: 0 })) })!;
          expect(mx.ratePpm).toBe(mxNoTax.ratePpm);
          expect(mx.ratePpm % 1_000).toBe(0);
          const inr = loanAnnualCost('IN', { start, received: amount, termUnitDays: 15, plan })!;
          const inrNoTax = loanAnnualCost('IN', { start, received: amount, termUnitDays: 15, plan: plan.map((x) => ({ ...x, tax: 0 })) })!;
          if (tax > 0) expect(inr.exact).toBeGreaterThan(inrNoTax.exact);
          expect(inr.ratePpm % 100).toBe(0);
          expect(loanCashFlows('MX', start, amount, plan)).toHaveLength(count + 1);
        },
      ),
    );
  });
});

describe('working days', () => {
  it('skips Saturdays and Sundays', () => {
    expect(addWorkingDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday → Monday
    expect(addWorkingDays('2026-11-24', 3)).toBe('2026-11-27'); // Tuesday → Friday
    expect(addWorkingDays('2026-11-26', 3)).toBe('2026-12-01'); // Thursday → Tuesday
  });
});
