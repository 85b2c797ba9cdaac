import { disbursedStatuses, repayableStatuses, statusIn } from '@presta/contract/order-status';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { formatDate, isCalendarDate, todayIn, type CalendarDate } from '@presta/contract/dates';
import { assertMinor, type Minor } from '@presta/contract/money';
import type { OrderStatus, OrderTransition } from '@presta/contract/order-status';
import type { Db, DbOrTx } from '../../db/database';
import {
  ledgerAllocations,
  ledgerCoolingOffExits,
  ledgerCreditEvents,
  ledgerExtensions,
  ledgerLateCharges,
  ledgerPayments,
  ledgerWaivers,
  orders,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { marketOf } from '@presta/contract/markets';
import { applyTransition, lockOrder, refreshOverdue, shiftDueDates, type TransitionResult } from '../orders/order-service';
import {
  readLedger,
  readLedgerWithRows,
  type LedgerCache,
  type LedgerOrder,
  type LedgerRead,
  type LedgerRowsRow,
} from './ledger-read-model';
import { accrueLateCharges } from './ledger-math/accrual';
import { quoteCoolingOffExit } from './ledger-math/cooling-off';
import { quoteExtensionOn, type ExtensionQuote } from './ledger-math/extension';
import { positionAsOf, summarise, type LoanPosition } from './ledger-math/position';
import {
  applyPaymentEvent,
  refundCredit as refundCreditPure,
  settleCreditThrough,
  valueDateFor,
  type AppliedPayment,
} from './ledger-math/replay';
import {
  type Allocation,
  type CoolingOffExit,
  type CreditApplication,
  type LateCharge,
  type LedgerState,
  type LedgerTerms,
  type PaymentPurpose,
  type PlanInstalment,
} from './ledger-math/state';
import { creditHeldSql } from '../../db/ledger-sql';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/*
 * The loan ledger in the database (docs/ledger.md). Reads go through the ledger
 * read model (ledger-read-model.ts: one round trip gives the LedgerState) and
 * hand it to the pure core (ledger-math.ts); a payment is applied in ONE
 * transaction with the order row locked (orders' lockOrder).
 */

/** A provider's clock may run a little ahead of ours. */
const CLOCK_SKEW_MS = 5 * 60_000;

type Disbursed = LedgerOrder & { disbursedOn: CalendarDate };
/** A disbursed order's terms and its stored ledger (the ledger read model). */
type DisbursedLedger = { order: Disbursed; state: LedgerState };

/**
 * A disbursed order's terms and ledger, read through the ledger read model; with `lock`, after locking the order
 * row in the caller's transaction through the orders module's lockOrder (the one order lock), so that nothing
 * is applied to it meanwhile. Unknown order → 404 orderNotFound; not disbursed → 409 loanNotDisbursed.
 */
async function loadLedger(tx: DbOrTx, orderId: number | undefined, opts: { lock: boolean; cache?: LedgerCache | undefined }): Promise<DisbursedLedger> {
  return disbursedLedger(orderId === undefined ? undefined : opts.lock ? await readLocked(tx, orderId) : await readLedger(tx, orderId, opts.cache));
}

/** A read's order and its ledger; no order → 404, not disbursed → 409. */
function disbursedLedger(read: LedgerRead | undefined): DisbursedLedger {
  if (!read) throw notFound('orderNotFound');
  const { order, state } = read;
  if (!state || !isDisbursed(order)) {
    throw new AppError(409, errorCodes.invalidTransition, 'loanNotDisbursed', { orderNo: order.orderNo, status: order.status });
  }
  return { order, state };
}

/** The ledger read after locking the order row (orders' lockOrder) in the caller's transaction. */
async function readLocked(tx: DbOrTx, orderId: number): Promise<LedgerRead | undefined> {
  if (!(await lockOrder(tx, { orderId }))) return undefined;
  return readLedger(tx, orderId);
}

function isDisbursed(order: LedgerOrder): order is Disbursed {
  return statusIn(disbursedStatuses, order.status) && order.disbursedOn !== null;
}

/** The id of the order with this number (undefined: none). */
async function orderIdOf(tx: DbOrTx, orderNo: string): Promise<number | undefined> {
  const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return found?.id;
}

/** The stored ledger again, within the caller's transaction (after it stored rows the state must include). */
async function reloadState(tx: DbOrTx, orderId: number): Promise<LedgerState> {
  return (await loadLedger(tx, orderId, { lock: false })).state;
}

// ---------------------------------------------------------------------------
// Storing what the pure core crystallised
// ---------------------------------------------------------------------------

type Crystallised = { charges: readonly LateCharge[]; creditApplications: readonly CreditApplication[] };

/**
 * Stores late charges and credit applications the pure core crystallised: one credit event (kind
 * 'application') per day credit was applied, with its allocation rows. The charges name the payment when
 * one crystallised them, else the last credit event (the crystallisation point).
 */
async function storeCrystallised(
  tx: DbOrTx,
  orderId: number,
  c: Crystallised,
  by: { paymentId: number | null; now: Date },
): Promise<number[]> {
  const eventIds: number[] = [];
  for (const application of c.creditApplications) {
    const [event] = await tx
      .insert(ledgerCreditEvents)
      .values({
        orderId,
        kind: 'application',
        valueDate: application.day,
        amount: application.amount,
        paymentId: by.paymentId,
        actor: 'system',
        createdAt: by.now,
      })
      .returning({ id: ledgerCreditEvents.id });
    eventIds.push(event!.id);
    await insertAllocations(tx, orderId, application.allocations, { creditEventId: event!.id }, by.now);
  }
  if (c.charges.length > 0) {
    const source = by.paymentId !== null ? { paymentId: by.paymentId } : { creditEventId: eventIds.at(-1)! };
    await tx.insert(ledgerLateCharges).values(
      c.charges.map((ch) => ({
        orderId,
        instalmentId: ch.instalmentId,
        ...source,
        kind: ch.kind,
        accruedFrom: ch.accruedFrom,
        accruedThrough: ch.accruedThrough,
        days: ch.days,
        base: ch.base,
        ratePpm: ch.ratePpm,
        amount: ch.amount,
        createdAt: by.now,
      })),
    );
  }
  return eventIds;
}

async function insertAllocations(
  tx: DbOrTx,
  orderId: number,
  allocations: readonly Allocation[],
  source: { paymentId: number } | { creditEventId: number },
  now: Date,
): Promise<void> {
  if (allocations.length === 0) return;
  await tx.insert(ledgerAllocations).values(
    allocations.map((a) => ({ ...source, orderId, instalmentId: a.instalmentId, component: a.component, amount: a.amount, createdAt: now })),
  );
}

/** The status the ledger gives, as of today: settle, cure or fall due in the caller's transaction (the order locked). */
async function transitionToLedgerStatus(
  tx: DbOrTx,
  order: LedgerOrder,
  position: LoanPosition,
  reason: string,
  now: Date,
  audit?: AuditActor,
): Promise<TransitionResult[]> {
  const action = ledgerTransition(order.status, position.expectedStatus);
  if (!action) return [];
  return [await applyTransition(tx, order, { orderId: order.id, action, actor: 'system', reason, now, audit })];
}

function checkDay(today: CalendarDate | undefined): void {
  if (today !== undefined && !isCalendarDate(today)) throw badRequest('badRequest', { detail: `today ${String(today)}` });
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

export type LoanPositionResult = {
  orderId: number;
  orderNo: string;
  status: OrderStatus;
  lateRule: 'mx_daily_fine' | 'in_tiered';
  /** The one-off default penalty of this loan (0: none). */
  defaultPenalty: Minor;
  position: LoanPosition;
};

/**
 * What the loan owes as of `today` (default: today in the product's time
 * zone): per instalment the owed, paid and outstanding components with late
 * charges accrued and credit applied through that day (not stored), totals,
 * amount due now, what a repayment can take now, next due date and next
 * payment, days late, credit (held, applied, refunded), money received, money
 * for it held in suspense, and the status the order should read. Unknown order
 * → 404; not disbursed → 409. With `cache` (outside a transaction), the ledger
 * read comes from it when the database announced no change since.
 */
export async function getLoanPosition(db: DbOrTx, orderId: number, today?: CalendarDate, cache?: LedgerCache): Promise<LoanPositionResult> {
  checkDay(today);
  const { order, state } = await loadLedger(db, orderId, { lock: false, cache });
  const day = today ?? todayIn(order.timeZone);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    lateRule: order.lateRule,
    defaultPenalty: state.terms.defaultPenalty,
    position: cache ? accruedOn(state, day).position() : positionAsOf(state, day),
  };
}

/** A cached ledger state accrued through a day (accrueLateCharges) and its position that day (positionAsOf), made once. */
type Accrued = { state: LedgerState; position: () => LoanPosition };

/** Days kept per cached ledger state (its calls ask for today and a quote's value date). */
const ACCRUED_DAYS_KEPT = 8;
const accruedByState = new WeakMap<LedgerState, Map<CalendarDate, Accrued>>();

/**
 * The ledger state of a read from the LedgerCache accrued through `day`, and its position that day, kept with
 * the read for the next call on the same order and day (replaying the late charges on every call was a fifth of
 * the extension page's time, decision 019). Safe to keep: a cached read is one object until the order changes
 * (the cache then reads a new one; the old one and this memo go with it), both are pure functions of the state
 * and the day, and no reader changes what it gets. Reads inside a write (locked) never come here.
 */
function accruedOn(cached: LedgerState, day: CalendarDate): Accrued {
  let days = accruedByState.get(cached);
  if (!days) {
    days = new Map();
    accruedByState.set(cached, days);
  }
  let accrued = days.get(day);
  if (!accrued) {
    const state = accrueLateCharges(cached, day).state;
    let position: LoanPosition | undefined;
    accrued = { state, position: () => (position ??= summarise(state, day)) };
    if (days.size >= ACCRUED_DAYS_KEPT) days.clear();
    days.set(day, accrued);
  }
  return accrued;
}

export type ExtensionQuoteResult = Omit<ExtensionQuote, 'reason'> & {
  orderId: number;
  status: OrderStatus;
  /** 'status': the order is not in 174 or 180. */
  reason?: ExtensionQuote['reason'] | 'status';
};

/**
 * The extension amount if bought on `today` (default: today in the product's
 * time zone; never before the last value date) and the due dates it gives.
 * Available on 174 and 180 when the product allows extensions and something
 * is unpaid (docs/ledger.md).
 */
export async function quoteExtension(db: DbOrTx, orderId: number, today?: CalendarDate, cache?: LedgerCache): Promise<ExtensionQuoteResult> {
  checkDay(today);
  const { order, state } = await loadLedger(db, orderId, { lock: false, cache });
  const day = valueDateFor(state, today ?? todayIn(order.timeZone));
  const quote = quoteExtensionOn(cache ? accruedOn(state, day).state : accrueLateCharges(state, day).state, day);
  // The order's fields first, then the quote's (none shared): on Node 20's V8 properties added after a leading
  // spread make a new hidden class on every call (decision 019).
  const result: ExtensionQuoteResult = { orderId: order.id, status: order.status, ...quote };
  if (order.status === '200') {
    result.available = false;
    result.reason = 'status';
  }
  return result;
}

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

/** The transition that brings `from` to `to` (statuses the ledger decides), if any. */
function ledgerTransition(from: OrderStatus, to: '174' | '180' | '200'): OrderTransition | undefined {
  if (from === to || from === '200') return undefined;
  if (to === '200') return 'settle';
  if (from === '180' && to === '174') return 'cure';
  if (from === '174' && to === '180') return 'fallDue';
  return undefined;
}

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
    const transitions = await transitionToLedgerStatus(tx, order, since.position, `payment ${paymentId} (${source.provider})`, source.now);
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
  if (applied.coolingOffExit) await storeWaivers(tx, orderId, paymentId, applied.coolingOffExit, applied.valueDate, now);
}

