import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/database';
import { borrowerBankAccounts, borrowers, livePayoutStatuses, orders, products } from '../../db/schema';
import type { MessageKey } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { lockOrder, refuseOwnApproval, type LockedOrder } from '../orders/order-service';
import { ProviderUnavailable } from '../payments/payment-provider';
import { PayoutRefused, type PayoutProvider, type PayoutProviders, type PayoutRequest, type PayoutState } from '../payments/payouts/payout-provider';
import type { SmsProvider } from '../sms/sms-provider';
import { payableAccountOf, startAccountVerification, verifiedIdentityName, type PayableAccount } from '../account/account-verification';
import {
  finalPayoutStatuses,
  insertPayoutAttempt,
  latestPayoutOf,
  nextAttemptOf,
  openPayoutsBefore,
  payoutViewById,
  payoutViewsOfOrders,
  touchPayout,
  updatePayoutIf,
  type Payout,
  type PayoutView,
} from './payout-repository';
import { applyEvents } from './payout-events';
import { agreementStateOf, signedAgreementOfOrder } from '../agreements/agreement-repository';
import { applyPayoutState, type SettleOutcome } from './payout-settlement';
import type { PayoutEvent } from '../payments/payouts/payout-provider';

export type { PayoutView } from './payout-repository';

/*
 * The disbursal (issue 37, docs/disbursal.md): an approved order (151) is paid out by a payout of its "amount you
 * receive" (the order's principal, loan-quote's totals.received) to the borrower's verified active account, on the
 * market's payout provider. The attempt and its idempotency key are saved BEFORE the provider is called; an answer
 * that did not come leaves it created and it is looked up under the same key (never sent under a new one); a new
 * key only for a new attempt after a final failure. The provider's confirmation settles it (payout-settlement.ts).
 */

export type DisbursalContext = {
  db: Db;
  payouts: PayoutProviders;
  log: FastifyBaseLogger;
  config: Pick<Config, 'brand' | 'payouts'>;
  /** Hands the borrower's SMS to the gateway after the commit; without it the sms-retry job sends it. */
  sms?: SmsProvider;
};

type Actor = { audit: AuditActor; now?: Date };

/**
 * Starts the payout of an approved order: 404 unknown, 409 not 151 / agreement not signed or not time-stamped /
 * paying already / no provider / unpayable account, 403 own approval.
 */
export async function startDisbursal(ctx: DisbursalContext, input: { orderNo: string } & Actor): Promise<PayoutView> {
  const now = input.now ?? new Date();
  const saved = await saveAttempt(ctx, input.orderNo, input.audit, now, 'payouts.start').catch((error: unknown) => verifyWhenUnverified(ctx, error, now));
  await sendPayout(ctx, saved.provider, saved.payout, now);
  return payoutViewById(ctx.db, saved.payout.id);
}

/**
 * Retries an order's payout. An attempt still open is asked again under its own key: looked up, and resent with
 * the SAME key when the provider never took it (503 when the provider does not answer). After a final failure
 * (failed, reversed, cancelled) a new attempt with a new key. A paid one: 409.
 */
export async function retryPayout(ctx: DisbursalContext, input: { orderNo: string } & Actor): Promise<PayoutView> {
  const now = input.now ?? new Date();
  const latest = await latestOf(ctx.db, input.orderNo);
  if (latest.status === 'processed') throw conflict('payoutAlreadyPaid', { orderNo: input.orderNo });
  if ((finalPayoutStatuses as readonly string[]).includes(latest.status)) {
    const saved = await saveAttempt(ctx, input.orderNo, input.audit, now, 'payouts.retry');
    await sendPayout(ctx, saved.provider, saved.payout, now);
    return payoutViewById(ctx.db, saved.payout.id);
  }
  await recordAudit(ctx.db, input.audit, { action: 'payouts.retry', objectType: 'order', objectId: input.orderNo, after: { attempt: latest.attempt, sameKey: true } });
  await askProvider(ctx, latest, now, { resend: true });
  return payoutViewById(ctx.db, latest.id);
}

