import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import { quoteLoan } from '../loan/loan-quote';
import {
  accrueLateCharges,
  allocationOrder,
  applyPaymentEvent,
  defaultPenaltyFor,
  initialState,
  lateBase,
  positionAsOf,
  prepaymentFrom,
  quoteExtensionOn,
  replayPayments,
  stateFromLedger,
  summarise,
  type Allocation,
  type LateRule,
  type LedgerState,
  type LedgerTerms,
  type PaymentEvent,
  type PlanInstalment,
} from './ledger-math';

// ---------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------

function loan(opts: {
  amount?: number;
  periods?: number;
  termUnitDays?: number;
  dailyRatePpm?: number;
  commissionPpm?: number;
  vatPpm?: number;
  couponAmount?: number;
  disbursedOn?: CalendarDate;
  lateRule?: LateRule;
  repeatClient?: boolean;
  extensionEnabled?: boolean;
}): LedgerState {
  const terms = {
    amount: opts.amount ?? 100_000,
    periods: opts.periods ?? 1,
    termUnitDays: opts.termUnitDays ?? 15,
    dailyRatePpm: opts.dailyRatePpm ?? 1_000,
    commissionPpm: opts.commissionPpm ?? 50_000,
    vatPpm: opts.vatPpm ?? 160_000,
  };
  const disbursedOn = opts.disbursedOn ?? '2025-01-01';
  const q = quoteLoan({ ...terms, couponAmount: opts.couponAmount ?? 0, startDate: disbursedOn });
  const lateRule = opts.lateRule ?? 'mx_daily_fine';
  const ledgerTerms: LedgerTerms = {
    disbursedOn,
    periods: terms.periods,
    termUnitDays: terms.termUnitDays,
    dailyRatePpm: terms.dailyRatePpm,
    vatPpm: terms.vatPpm,
    lateRule,
    defaultPenalty: defaultPenaltyFor(lateRule, opts.repeatClient ?? false),
    extensionEnabled: opts.extensionEnabled ?? true,
  };
  const plan: PlanInstalment[] = q.instalments.map((x) => ({
    id: 1000 + x.seq,
    seq: x.seq,
    dueDate: x.dueDate,
    principal: x.principal,
    interest: x.interest,
    commission: x.commission,
    vat: x.vat,
  }));
  return initialState(ledgerTerms, plan);
}

const pay = (amount: number, date: CalendarDate, purpose: PaymentEvent['purpose'] = 'repayment'): PaymentEvent => ({ amount, date, purpose });
const sum = (xs: readonly { amount: number }[]) => xs.reduce((acc, x) => acc + x.amount, 0);
const rank = (c: string) => (allocationOrder as readonly string[]).indexOf(c);

// ---------------------------------------------------------------------------
// Hand-computed examples
// ---------------------------------------------------------------------------

