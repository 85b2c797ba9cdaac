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
  orderStatusHistory,
  paymentReferences,
  paymentSuspense,
  paymentSuspenseResolutions,
  products,
  repaymentPlans,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { marketOf } from '@presta/contract/markets';
import { applyTransition, refreshOverdue, type LockedOrder, type TransitionResult } from '../orders/order-service';
import {
  accrueLateCharges,
  applyPaymentEvent,
  defaultPenaltyFor,
  positionAsOf,
  quoteCoolingOffExit,
  quoteExtensionOn,
  refundCredit as refundCreditPure,
  settleCreditThrough,
  stateFromLedger,
  valueDateFor,
  type Allocation,
  type AppliedPayment,
  type CoolingOffExit,
  type CreditApplication,
  type ExtensionQuote,
  type InstalmentComponent,
  type LateCharge,
  type LedgerState,
  type LedgerTerms,
  type LoanPosition,
  type PaymentPurpose,
  type PlanInstalment,
} from './ledger-math';
import { creditHeldSql } from '../../db/ledger-sql';

/*
 * The loan ledger in the database (docs/ledger.md). Reads build a LedgerState
 * from the stored rows and hand it to the pure core (ledger-math.ts); a
 * payment is applied in ONE transaction with the order row locked.
 */

/** Statuses whose loan has a ledger (disbursed). */
const ledgerStatuses: readonly string[] = ['174', '180', '200'];
/** A provider's clock may run a little ahead of ours. */
const CLOCK_SKEW_MS = 5 * 60_000;

type LedgerOrder = LockedOrder & {
  borrowerId: number;
  createdAt: Date;
  periods: number;
  dailyRatePpm: number;
  vatPpm: number;
  taxBase: ('interest' | 'commission' | 'extension_fee')[];
  lateRule: 'mx_daily_fine' | 'in_tiered';
  extensionEnabled: boolean;
  market: 'MX' | 'IN';
};

async function readLedgerOrder(tx: DbOrTx, orderId: number, lock: boolean): Promise<LedgerOrder | undefined> {
  const query = tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      termUnitDays: orders.termUnitDays,
      disbursedOn: orders.disbursedOn,
      timeZone: products.timeZone,
      borrowerId: orders.borrowerId,
      createdAt: orders.createdAt,
      periods: orders.periods,
      dailyRatePpm: orders.dailyRatePpm,
      vatPpm: orders.vatPpm,
      taxBase: orders.taxBase,
      lateRule: products.lateRule,
      extensionEnabled: products.extensionEnabled,
      market: products.market,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const rows = lock ? await query.for('update', { of: orders }) : await query;
  return rows[0];
}

function assertDisbursed(order: LedgerOrder): asserts order is LedgerOrder & { disbursedOn: CalendarDate } {
  if (!ledgerStatuses.includes(order.status) || !order.disbursedOn) {
    throw new AppError(409, errorCodes.invalidTransition, 'loanNotDisbursed', { orderNo: order.orderNo, status: order.status });
  }
}

