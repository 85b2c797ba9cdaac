import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { todayIn } from '@presta/contract/dates';
import { formatMarketMoney } from '@presta/contract/markets';
import type { Db, DbOrTx } from '../../db/database';
import { borrowerBankAccounts, borrowers, payouts as payoutsTable } from '../../db/schema';
import { translate } from '../../i18n/messages';
import { maskBankAccount } from '../../lib/bank-account';
import { recordAudit, systemActor } from '../audit/audit-log';
import { applyTransition, lockOrder, type LockedOrder } from '../orders/order-service';
import type { PayoutEvent, PayoutState } from '../payments/payouts/payout-provider';
import { deliverQueuedSms } from '../sms/sms-delivery';
import type { SmsProvider } from '../sms/sms-provider';
import { outboxSmsSender } from '../sms/sms-sender';
import {
  lockPayout,
  otherLivePayout,
  payoutEventSeen,
  recordPayoutEvent,
  touchPayout,
  updatePayoutIf,
  type Payout,
} from './payout-repository';

/*
 * Settling a payout by the provider's word (docs/disbursal.md "Settlement"): a callback's event or a status answer.
 * Each is applied in ONE transaction with the order and the payout locked (order first, as the start locks it):
 * processed → the payout processed and the order 151 → 174 with the value date as its disbursal day, the borrower's
 * SMS queued; reversed / failed → the payout's status and reason, the order stays 151. Repeats and stale answers
 * change nothing: a processed payout never goes back. A success reported for an attempt we had closed (failed or
 * cancelled) means the money left after all: it settles the order when no other attempt is live and the order is
 * still 151, else it is held for staff (logged as an error, the event recorded "held").
 */

export type SettlementContext = { db: Db; log: FastifyBaseLogger; brandName: string; sms?: SmsProvider };
export type SettleOutcome = 'applied' | 'ignored' | 'held' | 'unknown' | 'duplicate';

type Step = { outcome: Exclude<SettleOutcome, 'unknown' | 'duplicate'>; outboxId?: number };

/**
 * Applies the provider's state of a payout (an event's, or a status answer when `event` is absent). Returns what it
 * changed. The SMS of a settled payout is handed to the provider after the commit when ctx.sms is given (else the
 * sms-retry job sends it).
 */
export async function applyPayoutState(ctx: SettlementContext, payoutId: number, state: PayoutState, now: Date, event?: PayoutEvent): Promise<SettleOutcome> {
  const result = await ctx.db.transaction(async (tx): Promise<{ outcome: SettleOutcome; outboxId?: number }> => {
    const [head] = await tx.select({ orderId: payoutsTable.orderId }).from(payoutsTable).where(eq(payoutsTable.id, payoutId));
    const order = head && (await lockOrder(tx, { orderId: head.orderId }));
    const payout = order && (await lockPayout(tx, payoutId));
    if (!order || !payout) return { outcome: 'unknown' };
    if (event && (await payoutEventSeen(tx, event.provider, event.dedupeKey))) return { outcome: 'duplicate' };
    const step = await applyLocked(tx, ctx, { payout, order, state, now });
    if (event) {
      await recordPayoutEvent(tx, {
        provider: event.provider,
        dedupeKey: event.dedupeKey,
        payoutId: payout.id,
        kind: state.status,
        eventType: event.type,
        outcome: step.outcome === 'held' ? 'ignored' : step.outcome,
        detail: { ...eventDetail(state), ...(step.outcome === 'held' ? { held: true } : {}) },
        now,
      });
    }
    return step;
  });
  if (result.outboxId !== undefined && ctx.sms) await deliverQueuedSms(ctx.db, ctx.sms, [result.outboxId], ctx.log);
  return result.outcome;
}

/** What an event row keeps of the provider's words: no account number, no name. */
const eventDetail = (s: PayoutState): Record<string, unknown> => ({
  status: s.status,
  ...(s.providerPayoutId ? { providerPayoutId: s.providerPayoutId } : {}),
  ...(s.providerReference ? { providerReference: s.providerReference } : {}),
  ...(s.valueDate ? { valueDate: s.valueDate } : {}),
  ...(s.reason ? { reason: s.reason.slice(0, 300) } : {}),
});

type Locked = { payout: Payout; order: LockedOrder; state: PayoutState; now: Date };