async function storeWaivers(
  tx: DbOrTx,
  orderId: number,
  paymentId: number,
  { exit, waivers }: NonNullable<AppliedPayment['coolingOffExit']>,
  valueDate: CalendarDate,
  now: Date,
): Promise<void> {
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

// ---------------------------------------------------------------------------
// Credit applied by itself, outside payments (the sweep, a read)
// ---------------------------------------------------------------------------

/**
 * CREDIT_APPLIED_WHEN_PAYABLE in the database: for every order in 174 or 180
 * holding credit (or the one given), in its own transaction with the order
 * locked, the credit applications due through today are crystallised (credit
 * events) and the order moves to the status the ledger gives (a credit that
 * covers everything left settles it: 200). Then refreshOverdue for the others.
 * Idempotent: run again the same day, it writes nothing. `audit`: who the moves
 * are recorded as in the audit trail, in each move's transaction (the jobs and
 * a borrower's read: the system; `ops sweep-overdue`: the member).
 */
export async function refreshLedgerStatus(
  db: Db,
  opts: { orderId?: number; today?: CalendarDate; now?: Date; audit?: AuditActor } = {},
): Promise<TransitionResult[]> {
  const now = opts.now ?? new Date();
  const holders = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, repayableStatuses),
        sql`${creditHeldSql()} > 0`,
        opts.orderId !== undefined ? eq(orders.id, opts.orderId) : undefined,
      ),
    )
    .orderBy(asc(orders.id));
  const moved: TransitionResult[] = [];
  for (const h of holders) {
    moved.push(
      ...(await db.transaction(async (tx) => {
        const read = await readLocked(tx, h.id);
        if (!read?.state || !statusIn(repayableStatuses, read.order.status) || !isDisbursed(read.order)) return [];
        const ledger = { order: read.order, state: read.state };
        return crystalliseCredit(tx, ledger, opts.today ?? todayIn(read.order.timeZone, now), now, opts.audit);
      })),
    );
  }
  moved.push(...(await refreshOverdue(db, opts)));
  return moved;
}

