import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { isCalendarDate, type CalendarDate, todayIn } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import type { MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import {
  canTransition,
  orderStatus,
  orderTransitions,
  type OrderStatus,
  type OrderTransition,
} from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import { borrowers, coupons, orders, orderStatusHistory, products, repaymentPlans } from '../../db/schema';
import { recordAudit, staffHasActed, type AuditActor } from '../audit/audit-log';
import { AppError, notFound } from '../../lib/app-error';
import { creditHeldSql, earliestUnpaidDueDateSql } from '../../db/ledger-sql';
import { activeBankAccount, type BankAccount } from './order-reads';
import { findActiveOrder, openStatusPredicate, type Order } from './order-repository';
import { findBestCoupon, findOfferedProduct } from '../pricing/loan-offers';
import { productTax, quoteLoan, validateLoanRequest } from '../pricing/loan-quote';

export type Actor = 'borrower' | 'operator' | 'system';


/** The first SQLSTATE (and constraint) found on an error or its causes (drizzle wraps driver errors). */
function pgError(err: unknown): { code?: string; constraint?: string } {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const rec = e as { code?: unknown; constraint_name?: unknown; cause?: unknown };
    if (typeof rec.code === 'string' && /^[0-9A-Z]{5}$/.test(rec.code)) {
      return { code: rec.code, constraint: typeof rec.constraint_name === 'string' ? rec.constraint_name : undefined };
    }
    e = rec.cause;
  }
  return {};
}

// ---------------------------------------------------------------------------
// Order numbers
// ---------------------------------------------------------------------------

/** 'PR' + yyyymmdd + 8 random digits, e.g. PR2025011712345678. */
export function newOrderNo(today: CalendarDate): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `PR${today.replace(/-/g, '')}${digits}`;
}

// ---------------------------------------------------------------------------
// Submission
// ---------------------------------------------------------------------------

export type CreateOrderInput = {
  borrowerId: number;
  productId: number;
  /** Principal, minor units. */
  amount: Minor;
  periods: number;
  /** Days per instalment; must equal the product's (absent: the product's). */
  termUnit?: number;
  /** The caller's language (kept for callers; refusals are worded in the request's language and name amounts in the product's market's currency). */
  lang?: Language;
  /** Clock, for tests and demos. */
  now?: Date;
  /**
   * In the new order's transaction, after its rows are written (not for a retry answered with the open order): the
   * signed agreement is required and linked to it (issue 38, agreements/agreement-submission.ts). Throwing refuses
   * the submission: nothing is written.
   */
  onCreated?: (tx: DbOrTx, order: Order) => Promise<void>;
};

export type CreateOrderResult = {
  orderId: number;
  orderNo: string;
  productId: number;
  status: OrderStatus;
  /** false: an open order with the same terms already existed and is answered again. */
  created: boolean;
};

function answerExisting(open: Order, input: CreateOrderInput, termUnit: number): CreateOrderResult {
  if (open.principal !== input.amount || open.periods !== input.periods || open.termUnitDays !== termUnit) {
    throw new AppError(409, errorCodes.orderInProgress, 'orderInProgress');
  }
  return { orderId: open.id, orderNo: open.orderNo, productId: open.productId, status: open.status, created: false };
}

/** 409 activeLoanExists when the borrower has an open order (of another product than `productId`). */
export async function refuseSecondActiveLoan(db: DbOrTx, borrowerId: number, productId?: number): Promise<void> {
  refuseBesides(await findActiveOrder(db, borrowerId, productId));
}

/** One active loan at a time (409 activeLoanExists): `active` is the borrower's open order, if any. */
export function refuseBesides(active: Order | undefined): void {
  if (active) throw new AppError(409, errorCodes.activeLoanExists, 'activeLoanExists');
}

export async function findOpenOrder(db: DbOrTx, borrowerId: number, productId: number): Promise<Order | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.borrowerId, borrowerId), eq(orders.productId, productId), sql`${openStatusPredicate}`))
    .limit(1);
  return rows[0];
}

