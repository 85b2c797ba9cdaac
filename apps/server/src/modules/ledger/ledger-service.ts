import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { formatDate, isCalendarDate, todayIn, type CalendarDate } from '@presta/contract/dates';
import { assertMinor, type Minor } from '@presta/contract/money';
import type { OrderStatus, OrderTransition } from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import {
  ledgerAllocations,
  ledgerExtensions,
  ledgerLateCharges,
  ledgerPayments,
  orders,
  orderStatusHistory,
  paymentReferences,
  products,
  repaymentPlans,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { applyTransition, type LockedOrder, type TransitionResult } from '../orders/order-service';
import {
  accrueLateCharges,
  applyPaymentEvent,
  defaultPenaltyFor,
  positionAsOf,
  quoteExtensionOn,
  stateFromLedger,
  valueDateFor,
  type Allocation,
  type AppliedPayment,
  type ExtensionQuote,
  type LateCharge,
  type LedgerState,
  type LoanPosition,
  type PaymentPurpose,
} from './ledger-math';

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
  lateRule: 'mx_daily_fine' | 'in_tiered';
  extensionEnabled: boolean;
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
      lateRule: products.lateRule,
      extensionEnabled: products.extensionEnabled,
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
        amount: sql<string>`sum(${ledgerAllocations.amount})`,
      })
      .from(ledgerAllocations)
      .where(eq(ledgerAllocations.orderId, order.id))
      .groupBy(ledgerAllocations.instalmentId, ledgerAllocations.component),
    tx.select({ valueDate: max(ledgerPayments.valueDate) }).from(ledgerPayments).where(eq(ledgerPayments.orderId, order.id)),
    order.lateRule === 'in_tiered' ? isRepeatClient(tx, order) : Promise.resolve(false),
  ]);
  return stateFromLedger(
    {
      disbursedOn: order.disbursedOn,
      periods: order.periods,
      termUnitDays: order.termUnitDays,
      dailyRatePpm: order.dailyRatePpm,
      vatPpm: order.vatPpm,
      lateRule: order.lateRule,
      defaultPenalty: defaultPenaltyFor(order.lateRule, repeat),
      extensionEnabled: order.extensionEnabled,
    },
    plan,
    charges.map((c) => ({ ...c, amount: Number(c.amount) })),
    allocations.map((a) => ({ ...a, amount: Number(a.amount) })),
    last[0]?.valueDate ?? null,
  );
}