/** The credit applications through `day` stored, then the order moved to the ledger's status (the order locked by the caller). */
async function crystalliseCredit(tx: DbOrTx, { order, state }: DisbursedLedger, day: CalendarDate, now: Date, audit?: AuditActor): Promise<TransitionResult[]> {
  const settled = settleCreditThrough(state, day);
  if (settled) await storeCrystallised(tx, order.id, settled, { paymentId: null, now });
  const position = positionAsOf(settled?.state ?? state, valueDateFor(settled?.state ?? state, day));
  return transitionToLedgerStatus(tx, order, position, 'credit applied', now, audit);
}

// ---------------------------------------------------------------------------
// Refunds of credit
// ---------------------------------------------------------------------------

export type RefundResult = { orderId: number; orderNo: string; creditEventId: number; amount: Minor; valueDate: CalendarDate; creditLeft: Minor };

/**
 * REFUND_SETTLED_CREDIT_ONLY: an operator pays back `amount` of a settled
 * loan's credit, in ONE transaction with the order locked: the credit held is
 * first applied through today (so a loan it settles may be refunded), then a
 * credit event (kind 'refund') and its allocation row (component 'refund') are
 * recorded. Refusals: amount not a positive integer (400), unknown order (404),
 * an order not settled (409 refundLoanOpen: its credit goes to its next
 * instalments by itself), more than the credit (422 refundAboveCredit).
 */
