import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { divideHalfUp } from '@presta/contract/money';
import { quoteLoan } from '../pricing/loan-quote';
import {
  accrueLateCharges,
  allocationOrder,
  applyPaymentEvent,
  defaultPenaltyFor,
  initialState,
  ledgerRules,
  lateBase,
  maturityOf,
  positionAsOf,
  prepaymentFrom,
  quoteExtensionOn,
  refundCredit,
  replayPayments,
  quoteCoolingOffExit,
  settleCreditThrough,
  stateFromLedger,
  summarise,
  totalOutstanding,
  type Allocation,
  type CoolingOffExit,
  type CoolingOffExitEvent,
  type LateRule,
  type LedgerEvent,
  type LedgerState,
  type LedgerTerms,
  type PaymentEvent,
  type PlanInstalment,
  type TaxTerms,
} from './ledger-math';

// ---------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------

const MX_TAX = markets.MX.tax;
const IN_TAX = markets.IN.tax;
/** What every order submitted before issue 12 was priced with, whatever its market (migration 0010). */
const OLD_RULE_TAX: TaxTerms = { ratePpm: 160_000, base: ['interest', 'commission', 'extension_fee'] };

function loan(opts: {
  amount?: number;
  periods?: number;
  termUnitDays?: number;
  dailyRatePpm?: number;
  commissionPpm?: number;
  tax?: TaxTerms;
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
    tax: opts.tax ?? MX_TAX,
  };
  const disbursedOn = opts.disbursedOn ?? '2025-01-01';
  const q = quoteLoan({ ...terms, couponAmount: opts.couponAmount ?? 0, startDate: disbursedOn });
  const lateRule = opts.lateRule ?? 'mx_daily_fine';
  const ledgerTerms: LedgerTerms = {
    disbursedOn,
    periods: terms.periods,
    termUnitDays: terms.termUnitDays,
    dailyRatePpm: terms.dailyRatePpm,
    tax: terms.tax,
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

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

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

const loanArb = fc.record({
  amount: fc.integer({ min: 1_000, max: 5_000_000 }),
  periods: fc.integer({ min: 1, max: 6 }),
  termUnitDays: fc.integer({ min: 7, max: 91 }),
  dailyRatePpm: fc.integer({ min: 0, max: 5_000 }),
  commissionPpm: fc.integer({ min: 0, max: 100_000 }),
  tax: fc.constantFrom<TaxTerms>(MX_TAX, IN_TAX, OLD_RULE_TAX, { ratePpm: 0, base: [] }),
  couponAmount: fc.integer({ min: 0, max: 2_000 }),
  disbursedOn: fc.integer({ min: 0, max: 3_000 }).map((d) => addDays('2024-01-01', d)),
  lateRule: fc.constantFrom<LateRule>('mx_daily_fine', 'in_tiered'),
  repeatClient: fc.boolean(),
  extensionEnabled: fc.boolean(),
});

/** Payments and refunds: days after the previous one (0..120; the first after disbursal), an amount, a purpose. */
const eventsArb = fc.array(
  fc.record({
    gap: fc.integer({ min: 0, max: 120 }),
    amount: fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 8_000_000 })),
    purpose: fc.constantFrom<PaymentEvent['purpose'] | 'refund'>('repayment', 'repayment', 'extension', 'refund'),
    /** Sometimes received "before" the previous one (value date clamps). */
    backdate: fc.integer({ min: 0, max: 10 }),
  }),
  { maxLength: 12 },
);

/** The same with cooling-off exit requests, most events in the first days (the period is 3 days). */
const eventsWithExitsArb = fc.array(
  fc.record({
    gap: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 60 })),
    amount: fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 8_000_000 })),
    purpose: fc.constantFrom<RawEvent['purpose']>('repayment', 'repayment', 'extension', 'refund', 'exit', 'exit'),
    backdate: fc.integer({ min: 0, max: 2 }),
  }),
  { maxLength: 10 },
);

type RawEvent = { gap: number; amount: number; purpose: PaymentEvent['purpose'] | 'refund' | 'exit'; backdate: number };

function toEvents(s: LedgerState, raw: RawEvent[]): LedgerEvent[] {
  let day = s.terms.disbursedOn;
  return raw.map((r): LedgerEvent => {
    day = addDays(day, r.gap);
    const date = addDays(day, -r.backdate);
    if (r.purpose === 'exit') return { kind: 'coolingOffExit', date, coolingOffDays: 3 };
    return r.purpose === 'refund' ? { kind: 'refund', amount: r.amount, date } : { amount: r.amount, purpose: r.purpose, date };
  });
}