describe('late charges as the material gives them', () => {
  // 100 000 at 0,10 %/day × 15 days = 1 500 interest, 5 % commission = 5 000, VAT 16 % × 6 500 = 1 040 → 107 540, due 2025-01-16.
  it('MX: 3 % per day of the unpaid principal + interest + commission + VAT, HALF_UP per day', () => {
    const s = loan({});
    expect(s.instalments[0]).toMatchObject({ dueDate: '2025-01-16', owed: { principal: 100_000, interest: 1_500, commission: 5_000, vat: 1_040 } });
    expect(positionAsOf(s, '2025-01-16').totals.owed.late_fee).toBe(0); // on the due date: not late
    const p = positionAsOf(s, '2025-01-19'); // day 3 late: 3 × HALF_UP(107 540 × 0,03 = 3 226,2) = 9 678
    expect(p.totals.owed.late_fee).toBe(9_678);
    expect(p.totals.owed.default_penalty).toBe(0);
    expect(p.totals.outstandingTotal).toBe(107_540 + 9_678);
    expect(p).toMatchObject({ daysLate: 3, overdue: true, expectedStatus: '180', amountDueNow: 117_218 });
  });

  it('IN: 5 % days 1–30, 4 % days 31–90, 2 % from day 91; one-off Rs.1,000 new / Rs.800 repeat', () => {
    // ₹5.000,00 for 91 days at 0,10 %/day: interest 45 500, commission 3 % = 15 000, VAT 16 % × 60 500 = 9 680 → 570 180
    const s = loan({ amount: 500_000, termUnitDays: 91, commissionPpm: 30_000, lateRule: 'in_tiered' });
    const due = s.instalments[0]!.dueDate;
    const { charges } = accrueLateCharges(s, addDays(due, 100));
    expect(charges.map((c) => [c.kind, daysBetween(due, c.accruedFrom), daysBetween(due, c.accruedThrough), c.days, c.ratePpm, c.amount])).toEqual([
      ['default_penalty', 1, 1, 1, null, 100_000],
      ['late_fee', 1, 30, 30, 50_000, 30 * 28_509], // 570 180 × 5 % = 28 509
      ['late_fee', 31, 90, 60, 40_000, 60 * 22_807], // 22 807,2 → 22 807
      ['late_fee', 91, 100, 10, 20_000, 10 * 11_404], // 11 403,6 → 11 404
    ]);
    const repeat = loan({ amount: 500_000, termUnitDays: 91, commissionPpm: 30_000, lateRule: 'in_tiered', repeatClient: true });
    expect(positionAsOf(repeat, addDays(due, 1)).totals.owed.default_penalty).toBe(80_000);
    // one-off: a second instalment falling late later is not charged again
    const two = loan({ amount: 500_000, periods: 2, termUnitDays: 91, lateRule: 'in_tiered' });
    const p = positionAsOf(two, addDays(two.instalments[1]!.dueDate, 5));
    expect(p.instalments.map((x) => x.owed.default_penalty)).toEqual([100_000, 0]);
  });

  it('crystallising at D1 then accruing to D2 equals accruing to D2; a day is never charged twice', () => {
    const s = loan({ lateRule: 'in_tiered', periods: 3 });
    const once = accrueLateCharges(s, '2025-04-30').state;
    const twice = accrueLateCharges(accrueLateCharges(s, '2025-02-20').state, '2025-04-30').state;
    expect(twice.instalments).toEqual(once.instalments);
    expect(accrueLateCharges(once, '2025-04-30').charges).toEqual([]);
    expect(accrueLateCharges(once, '2025-03-01').charges).toEqual([]);
  });
});

describe('allocation (§9 order)', () => {
  it('a partial payment 3 days late pays the fine first, then commission, VAT, interest, principal', () => {
    const r = applyPaymentEvent(loan({}), pay(10_000, '2025-01-19'));
    expect(r.applied.charges.map((c) => c.amount)).toEqual([9_678]);
    expect(r.applied.allocations.map((a) => [a.component, a.amount])).toEqual([
      ['late_fee', 9_678],
      ['commission', 322],
    ]);
    const r2 = applyPaymentEvent(r.state, pay(6_000, '2025-01-19'));
    expect(r2.applied.allocations.map((a) => [a.component, a.amount])).toEqual([
      ['commission', 4_678],
      ['vat', 1_040],
      ['interest', 282],
    ]);
    expect(summarise(r2.state, '2025-01-19').totals.outstandingTotal).toBe(107_540 + 9_678 - 16_000);
  });

  it('oldest instalment first; the full amount due now settles; the excess is credit', () => {
    const s = loan({ amount: 300_000, periods: 3 }); // 111 020, 109 280, 107 540 due 01-16, 01-31, 02-15
    const r = applyPaymentEvent(s, pay(111_020, '2025-01-16'));
    expect(r.applied.allocations.every((a) => a.seq === 1)).toBe(true);
    expect(summarise(r.state, '2025-01-16')).toMatchObject({ amountDueNow: 0, nextDueDate: '2025-01-31', expectedStatus: '174' });
    const all = applyPaymentEvent(r.state, pay(109_280 + 107_540 + 5_000, '2025-01-31')); // window open from 01-24
    expect(all.applied.allocations.at(-1)).toEqual({ instalmentId: null, seq: null, component: 'overpayment', amount: 5_000 });
    const p = summarise(all.state, '2025-01-31');
    expect(p).toMatchObject({ expectedStatus: '200', credit: 5_000 });
    expect(p.totals.outstandingTotal).toBe(0);
  });

  it('prepayment only from max(7 days, half the term) after disbursal; before that the excess is credit', () => {
    expect(prepaymentFrom({ disbursedOn: '2025-01-01', periods: 1, termUnitDays: 15 })).toBe('2025-01-09');
    expect(prepaymentFrom({ disbursedOn: '2025-01-01', periods: 3, termUnitDays: 15 })).toBe('2025-01-24');
    expect(prepaymentFrom({ disbursedOn: '2025-01-01', periods: 1, termUnitDays: 7 })).toBe('2025-01-08');
    expect(prepaymentFrom({ disbursedOn: '2025-01-01', periods: 1, termUnitDays: 91 })).toBe('2025-02-16');
    const s = loan({});
    const early = applyPaymentEvent(s, pay(107_540, '2025-01-08'));
    expect(early.applied.allocations).toEqual([{ instalmentId: null, seq: null, component: 'overpayment', amount: 107_540 }]);
    expect(positionAsOf(s, '2025-01-08')).toMatchObject({ payableNow: 0, prepaymentAllowed: false });
    const inWindow = applyPaymentEvent(s, pay(107_540, '2025-01-09'));
    expect(summarise(inWindow.state, '2025-01-09')).toMatchObject({ expectedStatus: '200', credit: 0 });
  });
});

