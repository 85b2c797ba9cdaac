import { daysBetween, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import { accrueLateCharges } from './accrual';
import {
  allocationOrder,
  exitDue,
  maturityOf,
  maxDate,
  outstandingOf,
  outstandingTotalOf,
  prepaymentFrom,
  sumAmounts,
  totalOutstanding,
  zeroAmounts,
  type Amounts,
  type CoolingOffExit,
  type LedgerState,
} from './state';

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

export type InstalmentPosition = {
  id: number;
  seq: number;
  dueDate: CalendarDate;
  /** Days after the due date while something is unpaid, else 0. */
  daysLate: number;
  owed: Amounts;
  paid: Amounts;
  /** Waived by a cooling-off exit. */
  waived: Amounts;
  outstanding: Amounts;
  totalOwed: Minor;
  totalPaid: Minor;
  totalWaived: Minor;
  totalOutstanding: Minor;
  /** CREDIT_COVER_PROJECTION: the part of totalOutstanding the credit held will pay when it becomes payable. */
  creditCover: Minor;
  /** totalOutstanding − creditCover: what the borrower still has to pay for it. */
  dueAfterCredit: Minor;
  paidOff: boolean;
  /** May take money on asOf (due, or the prepayment window is open). */
  payable: boolean;
};

export type LoanPosition = {
  asOf: CalendarDate;
  instalments: InstalmentPosition[];
  /** owed = paid + waived + outstanding, per component and in total. */
  totals: {
    owed: Amounts;
    paid: Amounts;
    waived: Amounts;
    outstanding: Amounts;
    owedTotal: Minor;
    paidTotal: Minor;
    waivedTotal: Minor;
    outstandingTotal: Minor;
  };
  /** Outstanding on the instalments due on or before asOf (the credit held has already been applied to them). */
  amountDueNow: Minor;
  /** What a repayment can take on asOf: amountDueNow, or everything once prepayment is allowed. */
  payableNow: Minor;
  /** Due date of the earliest instalment not paid off (null when none). */
  nextDueDate: CalendarDate | null;
  /** AMOUNT_DUE_BY_NEXT_DUE_DATE: when and how much the borrower must pay next, after the credit held; null when nothing is left to pay. */
  nextPayment: { dueDate: CalendarDate; amount: Minor } | null;
  /**
   * The cooling-off exit in force on asOf (asked for, within its validity, not carried out): `due` is what the
   * borrower still has to pay for it after the credit held (also nextPayment, by expiresOn). Null otherwise.
   */
  coolingOffExit: (CoolingOffExit & { due: Minor }) | null;
  /** Days late of the earliest unpaid instalment (0 when not late). */
  daysLate: number;
  /** An unpaid instalment fell due before asOf. */
  overdue: boolean;
  prepaymentFrom: CalendarDate;
  prepaymentAllowed: boolean;
  /** MATURITY_LAST_DUE_DATE, and whether asOf is after it (ALLOCATION_BY_COMPONENT). */
  maturityDate: CalendarDate;
  afterMaturity: boolean;
  /** Money received (every payment). */
  received: Minor;
  /** Credit held now: overpayments not yet applied nor refunded. */
  credit: Minor;
  /** Credit applied to instalments so far (part of totals.paid). */
  creditApplied: Minor;
  /** Credit refunded so far. */
  refunded: Minor;
  extensionFeePaid: Minor;
  extensionTaxPaid: Minor;
  /** The status the order should read: 200 nothing owed, 180 overdue, else 174. */
  expectedStatus: '174' | '180' | '200';
};

/** CREDIT_COVER_PROJECTION: the credit held over the unpaid instalments, oldest first (what it will pay of each). */
function creditCovers(s: LedgerState): Map<number, Minor> {
  const covers = new Map<number, Minor>();
  let rest = s.credit;
  for (const x of s.instalments) {
    const cover = Math.min(rest, totalOutstanding(x));
    covers.set(x.id, cover);
    rest -= cover;
  }
  return covers;
}

/** Summarises a state as of a day, WITHOUT accruing (see positionAsOf). */
export function summarise(s: LedgerState, asOf: CalendarDate): LoanPosition {
  const from = prepaymentFrom(s.terms);
  const prepaymentAllowed = asOf >= from;
  const maturityDate = maturityOf(s);
  const covers = creditCovers(s);
  const owed = zeroAmounts();
  const paid = zeroAmounts();
  const waived = zeroAmounts();
  const outstanding = zeroAmounts();
  const instalments = s.instalments.map((x): InstalmentPosition => {
    const out = outstandingOf(x);
    for (const c of allocationOrder) {
      owed[c] += x.owed[c];
      paid[c] += x.paid[c];
      waived[c] += x.waived[c];
      outstanding[c] += out[c];
    }
    const totalOwed = sumAmounts(x.owed);
    const totalPaid = sumAmounts(x.paid);
    const totalWaived = sumAmounts(x.waived);
    const totalOut = totalOwed - totalPaid - totalWaived;
    const creditCover = covers.get(x.id) ?? 0;
    return {
      id: x.id,
      seq: x.seq,
      dueDate: x.dueDate,
      daysLate: totalOut > 0 ? Math.max(0, daysBetween(x.dueDate, asOf)) : 0,
      owed: { ...x.owed },
      paid: { ...x.paid },
      waived: { ...x.waived },
      outstanding: out,
      totalOwed,
      totalPaid,
      totalWaived,
      totalOutstanding: totalOut,
      creditCover,
      dueAfterCredit: totalOut - creditCover,
      paidOff: totalOut === 0,
      payable: totalOut > 0 && (prepaymentAllowed || x.dueDate <= asOf),
    };
  });
  const unpaid = instalments.filter((x) => !x.paidOff);
  const outstandingTotal = sumAmounts(outstanding);
  const amountDueNow = unpaid.filter((x) => x.dueDate <= asOf).reduce((acc, x) => acc + x.totalOutstanding, 0);
  const overdue = unpaid.some((x) => x.dueDate < asOf);
  // AMOUNT_DUE_BY_NEXT_DUE_DATE
  const next = unpaid.find((x) => x.dueAfterCredit > 0);
  const dueUpTo = next ? maxDate(next.dueDate, asOf) : asOf;
  const exit = s.exit && outstandingTotalOf(s) > 0 && asOf <= s.exit.expiresOn ? { ...s.exit, due: Math.max(0, exitDue(s) - s.credit) } : null;
  const nextPayment = exit
    ? { dueDate: exit.expiresOn, amount: exit.due }
    : next
      ? { dueDate: next.dueDate, amount: unpaid.filter((x) => x.dueDate <= dueUpTo).reduce((acc, x) => acc + x.dueAfterCredit, 0) }
      : null;
  return {
    asOf,
    instalments,
    totals: { owed, paid, waived, outstanding, owedTotal: sumAmounts(owed), paidTotal: sumAmounts(paid), waivedTotal: sumAmounts(waived), outstandingTotal },
    amountDueNow,
    payableNow: prepaymentAllowed ? outstandingTotal : amountDueNow,
    nextDueDate: unpaid[0]?.dueDate ?? null,
    nextPayment,
    coolingOffExit: exit,
    daysLate: unpaid[0]?.daysLate ?? 0,
    overdue,
    prepaymentFrom: from,
    prepaymentAllowed,
    maturityDate,
    afterMaturity: asOf > maturityDate,
    received: s.received,
    credit: s.credit,
    creditApplied: s.creditApplied,
    refunded: s.refunded,
    extensionFeePaid: s.extensionFeePaid,
    extensionTaxPaid: s.extensionTaxPaid,
    expectedStatus: outstandingTotal === 0 ? '200' : overdue ? '180' : '174',
  };
}

/**
 * Whether a repaying order's stored status (174, 180) is not the one its position gives: it fell due, was
 * cured, or the credit it holds settled it (refreshLedgerStatus moves it). Settled and other statuses: false.
 */
export function ledgerStatusDiffers(status: string, position: Pick<LoanPosition, 'expectedStatus'>): boolean {
  return (status === '174' || status === '180') && position.expectedStatus !== status;
}

/** What is owed as of day D: the state accrued through D, the credit applied as amounts became payable (nothing stored), summarised. */
export function positionAsOf(state: LedgerState, asOf: CalendarDate): LoanPosition {
  return summarise(accrueLateCharges(state, asOf).state, asOf);
}
