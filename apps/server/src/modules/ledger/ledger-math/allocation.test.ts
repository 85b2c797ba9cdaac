import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@presta/contract/dates';
import { checkInvariants, eventsArb, loan, loanArb, pay, rank, toEvents } from './ledger-fixtures';
import { positionAsOf, summarise } from './position';
import { applyPaymentEvent, replayPayments } from './replay';
import { allocationOrder, maturityOf, prepaymentFrom, type Allocation } from './state';

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

describe('issue 12: allocation after maturity (ALLOCATION_BY_COMPONENT)', () => {
  // 2 × 15 days: 109 280 due 01-16 and 107 540 due 01-31 (maturity). On 02-02: instalment 1 is 17 days late
  // (17 × 3 278 = 55 726), instalment 2 two days (2 × 3 226 = 6 452).
  const two = () => loan({ amount: 200_000, periods: 2 });

  it('late fees of every instalment first, then the fees, across instalments (before: instalment 1’s principal was paid while instalment 2’s fee stayed unpaid)', () => {
    const r = applyPaymentEvent(two(), pay(70_000, '2025-02-02'));
    expect(r.applied.allocations.map((a) => [a.seq, a.component, a.amount])).toEqual([
      [1, 'late_fee', 55_726],
      [2, 'late_fee', 6_452],
      [1, 'commission', 5_000],
      [2, 'commission', 2_822],
    ]);
  });

  it('the tax on the commission goes with the fees, the tax on interest with the interest (TAX_COMMISSION_SHARE_FIRST)', () => {
    // commissions 10 000, their IVA 800 + 800; the rest of the IVA (on interest): 480 and 240
    const r = applyPaymentEvent(two(), pay(62_178 + 10_000 + 1_600 + 500, '2025-02-02'));
    expect(r.applied.allocations.map((a) => [a.seq, a.component, a.amount])).toEqual([
      [1, 'late_fee', 55_726],
      [2, 'late_fee', 6_452],
      [1, 'commission', 5_000],
      [2, 'commission', 5_000],
      [1, 'vat', 800],
      [2, 'vat', 800],
      [1, 'vat', 480],
      [2, 'vat', 20],
    ]);
  });

  it('on the maturity day itself and before: instalment by instalment', () => {
    expect(maturityOf(two())).toBe('2025-01-31');
    const r = applyPaymentEvent(two(), pay(60_000, '2025-01-31'));
    expect(r.applied.allocations.map((a) => [a.seq, a.component])).toEqual([
      [1, 'late_fee'],
      [1, 'commission'],
      [1, 'vat'],
      [1, 'interest'],
      [1, 'principal'],
    ]);
    expect(positionAsOf(two(), '2025-02-01')).toMatchObject({ maturityDate: '2025-01-31', afterMaturity: true });
  });
});

describe('ledger properties (fast-check)', () => {
  it('allocation order: by instalment up to maturity, by component across instalments after it; nothing skipped', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 1, max: 8_000_000 }), fc.integer({ min: 0, max: 200 }), (l, raw, amount, gap) => {
        const s0 = loan(l);
        const events = toEvents(s0, raw);
        const before = replayPayments(s0, events).state;
        const date = addDays(before.accruedThrough ?? s0.terms.disbursedOn, gap);
        const { state: after, applied } = applyPaymentEvent(before, pay(amount, date));
        const instalmentAllocs = applied.allocations.filter((a) => a.instalmentId !== null);
        const pos = summarise(after, applied.valueDate);
        const byId = new Map(pos.instalments.map((x) => [x.id, x]));
        if (applied.valueDate > maturityOf(after)) {
          // ALLOCATION_BY_COMPONENT: before any allocation (but the last), every instalment's lower-ranked components are paid
          for (const a of instalmentAllocs.slice(0, -1)) {
            for (const x of pos.instalments) {
              for (const c of allocationOrder.slice(0, rank(a.component))) expect(x.outstanding[c]).toBe(0);
            }
          }
          // and the last allocation's component is paid on every instalment before it
          const lastAlloc = instalmentAllocs.at(-1);
          if (lastAlloc && lastAlloc.component !== 'vat') {
            for (const x of pos.instalments.filter((i) => i.seq < lastAlloc.seq!)) expect(x.outstanding[lastAlloc.component as 'principal']).toBe(0);
          }
        } else {
          // ALLOCATION_BY_INSTALMENT: keys strictly increase (seq, component rank); every item moved past is fully paid
          for (let i = 1; i < instalmentAllocs.length; i++) {
            const [a, b] = [instalmentAllocs[i - 1]!, instalmentAllocs[i]!];
            expect(a.seq! < b.seq! || (a.seq === b.seq && rank(a.component) < rank(b.component))).toBe(true);
          }
          const outOf = (x: Allocation) => byId.get(x.instalmentId!)!.outstanding[x.component as 'principal'];
          instalmentAllocs.slice(0, -1).forEach((x) => expect(outOf(x)).toBe(0));
          if (!pos.prepaymentAllowed) {
            for (const a of instalmentAllocs) expect(byId.get(a.instalmentId!)!.dueDate <= applied.valueDate).toBe(true);
          }
        }
        // credit only when every payable instalment is paid off
        const credited = applied.allocations.some((a) => a.component === 'overpayment');
        if (credited) expect(pos.payableNow).toBe(0);
        checkInvariants(after, applied.valueDate);
      }),
      { numRuns: 300 },
    );
  });
});
