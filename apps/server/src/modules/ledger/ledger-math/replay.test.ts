import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@presta/contract/dates';
import { checkInvariants, eventsArb, loan, loanArb, paymentsOnly, storedRows, sum, toEvents } from './ledger-fixtures';
import { positionAsOf } from './position';
import { replayPayments } from './replay';
import { stateFromLedger } from './state';

describe('ledger properties (fast-check)', () => {
  it('money adds up over payments, overpayments, extensions, late days and refunds; no balance goes negative; 200 iff nothing owed; deterministic', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 400 }), (l, raw, tail) => {
        const s0 = loan(l);
        const events = toEvents(s0, raw);
        const { state, applied } = replayPayments(s0, events);
        expect(replayPayments(s0, events)).toEqual({ state, applied });

        for (const a of applied) {
          expect(sum(a.allocations)).toBe(a.amount);
          expect(a.allocations.every((x) => x.amount > 0)).toBe(true);
          for (const c of a.creditApplications) expect(sum(c.allocations)).toBe(c.amount);
        }
        const payments = paymentsOnly(events);
        const allAllocs = applied.flatMap((a) => a.allocations);
        const received = sum(payments);
        expect(state.received).toBe(received);
        // allocated (from payments) = received − credit kept back; credit = overpayments − applied − refunded
        const overpaid = sum(allAllocs.filter((a) => a.component === 'overpayment'));
        const creditApplied = sum(applied.flatMap((a) => a.creditApplications));
        const refunded = sum(allAllocs.filter((a) => a.component === 'refund'));
        expect(sum(allAllocs.filter((a) => a.component !== 'refund'))).toBe(received);
        expect(state.credit).toBe(overpaid - creditApplied - refunded);
        expect(state.refunded).toBe(refunded);
        const last = applied.at(-1)?.valueDate ?? s0.terms.disbursedOn;
        const asOf = addDays(last, tail);
        const p = checkInvariants(state, asOf);
        // refunds only on a settled loan, never more than the credit
        for (const [i, a] of applied.entries()) {
          if (events[i]!.kind !== 'refund' || 'refused' in a) continue;
          expect(a.amount).toBe(events[i]!.amount);
        }
        // value dates never go backwards (a refused refund crystallises nothing)
        const dates = applied.filter((a) => !('refused' in a)).map((a) => a.valueDate);
        for (let i = 1; i < dates.length; i++) expect(dates[i]! >= dates[i - 1]!).toBe(true);
        // default penalty: none for MX, one-off for IN
        const penalty = p.totals.owed.default_penalty;
        expect(penalty === 0 || (l.lateRule === 'in_tiered' && penalty === s0.terms.defaultPenalty)).toBe(true);
        // once settled, nothing accrues any more
        if (p.expectedStatus === '200') expect(positionAsOf(state, addDays(asOf, 500)).totals.outstandingTotal).toBe(0);
        // the database's view (sums of the stored rows) is the same state
        const rows = storedRows(applied);
        const stored = stateFromLedger({
          terms: s0.terms,
          plan: state.instalments.map((x) => ({ id: x.id, seq: x.seq, dueDate: x.dueDate, principal: x.owed.principal, interest: x.owed.interest, commission: x.owed.commission, vat: x.owed.vat })),
          ...rows,
          accruedThrough: state.accruedThrough,
        });
        expect(stored).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });
});