describe('extension', () => {
  it('before the due date: fee = one term of interest + VAT, due date + termUnit', () => {
    const q = quoteExtensionOn(loan({}), '2025-01-10');
    expect(q).toMatchObject({ available: true, lateCharges: 0, dueInterest: 0, dueInterestVat: 0, fee: 1_500, feeVat: 240, amount: 1_740 });
    expect(q).toMatchObject({ fromDueDate: '2025-01-16', toDueDate: '2025-01-31', shiftDays: 15 });
  });

  it('3 days late: late charges + due interest and its VAT + fee; the new term counts from the payment day', () => {
    const s = loan({});
    const q = quoteExtensionOn(accrueLateCharges(s, '2025-01-19').state, '2025-01-19');
    expect(q).toMatchObject({ lateCharges: 9_678, dueInterest: 1_500, dueInterestVat: 240, fee: 1_500, feeVat: 240, amount: 13_158 });
    expect(q).toMatchObject({ fromDueDate: '2025-01-16', toDueDate: '2025-02-03', shiftDays: 18 });
    const r = applyPaymentEvent(s, pay(13_158, '2025-01-19', 'extension'));
    expect(r.applied.extension?.amount).toBe(13_158);
    expect(r.applied.allocations.map((a) => [a.component, a.amount])).toEqual([
      ['late_fee', 9_678],
      ['vat', 240],
      ['interest', 1_500],
      ['extension_fee', 1_500],
      ['extension_vat', 240],
    ]);
    const p = positionAsOf(r.state, '2025-01-19');
    expect(p).toMatchObject({ nextDueDate: '2025-02-03', overdue: false, expectedStatus: '174' });
    // still owed at the new date: principal + commission + the rest of the VAT
    expect(p.totals.outstandingTotal).toBe(100_000 + 5_000 + 800);
    // no late charge until the new due date has passed
    expect(positionAsOf(r.state, '2025-02-03').totals.outstanding.late_fee).toBe(0);
  });

  it('too small an amount or a product without extensions: applied as a repayment', () => {
    const short = applyPaymentEvent(loan({}), pay(1_000, '2025-01-10', 'extension'));
    expect(short.applied).toMatchObject({ extensionRefused: 'amountTooLow' });
    expect(short.state.instalments[0]!.dueDate).toBe('2025-01-16');
    const off = applyPaymentEvent(loan({ extensionEnabled: false }), pay(5_000, '2025-01-20', 'extension'));
    expect(off.applied).toMatchObject({ extensionRefused: 'disabled' });
  });
});

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

const loanArb = fc.record({
  amount: fc.integer({ min: 1_000, max: 5_000_000 }),
  periods: fc.integer({ min: 1, max: 6 }),
  termUnitDays: fc.integer({ min: 7, max: 91 }),
  dailyRatePpm: fc.integer({ min: 0, max: 5_000 }),
  commissionPpm: fc.integer({ min: 0, max: 100_000 }),
  vatPpm: fc.constantFrom(0, 160_000),
  couponAmount: fc.integer({ min: 0, max: 2_000 }),
  disbursedOn: fc.integer({ min: 0, max: 3_000 }).map((d) => addDays('2024-01-01', d)),
  lateRule: fc.constantFrom<LateRule>('mx_daily_fine', 'in_tiered'),
  repeatClient: fc.boolean(),
  extensionEnabled: fc.boolean(),
});

