import { addDays, formatDate, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import type { InstalmentPosition, LoanPosition } from '../ledger/ledger-math/position';

/*
 * What the repayment pages quote and what a payment reference may be made for
 * (docs/api.md "Repayment calls", amount rules). Pure functions of the ledger position.
 */

/** A payment reference is valid at most this many calendar days, today included. */
export const REFERENCE_MAX_DAYS = 3;

export type RepaymentQuote = {
  /** What a reference may be made for now: the amount of the quoted instalments; 0 when nothing can be paid yet. */
  payable: Minor;
  /** What the page shows: `payable`, or the next instalment's amount when it cannot be paid yet. */
  shown: Minor;
  /** The instalments the amount is for (oldest first). */
  instalments: InstalmentPosition[];
  /** Due date of the earliest unpaid instalment (the page's repayDate), null when nothing is owed. */
  dueDate: CalendarDate | null;
  /** Set when nothing can be paid yet: the first day a payment is taken. */
  payableFrom: CalendarDate | null;
  /** An unpaid instalment fell due before today. */
  overdue: boolean;
  /** The last day the amount stays the same (a reference for it is valid through that day at most). */
  stableThrough: CalendarDate;
  /** The borrower's credit held now: it pays the next instalments by itself as they fall due (already taken off `shown`). */
  credit: Minor;
};

/**
 * REPAYMENT_AMOUNT_DUE_OR_NEXT: what the instalment repayment page asks for.
 * - A cooling-off exit is in force (India): what is left of the exit amount, by its last day.
 * - Something is due (amountDueNow > 0: instalments due on or before today,
 *   with their late charges): exactly that.
 * - Nothing is due yet but the prepayment window is open: the next unpaid
 *   instalment's outstanding amount (a payment of it settles that instalment).
 * - Nothing is due and prepaying is not allowed yet: nothing is payable
 *   (a payment would only become credit); the page shows the next instalment
 *   the credit held does not cover, what is left of it after that credit, and
 *   the day payments open (the earlier of its due date and the window).
 */
export function repaymentQuote(position: LoanPosition): RepaymentQuote {
  const today = position.asOf;
  // The credit held is applied by itself as instalments fall due: an instalment it covers is not asked for.
  const unpaid = position.instalments.filter((x) => !x.paidOff && x.dueAfterCredit > 0);
  const dueDate = unpaid[0]?.dueDate ?? null;
  const exit = position.coolingOffExit;
  if (exit && exit.due > 0) {
    // A cooling-off exit in force (docs/ledger.md "Cooling-off exit"): the exit amount left after the credit,
    // the same through its last day (it is fixed when asked for).
    const cap = addDays(today, REFERENCE_MAX_DAYS - 1);
    return quoteOf(position, {
      dueDate: exit.expiresOn,
      payable: exit.due,
      shown: exit.due,
      instalments: unpaid,
      payableFrom: null,
      stableThrough: exit.expiresOn < cap ? exit.expiresOn : cap,
    });
  }
  if (position.amountDueNow > 0) {
    // Late charges accrue from tomorrow on whatever stays unpaid: valid today only.
    const due = position.amountDueNow;
    return quoteOf(position, { dueDate, payable: due, shown: due, instalments: unpaid.filter((x) => x.dueDate <= today), payableFrom: null, stableThrough: today });
  }
  const next = unpaid[0];
  if (!next) return quoteOf(position, { dueDate, payable: 0, shown: 0, instalments: [], payableFrom: null, stableThrough: today });
  const cap = addDays(today, REFERENCE_MAX_DAYS - 1);
  if (position.prepaymentAllowed) {
    // Unchanged until the day after its due date (no late charge before).
    const due = next.totalOutstanding;
    return quoteOf(position, { dueDate, payable: due, shown: due, instalments: [next], payableFrom: null, stableThrough: next.dueDate < cap ? next.dueDate : cap });
  }
  const from = position.prepaymentFrom < next.dueDate ? position.prepaymentFrom : next.dueDate;
  return quoteOf(position, { dueDate, payable: 0, shown: next.dueAfterCredit, instalments: [next], payableFrom: from, stableThrough: today });
}

/** A quote: its amounts and dates, with the position's overdue flag and credit. */
function quoteOf(position: LoanPosition, q: Omit<RepaymentQuote, 'overdue' | 'credit'>): RepaymentQuote {
  return { ...q, overdue: position.overdue, credit: position.credit };
}

/**
 * The last day an extension price quoted today stays the same: today when an
 * instalment is overdue (late charges accrue daily) or falls due today;
 * otherwise the day before the next due date (on it, that instalment's
 * interest becomes due and is part of the price). At most REFERENCE_MAX_DAYS.
 */
export function extensionStableThrough(position: LoanPosition): CalendarDate {
  const today = position.asOf;
  const next = position.nextDueDate;
  if (position.overdue || !next || next <= today) return today;
  const dayBefore = addDays(next, -1);
  const cap = addDays(today, REFERENCE_MAX_DAYS - 1);
  return dayBefore < cap ? dayBefore : cap;
}

/** The instant a calendar day starts (00:00:00) in an IANA time zone. */
export function startOfDayIn(day: CalendarDate, timeZone: string): Date {
  const target = Date.parse(`${day}T00:00:00Z`);
  let t = target;
  // Two rounds settle any offset, DST change included.
  for (let i = 0; i < 3; i++) {
    const wall = Date.parse(`${formatDate(new Date(t), { withTime: true, timeZone }).replace(' ', 'T')}Z`);
    const next = t - (wall - target);
    if (next === t) break;
    t = next;
  }
  return new Date(t);
}

/** The last second of a calendar day in a time zone (23:59:59). */
export function endOfDayIn(day: CalendarDate, timeZone: string): Date {
  return new Date(startOfDayIn(addDays(day, 1), timeZone).getTime() - 1_000);
}