/**
 * Cancels an order's payout attempt that the provider never took (created, and the provider has no payout under
 * its key): cancelled with the staff's reason, the order stays 151. A final failure is closed as it is (audited).
 * One the provider took (pending) or paid: 409. Audited.
 */
export async function cancelPayout(ctx: DisbursalContext, input: { orderNo: string; reason: string } & Actor): Promise<PayoutView> {
  const now = input.now ?? new Date();
  const latest = await latestOf(ctx.db, input.orderNo);
  if (latest.status === 'processed') throw conflict('payoutAlreadyPaid', { orderNo: input.orderNo });
  if (latest.status === 'created') {
    const state = await askProvider(ctx, latest, now, { resend: false });
    if (state.status !== 'unknown') throw conflict('payoutTaken', { orderNo: input.orderNo, status: state.status });
  }
  const reason = input.reason.trim().slice(0, 500);
  await ctx.db.transaction(async (tx) => {
    const changed = await updatePayoutIf(tx, latest.id, ['created'], { status: 'cancelled', failureReason: `cancelled: ${reason}` }, now);
    if (!changed && (latest.status === 'created' || latest.status === 'pending')) throw conflict('payoutTaken', { orderNo: input.orderNo, status: latest.status });
    await recordAudit(tx, input.audit, { action: 'payouts.cancel', objectType: 'order', objectId: input.orderNo, before: { status: latest.status }, after: { attempt: latest.attempt, status: changed ? 'cancelled' : latest.status, reason } });
  });
  return payoutViewById(ctx.db, latest.id);
}

export type ReconcileCounts = { checked: number; changed: number; unavailable: number };

/**
 * The reconcile job: every payout still created or pending after config.payouts.reconcileAfterMs (and not asked
 * about since) is looked up; a created one the provider never got is sent again under its own key.
 */
export async function reconcilePendingPayouts(ctx: DisbursalContext, now = new Date()): Promise<ReconcileCounts> {
  const due = await openPayoutsBefore(ctx.db, new Date(now.getTime() - ctx.config.payouts.reconcileAfterMs), 100);
  const counts: ReconcileCounts = { checked: 0, changed: 0, unavailable: 0 };
  for (const payout of due) {
    counts.checked++;
    try {
      const state = await askProvider(ctx, payout, now, { resend: payout.status === 'created' });
      if (state.status !== 'unknown' && state.status !== payout.status) counts.changed++;
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 503) throw error;
      counts.unavailable++;
    }
  }
  return counts;
}

/** A provider callback's events, each applied once (payout-events.ts). */
export async function applyPayoutEvents(ctx: DisbursalContext, events: readonly PayoutEvent[], now = new Date()): Promise<SettleOutcome[]> {
  return applyEvents({ ...settlement(ctx), payouts: ctx.payouts }, events, now);
}

/** The order's latest payout attempt as pages show it, or undefined: none yet. */
export async function payoutStateOf(db: DbOrTx, orderId: number): Promise<PayoutView | undefined> {
  return (await payoutViewsOfOrders(db, [orderId]))[0];
}

// ---------------------------------------------------------------------------

const conflict = (key: MessageKey, vars: Record<string, string | number>) => new AppError(409, errorCodes.invalidTransition, key, vars);
const unavailable = () => new AppError(503, errorCodes.serviceUnavailable, 'payoutProviderUnavailable');

async function latestOf(db: Db, orderNo: string): Promise<Payout> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw notFound('orderNotFound');
  const latest = await latestPayoutOf(db, order.id);
  if (!latest) throw new AppError(404, errorCodes.notFound, 'payoutNone', { orderNo });
  return latest;
}

/**
 * A new attempt, saved (status created, its key) in one transaction with the order locked: the order must be 151,
 * not approved by this member, without a live attempt, in a market with a provider, its borrower's account payable.
 */
