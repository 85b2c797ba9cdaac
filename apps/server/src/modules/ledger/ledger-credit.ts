import { repayableStatuses, statusIn } from '@presta/contract/order-status';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import type { Db, DbOrTx } from '../../db/database';
import { ledgerCreditEvents, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refreshOverdue, type TransitionResult } from '../orders/order-service';
import { positionAsOf } from './ledger-math/position';
import { refundCredit as refundCreditPure, settleCreditThrough, valueDateFor } from './ledger-math/replay';
import { creditHeldSql } from '../../db/ledger-sql';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { isDisbursed, loadLedger, orderIdOf, readLocked, reloadState, storeCrystallised, insertAllocations, transitionToLedgerStatus, type DisbursedLedger } from './ledger-store';

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
  return transitionToLedgerStatus(tx, order, position, { reason: 'credit applied', now, audit });
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
