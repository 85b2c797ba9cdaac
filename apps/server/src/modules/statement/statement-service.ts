import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import type { ReceiptData, StatementData } from '@presta/contract/api/statement';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import { marketOf } from '@presta/contract/markets';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { toDbId } from '../../lib/db-id';
import type { Change, VersionedCache } from '../../lib/versioned-cache';
import { ledgerRecordOf, orderOfPayment } from '../ledger/ledger-service';
import { annualCostTerms } from '../loan/agreement-terms';
import { referenceNumbers } from '../payments/payment-references';
import { ownedOrder, type OwnedOrder, type ReadCaches } from '../repayment/repayment-service';
import { buildStatement, type Statement } from './statement-build';

/*
 * The loan statement and payment receipts (docs/statement.md): read through the ledger's one reader
 * (ledgerRecordOf, a consistent snapshot), built by statement-build.ts. Another borrower's order or payment
 * answers exactly like an unknown one (404 404001).
 */

/** An order's statement as built for a day (cached between changes); the owner is checked on every call. */
type Loaded = {
  statement: Statement;
  disbursedOn: CalendarDate;
  asOf: CalendarDate;
  periods: number;
  timeZone: string;
  annualCost: StatementData['annualCost'];
};

/**
 * Statements built, by order id, with the day they are as of, kept between changes (decision 007): dropped when
 * the order or its ledger changes ('order:<id>'). The owner is checked before (ownedOrder), on every call.
 */
export type StatementCache = VersionedCache<number, Loaded>;

/** Drops an order's cached statement when the database announces a change to it. */
export function dropStaleStatements(cache: StatementCache, { kind, key }: Change): boolean {
  const id = Number(key);
  if (kind !== 'order' || !Number.isSafeInteger(id)) return false;
  cache.invalidate(id);
  return true;
}

/** The order's statement as of `today` (default: today in its time zone), from the cache when built that day. */
async function loadStatement(db: Db, order: OwnedOrder, today?: CalendarDate, cache?: StatementCache): Promise<Loaded> {
  // STATEMENT_AFTER_DISBURSAL: before it there is no ledger; the page shows this refusal.
  if (!statusIn(disbursedStatuses, order.status)) {
    throw new AppError(409, errorCodes.invalidTransition, 'statementNotAvailable', { orderNo: order.orderNo });
  }
  const day = today ?? todayIn(order.timeZone);
  const hit = cache?.get(order.id);
  if (hit?.asOf === day) return hit;
  const version = cache?.version() ?? 0;
  const loaded = await buildLoaded(db, order, day);
  cache?.set(order.id, loaded, version);
  return loaded;
}

async function buildLoaded(db: Db, order: OwnedOrder, today: CalendarDate): Promise<Loaded> {
  const record = await ledgerRecordOf(db, order.id, today);
  const referenceIds = record.events.flatMap((e) => (e.kind === 'payment' && e.referenceId !== null ? [e.referenceId] : []));
  const statement = buildStatement(record, await referenceNumbers(db, referenceIds));
  // The CAT / APR of the plan as disbursed (the contract's figure), stated on the statement with its day.
  const annualCost = {
    ...annualCostTerms({
      market: order.market,
      startDate: record.terms.disbursedOn,
      received: record.plan.reduce((acc, x) => acc + x.principal, 0),
      termUnitDays: record.terms.termUnitDays,
      plan: record.plan,
    }),
    computedOn: record.asOf,
  };
  return {
    statement,
    disbursedOn: record.terms.disbursedOn,
    asOf: record.asOf,
    periods: record.terms.periods,
    timeZone: record.timeZone,
    annualCost,
  };
}

function loanFacts(order: OwnedOrder, timeZone: string) {
  const market = marketOf(order.market);
  return {
    orderId: String(order.id),
    orderNo: order.orderNo,
    productName: order.productName,
    productLogo: order.productLogo,
    market: market.code,
    currency: market.currency.code,
    lender: { ...market.legalEntity },
    timeZone,
  };
}

/** POST loan-statement: every event of the borrower's loan with the running balance, and its totals (as of today). */
export async function getLoanStatement(
  db: Db,
  borrowerId: number,
  orderIdRaw: string,
  today?: CalendarDate,
  caches: ReadCaches & { statements?: StatementCache } = {},
): Promise<StatementData> {
  const order = await ownedOrder(db, borrowerId, orderIdRaw, caches);
  const loaded = await loadStatement(db, order, today, caches.statements);
  // The loan's facts spread last: properties added after a leading spread cost a new hidden class per call on
  // Node 20's V8 (decision 019).
  return {
    status: order.status,
    disbursedOn: loaded.disbursedOn,
    asOf: loaded.asOf,
    periods: loaded.periods,
    events: loaded.statement.events,
    totals: loaded.statement.totals,
    annualCost: loaded.annualCost,
    ...loanFacts(order, loaded.timeZone),
  };
}

/** The borrower's order of a payment; any other payment (unknown, another borrower's) → 404 paymentNotFound. */
async function ownedOrderOfPayment(db: Db, borrowerId: number, paymentId: number | undefined): Promise<OwnedOrder> {
  const orderId = paymentId === undefined ? undefined : await orderOfPayment(db, paymentId);
  if (orderId === undefined) throw notFound('paymentNotFound');
  try {
    return await ownedOrder(db, borrowerId, String(orderId));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound('paymentNotFound');
    throw error;
  }
}

/** POST payment-receipt: one payment of the borrower, as its statement row shows it (balance and credit just after it). */
export async function getPaymentReceipt(db: Db, borrowerId: number, paymentIdRaw: string): Promise<ReceiptData> {
  const paymentId = toDbId(paymentIdRaw);
  const order = await ownedOrderOfPayment(db, borrowerId, paymentId);
  const loaded = await loadStatement(db, order);
  const id = String(paymentId);
  const payment = loaded.statement.events.find((e) => e.kind === 'payment' && e.paymentId === id);
  if (payment?.kind !== 'payment') throw notFound('paymentNotFound');
  const extension = loaded.statement.events.find((e) => e.kind === 'extension' && e.paymentId === id);
  // A cooling-off exit's payment waives the rest (its own statement row): the receipt's balance is after it (issue 32).
  const waivers = loaded.statement.events.filter((e) => e.kind === 'waiver' && e.paymentId === id);
  const after = waivers.at(-1) ?? payment;
  return {
    ...loanFacts(order, loaded.timeZone),
    paymentId: id,
    amount: payment.amount,
    receivedAt: payment.date,
    valueDate: payment.valueDate,
    purpose: payment.purpose,
    channel: payment.channel,
    reference: payment.reference,
    allocations: payment.allocations,
    extension:
      extension?.kind === 'extension'
        ? { fromDueDate: extension.fromDueDate, toDueDate: extension.toDueDate, shiftDays: extension.shiftDays, fee: extension.fee, tax: extension.tax }
        : null,
    waived: waivers.reduce((acc, w) => acc + w.amount, 0),
    balanceAfter: after.balance,
    creditAfter: after.credit,
    settled: after.balance === 0,
  };
}
