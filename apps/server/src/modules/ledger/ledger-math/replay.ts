import type { CalendarDate } from '@presta/contract/dates';
import { assertMinor, type Minor } from '@presta/contract/money';
import { accrueLateCharges } from './accrual';
import { allocateRepayment } from './allocation';
import { carryOutExit, quoteCoolingOffExit, type CoolingOffExitEvent, type CoolingOffRefusal } from './cooling-off';
import { applyExtension, quoteExtensionOn, type ExtensionQuote, type ExtensionUnavailable } from './extension';
import {
  cloneState,
  maxDate,
  totalOutstanding,
  type Allocation,
  type CoolingOffExit,
  type CreditApplication,
  type LateCharge,
  type LedgerState,
  type PaymentPurpose,
} from './state';

// ---------------------------------------------------------------------------
// One payment, a refund, and a replay of many
// ---------------------------------------------------------------------------

export type PaymentEvent = {
  kind?: 'payment';
  amount: Minor;
  purpose: PaymentPurpose;
  /** The day the money was received (the value date before VALUE_DATE_NOT_BEFORE_LAST). */
  date: CalendarDate;
};

/** An operator's refund of credit (REFUND_SETTLED_CREDIT_ONLY) on a day. */
export type RefundEvent = { kind: 'refund'; amount: Minor; date: CalendarDate };

export type LedgerEvent = PaymentEvent | RefundEvent | CoolingOffExitEvent;

export type AppliedPayment = {
  valueDate: CalendarDate;
  amount: Minor;
  purpose: PaymentPurpose;
  charges: LateCharge[];
  /** Credit applied by itself through the value date, before this payment (crystallised with it). */
  creditApplications: CreditApplication[];
  allocations: Allocation[];
  /** The extension bought, when the payment bought one. */
  extension?: ExtensionQuote;
  /** For purpose 'extension' that did not buy one: why (the money went to repayment). */
  extensionRefused?: ExtensionUnavailable | 'amountTooLow';
  /** The cooling-off exit this payment carried out, and what it waived (the loan is settled). */
  coolingOffExit?: { exit: CoolingOffExit; waivers: Allocation[] };
};

/** VALUE_DATE_NOT_BEFORE_LAST. */
export function valueDateFor(state: LedgerState, received: CalendarDate): CalendarDate {
  let d = maxDate(received, state.terms.disbursedOn);
  if (state.accruedThrough !== null) d = maxDate(d, state.accruedThrough);
  return d;
}

/**
 * Applies one payment: value date, late charges accrued and credit applied
 * through it (crystallised), then the extension when one is asked for,
 * available and paid in full, then the repayment allocation of what is left
 * (credit beyond).
 */
export function applyPaymentEvent(state: LedgerState, event: PaymentEvent): { state: LedgerState; applied: AppliedPayment } {
  assertMinor(event.amount);
  if (event.amount <= 0) throw new RangeError('a payment amount must be positive');
  const valueDate = valueDateFor(state, event.date);
  const accrued = accrueLateCharges(state, valueDate);
  let s: LedgerState = { ...accrued.state, received: accrued.state.received + event.amount };
  const allocations: Allocation[] = [];
  const creditApplications = [...accrued.creditApplications];
  let rest = event.amount;
  let extension: ExtensionQuote | undefined;
  let extensionRefused: AppliedPayment['extensionRefused'];
  let coolingOffExit: AppliedPayment['coolingOffExit'];
  const exitState = cloneState(s);
  const exit = carryOutExit(exitState, event.amount, valueDate);
  if (exit) {
    s = exitState;
    if (exit.creditApplication) creditApplications.push(exit.creditApplication);
    allocations.push(...exit.allocations);
    rest = exit.rest;
    coolingOffExit = { exit: exit.exit, waivers: exit.waivers };
  } else if (event.purpose === 'extension') {
    const quote = quoteExtensionOn(s, valueDate);
    if (!quote.available) extensionRefused = quote.reason;
    else if (event.amount < quote.amount) extensionRefused = 'amountTooLow';
    else {
      const ext = applyExtension(s, quote, event.amount);
      s = ext.state;
      allocations.push(...ext.allocations);
      rest = ext.rest;
      extension = quote;
    }
  }
  if (rest > 0) {
    const rep = allocateRepayment(s, rest, valueDate);
    s = rep.state;
    allocations.push(...rep.allocations);
  }
  return {
    state: s,
    applied: {
      valueDate,
      amount: event.amount,
      purpose: event.purpose,
      charges: accrued.charges,
      creditApplications,
      allocations,
      ...(extension ? { extension } : {}),
      ...(extensionRefused ? { extensionRefused } : {}),
      ...(coolingOffExit ? { coolingOffExit } : {}),
    },
  };
}