const paymentsOnly = (events: LedgerEvent[]) => events.filter((e): e is PaymentEvent => e.kind !== 'refund' && e.kind !== 'coolingOffExit');

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
    expect(x.creditCover + x.dueAfterCredit).toBe(x.totalOutstanding);
  }
  expect(p.credit).toBeGreaterThanOrEqual(0);
  expect(p.totals.outstandingTotal).toBeGreaterThanOrEqual(0);
  // owed = paid + waived + outstanding, per instalment and component and in total
  for (const x of p.instalments) for (const c of allocationOrder) expect(x.owed[c]).toBe(x.paid[c] + x.waived[c] + x.outstanding[c]);
  expect(p.totals.owedTotal).toBe(p.totals.paidTotal + p.totals.waivedTotal + p.totals.outstandingTotal);
  // every minor unit received is paid to an instalment, bought an extension, is held as credit or was refunded
  expect(p.received).toBe(p.totals.paidTotal + p.extensionFeePaid + p.extensionTaxPaid + p.credit + p.refunded);
  // CREDIT_APPLIED_WHEN_PAYABLE: credit is never held while something payable is unpaid
  if (p.credit > 0) expect(p.payableNow).toBe(0);
  // 200 exactly when nothing is owed
  expect(p.expectedStatus === '200').toBe(p.totals.outstandingTotal === 0);
  return p;
}

/** The rows the database would hold after a replay: charges, payment allocations and credit-event allocations, waivers and the exit in force. */
function storedRows(applied: ReturnType<typeof replayPayments>['applied']) {
  const requests = applied.flatMap((a) => ('kind' in a && a.kind === 'coolingOffExit' && a.exit ? [a.exit] : []));
  const carriedOut = applied.some((a) => !('kind' in a) && a.coolingOffExit !== undefined);
  const waivers = applied.flatMap((a) => (!('kind' in a) && a.coolingOffExit ? a.coolingOffExit.waivers : []));
  return {
    // ledger-service: the latest request is in force unless a payment carried it out (at most one can: it settles the loan).
    exit: carriedOut ? null : (requests.at(-1) ?? null),
    waivers: waivers.map((w) => ({ instalmentId: w.instalmentId!, component: w.component as (typeof allocationOrder)[number], amount: w.amount })),
    charges: applied.flatMap((a) => a.charges),
    allocations: applied.flatMap((a) => [
      ...a.creditApplications.flatMap((c) => c.allocations.map((x) => ({ ...x, fromCredit: true }))),
      ...a.allocations,
    ]),
  };
}

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
        const stored = stateFromLedger(
          s0.terms,
          state.instalments.map((x) => ({ id: x.id, seq: x.seq, dueDate: x.dueDate, principal: x.owed.principal, interest: x.owed.interest, commission: x.owed.commission, vat: x.owed.vat })),
          rows.charges,
          rows.allocations,
          state.accruedThrough,
          { waivers: rows.waivers, exit: rows.exit },
        );
        expect(stored).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

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
        const stored = stateFromLedger(
          s0.terms,
          state.instalments.map((x) => ({ id: x.id, seq: x.seq, dueDate: x.dueDate, principal: x.owed.principal, interest: x.owed.interest, commission: x.owed.commission, vat: x.owed.vat })),
          rows.charges,
          rows.allocations,
          state.accruedThrough,
          { waivers: rows.waivers, exit: rows.exit },
        );
        expect(stored).toEqual(state);
      }),
      { numRuns: 400 },
    );
  });

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
          // with credit held, the credit applied on a due date lowers the base first (CREDIT_APPLIED_WHEN_PAYABLE)
          if (s.credit === 0) expect(c.base).toBe(lateBase(x));
          expect(c.accruedFrom > x.dueDate).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the named rules', () => {
  it('each is named in docs/ledger.md', () => {
    const doc = fs.readFileSync(new URL('../../../../../docs/ledger.md', import.meta.url), 'utf8');
    expect(new Set(ledgerRules).size).toBe(ledgerRules.length);
    for (const rule of ledgerRules) expect(doc).toContain(`\`${rule}\``);
  });
});
