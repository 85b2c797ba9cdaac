import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import { eq } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { isCalendarDate, type CalendarDate } from '@presta/contract/dates';
import type { OrderStatus, OrderTransition } from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import { ledgerAllocations, ledgerCreditEvents, ledgerLateCharges, orders } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { applyTransition, lockOrder, type TransitionResult } from '../orders/order-service';
import { readLedger, type LedgerOrder, type LedgerRead } from './ledger-read-model';
import type { LoanPosition } from './ledger-math/position';
import type { Allocation, CreditApplication, LateCharge, LedgerState } from './ledger-math/state';
import type { AuditActor } from '../audit/audit-log';

/*
 * The ledger's writes share these: the order's ledger read (locked in the writer's transaction), what the pure
 * core crystallised stored, and the order moved to the status the ledger gives.
 */

export type Disbursed = LedgerOrder & { disbursedOn: CalendarDate };
/** A disbursed order's terms and its stored ledger (the ledger read model). */
export type DisbursedLedger = { order: Disbursed; state: LedgerState };

/**
 * A disbursed order's terms and ledger, read through the ledger read model; with `lock`, after locking the order
 * row in the caller's transaction through the orders module's lockOrder (the one order lock), so that nothing
 * is applied to it meanwhile. Unknown order → 404 orderNotFound; not disbursed → 409 loanNotDisbursed.
 */
export async function loadLedger(tx: DbOrTx, orderId: number | undefined, opts: { lock: boolean }): Promise<DisbursedLedger> {
  return disbursedLedger(orderId === undefined ? undefined : opts.lock ? await readLocked(tx, orderId) : await readLedger(tx, orderId));
}

/** A read's order and its ledger; no order → 404, not disbursed → 409. */
export function disbursedLedger(read: LedgerRead | undefined): DisbursedLedger {
  if (!read) throw notFound('orderNotFound');
  const { order, state } = read;
  if (!state || !isDisbursed(order)) {
    throw new AppError(409, errorCodes.invalidTransition, 'loanNotDisbursed', { orderNo: order.orderNo, status: order.status });
  }
  return { order, state };
}

/** The ledger read after locking the order row (orders' lockOrder) in the caller's transaction. */
export async function readLocked(tx: DbOrTx, orderId: number): Promise<LedgerRead | undefined> {
  if (!(await lockOrder(tx, { orderId }))) return undefined;
  return readLedger(tx, orderId);
}

export function isDisbursed(order: LedgerOrder): order is Disbursed {
  return statusIn(disbursedStatuses, order.status) && order.disbursedOn !== null;
}

/** The id of the order with this number (undefined: none). */
export async function orderIdOf(tx: DbOrTx, orderNo: string): Promise<number | undefined> {
  const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return found?.id;
}

/** The stored ledger again, within the caller's transaction (after it stored rows the state must include). */
export async function reloadState(tx: DbOrTx, orderId: number): Promise<LedgerState> {
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
export async function storeCrystallised(
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

export async function insertAllocations(
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
export async function transitionToLedgerStatus(
  tx: DbOrTx,
  order: LedgerOrder,
  position: LoanPosition,
  by: { reason: string; now: Date; audit?: AuditActor },
): Promise<TransitionResult[]> {
  const action = ledgerTransition(order.status, position.expectedStatus);
  if (!action) return [];
  return [await applyTransition(tx, order, { orderId: order.id, action, actor: 'system', ...by })];
}

export function checkDay(today: CalendarDate | undefined): void {
  if (today !== undefined && !isCalendarDate(today)) throw badRequest('badRequest', { detail: `today ${String(today)}` });
}


/** The transition that brings `from` to `to` (statuses the ledger decides), if any. */
function ledgerTransition(from: OrderStatus, to: '174' | '180' | '200'): OrderTransition | undefined {
  if (from === to || from === '200') return undefined;
  if (to === '200') return 'settle';
  if (from === '180' && to === '174') return 'cure';
  if (from === '174' && to === '180') return 'fallDue';
  return undefined;
}