export type RefundRefusal = 'loanOpen' | 'aboveCredit';

export type AppliedRefund = {
  kind: 'refund';
  /** A refund buys no extension (so a replay's results read alike). */
  extension?: never;
  valueDate: CalendarDate;
  amount: Minor;
  charges: LateCharge[];
  creditApplications: CreditApplication[];
  allocations: Allocation[];
};

/**
 * REFUND_SETTLED_CREDIT_ONLY: refunds `amount` of the credit on `date` (never before the last value date),
 * after the credit has been applied through that day. Refused (`refusal`) while anything is owed, or for more
 * than the credit.
 */
export function refundCredit(
  state: LedgerState,
  event: RefundEvent,
): { state: LedgerState; applied: AppliedRefund } | { refusal: RefundRefusal; credit: Minor } {
  assertMinor(event.amount);
  if (event.amount <= 0) throw new RangeError('a refund amount must be positive');
  const valueDate = valueDateFor(state, event.date);
  const accrued = accrueLateCharges(state, valueDate);
  const s = accrued.state;
  if (s.instalments.some((x) => totalOutstanding(x) > 0)) return { refusal: 'loanOpen', credit: s.credit };
  if (event.amount > s.credit) return { refusal: 'aboveCredit', credit: s.credit };
  return {
    state: { ...s, credit: s.credit - event.amount, refunded: s.refunded + event.amount },
    applied: {
      kind: 'refund',
      valueDate,
      amount: event.amount,
      charges: accrued.charges,
      creditApplications: accrued.creditApplications,
      allocations: [{ instalmentId: null, seq: null, component: 'refund', amount: event.amount }],
    },
  };
}

/**
 * Crystallises what the credit held did by itself through `through` (CREDIT_APPLIED_WHEN_PAYABLE), for the
 * database to store without a payment: the state accrued through the LAST day credit was applied (charges
 * up to that day included), or undefined when no credit was applied.
 */
export function settleCreditThrough(
  state: LedgerState,
  through: CalendarDate,
): { state: LedgerState; charges: LateCharge[]; creditApplications: CreditApplication[] } | undefined {
  const probe = accrueLateCharges(state, through);
  const last = probe.creditApplications.at(-1);
  if (!last) return undefined;
  return accrueLateCharges(state, last.day);
}

/** A cooling-off exit asked for in a replay: recorded (the exit in force) or refused; it moves no money. */
export type AppliedExitRequest = {
  kind: 'coolingOffExit';
  extension?: never;
  valueDate: CalendarDate;
  amount: 0;
  charges: LateCharge[];
  creditApplications: CreditApplication[];
  allocations: Allocation[];
  exit?: CoolingOffExit;
  refused?: CoolingOffRefusal;
};

/** Applies payments, refunds and cooling-off exit requests in order: the pure replay the database must always agree with. */
export function replayPayments(
  initial: LedgerState,
  events: readonly LedgerEvent[],
): { state: LedgerState; applied: (AppliedPayment | (AppliedRefund & { refused?: RefundRefusal }) | AppliedExitRequest)[] } {
  let s = initial;
  const applied: (AppliedPayment | (AppliedRefund & { refused?: RefundRefusal }) | AppliedExitRequest)[] = [];
  for (const e of events) {
    if (e.kind === 'coolingOffExit') {
      const day = valueDateFor(s, e.date);
      const q = quoteCoolingOffExit(s, day, e.coolingOffDays);
      if ('exit' in q) s = { ...s, exit: q.exit };
      applied.push({ kind: 'coolingOffExit', valueDate: day, amount: 0, charges: [], creditApplications: [], allocations: [], ...('exit' in q ? { exit: q.exit } : { refused: q.refusal }) });
      continue;
    }
    if (e.kind === 'refund') {
      const r = refundCredit(s, e);
      if ('refusal' in r) {
        applied.push({ kind: 'refund', valueDate: valueDateFor(s, e.date), amount: 0, charges: [], creditApplications: [], allocations: [], refused: r.refusal });
        continue;
      }
      s = r.state;
      applied.push(r.applied);
      continue;
    }
    const r = applyPaymentEvent(s, e);
    s = r.state;
    applied.push(r.applied);
  }
  return { state: s, applied };
}

