import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, formatDate } from '@presta/contract/dates';
import { positionAsOf } from '../ledger/ledger-math/position';
import { applyPaymentEvent } from '../ledger/ledger-math/replay';
import { initialState, type LedgerTerms } from '../ledger/ledger-math/state';
import { endOfDayIn, extensionStableThrough, repaymentQuote, startOfDayIn } from './repayment-quote';

const terms: LedgerTerms = {
  disbursedOn: '2026-01-01',
  periods: 3,
  termUnitDays: 15,
  dailyRatePpm: 1_000,
  tax: { ratePpm: 160_000, base: ['interest', 'commission', 'extension_fee'] },
  lateRule: 'mx_daily_fine',
  defaultPenalty: 0,
  extensionEnabled: true,
};
const plan = [1, 2, 3].map((seq) => ({
  id: seq,
  seq,
  dueDate: addDays('2026-01-01', seq * 15),
  principal: 100_000,
  interest: 1_500 * (4 - seq),
  commission: 5_000,
  vat: Math.round((1_500 * (4 - seq) + 5_000) * 0.16),
}));
const totalOf = (i: number) => plan[i]!.principal + plan[i]!.interest + plan[i]!.commission + plan[i]!.vat;

describe('repaymentQuote', () => {
  it('before anything is due and before the prepayment window: nothing payable, the next instalment shown, payable from its due date', () => {
    const q = repaymentQuote(positionAsOf(initialState(terms, plan), '2026-01-05'));
    expect(q).toMatchObject({ payable: 0, shown: totalOf(0), dueDate: '2026-01-16', payableFrom: '2026-01-16', overdue: false });
  });

  it('due today: exactly what is due, valid today only', () => {
    const q = repaymentQuote(positionAsOf(initialState(terms, plan), '2026-01-16'));
    expect(q).toMatchObject({ payable: totalOf(0), shown: totalOf(0), payableFrom: null, stableThrough: '2026-01-16' });
    expect(q.instalments.map((x) => x.seq)).toEqual([1]);
  });

  it('overdue: late charges included; two instalments due → both', () => {
    const q = repaymentQuote(positionAsOf(initialState(terms, plan), '2026-02-01'));
    expect(q.instalments.map((x) => x.seq)).toEqual([1, 2]);
    expect(q.overdue).toBe(true);
    expect(q.payable).toBeGreaterThan(totalOf(0) + totalOf(1));
    expect(q.payable).toBe(q.instalments.reduce((a, x) => a + x.totalOutstanding, 0));
  });

  it('in the prepayment window with nothing due: the next instalment, stable up to 3 days', () => {
    const paid = applyPaymentEvent(initialState(terms, plan), { amount: totalOf(0), purpose: 'repayment', date: '2026-01-16' }).state;
    const q = repaymentQuote(positionAsOf(paid, '2026-01-25')); // window from day 23 = 2026-01-24
    expect(q).toMatchObject({ payable: totalOf(1), dueDate: '2026-01-31', payableFrom: null, stableThrough: '2026-01-27' });
    expect(repaymentQuote(positionAsOf(paid, '2026-01-30')).stableThrough).toBe('2026-01-31');
  });

  it('issue 12: credit held before the window covers the next instalment — the page asks for what the credit leaves, nothing for a covered one', () => {
    // instalment 1 paid on its due date with 30 000 more than due: held (window from 2026-01-24), it covers part of instalment 2
    const paid = applyPaymentEvent(initialState(terms, plan), { amount: totalOf(0) + 30_000, purpose: 'repayment', date: '2026-01-16' }).state;
    const q = repaymentQuote(positionAsOf(paid, '2026-01-20'));
    expect(q).toMatchObject({ payable: 0, shown: totalOf(1) - 30_000, credit: 30_000, dueDate: '2026-01-31', payableFrom: '2026-01-24' });
    // enough credit for instalment 2 in full: the page names instalment 3 and what the credit leaves of it
    const more = applyPaymentEvent(initialState(terms, plan), { amount: totalOf(0) + totalOf(1) + 100, purpose: 'repayment', date: '2026-01-16' }).state;
    const q3 = repaymentQuote(positionAsOf(more, '2026-01-20'));
    expect(q3).toMatchObject({ shown: totalOf(2) - 100, dueDate: '2026-02-15', credit: totalOf(1) + 100 });
    expect(q3.instalments.map((x) => x.seq)).toEqual([3]);
  });

  it('the extension price is stable until the day before the next due date, today when late', () => {
    const s = initialState(terms, plan);
    expect(extensionStableThrough(positionAsOf(s, '2026-01-05'))).toBe('2026-01-07');
    expect(extensionStableThrough(positionAsOf(s, '2026-01-14'))).toBe('2026-01-15');
    expect(extensionStableThrough(positionAsOf(s, '2026-01-16'))).toBe('2026-01-16');
    expect(extensionStableThrough(positionAsOf(s, '2026-01-20'))).toBe('2026-01-20');
  });
});

describe('day boundaries in a time zone', () => {
  it('start and end of a day are that day in the zone, one second apart from the next day', () => {
    const zones = ['America/Mexico_City', 'Asia/Kolkata', 'America/New_York', 'Europe/Madrid', 'UTC', 'Pacific/Chatham'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 3_000 }), (zone, offset) => {
        const day = addDays('2024-01-01', offset);
        const start = startOfDayIn(day, zone);
        const end = endOfDayIn(day, zone);
        expect(formatDate(start, { withTime: true, timeZone: zone })).toBe(`${day} 00:00:00`);
        expect(formatDate(end, { withTime: true, timeZone: zone })).toBe(`${day} 23:59:59`);
        expect(formatDate(new Date(end.getTime() + 1_000), { timeZone: zone })).toBe(addDays(day, 1));
      }),
      { numRuns: 300 },
    );
  });
});