/** IN_DEFAULT_PENALTY_ONE_OFF: a repeat client had another order settled before this one was submitted. */
async function isRepeatClient(tx: DbOrTx, order: LedgerOrder): Promise<boolean> {
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(orders)
    .innerJoin(orderStatusHistory, and(eq(orderStatusHistory.orderId, orders.id), eq(orderStatusHistory.toStatus, '200')))
    .where(
      and(
        eq(orders.borrowerId, order.borrowerId),
        sql`${orders.id} <> ${order.id}`,
        sql`${orderStatusHistory.createdAt} < ${order.createdAt.toISOString()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The stored ledger of a disbursed order as a LedgerState (sums per instalment and component). */
async function loadState(tx: DbOrTx, order: LedgerOrder & { disbursedOn: CalendarDate }): Promise<LedgerState> {
  const [plan, charges, allocations, last, repeat] = await Promise.all([
    tx
      .select({
        id: repaymentPlans.id,
        seq: repaymentPlans.seq,
        dueDate: repaymentPlans.dueDate,
        principal: repaymentPlans.principal,
        interest: repaymentPlans.interest,
        commission: repaymentPlans.commission,
        vat: repaymentPlans.vat,
      })
      .from(repaymentPlans)
      .where(eq(repaymentPlans.orderId, order.id))
      .orderBy(asc(repaymentPlans.seq)),
    tx
      .select({
        instalmentId: ledgerLateCharges.instalmentId,
        kind: ledgerLateCharges.kind,
        amount: sql<string>`sum(${ledgerLateCharges.amount})`,
      })
      .from(ledgerLateCharges)
      .where(eq(ledgerLateCharges.orderId, order.id))
      .groupBy(ledgerLateCharges.instalmentId, ledgerLateCharges.kind),
    tx
      .select({
        instalmentId: ledgerAllocations.instalmentId,
        component: ledgerAllocations.component,
        fromCredit: sql<boolean>`${ledgerAllocations.creditEventId} is not null`,
        amount: sql<string>`sum(${ledgerAllocations.amount})`,
      })
      .from(ledgerAllocations)
      .where(eq(ledgerAllocations.orderId, order.id))
      .groupBy(ledgerAllocations.instalmentId, ledgerAllocations.component, sql`${ledgerAllocations.creditEventId} is not null`),
    lastValueDate(tx, order.id),
    order.lateRule === 'in_tiered' ? isRepeatClient(tx, order) : Promise.resolve(false),
  ]);
  const [waivers, exits] = await Promise.all([
    tx
      .select({ instalmentId: ledgerWaivers.instalmentId, component: ledgerWaivers.component, exitId: ledgerWaivers.exitId, amount: ledgerWaivers.amount })
      .from(ledgerWaivers)
      .where(eq(ledgerWaivers.orderId, order.id)),
    tx.select().from(ledgerCoolingOffExits).where(eq(ledgerCoolingOffExits.orderId, order.id)).orderBy(asc(ledgerCoolingOffExits.id)),
  ]);
  // The exit in force: the latest request, unless a payment carried it out (its waivers name it).
  const latest = exits.at(-1);
  const exit: CoolingOffExit | null =
    latest && !waivers.some((w) => w.exitId === latest.id)
      ? {
          id: latest.id,
          requestedOn: latest.requestedOn,
          expiresOn: latest.expiresOn,
          daysUsed: latest.daysUsed,
          principal: latest.principal,
          interest: latest.interest,
          amount: latest.amount,
        }
      : null;
  return stateFromLedger(
    {
      disbursedOn: order.disbursedOn,
      periods: order.periods,
      termUnitDays: order.termUnitDays,
      dailyRatePpm: order.dailyRatePpm,
      tax: { ratePpm: order.vatPpm, base: order.taxBase },
      lateRule: order.lateRule,
      defaultPenalty: defaultPenaltyFor(order.lateRule, repeat),
      extensionEnabled: order.extensionEnabled,
    },
    plan,
    charges.map((c) => ({ ...c, amount: Number(c.amount) })),
    allocations.map((a) => ({ ...a, amount: Number(a.amount) })),
    last,
    { waivers: waivers.map((w) => ({ instalmentId: w.instalmentId, component: w.component as InstalmentComponent, amount: w.amount })), exit },
  );
}

/** The last day the ledger is crystallised through: the latest value date of its payments and credit events. */
async function lastValueDate(tx: DbOrTx, orderId: number): Promise<CalendarDate | null> {
  const rows = (await tx.execute(sql`select greatest(
      (select max(value_date) from ledger_payments where order_id = ${orderId}),
      (select max(value_date) from ledger_credit_events where order_id = ${orderId}))::text as value_date`)) as unknown as { value_date: CalendarDate | null }[];
  return rows[0]?.value_date ?? null;
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
): Promise<TransitionResult[]> {
  const action = ledgerTransition(order.status, position.expectedStatus);
  if (!action) return [];
  return [await applyTransition(tx, order, { orderId: order.id, action, actor: 'system', reason, now })];
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
  /** Money for this order held in suspense (not applied, e.g. above the ceiling), open for an operator. */
  heldInSuspense: Minor;
};

/**
 * What the loan owes as of `today` (default: today in the product's time
 * zone): per instalment the owed, paid and outstanding components with late
 * charges accrued and credit applied through that day (not stored), totals,
 * amount due now, what a repayment can take now, next due date and next
 * payment, days late, credit (held, applied, refunded), money received, money
 * for it held in suspense, and the status the order should read. Unknown order
 * → 404; not disbursed → 409.
 */
export async function getLoanPosition(db: DbOrTx, orderId: number, today?: CalendarDate): Promise<LoanPositionResult> {
  checkDay(today);
  const order = await readLedgerOrder(db, orderId, false);
  if (!order) throw notFound('orderNotFound');
  assertDisbursed(order);
  const [state, heldInSuspense] = await Promise.all([loadState(db, order), suspenseHeldFor(db, order.id)]);
  const day = today ?? todayIn(order.timeZone);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    lateRule: order.lateRule,
    defaultPenalty: state.terms.defaultPenalty,
    position: positionAsOf(state, day),
    heldInSuspense,
  };
}

/** The open suspense entries naming an order, summed (an entry is open until it has a resolution). */
async function suspenseHeldFor(db: DbOrTx, orderId: number): Promise<Minor> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentSuspense.amount}), 0)::text` })
    .from(paymentSuspense)
    .leftJoin(paymentSuspenseResolutions, eq(paymentSuspenseResolutions.suspenseId, paymentSuspense.id))
    .where(and(eq(paymentSuspense.orderId, orderId), sql`${paymentSuspenseResolutions.id} is null`));
  return Number(row?.total ?? 0);
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
export async function quoteExtension(db: DbOrTx, orderId: number, today?: CalendarDate): Promise<ExtensionQuoteResult> {
  checkDay(today);
  const order = await readLedgerOrder(db, orderId, false);
  if (!order) throw notFound('orderNotFound');
  assertDisbursed(order);
  const state = await loadState(db, order);
  const day = valueDateFor(state, today ?? todayIn(order.timeZone));
  const quote = quoteExtensionOn(accrueLateCharges(state, day).state, day);
  if (order.status === '200') return { ...quote, available: false, reason: 'status', orderId: order.id, status: order.status };
  return { ...quote, orderId: order.id, status: order.status };
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
  const { channel, provider, providerEventId, now, receivedAt } = checkPaymentInput(input);

  return db.transaction(async (tx) => {
    const order = await readLedgerOrder(tx, input.orderId, true);
    if (!order) throw notFound('orderNotFound');
    assertDisbursed(order);
    const receivedDay = formatDate(receivedAt, { timeZone: order.timeZone });
    if (receivedDay < order.disbursedOn) {
      throw new AppError(400, errorCodes.badRequest, 'paymentDateInvalid', { date: receivedDay });
    }

    const state = await loadState(tx, order);
    if (input.maxAmount) {
      const ceiling = input.maxAmount(positionAsOf(state, valueDateFor(state, receivedDay)).totals.outstandingTotal);
      if (input.amount > ceiling) {
        throw new AppError(422, errorCodes.outsideProductRules, 'paymentAboveCeiling', { amount: input.amount, ceiling });
      }
    }
    const { state: stateAfter, applied } = paymentOnState(state, order.status, input, receivedDay);
    let after = stateAfter;

    const [payment] = await tx
      .insert(ledgerPayments)
      .values({
        orderId: order.id,
        amount: input.amount,
        purpose: input.purpose,
        channel,
        provider,
        providerEventId,
        referenceId: input.referenceId ?? null,
        receivedAt,
        valueDate: applied.valueDate,
        extended: applied.extension !== undefined,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [ledgerPayments.provider, ledgerPayments.providerEventId] })
      .returning({ id: ledgerPayments.id });
    if (!payment) {
      const [first] = await tx
        .select({ id: ledgerPayments.id, orderId: ledgerPayments.orderId })
        .from(ledgerPayments)
        .where(and(eq(ledgerPayments.provider, provider), eq(ledgerPayments.providerEventId, providerEventId)))
        .limit(1);
      return { applied: false, duplicate: true, paymentId: first!.id, orderId: first!.orderId } satisfies ApplyPaymentDuplicate;
    }
    const paymentId = payment.id;

    await storeCrystallised(tx, order.id, applied, { paymentId, now });
    await insertAllocations(tx, order.id, applied.allocations, { paymentId }, now);
    const ext = applied.extension;
    if (ext) await storeExtension(tx, order.id, paymentId, ext, now);
    if (applied.coolingOffExit) {
      const { exit, waivers } = applied.coolingOffExit;
      await tx.insert(ledgerWaivers).values(
        waivers.map((w) => ({
          orderId: order.id,
          exitId: exit.id,
          paymentId,
          instalmentId: w.instalmentId!,
          component: w.component,
          valueDate: applied.valueDate,
          amount: w.amount,
          createdAt: now,
        })),
      );
    }

    // The status the ledger gives, as of today (never before the value date). A backdated payment may leave credit
    // that became applicable since its value date: crystallised now too, so the stored ledger matches the status.
    const today = valueDateFor(after, todayIn(order.timeZone, now));
    const sinceValueDate = settleCreditThrough(after, today);
    if (sinceValueDate) {
      await storeCrystallised(tx, order.id, sinceValueDate, { paymentId, now });
      after = sinceValueDate.state;
    }
    const position = positionAsOf(after, today);
    const transitions = await transitionToLedgerStatus(tx, order, position, `payment ${paymentId} (${provider})`, now);
    // Every open payment reference of the order was priced before this payment:
    // none is offered again (a store would collect its old amount). Money still
    // arriving for one is applied like any other (docs/payments.md).
    await tx
      .update(paymentReferences)
      .set({ status: 'expired' })
      .where(and(eq(paymentReferences.orderId, order.id), eq(paymentReferences.status, 'open')));
    const credited = applied.allocations.filter((a) => a.component === 'overpayment').reduce((acc, a) => acc + a.amount, 0);
    return {
      applied: true,
      duplicate: false,
      paymentId,
      orderId: order.id,
      valueDate: applied.valueDate,
      charges: [...applied.charges, ...(sinceValueDate?.charges ?? [])],
      creditApplications: [...applied.creditApplications, ...(sinceValueDate?.creditApplications ?? [])],
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
    } satisfies ApplyPaymentApplied;
  });
}

async function storeExtension(tx: DbOrTx, orderId: number, paymentId: number, ext: ExtensionQuote, now: Date): Promise<void> {
  await tx
    .update(repaymentPlans)
    .set({ dueDate: sql`${repaymentPlans.dueDate} + ${ext.shiftDays}::int` })
    .where(and(eq(repaymentPlans.orderId, orderId), inArray(repaymentPlans.id, ext.movedInstalmentIds)));
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
 * Idempotent: run again the same day, it writes nothing.
 */
export async function refreshLedgerStatus(
  db: Db,
  opts: { orderId?: number; today?: CalendarDate; now?: Date } = {},
): Promise<TransitionResult[]> {
  const now = opts.now ?? new Date();
  const holders = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['174', '180']),
        sql`${creditHeldSql()} > 0`,
        opts.orderId !== undefined ? eq(orders.id, opts.orderId) : undefined,
      ),
    )
    .orderBy(asc(orders.id));
  const moved: TransitionResult[] = [];
  for (const h of holders) {
    moved.push(
      ...(await db.transaction(async (tx) => {
        const order = await readLedgerOrder(tx, h.id, true);
        if (!order || !['174', '180'].includes(order.status) || !order.disbursedOn) return [];
        return crystalliseCredit(tx, order as LedgerOrder & { disbursedOn: CalendarDate }, opts.today ?? todayIn(order.timeZone, now), now);
      })),
    );
  }
  moved.push(...(await refreshOverdue(db, opts)));
  return moved;
}