export async function refundCredit(
  db: DbOrTx,
  input: { orderNo: string; amount: Minor; note?: string; now?: Date; audit?: AuditActor },
): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(400, errorCodes.badRequest, 'refundAmountInvalid', { amount: String(input.amount) });
  }
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const ledger = await loadLedger(tx, await orderIdOf(tx, input.orderNo), { lock: true });
    const { order } = ledger;
    const day = todayIn(order.timeZone, now);
    const transitions = order.status === '200' ? [] : await crystalliseCredit(tx, ledger, day, now);
    const status = transitions.at(-1)?.to ?? order.status;
    // Credit applied just now is part of the ledger the refund is taken from.
    const state = order.status === '200' ? ledger.state : await reloadState(tx, order.id);
    const money = (m: Minor) => String(m);
    if (status !== '200') {
      throw new AppError(409, errorCodes.invalidTransition, 'refundLoanOpen', { orderNo: order.orderNo, status, credit: money(state.credit) });
    }
    const r = refundCreditPure(state, { kind: 'refund', amount: input.amount, date: day });
    if ('refusal' in r) {
      const key = r.refusal === 'aboveCredit' ? 'refundAboveCredit' : 'refundLoanOpen';
      throw new AppError(r.refusal === 'aboveCredit' ? 422 : 409, r.refusal === 'aboveCredit' ? errorCodes.outsideProductRules : errorCodes.invalidTransition, key, {
        orderNo: order.orderNo,
        status,
        amount: money(input.amount),
        credit: money(r.credit),
      });
    }
    await storeCrystallised(tx, order.id, r.applied, { paymentId: null, now });
    const [event] = await tx
      .insert(ledgerCreditEvents)
      .values({
        orderId: order.id,
        kind: 'refund',
        valueDate: r.applied.valueDate,
        amount: input.amount,
        actor: 'operator',
        note: (input.note ?? '').trim().slice(0, 500),
        createdAt: now,
      })
      .returning({ id: ledgerCreditEvents.id });
    await insertAllocations(tx, order.id, r.applied.allocations, { creditEventId: event!.id }, now);
    if (input.audit) {
      await recordAudit(tx, input.audit, {
        action: 'ledger.refund',
        objectType: 'order',
        objectId: order.orderNo,
        before: { credit: state.credit },
        after: { credit: r.state.credit, refunded: input.amount, creditEventId: event!.id, note: input.note ?? '' },
      });
    }
    return { orderId: order.id, orderNo: order.orderNo, creditEventId: event!.id, amount: input.amount, valueDate: r.applied.valueDate, creditLeft: r.state.credit };
  });
}

