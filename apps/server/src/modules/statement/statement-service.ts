import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import type { ReceiptData, StatementData } from '@presta/contract/api/statement';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import { marketOf } from '@presta/contract/markets';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { toDbId } from '../../lib/db-id';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { ledgerRecordOf, orderOfPayment } from '../ledger/ledger-record';
import { annualCostTerms } from '../loan/agreement-terms';
import { referenceNumbers } from '../payments/payment-references';
import { ownedOrder, type OwnedOrder } from '../orders/order-reads';
import { signedAgreementLink } from '../agreements/agreement-links';
import { signedAgreementOfOrder } from '../agreements/agreement-repository';
import { buildStatement } from './statement-build';
import type { BuiltStatement } from './statement-repository';

/*
 * The loan statement and payment receipts (docs/statement.md): read through the ledger's one reader
 * (ledgerRecordOf, a consistent snapshot), built by statement-build.ts. Another borrower's order or payment
 * answers exactly like an unknown one (404 404001).
 */

/** STATEMENT_AFTER_DISBURSAL: before it there is no ledger; the page shows this refusal. */
function assertDisbursed(order: OwnedOrder): void {
  if (!statusIn(disbursedStatuses, order.status)) {
    throw new AppError(409, errorCodes.invalidTransition, 'statementNotAvailable', { orderNo: order.orderNo });
  }
}

/** The order's statement as of `today`, built from the ledger's record of it. */
async function buildStatementOn(db: Db, order: OwnedOrder, today: CalendarDate): Promise<BuiltStatement> {
  const record = await ledgerRecordOf(db, order.id, today);
  const referenceIds = record.events.flatMap((e) => (e.kind === 'payment' && e.referenceId !== null ? [e.referenceId] : []));
  const [references, signed] = await Promise.all([referenceNumbers(db, referenceIds), signedAgreementOfOrder(db, order.id)]);
  const statement = buildStatement(record, references);
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
    signedAgreement: signed ? signedAgreementLink({ agreementNo: signed.documentNo, signedAt: signed.signedAt.toISOString() }) : null,
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

/**
 * POST loan-statement: every event of the borrower's loan with the running balance, and its totals (as of
 * `input.today`, default today in the loan's time zone).
 */
export async function getLoanStatement(ctx: BorrowerContext, input: { orderId: string; today?: CalendarDate }): Promise<StatementData> {
  const order = await ownedOrder(ctx, input.orderId);
  assertDisbursed(order);
  const day = input.today ?? todayIn(order.timeZone);
  const built = await ctx.repos.statements.statementOn(order.id, day, () => buildStatementOn(ctx.db, order, day));
  return {
    signedAgreement: built.signedAgreement,
    status: order.status,
    disbursedOn: built.disbursedOn,
    asOf: built.asOf,
    periods: built.periods,
    events: built.statement.events,
    totals: built.statement.totals,
    annualCost: built.annualCost,
    ...loanFacts(order, built.timeZone),
  };
}

/** The borrower's order of a payment; any other payment (unknown, another borrower's) → 404 paymentNotFound. */
async function ownedOrderOfPayment(ctx: BorrowerContext, paymentId: number | undefined): Promise<OwnedOrder> {
  const orderId = paymentId === undefined ? undefined : await orderOfPayment(ctx.db, paymentId);
  if (orderId === undefined) throw notFound('paymentNotFound');
  try {
    return await ownedOrder(ctx, String(orderId));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound('paymentNotFound');
    throw error;
  }
}

/** POST payment-receipt: one payment of the borrower, as its statement row shows it (balance and credit just after it). */
export async function getPaymentReceipt(ctx: BorrowerContext, input: { paymentId: string }): Promise<ReceiptData> {
  const paymentId = toDbId(input.paymentId);
  const order = await ownedOrderOfPayment(ctx, paymentId);
  assertDisbursed(order);
  const loaded = await buildStatementOn(ctx.db, order, todayIn(order.timeZone));
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
