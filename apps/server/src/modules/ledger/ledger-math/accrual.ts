import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import { assertMinor } from '@presta/contract/money';
import { applyCreditOn } from './allocation';
import { lateTiers } from './rules';
import { cloneState, lateBase, maxDate, ppmOf, prepaymentFrom, type CreditApplication, type LateCharge, type LedgerState } from './state';

// ---------------------------------------------------------------------------
// Late charges, and the credit applied as amounts become payable
// ---------------------------------------------------------------------------

/** Late charges from the day after accruedThrough (or after each due date) through `through` (s is changed in place). */
function accrueChargesInto(s: LedgerState, through: CalendarDate, charges: LateCharge[]): void {
  if (s.accruedThrough !== null && through <= s.accruedThrough) return;
  const { terms } = s;
  let penaltyCharged = s.instalments.some((x) => x.owed.default_penalty > 0);
  const tiers = lateTiers(terms.lateRule);

  for (const x of s.instalments) {
    const base = lateBase(x);
    if (base <= 0) continue;
    const firstLateDay = addDays(x.dueDate, 1);
    const start = s.accruedThrough === null ? firstLateDay : maxDate(firstLateDay, addDays(s.accruedThrough, 1));
    if (start > through) continue;

    if (terms.lateRule === 'in_tiered' && terms.defaultPenalty > 0 && !penaltyCharged) {
      charges.push({
        instalmentId: x.id,
        seq: x.seq,
        kind: 'default_penalty',
        accruedFrom: start,
        accruedThrough: start,
        days: 1,
        base,
        ratePpm: null,
        amount: terms.defaultPenalty,
      });
      x.owed.default_penalty += terms.defaultPenalty;
      penaltyCharged = true;
    }

    const firstDay = daysBetween(x.dueDate, start);
    const lastDay = daysBetween(x.dueDate, through);
    for (const tier of tiers) {
      const lo = Math.max(firstDay, tier.fromDay);
      const hi = Math.min(lastDay, tier.toDay);
      if (lo > hi) continue;
      const days = hi - lo + 1;
      const perDay = ppmOf(base, tier.ppm);
      const amount = perDay * days;
      assertMinor(amount);
      if (amount <= 0) continue;
      charges.push({
        instalmentId: x.id,
        seq: x.seq,
        kind: 'late_fee',
        accruedFrom: addDays(x.dueDate, lo),
        accruedThrough: addDays(x.dueDate, hi),
        days,
        base,
        ratePpm: tier.ppm,
        amount,
      });
      x.owed.late_fee += amount;
    }
  }
  s.accruedThrough = through;
}

/**
 * The days credit may be applied on, from the last crystallised day through `through`: that day itself (money
 * held before issue 12 while something was payable), every due date and the prepayment window's first day.
 */
function creditDays(s: LedgerState, through: CalendarDate): CalendarDate[] {
  const from = s.accruedThrough;
  if (from === null) return [];
  const days = new Set([from, prepaymentFrom(s.terms), ...s.instalments.map((x) => x.dueDate)]);
  return [...days].filter((d) => d >= from && d <= through).sort();
}

/**
 * Accrues late charges through `through` on each instalment's LATE_BASE_UNPAID_SCHEDULED at
 * LATE_DAILY_HALF_UP, with the product's rule (MX_DAILY_FINE_3PCT or IN_LATE_INTEREST_TIERS plus
 * IN_DEFAULT_PENALTY_ONE_OFF), applying the credit held on each day amounts become payable, before that
 * day's charges (CREDIT_APPLIED_WHEN_PAYABLE): no charge accrues on an amount the credit covers. Returns the
 * new state (accruedThrough = through), the charges and the credit applications to crystallise. A day on or
 * before accruedThrough is never charged twice.
 */
export function accrueLateCharges(
  state: LedgerState,
  through: CalendarDate,
): { state: LedgerState; charges: LateCharge[]; creditApplications: CreditApplication[] } {
  if (state.accruedThrough !== null && through < state.accruedThrough) return { state, charges: [], creditApplications: [] };
  const s = cloneState(state);
  const charges: LateCharge[] = [];
  const creditApplications: CreditApplication[] = [];
  for (const day of creditDays(s, through)) {
    if (s.credit <= 0) break;
    accrueChargesInto(s, addDays(day, -1), charges);
    const applied = applyCreditOn(s, day);
    if (applied) creditApplications.push(applied);
  }
  accrueChargesInto(s, through, charges);
  return { state: s, charges, creditApplications };
}
