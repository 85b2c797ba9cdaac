import { errorCodes } from '@presta/contract/error-codes';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import type { DbOrTx } from '../../db/database';
import { ledgerCoolingOffExits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { marketOf } from '@presta/contract/markets';
import { quoteCoolingOffExit } from './ledger-math/cooling-off';
import { positionAsOf } from './ledger-math/position';
import { valueDateFor } from './ledger-math/replay';
import { type CoolingOffExit } from './ledger-math/state';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { loadLedger, orderIdOf } from './ledger-store';


// ---------------------------------------------------------------------------
// Cooling-off exit (India's KFS; docs/ledger.md "Cooling-off exit")
// ---------------------------------------------------------------------------

export const exitTermsNote = (x: { principal: Minor; interest: Minor; daysUsed: number; expiresOn: CalendarDate }) =>
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