/**
 * Submits a loan (loan-detail-push). The product must be offered to the
 * borrower and active (404). Idempotent per borrower and product: while an open
 * order exists, the same terms answer that order again (created: false) and
 * other terms are refused with 409002 — checked before the terms, so a retry is
 * answered even if the offer changed since. An open order of another product
 * refuses it with 409005 (one active loan; checked again under the borrower's
 * row lock, so two products submitted at once make one order). Otherwise the terms are validated
 * (422) and ONE transaction creates the order in status 21, its status-history
 * row (actor borrower), the plan rows (dated from today; the disbursal re-dates
 * them), the product's rates snapshotted, and marks the best coupon used. Two
 * concurrent submissions create one order (the partial unique index decides;
 * the loser answers the winner's order).
 */
export async function createOrder(db: DbOrTx, input: CreateOrderInput): Promise<CreateOrderResult> {
  const offered = await findOfferedProduct(db, input.borrowerId, input.productId);
  if (!offered) throw notFound('productNotFound');
  const { product, offer } = offered;
  const termUnit = input.termUnit ?? product.termUnitDays;

  // A retry is answered even if the offer changed since (idempotency first).
  const existing = await findOpenOrder(db, input.borrowerId, input.productId);
  if (existing) return answerExisting(existing, input, termUnit);
  // One active loan at a time: an open order of another product refuses this one (409005).
  await refuseSecondActiveLoan(db, input.borrowerId, input.productId);

  // Refusals name amounts in the product's market's currency, whatever the language (issue 12).
  validateLoanRequest(product, offer.limitAmount, { amount: input.amount, periods: input.periods, termUnit }, product.market);

  const now = input.now ?? new Date();
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await db.transaction((tx) => insertOrder(tx, product, input, now));
      if (created) {
        return { orderId: created.id, orderNo: created.orderNo, productId: created.productId, status: created.status, created: true };
      }
      const open = await findOpenOrder(db, input.borrowerId, input.productId);
      if (open) return answerExisting(open, input, termUnit);
      // The open order closed between the conflict and the read: submit again.
    } catch (err) {
      const { code, constraint } = pgError(err);
      // An order number drawn twice (1 in 10^8 per day): draw again.
      if (!(code === '23505' && constraint === 'orders_order_no_unique')) throw err;
    }
    if (attempt >= 5) throw new Error('could not create the order after 5 attempts');
  }
}

type OfferedProduct = NonNullable<Awaited<ReturnType<typeof findOfferedProduct>>>['product'];

/**
 * In the caller's transaction: the order in 21 priced now (the best coupon locked and marked used when it
 * applies), its first status-history row and its plan. Undefined when an open order of the borrower for the
 * product was committed in the meantime (the partial unique index refused this one).
 */
