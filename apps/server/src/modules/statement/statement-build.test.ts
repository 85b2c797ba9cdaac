import { describe, expect, it } from 'vitest';
import { addDays } from '@presta/contract/dates';
import { positionAsOf } from '../ledger/ledger-math/position';
import { initialState, type LedgerTerms } from '../ledger/ledger-math/state';
import type { LedgerRecord } from '../ledger/ledger-record';
import { buildStatement, checkAgainstLedger, dueDateAtDisbursal } from './statement-build';

const terms: LedgerTerms = {
  disbursedOn: '2026-01-01',
  periods: 1,
  termUnitDays: 15,
  dailyRatePpm: 1_000,
  tax: { ratePpm: 160_000, base: ['interest', 'commission', 'extension_fee'] },
  lateRule: 'mx_daily_fine',
  defaultPenalty: 0,
  extensionEnabled: true,
};
const plan = [{ id: 7, seq: 1, dueDate: '2026-01-16', principal: 100_000, interest: 1_500, commission: 5_000, vat: 1_040 }];

/** A loan with no payment, read on `asOf`. */
function record(asOf: string): LedgerRecord {
  const state = initialState(terms, plan);
  return {
    orderId: 1,
    orderNo: 'PR1',
    status: '174',
    timeZone: 'America/Mexico_City',
    terms,
    plan,
    lateCharges: [],
    extensions: [],
    events: [],
    asOf,
    accrued: { charges: [], creditApplications: [] },
    position: positionAsOf(state, asOf),
  };
}

describe('buildStatement (pure)', () => {
  it('the plan as disbursed, with the running balance', () => {
    const s = buildStatement(record('2026-01-10'));
    expect(s.events.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['disbursal', 100_000, 100_000],
      ['instalment', 7_540, 107_540],
    ]);
    expect(s.totals).toMatchObject({ charged: 107_540, paid: 0, outstanding: 107_540, credit: 0 });
    expect(dueDateAtDisbursal('2026-01-01', 2, 15)).toBe(addDays('2026-01-01', 30));
  });

  it('refuses to build a statement whose rows do not add up to the ledger (here: late charges the record leaves out)', () => {
    // Read 3 days after the due date without the accrued charges: the position owes 3 days of fine the rows lack.
    expect(() => buildStatement(record('2026-01-19'))).toThrow(/does not agree with the ledger: lateCharges 0 ≠ ledger 9678/);
  });

  it('checkAgainstLedger names every figure that differs', () => {
    const r = record('2026-01-10');
    const { totals } = buildStatement(r);
    expect(() => checkAgainstLedger({ ...totals, received: 1, credit: 5 }, r.position)).toThrow(/received 1 ≠ ledger 0, credit 5 ≠ ledger 0/);
    expect(() => checkAgainstLedger(totals, r.position)).not.toThrow();
  });
});
