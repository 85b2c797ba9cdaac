import { and, eq } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { formatDate, todayIn, type CalendarDate } from '@presta/contract/dates';
import { assertMinor, type Minor } from '@presta/contract/money';
import type { OrderStatus } from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import { ledgerExtensions, ledgerPayments, ledgerWaivers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { shiftDueDates, type TransitionResult } from '../orders/order-service';
import { type ExtensionQuote } from './ledger-math/extension';
import { positionAsOf, type LoanPosition } from './ledger-math/position';
import { applyPaymentEvent, settleCreditThrough, valueDateFor, type AppliedPayment } from './ledger-math/replay';
import { type Allocation, type CreditApplication, type LateCharge, type LedgerState, type PaymentPurpose } from './ledger-math/state';
import { insertAllocations, loadLedger, storeCrystallised, transitionToLedgerStatus, type Disbursed } from './ledger-store';


/*
 * The loan ledger in the database (docs/ledger.md). Reads go through the ledger
 * read model (ledger-read-model.ts: one round trip gives the LedgerState) and
 * hand it to the pure core (ledger-math/); a payment is applied in ONE
 * transaction with the order row locked (orders' lockOrder).
 */

/** A provider's clock may run a little ahead of ours. */
const CLOCK_SKEW_MS = 5 * 60_000;

// ---------------------------------------------------------------------------
// Applying a payment
// ---------------------------------------------------------------------------

export type ApplyPaymentInput = {
  orderId: number;
  /** Minor units, > 0. */
  amount: Minor;
  purpose: PaymentPurpose;
  /** How the borrower paid ('oxxo', 'spei', 'card', 'demo', ...). */
  channel: string;
  /** Who reports the payment; with providerEventId the idempotency key. */
  provider: string;
  providerEventId: string;
  referenceId?: number | null;
  /** When the provider received the money (default now); its day in the product's time zone is the value date. */
  receivedAt?: Date;
  /** Clock, for tests and demos: "today" of the status decision and the history rows. */
  now?: Date;
  /**
   * The most this payment may be, given what the order owes on its value date
   * (every instalment, late charges to that day): a larger one is refused
   * (422 paymentAboveCeiling) and nothing is written. Unset: no ceiling.
   */
  maxAmount?: (owed: Minor) => Minor;
};

export type ApplyPaymentDuplicate = {
  applied: false;
  duplicate: true;
  /** The payment recorded by the first delivery. */
  paymentId: number;
  orderId: number;
};

export type ApplyPaymentApplied = {
  applied: true;
  duplicate: false;
  paymentId: number;
  orderId: number;
  valueDate: CalendarDate;
  /** Late charges crystallised by this payment. */
  charges: LateCharge[];
  /** Credit applied by itself, crystallised with this payment: through its value date (before it), then through today (a backdated payment). */
  creditApplications: CreditApplication[];
  /** Where the money went; sums to the amount. */
  allocations: Allocation[];
  /** Part of the amount recorded as the borrower's credit. */
  credited: Minor;
  extended: boolean;
  extension?: ExtensionQuote;
  extensionRefused?: AppliedPayment['extensionRefused'];
  /** The cooling-off exit this payment carried out and what it waived (the loan settles). */
  coolingOffExit?: AppliedPayment['coolingOffExit'];
  statusFrom: OrderStatus;
  statusTo: OrderStatus;
  transitions: TransitionResult[];
  /** The loan after the payment, as of today. */
  position: LoanPosition;
};

export type ApplyPaymentResult = ApplyPaymentDuplicate | ApplyPaymentApplied;

const purposes: readonly string[] = ['repayment', 'extension'];

/** The input checks of applyPayment that need no database: 400 on a bad amount, source or date. */
function checkPaymentInput(input: ApplyPaymentInput) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(400, errorCodes.badRequest, 'paymentAmountInvalid', { amount: String(input.amount) });
  }
  assertMinor(input.amount);
  const channel = (input.channel ?? '').trim();
  const provider = (input.provider ?? '').trim();
  const providerEventId = (input.providerEventId ?? '').trim();
  if (!channel || !provider || !providerEventId || !purposes.includes(input.purpose)) {
    throw new AppError(400, errorCodes.badRequest, 'paymentSourceInvalid');
  }
  const now = input.now ?? new Date();
  const receivedAt = input.receivedAt ?? now;
  if (Number.isNaN(receivedAt.getTime()) || receivedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new AppError(400, errorCodes.badRequest, 'paymentDateInvalid', { date: String(input.receivedAt) });
  }
  return { channel, provider, providerEventId, now, receivedAt };
}

