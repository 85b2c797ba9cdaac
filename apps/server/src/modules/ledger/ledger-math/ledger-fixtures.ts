import fc from 'fast-check';
import { expect } from 'vitest';
import { addDays, type CalendarDate } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { quoteLoan } from '../../pricing/loan-quote';
import { positionAsOf } from './position';
import { replayPayments, type LedgerEvent, type PaymentEvent } from './replay';
import { defaultPenaltyFor, type LateRule } from './rules';
import {
  allocationOrder,
  initialState,
  type LedgerState,
  type LedgerTerms,
  type PlanInstalment,
  type TaxTerms,
} from './state';

/* Fixtures of the ledger core's tests: a loan priced as the catalogue prices it, payments, and the fast-check arbitraries and invariants the property tests share. */

export const MX_TAX = markets.MX.tax;
export const IN_TAX = markets.IN.tax;
/** What every order submitted before issue 12 was priced with, whatever its market (migration 0010). */
export const OLD_RULE_TAX: TaxTerms = { ratePpm: 160_000, base: ['interest', 'commission', 'extension_fee'] };

export function loan(opts: {
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

export const pay = (amount: number, date: CalendarDate, purpose: PaymentEvent['purpose'] = 'repayment'): PaymentEvent => ({ amount, date, purpose });
export const sum = (xs: readonly { amount: number }[]) => xs.reduce((acc, x) => acc + x.amount, 0);
export const rank = (c: string) => (allocationOrder as readonly string[]).indexOf(c);

export const loanArb = fc.record({
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
export const eventsArb = fc.array(
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
export const eventsWithExitsArb = fc.array(
  fc.record({
    gap: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 60 })),
    amount: fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 8_000_000 })),
    purpose: fc.constantFrom<RawEvent['purpose']>('repayment', 'repayment', 'extension', 'refund', 'exit', 'exit'),
    backdate: fc.integer({ min: 0, max: 2 }),
  }),
  { maxLength: 10 },
);

export type RawEvent = { gap: number; amount: number; purpose: PaymentEvent['purpose'] | 'refund' | 'exit'; backdate: number };

export function toEvents(s: LedgerState, raw: RawEvent[]): LedgerEvent[] {
  let day = s.terms.disbursedOn;
  return raw.map((r): LedgerEvent => {
    day = addDays(day, r.gap);
    const date = addDays(day, -r.backdate);
    if (r.purpose === 'exit') return { kind: 'coolingOffExit', date, coolingOffDays: 3 };
    return r.purpose === 'refund' ? { kind: 'refund', amount: r.amount, date } : { amount: r.amount, purpose: r.purpose, date };
  });
}

export const paymentsOnly = (events: LedgerEvent[]) => events.filter((e): e is PaymentEvent => e.kind !== 'refund' && e.kind !== 'coolingOffExit');

export function checkInvariants(s: LedgerState, asOf: CalendarDate) {
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
export function storedRows(applied: ReturnType<typeof replayPayments>['applied']) {
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
