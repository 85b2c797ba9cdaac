import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import { divideHalfUp } from '@presta/contract/money';
import { quoteCoolingOffExit, type CoolingOffExitEvent } from './cooling-off';
import {
  checkInvariants,
  eventsWithExitsArb,
  IN_TAX,
  loan,
  loanArb,
  paymentsOnly,
  storedRows,
  sum,
  toEvents,
} from './ledger-fixtures';
import { positionAsOf } from './position';
import { applyPaymentEvent, replayPayments } from './replay';
import { stateFromLedger, type CoolingOffExit, type LedgerState } from './state';

describe('cooling-off exit (India KFS: COOLING_OFF_*)', () => {
  // ₹5,000 in one 91-day instalment at 0,10 % a day, 3 % processing fee + 18 % GST: interest 45 500, fee 15 000, GST 2 700.
  const india = () => loan({ amount: 500_000, periods: 1, termUnitDays: 91, dailyRatePpm: 1_000, commissionPpm: 30_000, tax: IN_TAX, lateRule: 'in_tiered', disbursedOn: '2025-01-01' });
  const ask = (s: LedgerState, date: CalendarDate): LedgerState => {
    const q = quoteCoolingOffExit(s, date, 3);
    if (!('exit' in q)) throw new Error(q.refusal);
    return { ...s, exit: q.exit };
  };

  it('asked on day 2: principal + 2 days of interest (501 000); day 3 is the last day; day 4 is refused', () => {
    const s = india();
    expect(s.instalments[0]!.owed).toMatchObject({ principal: 500_000, interest: 45_500, commission: 15_000, vat: 2_700 });
    expect(quoteCoolingOffExit(s, '2025-01-03', 3)).toEqual({
      exit: { id: 0, requestedOn: '2025-01-03', expiresOn: '2025-01-04', daysUsed: 2, principal: 500_000, interest: 1_000, amount: 501_000 },
    });
    expect(quoteCoolingOffExit(s, '2025-01-01', 3)).toMatchObject({ exit: { daysUsed: 1, interest: 500, amount: 500_500 } });
    expect(quoteCoolingOffExit(s, '2025-01-04', 3)).toMatchObject({ exit: { daysUsed: 3, amount: 501_500 } });
    expect(quoteCoolingOffExit(s, '2025-01-05', 3)).toEqual({ refusal: 'outsidePeriod', expiresOn: '2025-01-04' });
  });

  it('the exit amount paid settles: principal and 2 days of interest paid, fee, GST and the rest of the interest waived', () => {
    const s = ask(india(), '2025-01-03');
    const before = positionAsOf(s, '2025-01-03');
    expect(before.nextPayment).toEqual({ dueDate: '2025-01-04', amount: 501_000 });
    expect(before.coolingOffExit).toMatchObject({ amount: 501_000, due: 501_000 });
    const r = applyPaymentEvent(s, { amount: 501_000, purpose: 'repayment', date: '2025-01-03' });
    expect(r.applied.allocations).toEqual([
      { instalmentId: 1001, seq: 1, component: 'interest', amount: 1_000 },
      { instalmentId: 1001, seq: 1, component: 'principal', amount: 500_000 },
    ]);
    expect(r.applied.coolingOffExit?.waivers).toEqual([
      { instalmentId: 1001, seq: 1, component: 'commission', amount: 15_000 },
      { instalmentId: 1001, seq: 1, component: 'vat', amount: 2_700 },
      { instalmentId: 1001, seq: 1, component: 'interest', amount: 44_500 },
    ]);
    const p = positionAsOf(r.state, '2025-01-03');
    expect(p).toMatchObject({ expectedStatus: '200', credit: 0, nextPayment: null, coolingOffExit: null });
    expect(p.totals).toMatchObject({ owedTotal: 563_200, paidTotal: 501_000, waivedTotal: 62_200, outstandingTotal: 0 });
  });

  it('less than the exit amount keeps the loan open (credit); the rest on day 3 carries it out with the credit first', () => {
    const s = ask(india(), '2025-01-03');
    const part = applyPaymentEvent(s, { amount: 300_000, purpose: 'repayment', date: '2025-01-03' });
    expect(part.applied.coolingOffExit).toBeUndefined();
    const open = positionAsOf(part.state, '2025-01-03');
    expect(open).toMatchObject({ expectedStatus: '174', credit: 300_000, nextPayment: { dueDate: '2025-01-04', amount: 201_000 } });
    const rest = applyPaymentEvent(part.state, { amount: 201_500, purpose: 'repayment', date: '2025-01-04' });
    expect(rest.applied.creditApplications).toEqual([
      { day: '2025-01-04', amount: 300_000, allocations: [
        { instalmentId: 1001, seq: 1, component: 'interest', amount: 1_000 },
        { instalmentId: 1001, seq: 1, component: 'principal', amount: 299_000 },
      ] },
    ]);
    expect(rest.applied.allocations).toEqual([
      { instalmentId: 1001, seq: 1, component: 'principal', amount: 201_000 },
      { instalmentId: null, seq: null, component: 'overpayment', amount: 500 },
    ]);
    expect(positionAsOf(rest.state, '2025-01-04')).toMatchObject({ expectedStatus: '200', credit: 500, totals: { paidTotal: 501_000, waivedTotal: 62_200 } });
  });

  it('after its last day the exit lapses: the amount paid is credit and the schedule stands', () => {
    const s = ask(india(), '2025-01-03');
    expect(positionAsOf(s, '2025-01-05').nextPayment).toEqual({ dueDate: '2025-04-02', amount: 563_200 });
    const late = applyPaymentEvent(s, { amount: 501_000, purpose: 'repayment', date: '2025-01-05' });
    expect(late.applied.coolingOffExit).toBeUndefined();
    expect(positionAsOf(late.state, '2025-01-05')).toMatchObject({ expectedStatus: '174', credit: 501_000, totals: { waivedTotal: 0 } });
  });
});