/** What a payment does to the loan (pure): all credit on a settled order, else applyPaymentEvent. */
function paymentOnState(state: LedgerState, status: OrderStatus, input: ApplyPaymentInput, receivedDay: CalendarDate) {
  if (status !== '200') return applyPaymentEvent(state, { amount: input.amount, purpose: input.purpose, date: receivedDay });
  // Settled: nothing is owed any more; the money is the borrower's credit (refundable).
  const valueDate = valueDateFor(state, receivedDay);
  const after: LedgerState = { ...state, accruedThrough: valueDate, received: state.received + input.amount, credit: state.credit + input.amount };
  const applied: AppliedPayment = {
    valueDate,
    amount: input.amount,
    purpose: input.purpose,
    charges: [],
    creditApplications: [],
    allocations: [{ instalmentId: null, seq: null, component: 'overpayment', amount: input.amount }],
    ...(input.purpose === 'extension' ? { extensionRefused: 'nothingOwed' as const } : {}),
  };
  return { state: after, applied };
}

/**
 * Records and applies one payment in ONE transaction (a savepoint inside the
 * caller's): the order row is locked; the payment is inserted ON CONFLICT
 * (provider, provider_event_id) DO NOTHING — a repeated delivery, concurrent or
 * not, answers { applied: false, duplicate: true } and writes nothing; late
 * charges are crystallised and the credit held is applied (credit events)
 * through the value date; the amount is allocated (an extension first when
 * asked for and paid in full, which moves the unpaid instalments' due dates);
 * then the order settles (nothing owed → 200), cures (180 → 174) or falls due
 * (174 → 180) as the ledger says. A settled order takes the whole amount as
 * credit. Refusals: amount not a positive integer, missing
 * channel/provider/event id, received in the future or before the disbursal
 * (400); unknown order (404); order not disbursed (409); above maxAmount (422).
 */
export async function applyPayment(db: DbOrTx, input: ApplyPaymentInput): Promise<ApplyPaymentResult> {
  const source = checkPaymentInput(input);
  return db.transaction(async (tx) => {
    const { order, state } = await loadLedger(tx, input.orderId, { lock: true });
    const receivedDay = receivedDayOf(order, source.receivedAt);
    checkCeiling(state, receivedDay, input);
    const { state: after, applied } = paymentOnState(state, order.status, input, receivedDay);
    const paymentId = await insertPayment(tx, order.id, input, source, applied);
    if (paymentId === undefined) return firstDelivery(tx, source);
    await storeApplied(tx, order.id, paymentId, applied, source.now);
    const since = await crystalliseSinceValueDate(tx, order, after, paymentId, source.now);
    const transitions = await transitionToLedgerStatus(tx, order, since.position, { reason: `payment ${paymentId} (${source.provider})`, now: source.now });
    return appliedResult(order, paymentId, applied, since, transitions);
  });
}

/** checkPaymentInput's answer: the payment's source, trimmed, and its instants. */
type PaymentSource = ReturnType<typeof checkPaymentInput>;

/** The day the money was received, in the product's time zone: never before the disbursal (400 paymentDateInvalid). */
function receivedDayOf(order: Disbursed, receivedAt: Date): CalendarDate {
  const receivedDay = formatDate(receivedAt, { timeZone: order.timeZone });
  if (receivedDay < order.disbursedOn) {
    throw new AppError(400, errorCodes.badRequest, 'paymentDateInvalid', { date: receivedDay });
  }
  return receivedDay;
}

/** input.maxAmount, given what the order owes on the value date: a larger payment is refused (422 paymentAboveCeiling). */
function checkCeiling(state: LedgerState, receivedDay: CalendarDate, input: ApplyPaymentInput): void {
  if (!input.maxAmount) return;
  const ceiling = input.maxAmount(positionAsOf(state, valueDateFor(state, receivedDay)).totals.outstandingTotal);
  if (input.amount > ceiling) {
    throw new AppError(422, errorCodes.outsideProductRules, 'paymentAboveCeiling', { amount: input.amount, ceiling });
  }
}

/** The payment row, ON CONFLICT (provider, provider_event_id) DO NOTHING: its id, or undefined for a repeated delivery. */
async function insertPayment(
  tx: DbOrTx,
  orderId: number,
  input: ApplyPaymentInput,
  source: PaymentSource,
  applied: AppliedPayment,
): Promise<number | undefined> {
  const [payment] = await tx
    .insert(ledgerPayments)
    .values({
      orderId,
      amount: input.amount,
      purpose: input.purpose,
      channel: source.channel,
      provider: source.provider,
      providerEventId: source.providerEventId,
      referenceId: input.referenceId ?? null,
      receivedAt: source.receivedAt,
      valueDate: applied.valueDate,
      extended: applied.extension !== undefined,
      createdAt: source.now,
    })
    .onConflictDoNothing({ target: [ledgerPayments.provider, ledgerPayments.providerEventId] })
    .returning({ id: ledgerPayments.id });
  return payment?.id;
}

