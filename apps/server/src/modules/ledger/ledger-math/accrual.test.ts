import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@presta/contract/dates';
import { accrueLateCharges } from './accrual';
import { eventsArb, loan, loanArb, OLD_RULE_TAX, pay, toEvents } from './ledger-fixtures';
import { positionAsOf } from './position';
import { applyPaymentEvent, refundCredit, replayPayments, settleCreditThrough } from './replay';
import { lateBase, totalOutstanding } from './state';

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
    // ₹5.000,00 for 91 days at 0,10 %/day: interest 45 500, commission 3 % = 15 000, tax (an order priced before issue 12: 16 % × 60 500) = 9 680 → 570 180
    const s = loan({ amount: 500_000, termUnitDays: 91, commissionPpm: 30_000, lateRule: 'in_tiered', tax: OLD_RULE_TAX });
    const due = s.instalments[0]!.dueDate;
    const { charges } = accrueLateCharges(s, addDays(due, 100));
    expect(charges.map((c) => [c.kind, daysBetween(due, c.accruedFrom), daysBetween(due, c.accruedThrough), c.days, c.ratePpm, c.amount])).toEqual([
      ['default_penalty', 1, 1, 1, null, 100_000],
      ['late_fee', 1, 30, 30, 50_000, 30 * 28_509], // 570 180 × 5 % = 28 509
      ['late_fee', 31, 90, 60, 40_000, 60 * 22_807], // 22 807,2 → 22 807
      ['late_fee', 91, 100, 10, 20_000, 10 * 11_404], // 11 403,6 → 11 404
    ]);
    const repeat = loan({ amount: 500_000, termUnitDays: 91, commissionPpm: 30_000, lateRule: 'in_tiered', repeatClient: true, tax: OLD_RULE_TAX });
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

describe('issue 12: credit applied by itself (CREDIT_APPLIED_WHEN_PAYABLE)', () => {
  // The example: Mexico $3.500 × 3 (the catalogue product: 0,05 %/day, 5 % commission, IVA 16 %), due 01-16, 01-31, 02-15;
  // the prepayment window opens on day 23 (01-24).
  const mexico = () => loan({ amount: 350_000, periods: 3, dailyRatePpm: 500, disbursedOn: '2026-01-01' });

  it('the plan: 126 477, 125 462 and 124 450', () => {
    expect(mexico().instalments.map((x) => [x.dueDate, x.owed.principal, x.owed.interest, x.owed.commission, x.owed.vat, totalOutstanding(x)])).toEqual([
      ['2026-01-16', 116_666, 2_625, 5_833, 1_353, 126_477],
      ['2026-01-31', 116_666, 1_750, 5_833, 1_213, 125_462],
      ['2026-02-15', 116_668, 875, 5_834, 1_073, 124_450],
    ]);
  });

  it('300 000 on instalment 1’s due date: 173 523 credit covers instalment 2; it accrues nothing and the borrower is asked for the rest of instalment 3 only', () => {
    const paid = applyPaymentEvent(mexico(), pay(300_000, '2026-01-16'));
    expect(paid.applied.allocations.at(-1)).toEqual({ instalmentId: null, seq: null, component: 'overpayment', amount: 173_523 });
    // Right after the payment: the credit is held and shown against the amounts it will pay.
    const now = positionAsOf(paid.state, '2026-01-16');
    expect(now).toMatchObject({ credit: 173_523, amountDueNow: 0, nextDueDate: '2026-01-31', nextPayment: { dueDate: '2026-02-15', amount: 76_389 } });
    expect(now.instalments.map((x) => [x.creditCover, x.dueAfterCredit])).toEqual([
      [0, 0],
      [125_462, 0],
      [48_061, 76_389],
    ]);
    // On the window's first day the credit pays instalment 2 and part of 3 by itself.
    const window = accrueLateCharges(paid.state, '2026-01-24');
    expect(window.creditApplications).toEqual([
      {
        day: '2026-01-24',
        amount: 173_523,
        allocations: [
          { instalmentId: 1002, seq: 2, component: 'commission', amount: 5_833 },
          { instalmentId: 1002, seq: 2, component: 'vat', amount: 1_213 },
          { instalmentId: 1002, seq: 2, component: 'interest', amount: 1_750 },
          { instalmentId: 1002, seq: 2, component: 'principal', amount: 116_666 },
          { instalmentId: 1003, seq: 3, component: 'commission', amount: 5_834 },
          { instalmentId: 1003, seq: 3, component: 'vat', amount: 1_073 },
          { instalmentId: 1003, seq: 3, component: 'interest', amount: 875 },
          { instalmentId: 1003, seq: 3, component: 'principal', amount: 40_279 },
        ],
      },
    ]);
    // When instalment 2 falls due and the day after: nothing late, nothing owed on it (before the fix: 3 764 of fine on 02-01).
    const after = positionAsOf(paid.state, '2026-02-01');
    expect(after.instalments[1]).toMatchObject({ paidOff: true, totalOutstanding: 0 });
    expect(after.totals.owed.late_fee).toBe(0);
    expect(after).toMatchObject({ credit: 0, creditApplied: 173_523, overdue: false, expectedStatus: '174', nextPayment: { dueDate: '2026-02-15', amount: 76_389 } });
    expect(after.received).toBe(after.totals.paidTotal);
  });

  it('before the window, credit waits for each due date; what it cannot cover accrues from the next day only', () => {
    // 5 × 15 days: window on day 38; instalment 2 falls due on day 30, before it.
    const s = loan({ amount: 500_000, periods: 5, disbursedOn: '2026-01-01' });
    const [i1, i2] = s.instalments.map((x) => totalOutstanding(x));
    const r = applyPaymentEvent(s, pay(i1! + 10_000, '2026-01-16'));
    expect(positionAsOf(r.state, '2026-01-30').credit).toBe(10_000); // not yet payable: held
    const due = positionAsOf(r.state, '2026-01-31');
    expect(due).toMatchObject({ credit: 0, amountDueNow: i2! - 10_000 });
    expect(due.totals.owed.late_fee).toBe(0);
    // one day late on what the credit did not cover: 3 % of (instalment 2 − 10 000)
    expect(positionAsOf(r.state, '2026-02-01').totals.owed.late_fee).toBe(Math.round((i2! - 10_000) * 0.03));
  });

  it('credit that covers everything left settles the loan once it may be applied (the window’s first day)', () => {
    const s = loan({ amount: 300_000, periods: 3, disbursedOn: '2026-01-01' });
    const total = s.instalments.reduce((acc, x) => acc + totalOutstanding(x), 0);
    const r = applyPaymentEvent(s, pay(total + 700, '2026-01-16'));
    expect(positionAsOf(r.state, '2026-01-23')).toMatchObject({ expectedStatus: '174', credit: total + 700 - 111_020, nextPayment: null });
    expect(positionAsOf(r.state, '2026-01-24')).toMatchObject({ expectedStatus: '200', credit: 700 });
    const settled = settleCreditThrough(r.state, '2026-02-10');
    expect(settled?.creditApplications.map((c) => [c.day, c.amount])).toEqual([['2026-01-24', total - 111_020]]);
    expect(settled?.state.accruedThrough).toBe('2026-01-24');
  });

  it('a payment after settlement is credit, refundable; refunds refuse an open loan and more than the credit (REFUND_SETTLED_CREDIT_ONLY)', () => {
    const s = loan({});
    const open = refundCredit(applyPaymentEvent(s, pay(50_000, '2025-01-10')).state, { kind: 'refund', amount: 1, date: '2025-01-10' });
    expect(open).toEqual({ refusal: 'loanOpen', credit: 0 });
    const settled = applyPaymentEvent(s, pay(107_540 + 5_000, '2025-01-16')).state;
    const later = applyPaymentEvent(settled, pay(700, '2025-02-01'));
    expect(later.applied.allocations).toEqual([{ instalmentId: null, seq: null, component: 'overpayment', amount: 700 }]);
    expect(refundCredit(later.state, { kind: 'refund', amount: 5_701, date: '2025-02-02' })).toEqual({ refusal: 'aboveCredit', credit: 5_700 });
    const refund = refundCredit(later.state, { kind: 'refund', amount: 5_000, date: '2025-02-02' });
    if ('refusal' in refund) throw new Error('expected a refund');
    expect(refund.applied.allocations).toEqual([{ instalmentId: null, seq: null, component: 'refund', amount: 5_000 }]);
    expect(positionAsOf(refund.state, '2025-02-02')).toMatchObject({ credit: 700, refunded: 5_000, received: 113_240, expectedStatus: '200' });
  });
});