async function saveAttempt(ctx: DisbursalContext, orderNo: string, audit: AuditActor, now: Date, action: string) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { orderNo });
    if (!order) throw notFound('orderNotFound');
    if (order.status !== '151') throw conflict('invalidTransition', { orderNo, from: order.status, action: 'disburse' });
    await refuseUnsignedAgreement(tx, order);
    await refuseOwnApproval(tx, order, audit);
    const latest = await latestPayoutOf(tx, order.id);
    if (latest && (livePayoutStatuses as readonly string[]).includes(latest.status)) throw conflict('payoutLive', { orderNo, attempt: latest.attempt, status: latest.status });
    const provider = ctx.payouts.forMarket(order.market);
    if (!provider) throw conflict('payoutNoProvider', { orderNo, market: order.market });
    const terms = await orderTerms(tx, order);
    const account = await payableOrRefuse(tx, terms.borrowerId, orderNo);
    const attempt = await nextAttemptOf(tx, order.id);
    const payout = await insertPayoutAttempt(tx, {
      orderId: order.id,
      accountId: account.id,
      market: order.market,
      provider: provider.id,
      attempt,
      idempotencyKey: payoutKey(orderNo, attempt),
      amount: terms.principal,
      currency: terms.currency,
      requestedBy: actorName(audit),
      now,
    });
    await recordAudit(tx, audit, { action, objectType: 'order', objectId: orderNo, after: { attempt, provider: provider.id, amount: payout.amount, idempotencyKey: payout.idempotencyKey } });
    return { payout, provider };
  });
}

/**
 * Issue 38: an order is paid out only with its agreement signed AND time-stamped (409 agreementNotSigned, the
 * message naming which is missing; the time-stamp job asks the authority again every minute or so).
 */
async function refuseUnsignedAgreement(tx: DbOrTx, order: LockedOrder): Promise<void> {
  const state = agreementStateOf(await signedAgreementOfOrder(tx, order.id));
  if (state === 'signed') return;
  const key: MessageKey = state === 'unsigned' ? 'disbursalAgreementUnsigned' : 'disbursalAgreementNotStamped';
  throw new AppError(409, errorCodes.agreementNotSigned, key, { orderNo: order.orderNo });
}

async function orderTerms(tx: DbOrTx, order: LockedOrder) {
  const [row] = await tx
    .select({ principal: orders.principal, borrowerId: orders.borrowerId, currency: products.currency })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, order.id));
  return row!;
}

const refusalKeys: Record<Extract<PayableAccount, { refusal: string }>['refusal'], MessageKey> = {
  no_account: 'payoutAccountNoAccount',
  pending: 'payoutAccountPending',
  mismatch: 'payoutAccountMismatch',
  rejected: 'payoutAccountRejected',
  failed: 'payoutAccountFailed',
  unverified: 'payoutAccountUnverified',
};

/** The borrower's payable account, or the refusal (409) that says why not. */
async function payableOrRefuse(tx: DbOrTx, borrowerId: number, orderNo: string) {
  const payable = await payableAccountOf(tx, borrowerId);
  if ('refusal' in payable) {
    const refusal = conflict(refusalKeys[payable.refusal], { orderNo });
    throw payable.refusal === 'unverified' && payable.account ? Object.assign(refusal, { unverifiedAccountId: payable.account.id }) : refusal;
  }
  return payable.account;
}

/**
 * A disbursal refused because the account was never verified starts its verification (after the refusal's
 * transaction), so the next try finds it verified or held for a reviewer; the refusal stands either way.
 */
async function verifyWhenUnverified(ctx: DisbursalContext, error: unknown, now: Date): Promise<never> {
  const accountId = (error as { unverifiedAccountId?: number }).unverifiedAccountId;
  if (accountId !== undefined) {
    await startAccountVerification({ db: ctx.db, payouts: ctx.payouts, log: ctx.log }, accountId, now).catch((err: unknown) =>
      ctx.log.warn({ accountId, error: err instanceof Error ? err.name : 'unknown' }, 'account verification not started'),
    );
  }
  throw error;
}

/**
 * Our idempotency key of an attempt: the order number, the attempt and 6 random characters, 27 letters and digits.
 * It meets STP's claveRastreo (at most 30, letters and digits, unique) and RazorpayX's X-Payout-Idempotency (4–36).
 */