/** The credit applications through `day` stored, then the order moved to the ledger's status (the order locked by the caller). */
async function crystalliseCredit(
  tx: DbOrTx,
  order: LedgerOrder & { disbursedOn: CalendarDate },
  day: CalendarDate,
  now: Date,
): Promise<TransitionResult[]> {
  const state = await loadState(tx, order);
  const settled = settleCreditThrough(state, day);
  if (settled) await storeCrystallised(tx, order.id, settled, { paymentId: null, now });
  const position = positionAsOf(settled?.state ?? state, valueDateFor(settled?.state ?? state, day));
  return transitionToLedgerStatus(tx, order, position, 'credit applied', now);
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
  input: { orderNo: string; amount: Minor; note?: string; now?: Date },
): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(400, errorCodes.badRequest, 'refundAmountInvalid', { amount: String(input.amount) });
  }
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, input.orderNo)).limit(1);
    const order = found ? await readLedgerOrder(tx, found.id, true) : undefined;
    if (!order) throw notFound('orderNotFound');
    assertDisbursed(order);
    const day = todayIn(order.timeZone, now);
    const transitions = order.status === '200' ? [] : await crystalliseCredit(tx, order, day, now);
    const status = transitions.at(-1)?.to ?? order.status;
    const state = await loadState(tx, order);
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
  input: { orderNo: string; note?: string; now?: Date },
): Promise<CoolingOffExitResult> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, input.orderNo)).limit(1);
    const order = found ? await readLedgerOrder(tx, found.id, true) : undefined;
    if (!order) throw notFound('orderNotFound');
    assertDisbursed(order);
    const rules = marketOf(order.market).keyFacts;
    if (!rules) throw new AppError(409, errorCodes.invalidTransition, 'coolingOffNoMarket', { orderNo: order.orderNo, market: order.market });
    if (order.status === '200') throw new AppError(409, errorCodes.invalidTransition, 'coolingOffSettled', { orderNo: order.orderNo });
    const day = todayIn(order.timeZone, now);
    const state = await loadState(tx, order);
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
 * Every payment and credit event of an order in the order they were recorded,
 * each with where its money went (allocations by instalment seq and
 * component).
 */