describe('ledger properties (fast-check)', () => {
  it('cooling-off exits: money adds up with waivers (owed = paid + waived + outstanding); an exit is carried out only within its period and with the full amount, and settles the loan; the stored rows give the same state', () => {
    fc.assert(
      fc.property(loanArb, eventsWithExitsArb, fc.integer({ min: 0, max: 100 }), (l, raw, tail) => {
        const s0 = loan(l);
        const events = toEvents(s0, raw);
        const { state, applied } = replayPayments(s0, events);
        let inForce: CoolingOffExit | null = null;
        for (const [i, a] of applied.entries()) {
          expect(sum(a.allocations)).toBe(a.amount);
          for (const c of a.creditApplications) expect(sum(c.allocations)).toBe(c.amount);
          if ('kind' in a && a.kind === 'coolingOffExit') {
            const e = events[i] as CoolingOffExitEvent;
            // granted only from the disbursal through disbursedOn + 3
            if (a.exit) {
              expect(a.valueDate <= addDays(s0.terms.disbursedOn, 3)).toBe(true);
              // nothing can be paid to an instalment within 3 days (terms of 7 days or more): the whole principal + COOLING_OFF_INTEREST_DAYS_USED
              const scheduledInterest = s0.instalments.reduce((acc, x) => acc + x.owed.interest, 0);
              expect(a.exit.daysUsed).toBe(Math.max(1, daysBetween(s0.terms.disbursedOn, a.valueDate)));
              expect(a.exit.principal).toBe(l.amount);
              expect(a.exit.interest).toBe(Math.min(scheduledInterest, Number(divideHalfUp(BigInt(l.amount) * BigInt(l.dailyRatePpm) * BigInt(a.exit.daysUsed), 1_000_000n))));
              expect(a.exit.amount).toBe(a.exit.principal + a.exit.interest);
              inForce = a.exit;
            } else if (a.valueDate > addDays(s0.terms.disbursedOn, e.coolingOffDays)) {
              expect(a.refused).toBe('outsidePeriod');
            }
            continue;
          }
          if (!('kind' in a) && a.coolingOffExit) {
            // carried out: in force, within its validity, with credit + payment ≥ what it took
            expect(inForce).not.toBeNull();
            expect(a.valueDate <= inForce!.expiresOn).toBe(true);
            const took = sum([...a.allocations, ...a.creditApplications.flatMap((c) => c.allocations)].filter((x) => x.component === 'interest' || x.component === 'principal'));
            expect(took).toBe(inForce!.amount);
            expect(a.coolingOffExit.waivers.every((w) => w.amount > 0 && w.component !== 'principal')).toBe(true);
            inForce = null;
          }
        }
        const asOf = addDays(applied.at(-1)?.valueDate ?? s0.terms.disbursedOn, tail);
        const p = checkInvariants(state, asOf);
        const exited = applied.some((a) => !('kind' in a) && a.coolingOffExit !== undefined);
        if (exited) {
          // settled: principal paid in full, interest paid = the exit's interest (nothing else of it), the rest waived
          expect(p.expectedStatus).toBe('200');
          expect(p.totals.paid.principal).toBe(p.totals.owed.principal);
          expect(p.totals.paid.commission + p.totals.paid.vat + p.totals.paid.late_fee + p.totals.paid.default_penalty).toBe(0);
          expect(p.totals.waivedTotal).toBe(p.totals.owedTotal - p.totals.paidTotal);
          expect(positionAsOf(state, addDays(asOf, 300)).totals.outstandingTotal).toBe(0);
        } else {
          expect(p.totals.waivedTotal).toBe(0);
        }
        const received = sum(paymentsOnly(events));
        expect(p.received).toBe(received);
        const rows = storedRows(applied);
        const stored = stateFromLedger({
          terms: s0.terms,
          plan: state.instalments.map((x) => ({ id: x.id, seq: x.seq, dueDate: x.dueDate, principal: x.owed.principal, interest: x.owed.interest, commission: x.owed.commission, vat: x.owed.vat })),
          ...rows,
          accruedThrough: state.accruedThrough,
        });
        expect(stored).toEqual(state);
      }),
      { numRuns: 400 },
    );
  });
});
