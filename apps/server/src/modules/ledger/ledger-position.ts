import { todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import type { OrderStatus } from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import { quoteExtensionOn, type ExtensionQuote } from './ledger-math/extension';
import { type LoanPosition } from './ledger-math/position';
import { valueDateFor } from './ledger-math/replay';
import { LedgerRepository } from './ledger-repository';
import { checkDay, disbursedLedger } from './ledger-store';

/*
 * What a loan owes and what an extension costs, read through the ledger repository (its reads kept between
 * changes, its accrued states kept per day) and worked out by the pure core (ledger-math.ts). Outside a borrower's
 * call (jobs, the CLI, the demo tools), getLoanPosition and quoteExtension read straight from the database.
 */

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
 * → 404; not disbursed → 409.
 */
export async function loanPosition(ledgers: LedgerRepository, orderId: number, today?: CalendarDate): Promise<LoanPositionResult> {
  checkDay(today);
  const { order, state } = disbursedLedger(await ledgers.read(orderId));
  const day = today ?? todayIn(order.timeZone);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    lateRule: order.lateRule,
    defaultPenalty: state.terms.defaultPenalty,
    position: ledgers.accruedOn(state, day).position(),
  };
}

/** loanPosition, read straight from the database (or in the caller's transaction). */
export function getLoanPosition(db: DbOrTx, orderId: number, today?: CalendarDate): Promise<LoanPositionResult> {
  return loanPosition(new LedgerRepository(db), orderId, today);
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
export async function extensionQuote(ledgers: LedgerRepository, orderId: number, today?: CalendarDate): Promise<ExtensionQuoteResult> {
  checkDay(today);
  const { order, state } = disbursedLedger(await ledgers.read(orderId));
  const day = valueDateFor(state, today ?? todayIn(order.timeZone));
  const quote = quoteExtensionOn(ledgers.accruedOn(state, day).state, day);
  return order.status === '200'
    ? { ...quote, orderId: order.id, status: order.status, available: false, reason: 'status' }
    : { ...quote, orderId: order.id, status: order.status };
}

/** extensionQuote, read straight from the database (or in the caller's transaction). */
export function quoteExtension(db: DbOrTx, orderId: number, today?: CalendarDate): Promise<ExtensionQuoteResult> {
  return extensionQuote(new LedgerRepository(db), orderId, today);
}