// ---------------------------------------------------------------------------
// Cooling-off exit (India's KFS; docs/ledger.md "Cooling-off exit")
// ---------------------------------------------------------------------------

const exitTermsNote = (x: { principal: Minor; interest: Minor; daysUsed: number; expiresOn: CalendarDate }) =>
  `principal ${x.principal} + interest ${x.interest} (${x.daysUsed} day(s) used), valid through ${x.expiresOn}`;

export type CoolingOffExitResult = {
  orderId: number;
  orderNo: string;
  exitId: number;
  exit: CoolingOffExit;
  /** What the borrower still has to pay for it after the credit held (loan-details asks for it). */
  due: Minor;
  credit: Minor;
};

/**
 * An operator records a borrower's cooling-off exit (COOLING_OFF_PERIOD), in ONE transaction with the order
 * locked: the exit amount fixed today (principal outstanding + interest for the days used), valid through the
 * period's last day. The payment that brings the money received to it carries it out (applyPayment): the rest
 * of the schedule is waived and the loan settles. Refusals: unknown order (404); not disbursed or settled
 * (409 loanNotDisbursed, coolingOffSettled); a market without one — Mexico — (409 coolingOffNoMarket); outside
 * the period or with an instalment fallen due (409 coolingOffOutside).
 */
export async function requestCoolingOffExit(
  db: DbOrTx,
  input: { orderNo: string; note?: string; now?: Date; audit?: AuditActor },
): Promise<CoolingOffExitResult> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const { order, state } = await loadLedger(tx, await orderIdOf(tx, input.orderNo), { lock: true });
    const rules = marketOf(order.market).keyFacts;
    if (!rules) throw new AppError(409, errorCodes.invalidTransition, 'coolingOffNoMarket', { orderNo: order.orderNo, market: order.market });
    if (order.status === '200') throw new AppError(409, errorCodes.invalidTransition, 'coolingOffSettled', { orderNo: order.orderNo });
    const day = todayIn(order.timeZone, now);
    const q = quoteCoolingOffExit(state, valueDateFor(state, day), rules.coolingOffDays);
    if ('refusal' in q) {
      throw new AppError(409, errorCodes.invalidTransition, q.refusal === 'nothingOwed' ? 'coolingOffSettled' : 'coolingOffOutside', {
        orderNo: order.orderNo,
        disbursedOn: order.disbursedOn,
        until: q.expiresOn,
        date: day,
      });
    }
    const [row] = await tx
      .insert(ledgerCoolingOffExits)
      .values({
        orderId: order.id,
        requestedOn: q.exit.requestedOn,
        expiresOn: q.exit.expiresOn,
        daysUsed: q.exit.daysUsed,
        principal: q.exit.principal,
        interest: q.exit.interest,
        amount: q.exit.amount,
        actor: 'operator',
        note: (input.note ?? '').trim().slice(0, 500),
        createdAt: now,
      })
      .returning({ id: ledgerCoolingOffExits.id });
    const exit = { ...q.exit, id: row!.id };
    if (input.audit) {
      await recordAudit(tx, input.audit, {
        action: 'ledger.coolingOffExit',
        objectType: 'order',
        objectId: order.orderNo,
        before: null,
        after: { exitId: exit.id, amount: exit.amount, requestedOn: exit.requestedOn, expiresOn: exit.expiresOn, note: input.note ?? '' },
      });
    }
    const position = positionAsOf({ ...state, exit }, valueDateFor(state, day));
    return { orderId: order.id, orderNo: order.orderNo, exitId: exit.id, exit, due: position.coolingOffExit?.due ?? 0, credit: position.credit };
  });
}