/** Payments: days after the previous one (0..120; the first after disbursal), an amount, a purpose. */
const eventsArb = fc.array(
  fc.record({
    gap: fc.integer({ min: 0, max: 120 }),
    amount: fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 8_000_000 })),
    purpose: fc.constantFrom<PaymentEvent['purpose']>('repayment', 'repayment', 'extension'),
    /** Sometimes received "before" the previous one (value date clamps). */
    backdate: fc.integer({ min: 0, max: 10 }),
  }),
  { maxLength: 12 },
);

function toEvents(s: LedgerState, raw: { gap: number; amount: number; purpose: PaymentEvent['purpose']; backdate: number }[]): PaymentEvent[] {
  let day = s.terms.disbursedOn;
  return raw.map((r) => {
    day = addDays(day, r.gap);
    return { amount: r.amount, purpose: r.purpose, date: addDays(day, -r.backdate) };
  });
}

function checkInvariants(s: LedgerState, asOf: CalendarDate) {
  const p = positionAsOf(s, asOf);
  for (const x of p.instalments) {
    for (const c of allocationOrder) {
      expect(x.paid[c]).toBeGreaterThanOrEqual(0);
      expect(x.outstanding[c]).toBeGreaterThanOrEqual(0);
      expect(x.paid[c]).toBeLessThanOrEqual(x.owed[c]);
    }
    // paid off ⇔ the scheduled components are fully paid (the SQL of refreshOverdue)
    const scheduledPaid = (['principal', 'interest', 'commission', 'vat'] as const).every((c) => x.outstanding[c] === 0);
    expect(x.paidOff).toBe(scheduledPaid);
  }
  expect(p.credit).toBeGreaterThanOrEqual(0);
  expect(p.totals.outstandingTotal).toBeGreaterThanOrEqual(0);
  // 200 exactly when nothing is owed
  expect(p.expectedStatus === '200').toBe(p.totals.outstandingTotal === 0);
  return p;
}