describe('ledger properties (fast-check)', () => {
  it('no late charge accrues while credit covers what is payable; the credit crystallised by itself is what any later reader sees', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (l, raw, g1, g2) => {
        const s0 = loan(l);
        const s = replayPayments(s0, toEvents(s0, raw)).state;
        const start = s.accruedThrough ?? s0.terms.disbursedOn;
        const d1 = addDays(start, g1);
        const d2 = addDays(d1, g2);
        const direct = accrueLateCharges(s, d2);
        // credit still held at the end: it covered every amount as it became payable, so no charge could accrue
        if (direct.state.credit > 0) expect(direct.charges).toEqual([]);
        // an instalment the credit paid in full on its due date never carries a late fee accrued after that day
        for (const c of direct.creditApplications) {
          for (const x of direct.state.instalments) {
            const covered = c.allocations.some((a) => a.instalmentId === x.id) && x.dueDate === c.day;
            if (covered && totalOutstanding(x) === 0) {
              expect(direct.charges.filter((ch) => ch.instalmentId === x.id && ch.accruedFrom > c.day)).toEqual([]);
            }
          }
        }
        // crystallising the credit applications through d1 (the sweep, a read) then accruing to d2 = accruing to d2
        const settled = settleCreditThrough(s, d1);
        const base = settled ? settled.state : s;
        expect(positionAsOf(base, d2)).toEqual(positionAsOf(s, d2));
        if (settled) {
          expect(settled.creditApplications.length).toBeGreaterThan(0);
          expect(settled.state.accruedThrough).toBe(settled.creditApplications.at(-1)!.day);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('ledger properties (fast-check)', () => {
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
          // with credit held, the credit applied on a due date lowers the base first (CREDIT_APPLIED_WHEN_PAYABLE)
          if (s.credit === 0) expect(c.base).toBe(lateBase(x));
          expect(c.accruedFrom > x.dueDate).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