async function insertOrder(tx: DbOrTx, product: OfferedProduct, input: CreateOrderInput, now: Date): Promise<Order | undefined> {
  const today = todayIn(product.timeZone, now);
  // The borrower's submissions one at a time: the open order of another product committed meanwhile refuses this one.
  await tx.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.id, input.borrowerId)).for('update');
  await refuseSecondActiveLoan(tx, input.borrowerId, product.id);
  const coupon = await findBestCoupon(tx, input.borrowerId, { now, lock: true });
  const quote = quoteLoan({
    amount: input.amount,
    periods: input.periods,
    termUnitDays: product.termUnitDays,
    dailyRatePpm: product.dailyRatePpm,
    commissionPpm: product.commissionPpm,
    tax: productTax(product),
    couponAmount: coupon?.amount ?? 0,
    startDate: today,
  });
  const couponApplied = quote.totals.couponApplied;
  const usedCoupon = coupon && couponApplied > 0 ? coupon : undefined;
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: newOrderNo(today),
      borrowerId: input.borrowerId,
      productId: product.id,
      status: orderStatus.underReview,
      principal: input.amount,
      periods: input.periods,
      termUnitDays: product.termUnitDays,
      dailyRatePpm: product.dailyRatePpm,
      commissionPpm: product.commissionPpm,
      vatPpm: quote.terms.tax.ratePpm,
      taxBase: [...quote.terms.tax.base],
      couponId: usedCoupon?.id ?? null,
      couponAmount: usedCoupon ? couponApplied : 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [orders.borrowerId, orders.productId], where: openStatusPredicate })
    .returning();
  if (!order) return undefined;
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, fromStatus: null, toStatus: orderStatus.underReview, actor: 'borrower', reason: '', createdAt: now });
  await tx.insert(repaymentPlans).values(
    quote.instalments.map((x) => ({
      orderId: order.id,
      seq: x.seq,
      dueDate: x.dueDate,
      principal: x.principal,
      interest: x.interest,
      commission: x.commission,
      vat: x.vat,
    })),
  );
  if (usedCoupon) await tx.update(coupons).set({ status: 'used', usedOrderId: order.id }).where(eq(coupons.id, usedCoupon.id));
  if (input.onCreated) await input.onCreated(tx, order);
  return order;
}

// ---------------------------------------------------------------------------
// State machine
// ---------------------------------------------------------------------------

export type TransitionInput = {
  orderNo?: string;
  orderId?: number;
  action: OrderTransition;
  actor: Actor;
  reason?: string;
  /** disburse only: the disbursal day (default today in the product's time zone); may be in the past. */
  disbursedOn?: CalendarDate;
  /**
   * disburse only: refuse a disbursedOn before the application day (the order's creation day in its product's
   * time zone) — the operator's command (issue 12). Tests and demos that date a loan in the past set neither.
   */
  notBeforeApplication?: boolean;
  /** disburse only: the account a payout paid (issue 37); default the borrower's active one. */
  paidToAccountId?: number;
  /** Clock, for tests and demos. */
  now?: Date;
  /** A staff member's or the system's action: recorded in the audit trail in the transition's transaction (decision 018). */
  audit?: AuditActor;
};

export type TransitionResult = {
  orderId: number;
  orderNo: string;
  action: OrderTransition;
  from: OrderStatus;
  to: OrderStatus;
  disbursedOn: CalendarDate | null;
  /** disburse: the bank account it paid (borrower_bank_accounts.id); null for other transitions. */
  disbursedToAccountId: number | null;
};

/** An order row locked FOR UPDATE in the caller's transaction (lockOrder, or the ledger's own lock). */
export type LockedOrder = Pick<Order, 'id' | 'orderNo' | 'status' | 'termUnitDays' | 'disbursedOn' | 'createdAt'> & { timeZone: string; market: MarketCode };

export async function lockOrder(tx: DbOrTx, by: { orderNo?: string; orderId?: number }): Promise<LockedOrder | undefined> {
  const where = by.orderId !== undefined ? eq(orders.id, by.orderId) : eq(orders.orderNo, by.orderNo ?? '');
  const rows = await tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      termUnitDays: orders.termUnitDays,
      disbursedOn: orders.disbursedOn,
      createdAt: orders.createdAt,
      timeZone: products.timeZone,
      market: products.market,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(where)
    .limit(1)
    .for('update', { of: orders });
  return rows[0];
}

/**
 * Moves the due dates of the order's instalments `instalmentIds` `days` later (an extension the ledger
 * recorded), in the caller's transaction with the order locked. The orders module owns the plan (it makes it).
 */
export async function shiftDueDates(tx: DbOrTx, orderId: number, instalmentIds: readonly number[], days: number): Promise<void> {
  if (instalmentIds.length === 0) return;
  await tx
    .update(repaymentPlans)
    .set({ dueDate: sql`${repaymentPlans.dueDate} + ${days}::int` })
    .where(and(eq(repaymentPlans.orderId, orderId), inArray(repaymentPlans.id, [...instalmentIds])));
}