export async function ledgerEventsOf(db: DbOrTx, orderId: number): Promise<LedgerEventRow[]> {
  const [payments, credits, allocations, plan, exits, waivers] = await Promise.all([
    db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, orderId)).orderBy(asc(ledgerPayments.id)),
    db.select().from(ledgerCreditEvents).where(eq(ledgerCreditEvents.orderId, orderId)).orderBy(asc(ledgerCreditEvents.id)),
    db.select().from(ledgerAllocations).where(eq(ledgerAllocations.orderId, orderId)).orderBy(asc(ledgerAllocations.id)),
    db.select({ id: repaymentPlans.id, seq: repaymentPlans.seq }).from(repaymentPlans).where(eq(repaymentPlans.orderId, orderId)),
    db.select().from(ledgerCoolingOffExits).where(eq(ledgerCoolingOffExits.orderId, orderId)).orderBy(asc(ledgerCoolingOffExits.id)),
    db.select().from(ledgerWaivers).where(eq(ledgerWaivers.orderId, orderId)).orderBy(asc(ledgerWaivers.id)),
  ]);
  const seqOf = new Map(plan.map((p) => [p.id, p.seq]));
  const allocs = (pick: (a: (typeof allocations)[number]) => boolean): Allocation[] =>
    allocations
      .filter(pick)
      .map((a) => ({ instalmentId: a.instalmentId, seq: a.instalmentId === null ? null : (seqOf.get(a.instalmentId) ?? null), component: a.component, amount: a.amount }));
  const rows: LedgerEventRow[] = [
    ...payments.map((p): LedgerEventRow => ({
      kind: 'payment',
      id: p.id,
      at: p.createdAt,
      receivedAt: p.receivedAt,
      valueDate: p.valueDate,
      amount: p.amount,
      purpose: p.purpose,
      channel: p.channel,
      provider: p.provider,
      eventId: p.providerEventId,
      referenceId: p.referenceId,
      allocations: allocs((a) => a.paymentId === p.id),
    })),
    ...credits.map((c): LedgerEventRow => ({
      kind: c.kind === 'refund' ? 'refund' : 'credit_application',
      id: c.id,
      at: c.createdAt,
      valueDate: c.valueDate,
      amount: c.amount,
      actor: c.actor,
      note: c.note,
      paymentId: c.paymentId,
      allocations: allocs((a) => a.creditEventId === c.id),
    })),
    ...exits.map((x): LedgerEventRow => ({
      kind: 'cooling_off_exit',
      id: x.id,
      at: x.createdAt,
      valueDate: x.requestedOn,
      amount: x.amount,
      actor: x.actor,
      note: exitTermsNote(x) + (x.note ? `; ${x.note}` : ''),
      paymentId: null,
      allocations: [],
    })),
    ...exits.flatMap((x): LedgerEventRow[] => {
      const lines = waivers.filter((w) => w.exitId === x.id);
      const first = lines[0];
      if (!first) return [];
      return [
        {
          kind: 'waiver',
          id: x.id,
          at: first.createdAt,
          valueDate: first.valueDate,
          amount: lines.reduce((acc, w) => acc + w.amount, 0),
          actor: 'system',
          note: `cooling-off exit ${x.id}`,
          paymentId: first.paymentId,
          allocations: lines.map((w) => ({ instalmentId: w.instalmentId, seq: seqOf.get(w.instalmentId) ?? null, component: w.component, amount: w.amount })),
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
export type StoredLateCharge = LateCharge & { id: number; paymentId: number | null; creditEventId: number | null };

/** A stored extension: the payment that bought it, the due dates it moved and the parts of its price. */
export type StoredExtension = {
  paymentId: number;
  fromDueDate: CalendarDate;
  toDueDate: CalendarDate;
  shiftDays: number;
  lateCharges: Minor;
  dueInterest: Minor;
  dueInterestTax: Minor;
  fee: Minor;
  feeTax: Minor;
};

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
  /** ledgerEventsOf: payments and credit events in the order they were recorded. */
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
 * Everything the ledger holds for a disbursed order, read in ONE read-only repeatable-read transaction (so its
 * parts agree with each other to the minor unit, whatever is applied meanwhile): terms, plan, stored late
 * charges, extensions, payments and credit events with their allocations, what accrued since the last value
 * date, and the position on `today`. Read only. Unknown order → 404; not disbursed → 409.
 */
export async function ledgerRecordOf(db: Db, orderId: number, today?: CalendarDate): Promise<LedgerRecord> {
  checkDay(today);
  return db.transaction(
    async (tx) => {
      const order = await readLedgerOrder(tx, orderId, false);
      if (!order) throw notFound('orderNotFound');
      assertDisbursed(order);
      const [state, charges, extensions, events] = await Promise.all([
        loadState(tx, order),
        tx.select().from(ledgerLateCharges).where(eq(ledgerLateCharges.orderId, order.id)).orderBy(asc(ledgerLateCharges.id)),
        tx.select().from(ledgerExtensions).where(eq(ledgerExtensions.orderId, order.id)).orderBy(asc(ledgerExtensions.id)),
        ledgerEventsOf(tx, order.id),
      ]);
      const asOf = today ?? todayIn(order.timeZone);
      const seqOf = new Map(state.instalments.map((x) => [x.id, x.seq]));
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
        lateCharges: charges.map((c) => ({
          id: c.id,
          instalmentId: c.instalmentId,
          seq: seqOf.get(c.instalmentId) ?? 0,
          kind: c.kind,
          accruedFrom: c.accruedFrom,
          accruedThrough: c.accruedThrough,
          days: c.days,
          base: c.base,
          ratePpm: c.ratePpm,
          amount: c.amount,
          paymentId: c.paymentId,
          creditEventId: c.creditEventId,
        })),
        extensions: extensions.map((e) => ({
          paymentId: e.paymentId,
          fromDueDate: e.fromDueDate,
          toDueDate: e.toDueDate,
          shiftDays: e.shiftDays,
          lateCharges: e.lateCharges,
          dueInterest: e.dueInterest,
          dueInterestTax: e.dueInterestVat,
          fee: e.fee,
          feeTax: e.feeVat,
        })),
        events,
        asOf,
        accrued: { charges: accrued.charges, creditApplications: accrued.creditApplications },
        position: positionAsOf(state, asOf),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
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