async function applyLocked(tx: DbOrTx, ctx: SettlementContext, at: Locked): Promise<Step> {
  const { payout, state, now } = at;
  switch (state.status) {
    case 'unknown':
      await touchPayout(tx, payout.id, now);
      return { outcome: 'ignored' };
    case 'pending': {
      const changed = await updatePayoutIf(tx, payout.id, ['created'], { status: 'pending', ...ids(payout, state), checkedAt: now }, now);
      if (!changed) await touchPayout(tx, payout.id, now);
      if (changed) await auditPayout(tx, payout, 'payouts.pending', { status: 'pending' });
      return { outcome: changed ? 'applied' : 'ignored' };
    }
    case 'processed':
      return settleProcessed(tx, ctx, at);
    case 'reversed':
    case 'failed':
      return failPayout(tx, ctx, at, state.status);
  }
}

const ids = (payout: Payout, s: PayoutState) => ({
  providerPayoutId: s.providerPayoutId ?? payout.providerPayoutId,
  providerReference: s.providerReference ?? payout.providerReference,
});

async function auditPayout(tx: DbOrTx, payout: Payout, action: string, after: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, systemActor, { action, objectType: 'payout', objectId: payout.id, before: { status: payout.status }, after: { attempt: payout.attempt, ...after } });
}

/** processed: once. From created/pending; from failed/cancelled only when nothing else pays the order (see above). */
async function settleProcessed(tx: DbOrTx, ctx: SettlementContext, { payout, order, state, now }: Locked): Promise<Step> {
  if (payout.status === 'processed' || payout.status === 'reversed') return { outcome: 'ignored' };
  const late = payout.status === 'failed' || payout.status === 'cancelled';
  if (order.status !== '151' || (late && (await otherLivePayout(tx, order.id, payout.id)))) {
    ctx.log.error({ orderNo: order.orderNo, attempt: payout.attempt, provider: payout.provider, was: payout.status, orderStatus: order.status }, 'payout reported processed but the order cannot take it: held for staff');
    return { outcome: 'held' };
  }
  const valueDate = state.valueDate ?? todayIn(order.timeZone, now);
  const change = { status: 'processed' as const, ...ids(payout, state), valueDate, settledAt: now, checkedAt: now };
  const done = await updatePayoutIf(tx, payout.id, [payout.status], change, now);
  if (!done) return { outcome: 'ignored' };
  await auditPayout(tx, payout, 'payouts.processed', { status: 'processed', valueDate, ...(late ? { late: true } : {}) });
  await applyTransition(tx, order, { action: 'disburse', actor: 'system', disbursedOn: valueDate, paidToAccountId: payout.accountId, now, audit: systemActor });
  return { outcome: 'applied', outboxId: await queueDisbursedSms(tx, ctx.brandName, payout, order) };
}

/** reversed / failed: from created or pending, with the provider's reason. A processed payout never goes back (held). */
async function failPayout(tx: DbOrTx, ctx: SettlementContext, { payout, order, state, now }: Locked, status: 'reversed' | 'failed'): Promise<Step> {
  if (payout.status === 'processed') {
    ctx.log.error({ orderNo: order.orderNo, attempt: payout.attempt, provider: payout.provider, reported: status }, 'a processed payout reported returned: held for staff');
    return { outcome: 'held' };
  }
  const reason = (state.reason ?? status).slice(0, 500);
  const changed = await updatePayoutIf(tx, payout.id, ['created', 'pending'], { status, ...ids(payout, state), failureReason: reason, checkedAt: now }, now);
  if (!changed) return { outcome: 'ignored' };
  await auditPayout(tx, payout, `payouts.${status}`, { status, reason });
  return { outcome: 'applied' };
}

/** The borrower's SMS in their language: the amount paid into their account (once per order). */
async function queueDisbursedSms(tx: DbOrTx, brandName: string, payout: Payout, order: LockedOrder): Promise<number | undefined> {
  const [who] = await tx
    .select({ phone: borrowers.phone, language: borrowers.language, accountNumber: borrowerBankAccounts.accountNumber })
    .from(borrowerBankAccounts)
    .innerJoin(borrowers, eq(borrowers.id, borrowerBankAccounts.borrowerId))
    .where(eq(borrowerBankAccounts.id, payout.accountId));
  if (!who) return undefined;
  const body = translate(who.language, 'disbursalSms', {
    brand: brandName,
    amount: formatMarketMoney(payout.amount, order.market),
    orderNo: order.orderNo,
    account: maskBankAccount(who.accountNumber),
  });
  return outboxSmsSender.send(tx, { phone: who.phone, purpose: 'loan_disbursed', body, dedupeKey: `loan_disbursed:${order.orderNo}` });
}