/**
 * One transition of an order ALREADY LOCKED in the caller's transaction (the
 * ledger settles and cures inside the payment's transaction): the same checks
 * and writes as transitionOrder, without its own transaction.
 */
export async function applyTransition(tx: DbOrTx, order: LockedOrder, input: TransitionInput): Promise<TransitionResult> {
  const { action } = input;
  if (!canTransition(action, order.status)) {
    throw new AppError(409, errorCodes.invalidTransition, 'invalidTransition', {
      orderNo: order.orderNo,
      from: order.status,
      action,
    });
  }
  const to = orderTransitions[action].to;
  const now = input.now ?? new Date();
  const reason = (input.reason ?? '').trim().slice(0, 500);
  let disbursedOn = order.disbursedOn;

  let disbursedToAccountId: number | null = null;
  if (action === 'disburse') {
    await refuseOwnApproval(tx, order, input.audit);
    // The account the disbursal pays: the borrower's active one (none: refused, nothing written).
    const accountId = input.paidToAccountId ?? (await activeBankAccountOfOrder(tx, order.id))?.id;
    if (accountId === undefined) throw new AppError(409, errorCodes.invalidTransition, 'disbursalNoBankAccount', { orderNo: order.orderNo });
    disbursedToAccountId = accountId;
    const today = todayIn(order.timeZone, now);
    disbursedOn = input.disbursedOn ?? today;
    // Re-date the plan: instalment seq falls due on disbursedOn + seq × termUnitDays.
    await tx
      .update(repaymentPlans)
      .set({ dueDate: sql`${disbursedOn}::date + (${repaymentPlans.seq} * ${order.termUnitDays}::int)` })
      .where(eq(repaymentPlans.orderId, order.id));
  }

  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(action === 'disburse' ? { disbursedOn, disbursedToAccountId } : {}),
      ...(action === 'reject' ? { rejectReason: reason } : {}),
    })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actor: input.actor,
    reason,
    createdAt: now,
  });
  if (input.audit) {
    await recordAudit(tx, input.audit, {
      action: `orders.${action}`,
      objectType: 'order',
      objectId: order.orderNo,
      before: { status: order.status },
      after: { status: to, ...(reason ? { reason } : {}), ...(action === 'disburse' ? { disbursedOn, disbursedToAccountId } : {}) },
    });
  }
  return { orderId: order.id, orderNo: order.orderNo, action, from: order.status, to, disbursedOn, disbursedToAccountId };
}

/**
 * Four eyes (decision 023): the staff member who approved an order never disburses it. Their approval is the
 * audit trail's `orders.approve` event on the order (written in the approval's transaction); 403 otherwise.
 */
export async function refuseOwnApproval(tx: DbOrTx, order: LockedOrder, actor: AuditActor | undefined): Promise<void> {
  if (actor?.type !== 'staff') return;
  if (await staffHasActed(tx, actor.staffId, { action: 'orders.approve', objectType: 'order', objectId: order.orderNo })) {
    throw new AppError(403, errorCodes.forbidden, 'disbursalOwnApproval', { orderNo: order.orderNo });
  }
}

/**
 * Moves an order along the state machine (order-status.ts) in ONE transaction,
 * the order row locked FOR UPDATE: forbidden transitions → 409001
 * invalidTransition; every move writes order_status_history and updated_at.
 * disburse sets disbursed_on (default today in the product's time zone; a past
 * day may be given, never a future one) and re-dates the plan rows. reject keeps
 * its reason. Unknown order → 404 orderNotFound.
 */