// ---------------------------------------------------------------------------
// The ledger's events of an order (operator's view; the statement builds on it)
// ---------------------------------------------------------------------------

export type LedgerEventRow =
  | {
      kind: 'payment';
      id: number;
      at: Date;
      /** When the provider received the money. */
      receivedAt: Date;
      valueDate: CalendarDate;
      amount: Minor;
      purpose: PaymentPurpose;
      channel: string;
      provider: string;
      eventId: string;
      /** The payment reference the money came through (payment_references), if any. */
      referenceId: number | null;
      allocations: Allocation[];
    }
  | {
      /**
       * credit_application, refund: credit events; cooling_off_exit: an exit asked for (amount: the exit amount,
       * note: its terms; no allocations); waiver: what a cooling-off exit waived (amount: their sum, allocations:
       * the waived components, paymentId: the payment that carried it out).
       */
      kind: 'credit_application' | 'refund' | 'cooling_off_exit' | 'waiver';
      id: number;
      at: Date;
      valueDate: CalendarDate;
      amount: Minor;
      actor: string;
      note: string;
      /** The payment whose application crystallised it (null: the sweep, a read, a refund). */
      paymentId: number | null;
      allocations: Allocation[];
    };

/**
 * Every payment and credit event of an order's stored rows in the order they were recorded, each with where its
 * money went (allocations by instalment seq and component), pure.
 */
function eventsFrom(r: LedgerRowsRow): LedgerEventRow[] {
  const allocs = (pick: (a: LedgerRowsRow['allocation_rows'][number]) => boolean): Allocation[] =>
    r.allocation_rows.filter(pick).map((a) => ({ instalmentId: a.instalmentId, seq: a.seq, component: a.component, amount: a.amount }));
  const rows: LedgerEventRow[] = [
    ...r.payment_rows.map((p): LedgerEventRow => ({
      kind: 'payment',
      id: p.id,
      at: new Date(p.createdAt),
      receivedAt: new Date(p.receivedAt),
      valueDate: p.valueDate,
      amount: p.amount,
      purpose: p.purpose,
      channel: p.channel,
      provider: p.provider,
      eventId: p.providerEventId,
      referenceId: p.referenceId,
      allocations: allocs((a) => a.paymentId === p.id),
    })),
    ...r.credit_event_rows.map((c): LedgerEventRow => ({
      kind: c.kind === 'refund' ? 'refund' : 'credit_application',
      id: c.id,
      at: new Date(c.createdAt),
      valueDate: c.valueDate,
      amount: c.amount,
      actor: c.actor,
      note: c.note,
      paymentId: c.paymentId,
      allocations: allocs((a) => a.creditEventId === c.id),
    })),
    ...r.cooling_off_exit_rows.map((x): LedgerEventRow => ({
      kind: 'cooling_off_exit',
      id: x.id,
      at: new Date(x.createdAt),
      valueDate: x.requestedOn,
      amount: x.amount,
      actor: x.actor,
      note: exitTermsNote(x) + (x.note ? `; ${x.note}` : ''),
      paymentId: null,
      allocations: [],
    })),
    ...r.cooling_off_exit_rows.flatMap((x): LedgerEventRow[] => {
      const lines = r.waiver_rows.filter((w) => w.exitId === x.id);
      const first = lines[0];
      if (!first) return [];
      return [
        {
          kind: 'waiver',
          id: x.id,
          at: new Date(first.createdAt),
          valueDate: first.valueDate,
          amount: lines.reduce((acc, w) => acc + w.amount, 0),
          actor: 'system',
          note: `cooling-off exit ${x.id}`,
          paymentId: first.paymentId,
          allocations: lines.map((w) => ({ instalmentId: w.instalmentId, seq: w.seq, component: w.component, amount: w.amount })),
        },
      ];
    }),
  ];
  // Same instant: the payment first, then what it crystallised (credit events), then what it waived.
  const rank = (e: LedgerEventRow) => (e.kind === 'payment' ? 0 : e.kind === 'waiver' ? 2 : 1);
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a) - rank(b));
}