function checkDay(today: CalendarDate | undefined): void {
  if (today !== undefined && !isCalendarDate(today)) throw badRequest('badRequest', { detail: `today ${today}` });
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
 * charges accrued through that day (not stored), totals, amount due now, what
 * a repayment can take now, next due date, days late, credit and the status
 * the order should read. Unknown order → 404; not disbursed → 409.
 */
export async function getLoanPosition(db: DbOrTx, orderId: number, today?: CalendarDate): Promise<LoanPositionResult> {
  checkDay(today);
  const order = await readLedgerOrder(db, orderId, false);
  if (!order) throw notFound('orderNotFound');
  assertDisbursed(order);
  const state = await loadState(db, order);
  const day = today ?? todayIn(order.timeZone);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    lateRule: order.lateRule,
    defaultPenalty: state.terms.defaultPenalty,
    position: positionAsOf(state, day),
  };
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
  /** Where the money went; sums to the amount. */
  allocations: Allocation[];
  /** Part of the amount recorded as the borrower's credit. */
  credited: Minor;
  extended: boolean;
  extension?: ExtensionQuote;
  extensionRefused?: AppliedPayment['extensionRefused'];
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

/**
 * Records and applies one payment in ONE transaction (a savepoint inside the
 * caller's): the order row is locked; the payment is inserted ON CONFLICT
 * (provider, provider_event_id) DO NOTHING — a repeated delivery, concurrent or
 * not, answers { applied: false, duplicate: true } and writes nothing; late
 * charges are crystallised through the value date; the amount is allocated
 * (an extension first when asked for and paid in full, which moves the unpaid
 * instalments' due dates); then the order settles (nothing owed → 200), cures
 * (180 → 174) or falls due (174 → 180) as the ledger says. A settled order
 * takes the whole amount as credit. Refusals: amount not a positive integer,
 * missing channel/provider/event id, received in the future or before the
 * disbursal (400); unknown order (404); order not disbursed (409).
 */
export async function applyPayment(db: DbOrTx, input: ApplyPaymentInput): Promise<ApplyPaymentResult> {
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
    let after: LedgerState;
    let applied: AppliedPayment;
    if (order.status === '200') {
      // Settled: nothing is owed any more; the money is the borrower's credit.
      const valueDate = valueDateFor(state, receivedDay);
      after = { ...state, accruedThrough: valueDate, credit: state.credit + input.amount };
      applied = {
        valueDate,
        amount: input.amount,
        purpose: input.purpose,
        charges: [],
        allocations: [{ instalmentId: null, seq: null, component: 'overpayment', amount: input.amount }],
        ...(input.purpose === 'extension' ? { extensionRefused: 'nothingOwed' as const } : {}),
      };
    } else {
      ({ state: after, applied } = applyPaymentEvent(state, { amount: input.amount, purpose: input.purpose, date: receivedDay }));
    }

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

    if (applied.charges.length > 0) {
      await tx.insert(ledgerLateCharges).values(
        applied.charges.map((c) => ({
          orderId: order.id,
          instalmentId: c.instalmentId,
          paymentId,
          kind: c.kind,
          accruedFrom: c.accruedFrom,
          accruedThrough: c.accruedThrough,
          days: c.days,
          base: c.base,
          ratePpm: c.ratePpm,
          amount: c.amount,
          createdAt: now,
        })),
      );
    }
    await tx.insert(ledgerAllocations).values(
      applied.allocations.map((a) => ({
        paymentId,
        orderId: order.id,
        instalmentId: a.instalmentId,
        component: a.component,
        amount: a.amount,
        createdAt: now,
      })),
    );
    const ext = applied.extension;
    if (ext) {
      await tx
        .update(repaymentPlans)
        .set({ dueDate: sql`${repaymentPlans.dueDate} + ${ext.shiftDays}::int` })
        .where(and(eq(repaymentPlans.orderId, order.id), inArray(repaymentPlans.id, ext.movedInstalmentIds)));
      await tx.insert(ledgerExtensions).values({
        orderId: order.id,
        paymentId,
        fromDueDate: ext.fromDueDate!,
        toDueDate: ext.toDueDate!,
        shiftDays: ext.shiftDays,
        lateCharges: ext.lateCharges,
        dueInterest: ext.dueInterest,
        dueInterestVat: ext.dueInterestVat,
        fee: ext.fee,
        feeVat: ext.feeVat,
        createdAt: now,
      });
    }

    // The status the ledger gives, as of today (never before the value date).
    const today = valueDateFor(after, todayIn(order.timeZone, now));
    const position = positionAsOf(after, today);
    const transitions: TransitionResult[] = [];
    const action = ledgerTransition(order.status, position.expectedStatus);
    if (action) {
      transitions.push(
        await applyTransition(tx, order, {
          orderId: order.id,
          action,
          actor: 'system',
          reason: `payment ${paymentId} (${provider})`,
          now,
        }),
      );
    }
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
      charges: applied.charges,
      allocations: applied.allocations,
      credited,
      extended: ext !== undefined,
      ...(ext ? { extension: ext } : {}),
      ...(applied.extensionRefused ? { extensionRefused: applied.extensionRefused } : {}),
      statusFrom: order.status,
      statusTo: transitions.at(-1)?.to ?? order.status,
      transitions,
      position,
    } satisfies ApplyPaymentApplied;
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