/** A repeated delivery writes nothing: it answers the payment its first delivery recorded. */
async function firstDelivery(tx: DbOrTx, source: PaymentSource): Promise<ApplyPaymentDuplicate> {
  const [first] = await tx
    .select({ id: ledgerPayments.id, orderId: ledgerPayments.orderId })
    .from(ledgerPayments)
    .where(and(eq(ledgerPayments.provider, source.provider), eq(ledgerPayments.providerEventId, source.providerEventId)))
    .limit(1);
  return { applied: false, duplicate: true, paymentId: first!.id, orderId: first!.orderId };
}

/**
 * What the payment crystallised through its value date (late charges, credit applications), where its money
 * went (allocations), the extension it bought and what the cooling-off exit it carried out waived.
 */
async function storeApplied(tx: DbOrTx, orderId: number, paymentId: number, applied: AppliedPayment, now: Date): Promise<void> {
  await storeCrystallised(tx, orderId, applied, { paymentId, now });
  await insertAllocations(tx, orderId, applied.allocations, { paymentId }, now);
  if (applied.extension) await storeExtension(tx, orderId, paymentId, applied.extension, now);
  if (applied.coolingOffExit) await storeWaivers(tx, orderId, paymentId, applied, now);
}

/** What the cooling-off exit a payment carried out waived. */
async function storeWaivers(tx: DbOrTx, orderId: number, paymentId: number, applied: AppliedPayment, now: Date): Promise<void> {
  if (!applied.coolingOffExit) return;
  const { exit, waivers } = applied.coolingOffExit;
  const valueDate = applied.valueDate;
  await tx.insert(ledgerWaivers).values(
    waivers.map((w) => ({
      orderId,
      exitId: exit.id,
      paymentId,
      instalmentId: w.instalmentId!,
      component: w.component,
      valueDate,
      amount: w.amount,
      createdAt: now,
    })),
  );
}

/** What was crystallised after the value date through today, and the loan's position today. */
type SinceValueDate = { crystallised: ReturnType<typeof settleCreditThrough>; position: LoanPosition };

/**
 * The status the ledger gives is decided as of today (never before the value date). A backdated payment may leave
 * credit that became applicable since its value date: crystallised now too, so the stored ledger matches the status.
 */
async function crystalliseSinceValueDate(tx: DbOrTx, order: Disbursed, after: LedgerState, paymentId: number, now: Date): Promise<SinceValueDate> {
  const today = valueDateFor(after, todayIn(order.timeZone, now));
  const crystallised = settleCreditThrough(after, today);
  if (crystallised) await storeCrystallised(tx, order.id, crystallised, { paymentId, now });
  return { crystallised, position: positionAsOf(crystallised?.state ?? after, today) };
}

function appliedResult(
  order: Disbursed,
  paymentId: number,
  applied: AppliedPayment,
  { crystallised, position }: SinceValueDate,
  transitions: TransitionResult[],
): ApplyPaymentApplied {
  const ext = applied.extension;
  const credited = applied.allocations.filter((a) => a.component === 'overpayment').reduce((acc, a) => acc + a.amount, 0);
  return {
    applied: true,
    duplicate: false,
    paymentId,
    orderId: order.id,
    valueDate: applied.valueDate,
    charges: [...applied.charges, ...(crystallised?.charges ?? [])],
    creditApplications: [...applied.creditApplications, ...(crystallised?.creditApplications ?? [])],
    allocations: applied.allocations,
    credited,
    extended: ext !== undefined,
    ...(ext ? { extension: ext } : {}),
    ...(applied.extensionRefused ? { extensionRefused: applied.extensionRefused } : {}),
    ...(applied.coolingOffExit ? { coolingOffExit: applied.coolingOffExit } : {}),
    statusFrom: order.status,
    statusTo: transitions.at(-1)?.to ?? order.status,
    transitions,
    position,
  };
}

/** The extension a payment bought: the unpaid instalments' due dates move (orders' plan), and its price is recorded. */
async function storeExtension(tx: DbOrTx, orderId: number, paymentId: number, ext: ExtensionQuote, now: Date): Promise<void> {
  await shiftDueDates(tx, orderId, ext.movedInstalmentIds, ext.shiftDays);
  await tx.insert(ledgerExtensions).values({
    orderId,
    paymentId,
    fromDueDate: ext.fromDueDate!,
    toDueDate: ext.toDueDate!,
    shiftDays: ext.shiftDays,
    lateCharges: ext.lateCharges,
    dueInterest: ext.dueInterest,
    dueInterestVat: ext.dueInterestTax,
    fee: ext.fee,
    feeVat: ext.feeTax,
    createdAt: now,
  });
}

/**
 * An instant on a calendar day that falls on that same day in every time zone
 * within ±11 h of UTC (noon UTC), or `notAfter` (default now) when that is
 * earlier — the caller makes sure `notAfter` is on that day too: for
 * backdated demo and test payments.
 */
export function middayOf(day: CalendarDate, notAfter: Date = new Date()): Date {
  const midday = new Date(`${day}T12:00:00.000Z`);
  return midday.getTime() > notAfter.getTime() ? notAfter : midday;
}