describe('ledger properties (fast-check)', () => {
  it('allocations add up to payments, no balance goes negative, 200 iff nothing owed, deterministic', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 400 }), (l, raw, tail) => {
        const s0 = loan(l);
        const events = toEvents(s0, raw);
        const { state, applied } = replayPayments(s0, events);
        expect(replayPayments(s0, events)).toEqual({ state, applied });

        for (const a of applied) {
          expect(sum(a.allocations)).toBe(a.amount);
          expect(a.allocations.every((x) => x.amount > 0)).toBe(true);
        }
        const allAllocs = applied.flatMap((a) => a.allocations);
        expect(sum(allAllocs)).toBe(sum(events));
        const last = applied.at(-1)?.valueDate ?? s0.terms.disbursedOn;
        const asOf = addDays(last, tail);
        const p = checkInvariants(state, asOf);
        // everything paid = the instalment allocations; credit = the overpayments
        expect(p.totals.paidTotal).toBe(sum(allAllocs.filter((a) => a.instalmentId !== null)));
        expect(p.credit).toBe(sum(allAllocs.filter((a) => a.component === 'overpayment')));
        // value dates never go backwards
        for (let i = 1; i < applied.length; i++) expect(applied[i]!.valueDate >= applied[i - 1]!.valueDate).toBe(true);
        // default penalty: none for MX, one-off for IN
        const penalty = p.totals.owed.default_penalty;
        expect(penalty === 0 || (l.lateRule === 'in_tiered' && penalty === s0.terms.defaultPenalty)).toBe(true);
        // once settled, nothing accrues any more
        if (p.expectedStatus === '200') expect(positionAsOf(state, addDays(asOf, 500)).totals.outstandingTotal).toBe(0);
        // the database's view (sums of the stored rows) is the same state
        const stored = stateFromLedger(
          s0.terms,
          state.instalments.map((x) => ({ id: x.id, seq: x.seq, dueDate: x.dueDate, principal: x.owed.principal, interest: x.owed.interest, commission: x.owed.commission, vat: x.owed.vat })),
          applied.flatMap((a) => a.charges),
          allAllocs,
          state.accruedThrough,
        );
        expect(stored).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it('allocation order: oldest payable instalment first, components in §9 order, nothing skipped', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 1, max: 8_000_000 }), fc.integer({ min: 0, max: 200 }), (l, raw, amount, gap) => {
        const s0 = loan(l);
        const events = toEvents(s0, raw);
        const before = replayPayments(s0, events).state;
        const date = addDays(before.accruedThrough ?? s0.terms.disbursedOn, gap);
        const { state: after, applied } = applyPaymentEvent(before, pay(amount, date));
        const instalmentAllocs = applied.allocations.filter((a) => a.instalmentId !== null);
        // keys strictly increase: (seq, component rank)
        for (let i = 1; i < instalmentAllocs.length; i++) {
          const [a, b] = [instalmentAllocs[i - 1]!, instalmentAllocs[i]!];
          expect(a.seq! < b.seq! || (a.seq === b.seq && rank(a.component) < rank(b.component))).toBe(true);
        }
        // every item the payment moved past is fully paid
        const pos = summarise(after, applied.valueDate);
        const outOf = (x: Allocation) => pos.instalments.find((i) => i.id === x.instalmentId)!.outstanding[x.component as 'principal'];
        instalmentAllocs.slice(0, -1).forEach((x) => expect(outOf(x)).toBe(0));
        // credit only when every payable instalment is paid off; nothing goes to a not-yet-payable one
        const credited = applied.allocations.some((a) => a.component === 'overpayment');
        if (credited) expect(pos.payableNow).toBe(0);
        if (!pos.prepaymentAllowed) {
          for (const a of instalmentAllocs) expect(pos.instalments.find((i) => i.id === a.instalmentId)!.dueDate <= applied.valueDate).toBe(true);
        }
        checkInvariants(after, applied.valueDate);
      }),
      { numRuns: 300 },
    );
  });

  it('an extension moves every unpaid instalment by the same days: termUnit on or before the due date, from D when late; the loan is current after it', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 200 }), (l, raw, gap) => {
        const s0 = loan({ ...l, extensionEnabled: true });
        const before = replayPayments(s0, toEvents(s0, raw)).state;
        const D = addDays(before.accruedThrough ?? s0.terms.disbursedOn, gap);
        const accrued = accrueLateCharges(before, D).state;
        const q = quoteExtensionOn(accrued, D);
        if (!q.available) return;
        const { state: after, applied } = applyPaymentEvent(before, pay(Math.max(q.amount, 1), D, 'extension'));
        expect(applied.extension).toEqual(q);
        const late = Math.max(0, daysBetween(q.fromDueDate!, D));
        expect(q.shiftDays).toBe(l.termUnitDays + late);
        for (const [i, x] of after.instalments.entries()) {
          const was = before.instalments[i]!;
          expect(x.dueDate).toBe(q.movedInstalmentIds.includes(x.id) ? addDays(was.dueDate, q.shiftDays) : was.dueDate);
        }
        const p = positionAsOf(after, D);
        expect(p.overdue).toBe(false);
        expect(p.totals.outstanding.late_fee + p.totals.outstanding.default_penalty).toBe(0);
        expect(p.expectedStatus).not.toBe('180');
        // due dates still strictly increase
        for (let i = 1; i < after.instalments.length; i++) expect(after.instalments[i]!.dueDate > after.instalments[i - 1]!.dueDate).toBe(true);
        checkInvariants(after, D);
      }),
      { numRuns: 300 },
    );
  });

  it('late charges: base never includes charges; accruing in pieces equals accruing at once', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), (l, raw, g1, g2) => {
        const s0 = loan(l);
        const s = replayPayments(s0, toEvents(s0, raw)).state;
        const start = s.accruedThrough ?? s0.terms.disbursedOn;
        const d1 = addDays(start, g1);
        const d2 = addDays(d1, g2);
        const direct = accrueLateCharges(s, d2);
        const pieces = accrueLateCharges(accrueLateCharges(s, d1).state, d2);
        expect(pieces.state).toEqual(direct.state);
        for (const c of direct.charges) {
          const x = s.instalments.find((i) => i.id === c.instalmentId)!;
          expect(c.base).toBe(lateBase(x));
          expect(c.accruedFrom > x.dueDate).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
