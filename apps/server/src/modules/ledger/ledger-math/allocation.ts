import type { CalendarDate } from '@presta/contract/dates';
import { assertMinor, type Minor } from '@presta/contract/money';
import {
  allocationOrder,
  allocationStepsAfterMaturity,
  cloneState,
  commissionTaxShare,
  maturityOf,
  outstandingOf,
  prepaymentFrom,
  type Allocation,
  type CreditApplication,
  type InstalmentComponent,
  type InstalmentState,
  type LedgerState,
} from './state';

// ---------------------------------------------------------------------------
// Allocation (ALLOCATION_BY_INSTALMENT up to maturity, ALLOCATION_BY_COMPONENT after)
// ---------------------------------------------------------------------------

/** May the instalment take money on `day`: due on or before it, or the prepayment window is open. */
function payableOn(s: LedgerState, day: CalendarDate): (x: InstalmentState) => boolean {
  const prepaymentAllowed = day >= prepaymentFrom(s.terms);
  return (x) => prepaymentAllowed || x.dueDate <= day;
}

/**
 * Takes up to `amount` from what is payable on `day` (s is changed in place): ALLOCATION_BY_INSTALMENT on or
 * before maturity, ALLOCATION_BY_COMPONENT after it. Returns the allocations and what is left.
 */
function allocateInto(s: LedgerState, amount: Minor, day: CalendarDate): { allocations: Allocation[]; rest: Minor } {
  const allocations: Allocation[] = [];
  let rest = amount;
  const take = (x: InstalmentState, component: InstalmentComponent, most: Minor) => {
    const t = Math.min(rest, most);
    if (t <= 0) return;
    x.paid[component] += t;
    rest -= t;
    const last = allocations.at(-1);
    if (last && last.instalmentId === x.id && last.component === component) last.amount += t;
    else allocations.push({ instalmentId: x.id, seq: x.seq, component, amount: t });
  };
  if (day > maturityOf(s)) {
    // After maturity every instalment is due: by component across all of them.
    for (const step of allocationStepsAfterMaturity) {
      for (const x of s.instalments) {
        if (rest === 0) break;
        if (step === 'vat_on_commission') take(x, 'vat', commissionTaxShare(x, s.terms.tax) - x.paid.vat - x.waived.vat);
        else if (step === 'vat_on_interest') take(x, 'vat', outstandingOf(x).vat);
        else take(x, step, outstandingOf(x)[step]);
      }
    }
  } else {
    const payable = payableOn(s, day);
    for (const x of s.instalments) {
      if (rest === 0) break;
      if (!payable(x)) continue;
      for (const c of allocationOrder) {
        take(x, c, outstandingOf(x)[c]);
        if (rest === 0) break;
      }
    }
  }
  return { allocations, rest };
}

/**
 * A repayment of `amount` on `valueDate` over what is payable (allocateInto); the rest is OVERPAYMENT_CREDIT.
 * The state must be accrued through the value date.
 */
export function allocateRepayment(
  state: LedgerState,
  amount: Minor,
  valueDate: CalendarDate,
): { state: LedgerState; allocations: Allocation[] } {
  assertMinor(amount);
  if (amount < 0) throw new RangeError('amount must not be negative');
  const s = cloneState(state);
  const { allocations, rest } = allocateInto(s, amount, valueDate);
  if (rest > 0) {
    s.credit += rest;
    allocations.push({ instalmentId: null, seq: null, component: 'overpayment', amount: rest });
  }
  return { state: s, allocations };
}

/** CREDIT_APPLIED_WHEN_PAYABLE on one day (s is changed in place): the credit held, over what is payable that day. */
export function applyCreditOn(s: LedgerState, day: CalendarDate): CreditApplication | undefined {
  if (s.credit <= 0) return undefined;
  const { allocations, rest } = allocateInto(s, s.credit, day);
  const amount = s.credit - rest;
  if (amount === 0) return undefined;
  s.credit = rest;
  s.creditApplied += amount;
  return { day, amount, allocations };
}
