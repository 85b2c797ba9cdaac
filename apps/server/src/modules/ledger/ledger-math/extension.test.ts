import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@presta/contract/dates';
import { accrueLateCharges } from './accrual';
import { quoteExtensionOn } from './extension';
import { checkInvariants, eventsArb, IN_TAX, loan, loanArb, OLD_RULE_TAX, pay, toEvents } from './ledger-fixtures';
import { positionAsOf } from './position';
import { applyPaymentEvent, replayPayments } from './replay';

describe('extension', () => {
  it('before the due date: fee = one term of interest + VAT, due date + termUnit', () => {
    const q = quoteExtensionOn(loan({}), '2025-01-10');
    expect(q).toMatchObject({ available: true, lateCharges: 0, dueInterest: 0, dueInterestTax: 0, fee: 1_500, feeTax: 240, amount: 1_740 });
    expect(q).toMatchObject({ fromDueDate: '2025-01-16', toDueDate: '2025-01-31', shiftDays: 15 });
  });

  it('3 days late: late charges + due interest and its VAT + fee; the new term counts from the payment day', () => {
    const s = loan({});
    const q = quoteExtensionOn(accrueLateCharges(s, '2025-01-19').state, '2025-01-19');
    expect(q).toMatchObject({ lateCharges: 9_678, dueInterest: 1_500, dueInterestTax: 240, fee: 1_500, feeTax: 240, amount: 13_158 });
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

describe('issue 12: tax per market in the ledger', () => {
  it('India: GST on the fee only — no tax on the extension fee nor on the due interest', () => {
    const s = loan({ amount: 500_000, termUnitDays: 91, commissionPpm: 30_000, lateRule: 'in_tiered', tax: IN_TAX });
    expect(s.instalments[0]!.owed).toMatchObject({ interest: 45_500, commission: 15_000, vat: 2_700 });
    const late = accrueLateCharges(s, '2025-04-05').state; // 4 days after the due date 04-01
    const q = quoteExtensionOn(late, '2025-04-05');
    expect(q).toMatchObject({ dueInterest: 45_500, dueInterestTax: 0, fee: 45_500, feeTax: 0 });
    expect(q.amount).toBe(q.lateCharges + 45_500 + 45_500);
  });

  it('Mexico: IVA on the due interest (capped at the unpaid IVA) and on the fee; an order priced before issue 12 keeps its rule', () => {
    const mx = quoteExtensionOn(accrueLateCharges(loan({}), '2025-01-19').state, '2025-01-19');
    expect(mx).toMatchObject({ dueInterestTax: 240, feeTax: 240 });
    const old = loan({ amount: 500_000, termUnitDays: 91, commissionPpm: 30_000, lateRule: 'in_tiered', tax: OLD_RULE_TAX });
    expect(quoteExtensionOn(old, '2025-01-10')).toMatchObject({ fee: 45_500, feeTax: 7_280 });
  });
});

describe('ledger properties (fast-check)', () => {
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
});