export async function transitionOrder(db: DbOrTx, input: TransitionInput): Promise<TransitionResult> {
  if (input.orderId === undefined && !input.orderNo) throw notFound('orderNotFound');
  if (input.disbursedOn !== undefined) {
    if (input.action !== 'disburse' || !isCalendarDate(input.disbursedOn)) {
      throw new AppError(400, errorCodes.badRequest, 'disbursalDateInvalid', { date: String(input.disbursedOn) });
    }
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input);
    if (!order) throw notFound('orderNotFound');
    if (input.action === 'disburse' && input.disbursedOn !== undefined) {
      const today = todayIn(order.timeZone, input.now ?? new Date());
      if (input.disbursedOn > today) {
        throw new AppError(400, errorCodes.badRequest, 'disbursalDateInvalid', { date: input.disbursedOn });
      }
      const applied = todayIn(order.timeZone, order.createdAt);
      if (input.notBeforeApplication && input.disbursedOn < applied) {
        throw new AppError(400, errorCodes.badRequest, 'disbursalBeforeApplication', { orderNo: order.orderNo, applied, date: input.disbursedOn });
      }
    }
    return applyTransition(tx, order, input);
  });
}

// ---------------------------------------------------------------------------
// Overdue
// ---------------------------------------------------------------------------

/**
 * The day an order's earliest UNPAID instalment falls due (docs/ledger.md:
 * principal, interest, commission and VAT not fully allocated), correlated to
 * the outer "orders" row.
 */
const earliestDueDate = earliestUnpaidDueDateSql;

/** True when an order in 174 must move to 180: its earliest unpaid instalment fell due before today. */
export function mustFallDue(status: string, earliestDue: CalendarDate | null | undefined, today: CalendarDate): boolean {
  return status === orderStatus.repaying && !!earliestDue && earliestDue < today;
}

/**
 * 174 → 180 (action fallDue, actor system) for every order whose earliest
 * unpaid instalment's due date is before today (in the product's time zone, or
 * `today` when given) and that holds no credit (an order holding credit is
 * moved by the ledger's refreshLedgerStatus, which applies the credit first).
 * With orderId, only that order. Each move is its own transaction with the
 * order locked and the condition checked again; reading costs one query and
 * nothing is written when nothing must change. `audit`: who each move is
 * recorded as in the audit trail, in its transaction (none: not recorded).
 */
export async function refreshOverdue(
  db: DbOrTx,
  opts: { orderId?: number; today?: CalendarDate; now?: Date; audit?: AuditActor } = {},
): Promise<TransitionResult[]> {
  const now = opts.now ?? new Date();
  const candidates = await db
    .select({ id: orders.id, timeZone: products.timeZone, earliestDue: earliestDueDate() })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.status, orderStatus.repaying),
        // An order holding credit is the ledger's (refreshLedgerStatus): its credit may cover what fell due.
        sql`${creditHeldSql()} <= 0`,
        opts.orderId !== undefined ? eq(orders.id, opts.orderId) : undefined,
      ),
    )
    .orderBy(asc(orders.id));

  const moved: TransitionResult[] = [];
  for (const c of candidates) {
    if (!mustFallDue(orderStatus.repaying, c.earliestDue, opts.today ?? todayIn(c.timeZone, now))) continue;
    const result = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, { orderId: c.id });
      if (!order || order.status !== orderStatus.repaying) return undefined; // moved by someone else meanwhile
      const [again] = await tx.select({ earliestDue: earliestDueDate() }).from(orders).where(eq(orders.id, c.id));
      if (!mustFallDue(order.status, again?.earliestDue, opts.today ?? todayIn(order.timeZone, now))) return undefined;
      return applyTransition(tx, order, { orderId: c.id, action: 'fallDue', actor: 'system', now, audit: opts.audit });
    });
    if (result) moved.push(result);
  }
  return moved;
}

async function activeBankAccountOfOrder(tx: DbOrTx, orderId: number): Promise<BankAccount | undefined> {
  const [row] = await tx.select({ borrowerId: orders.borrowerId }).from(orders).where(eq(orders.id, orderId));
  return row && activeBankAccount(tx, row.borrowerId);
}