export function payoutKey(orderNo: string, attempt: number): string {
  const random = [...randomBytes(6)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
  return `${orderNo}A${String(attempt).padStart(2, '0')}${random}`;
}

const actorName = (audit: AuditActor) => (audit.type === 'staff' ? audit.email : `system:${audit.via}`);

/** What the provider is sent for an attempt (the same for every send of the same key). */
async function payoutRequestOf(db: DbOrTx, payout: Payout, brandName: string): Promise<PayoutRequest> {
  const [row] = await db
    .select({ account: borrowerBankAccounts, orderNo: orders.orderNo, phone: borrowers.phone })
    .from(orders)
    .innerJoin(borrowerBankAccounts, eq(borrowerBankAccounts.id, payout.accountId))
    .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
    .where(eq(orders.id, payout.orderId));
  const { account, orderNo, phone } = row!;
  const name = (await verifiedIdentityName(db, account.borrowerId)) ?? '';
  return {
    idempotencyKey: payout.idempotencyKey,
    orderNo,
    amount: payout.amount,
    currency: payout.currency,
    beneficiary: {
      accountNumber: account.accountNumber,
      ifsc: account.ifsc,
      bankCode: account.bankCode,
      bankName: account.bankName,
      name,
      ...(account.market === 'IN' ? { phone } : {}),
      accountId: account.id,
      borrowerId: account.borrowerId,
    },
    // The statement's text: the lender and the order (STP conceptoPago, RazorpayX narration).
    concept: `${brandName} ${orderNo}`,
  };
}

const settlement = (ctx: DisbursalContext) => ({ db: ctx.db, log: ctx.log, brandName: ctx.config.brand.brandName, ...(ctx.sms ? { sms: ctx.sms } : {}) });

/**
 * Sends an attempt under its key and applies the answer. No answer (ProviderUnavailable, or anything unexpected):
 * it stays created, to be looked up (reconcile, retry). Refused outright (PayoutRefused): failed with the reason.
 */
async function sendPayout(ctx: DisbursalContext, provider: PayoutProvider, payout: Payout, now: Date): Promise<SettleOutcome> {
  const request = await payoutRequestOf(ctx.db, payout, ctx.config.brand.brandName);
  let state: PayoutState;
  try {
    state = await provider.createPayout(request);
  } catch (error) {
    if (error instanceof PayoutRefused) return applyPayoutState(settlement(ctx), payout.id, { status: 'failed', reason: error.reason }, now);
    const detail = error instanceof ProviderUnavailable ? error.message : String(error);
    ctx.log.warn({ orderNo: request.orderNo, attempt: payout.attempt, provider: provider.id, detail: detail.slice(0, 200) }, 'payout sent without an answer: it will be looked up under its key');
    await touchPayout(ctx.db, payout.id, now);
    if (!(error instanceof ProviderUnavailable)) ctx.log.error({ err: error }, 'payout provider failed unexpectedly');
    return 'ignored';
  }
  return applyPayoutState(settlement(ctx), payout.id, state, now);
}

/**
 * Looks an open attempt up under its key and applies the answer; when the provider has none and `resend`, sends it
 * again under the SAME key. ProviderUnavailable → 503 (nothing changed).
 */
async function askProvider(ctx: DisbursalContext, payout: Payout, now: Date, opts: { resend: boolean }): Promise<PayoutState> {
  const provider = ctx.payouts.byId(payout.provider);
  if (!provider) throw conflict('payoutNoProvider', { orderNo: String(payout.orderId), market: payout.market });
  let state: PayoutState;
  try {
    state = await provider.getPayout(payout.idempotencyKey, payout.createdAt);
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw unavailable();
    throw error;
  }
  if (state.status === 'unknown' && payout.status === 'created' && opts.resend) {
    await sendPayout(ctx, provider, payout, now);
    return state;
  }
  await applyPayoutState(settlement(ctx), payout.id, state, now);
  return state;
}
