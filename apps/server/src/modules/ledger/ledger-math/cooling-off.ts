import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import { accrueLateCharges } from './accrual';
import {
  allocationOrder,
  exitDue,
  outstandingOf,
  outstandingTotalOf,
  ppmOf,
  totalOutstanding,
  type Allocation,
  type CoolingOffExit,
  type CreditApplication,
  type LedgerState,
} from './state';

// ---------------------------------------------------------------------------
// Cooling-off exit (India's KFS: COOLING_OFF_*)
// ---------------------------------------------------------------------------

export type CoolingOffRefusal = 'outsidePeriod' | 'fallenDue' | 'nothingOwed';

/**
 * The exit a borrower may ask for on `day` (COOLING_OFF_PERIOD, COOLING_OFF_DAYS_USED,
 * COOLING_OFF_INTEREST_DAYS_USED), valid through the period's last day; or why not.
 */
export function quoteCoolingOffExit(
  state: LedgerState,
  day: CalendarDate,
  coolingOffDays: number,
): { exit: CoolingOffExit } | { refusal: CoolingOffRefusal; expiresOn: CalendarDate } {
  const { terms } = state;
  const expiresOn = addDays(terms.disbursedOn, coolingOffDays);
  if (day < terms.disbursedOn || day > expiresOn) return { refusal: 'outsidePeriod', expiresOn };
  const s = accrueLateCharges(state, day).state;
  if (outstandingTotalOf(s) === 0) return { refusal: 'nothingOwed', expiresOn };
  if (s.instalments.some((x) => x.dueDate <= day && totalOutstanding(x) > 0)) return { refusal: 'fallenDue', expiresOn };
  const daysUsed = Math.max(1, daysBetween(terms.disbursedOn, day));
  const principal = s.instalments.reduce((acc, x) => acc + outstandingOf(x).principal, 0);
  const scheduledInterest = s.instalments.reduce((acc, x) => acc + x.owed.interest, 0);
  const interestPaid = s.instalments.reduce((acc, x) => acc + x.paid.interest, 0);
  const interest = Math.min(scheduledInterest, ppmOf(principal, terms.dailyRatePpm, daysUsed));
  const amount = principal + Math.max(0, interest - interestPaid);
  if (amount === 0) return { refusal: 'nothingOwed', expiresOn };
  return { exit: { id: 0, requestedOn: day, expiresOn, daysUsed, principal, interest, amount } };
}

/** Takes up to `budget` for the exit (s is changed in place): its interest, then principal, oldest instalment first. */
function takeForExit(s: LedgerState, budget: Minor): Allocation[] {
  const allocations: Allocation[] = [];
  let rest = budget;
  let interestLeft = Math.max(0, (s.exit?.interest ?? 0) - s.instalments.reduce((acc, x) => acc + x.paid.interest, 0));
  for (const component of ['interest', 'principal'] as const) {
    for (const x of s.instalments) {
      const most = component === 'interest' ? Math.min(interestLeft, outstandingOf(x).interest) : outstandingOf(x).principal;
      const t = Math.min(rest, most);
      if (t <= 0) continue;
      x.paid[component] += t;
      rest -= t;
      if (component === 'interest') interestLeft -= t;
      allocations.push({ instalmentId: x.id, seq: x.seq, component, amount: t });
    }
  }
  return allocations;
}

/**
 * Carries out the exit in force with the credit held and `amount` on `valueDate` (the state accrued through it;
 * s is changed in place) when they reach what it takes: the credit first (a credit application), then the
 * payment; every other scheduled amount is waived (COOLING_OFF_EXIT_WAIVES_REST). Returns what the payment did
 * not take, or undefined when the exit is not carried out (none in force, expired, or not enough money).
 */
export function carryOutExit(
  s: LedgerState,
  amount: Minor,
  valueDate: CalendarDate,
): { creditApplication?: CreditApplication; allocations: Allocation[]; waivers: Allocation[]; exit: CoolingOffExit; rest: Minor } | undefined {
  const exit = s.exit;
  if (!exit || valueDate > exit.expiresOn || outstandingTotalOf(s) === 0) return undefined;
  const due = exitDue(s);
  if (s.credit + amount < due) return undefined;
  const fromCredit = Math.min(s.credit, due);
  let creditApplication: CreditApplication | undefined;
  if (fromCredit > 0) {
    creditApplication = { day: valueDate, amount: fromCredit, allocations: takeForExit(s, fromCredit) };
    s.credit -= fromCredit;
    s.creditApplied += fromCredit;
  }
  const allocations = takeForExit(s, due - fromCredit);
  const waivers: Allocation[] = [];
  for (const x of s.instalments) {
    for (const c of allocationOrder) {
      const left = outstandingOf(x)[c];
      if (left <= 0) continue;
      x.waived[c] += left;
      waivers.push({ instalmentId: x.id, seq: x.seq, component: c, amount: left });
    }
  }
  s.exit = null;
  return { ...(creditApplication ? { creditApplication } : {}), allocations, waivers, exit, rest: amount - (due - fromCredit) };
}

/** An operator's request of a cooling-off exit on a day (the replay's counterpart of the stored request). */
export type CoolingOffExitEvent = { kind: 'coolingOffExit'; date: CalendarDate; coolingOffDays: number };