// ---------------------------------------------------------------------------
// The whole ledger of an order, read at once (the loan statement builds on it)
// ---------------------------------------------------------------------------

/** A stored late charge, with the payment or the credit event that crystallised it. */
export type StoredLateCharge = LedgerRowsRow['late_charge_rows'][number];

/** A stored extension: the payment that bought it (and when), the due dates it moved and the parts of its price. */
export type StoredExtension = {
  paymentId: number;
  at: Date;
  fromDueDate: CalendarDate;
  toDueDate: CalendarDate;
  shiftDays: number;
  lateCharges: Minor;
  dueInterest: Minor;
  dueInterestTax: Minor;
  fee: Minor;
  feeTax: Minor;
};

/** The extensions an order's payments bought, oldest first (none before the disbursal), from its stored rows. */
function extensionsFrom(r: LedgerRowsRow): StoredExtension[] {
  return r.extension_rows.map((e) => ({
    paymentId: e.paymentId,
    at: new Date(e.createdAt),
    fromDueDate: e.fromDueDate,
    toDueDate: e.toDueDate,
    shiftDays: e.shiftDays,
    lateCharges: e.lateCharges,
    dueInterest: e.dueInterest,
    dueInterestTax: e.dueInterestVat,
    fee: e.fee,
    feeTax: e.feeVat,
  }));
}

export type LedgerRecord = {
  orderId: number;
  orderNo: string;
  status: OrderStatus;
  timeZone: string;
  terms: LedgerTerms;
  /** The plan's scheduled components, with the current due dates (extensions move them). */
  plan: PlanInstalment[];
  lateCharges: StoredLateCharge[];
  extensions: StoredExtension[];
  /** Payments, credit events, cooling-off exits and waivers in the order they were recorded. */
  events: LedgerEventRow[];
  /** The day it is read for (default: today in the product's time zone). */
  asOf: CalendarDate;
  /**
   * What the ledger's position adds to the stored rows through asOf: late charges accrued and credit applied
   * by itself after the last value date (accrueLateCharges), not stored until a payment or credit event
   * crystallises them.
   */
  accrued: { charges: LateCharge[]; creditApplications: CreditApplication[] };
  /** getLoanPosition's position on asOf. */
  position: LoanPosition;
};

/**
 * Everything the ledger holds for a disbursed order, read in ONE statement (one snapshot, so its parts agree
 * with each other to the minor unit whatever is applied meanwhile; one round trip, no transaction): terms,
 * plan, stored late charges, extensions, payments and credit events with their allocations, what accrued since
 * the last value date, and the position on `today`. Read only. Unknown order → 404; not disbursed → 409.
 */
export async function ledgerRecordOf(db: Db, orderId: number, today?: CalendarDate): Promise<LedgerRecord> {
  checkDay(today);
  const found = await readLedgerWithRows(db, orderId);
  const { order, state } = disbursedLedger(found?.read);
  const rows = found!.rows;
  const asOf = today ?? todayIn(order.timeZone);
  const accrued = accrueLateCharges(state, asOf);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    timeZone: order.timeZone,
    terms: state.terms,
    plan: state.instalments.map((x) => ({
      id: x.id,
      seq: x.seq,
      dueDate: x.dueDate,
      principal: x.owed.principal,
      interest: x.owed.interest,
      commission: x.owed.commission,
      vat: x.owed.vat,
    })),
    lateCharges: rows.late_charge_rows,
    extensions: extensionsFrom(rows),
    events: eventsFrom(rows),
    asOf,
    accrued: { charges: accrued.charges, creditApplications: accrued.creditApplications },
    position: positionAsOf(state, asOf),
  };
}

/** The order a payment belongs to (undefined: no such payment). Read only. */
export async function orderOfPayment(db: DbOrTx, paymentId: number): Promise<number | undefined> {
  const [row] = await db.select({ orderId: ledgerPayments.orderId }).from(ledgerPayments).where(eq(ledgerPayments.id, paymentId)).limit(1);
  return row?.orderId;
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
