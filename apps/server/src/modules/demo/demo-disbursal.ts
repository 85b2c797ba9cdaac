import pino from 'pino';
import type { CalendarDate } from '@presta/contract/dates';
import type { MarketCode } from '@presta/contract/markets';
import { loadConfig, type Config, type PayoutProviderId } from '../../config';
import type { DbOrTx } from '../../db/database';
import { startAccountVerification } from '../account/account-verification';
import type { AuditActor } from '../audit/audit-log';
import { activeBankAccount } from '../orders/order-reads';
import { createPayoutProviders } from '../payments/payouts/payout-providers';
import { applyPayoutEvents, startDisbursal, type DisbursalContext } from '../disbursal/disbursal-service';
import { latestPayoutOf } from '../disbursal/payout-repository';
import { startPayoutMocks } from './payout-mocks/payout-mocks';

/*
 * A demo order disbursed the way a lender disburses (docs/disbursal.md "Demo"): the borrower's account is verified
 * and the payout made through the market's payout adapter against its mock, started here for the call; the mock
 * settles it, the provider's status query confirms it, and the settlement applies it — with the demo's value date,
 * which for a loan dated in the past is in the past (a mock cannot pay yesterday).
 */

/** Where the in-process mocks send their callbacks: nowhere (the status query confirms instead). */
const NO_CALLBACKS = 'http://127.0.0.1:9';
const POLL_MS = 60;
const WAIT_MS = 8_000;

export type DemoDisbursal = { orderId: number; orderNo: string; borrowerId: number; market: MarketCode; valueDate: CalendarDate; audit: AuditActor; now: Date };

export async function disburseThroughPayout(db: DbOrTx, input: DemoDisbursal): Promise<void> {
  await withDemoPayouts(db, input.market, async (ctx, provider) => {
    await verifyAccount(ctx, input.borrowerId);
    await startDisbursal(ctx, { orderNo: input.orderNo, audit: input.audit });
    const key = (await latestPayoutOf(ctx.db, input.orderId))!.idempotencyKey;
    const state = await until(() => ctx.payouts.byId(provider)!.getPayout(key, new Date()), (s) => s.status === 'processed');
    const event = { provider, dedupeKey: `demo:${key}`, type: 'demo.status-query', idempotencyKey: key, occurredAt: input.now };
    await applyPayoutEvents(ctx, [{ ...event, state: { ...state, valueDate: input.valueDate } }], input.now);
  });
}

/** A demo borrower's active account verified through the market's validation, as a real one is (demo-orders.ts). */
export async function verifyDemoAccount(db: DbOrTx, input: { borrowerId: number; market: MarketCode }): Promise<void> {
  await withDemoPayouts(db, input.market, (ctx) => verifyAccount(ctx, input.borrowerId));
}

/** The market's payout adapter against its mock, started for the call (callbacks off: the status query confirms). */
async function withDemoPayouts(db: DbOrTx, market: MarketCode, work: (ctx: DisbursalContext, provider: PayoutProviderId) => Promise<void>): Promise<void> {
  const provider = loadConfig().payouts.providers[market] ?? (market === 'MX' ? 'stp' : 'razorpayx');
  const mocks = await startPayoutMocks({ publicBaseUrl: NO_CALLBACKS, payouts: { providers: { [market]: provider }, mockSettleMs: 30 }, delivery: { attempts: 1, duplicate: false } });
  try {
    const config: Config = loadConfig({ ...process.env, ...mocks.env, PAYOUT_PROVIDERS: `${market}=${provider}` });
    const log = pino({ level: 'silent' });
    await work({ db, payouts: createPayoutProviders({ config, log }), log, config }, provider);
  } finally {
    await mocks.close();
  }
}

/** The borrower's active account verified through the provider's validation (its mock returns the name sent). */
async function verifyAccount(ctx: DisbursalContext, borrowerId: number): Promise<void> {
  const account = await activeBankAccount(ctx.db, borrowerId);
  if (!account) return;
  const verify = { db: ctx.db, payouts: ctx.payouts, log: ctx.log };
  await until(() => startAccountVerification(verify, account.id), (v) => v.status !== 'pending');
}

async function until<T>(ask: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + WAIT_MS;
  for (;;) {
    const value = await ask();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
