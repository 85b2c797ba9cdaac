import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleDisburse } from '@presta/contract/api/console/review';
import { consolePayoutCancel, consolePayoutRetry, consolePayouts } from '@presta/contract/api/console/payouts';
import { borrowerBankAccounts, orders, orderStatusHistory, payoutEvents, payouts, smsOutbox } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { applyPayoutEvents, reconcilePendingPayouts, retryPayout, startDisbursal, type DisbursalContext } from '../src/modules/disbursal/disbursal-service';
import { createOrder, transitionOrder } from '../src/modules/orders/order-service';
import { createSignedOrder } from './agreement-fixtures';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { borrowerWithOffer, buildTestApp, type TestApp } from './helpers';
import { deliverPayoutCallback, ScriptedPayouts, scriptedPayoutProviders, verifiedAccountOf } from './payout-fixtures';

/*
 * The disbursal (issue 37): payouts started from the console, settled by the provider's callback or status answer,
 * retried under the same key or a new one, cancelled; and a property over random sequences of provider answers:
 * never two processed payouts for an order, 174 exactly when one is processed, the amount the principal, the
 * disbursal recorded once.
 */

let t: TestApp;
const stp = new ScriptedPayouts('stp', 'MX');
let finance: ConsoleAuth;
let ctx: DisbursalContext;
type Answer<D> = { success: boolean; code: string; message: string; data: D };

beforeAll(async () => {
  t = await buildTestApp({}, { payouts: scriptedPayoutProviders(stp) });
  finance = await consoleSignInAs(t, await staffMember(t, ['finance']), '198.51.100.71');
  ctx = { db: t.db, payouts: t.app.payouts, log: t.app.log, config: t.config };
}, 60_000);
afterAll(async () => {
  await t.close();
});

const system = { type: 'system', via: 'cli' } as const;

async function approved(opts: { market?: 'MX' | 'IN'; bankAccount?: boolean } = {}) {
  const product = opts.market === 'IN' ? { market: 'IN' as const, currency: 'INR' as const, timeZone: 'Asia/Kolkata' } : {};
  const { product: p, borrower } = await borrowerWithOffer(t.db, { product });
  if (opts.bankAccount === false) await t.db.update(borrowerBankAccounts).set({ replacedAt: new Date() }).where(eq(borrowerBankAccounts.borrowerId, borrower.id));
  else await verifiedAccountOf(t.db, borrower.id);
  const order = await createSignedOrder(t.db, { borrowerId: borrower.id, productId: p.id, amount: 200_000, periods: 2, termUnit: 15, now: new Date(Date.now() - 2 * 86_400_000) });
  await transitionOrder(t.db, { orderNo: order.orderNo, action: 'approve', actor: 'operator' });
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, order.orderNo));
  return { orderNo: order.orderNo, id: row!.id, borrower };
}

const orderRow = async (orderNo: string) => (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const payoutRows = async (orderId: number) => t.db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(payouts.attempt);

describe('start and settle', () => {
  it('finance starts a batch: each order its payout (key saved, pending), refusals per order; the callback settles it: 174 on the value date, SMS', async () => {
    const [a, b] = [await approved(), await approved()];
    const noAccount = await approved({ bankAccount: false });
    const res = await consoleCall(t, finance, consoleDisburse, { orderNos: [a.orderNo, b.orderNo, noAccount.orderNo, a.orderNo] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<Answer<{ started: { orderNo: string; status: string; amount: number; attempt: number }[]; disbursed: unknown[]; refused: { orderNo: string; message: string }[] }>>().data;
    expect(data.started.map((p) => [p.orderNo, p.status, p.amount, p.attempt])).toEqual([
      [a.orderNo, 'pending', 200_000, 1],
      [b.orderNo, 'pending', 200_000, 1],
    ]);
    expect(data.disbursed).toEqual([]);
    expect(data.refused).toEqual([{ orderNo: noAccount.orderNo, message: `El prestatario del pedido ${noAccount.orderNo} no tiene una cuenta bancaria activa.` }]);
    const [row] = await payoutRows(a.id);
    expect(row!.idempotencyKey).toMatch(/^[A-Z0-9]{4,30}$/);
    expect(stp.sent.filter((r) => r.orderNo === a.orderNo)).toHaveLength(1);
    expect((await orderRow(a.orderNo)).status).toBe('151');

    const settled = await deliverPayoutCallback(t, stp, [stp.finish(row!.idempotencyKey, 'processed', '2026-01-05')]);
    expect([settled.statusCode, settled.json()]).toEqual([200, { received: true }]);
    const order = await orderRow(a.orderNo);
    expect([order.status, order.disbursedOn, order.disbursedToAccountId]).toEqual(['174', '2026-01-05', row!.accountId]);
    const sms = await t.db.select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, `loan_disbursed:${a.orderNo}`));
    expect(sms.map((s) => [s.purpose, s.phone])).toEqual([['loan_disbursed', a.borrower.phone]]);
    expect(sms[0]!.body).toContain('$2.000,00');
    const [event] = await listAudit(t.db, { objectType: 'order', objectId: a.orderNo, action: 'orders.disburse' });
    expect(event).toMatchObject({ actorType: 'system', after: { status: '174', disbursedOn: '2026-01-05' } });
  });

  it('refuses an order that is not 151, the approver disbursing, a market without provider', async () => {
    const { product, borrower } = await borrowerWithOffer(t.db);
    const pending = await createOrder(t.db, { borrowerId: borrower.id, productId: product.id, amount: 200_000, periods: 2, termUnit: 15 });
    await expect(startDisbursal(ctx, { orderNo: pending.orderNo, audit: system })).rejects.toMatchObject({ status: 409, messageKey: 'invalidTransition' });
    const both = await staffMember(t, ['reviewer', 'finance']);
    const actor = { type: 'staff' as const, staffId: both.id, email: both.email, via: 'console' as const };
    const other = await borrowerWithOffer(t.db);
    const own = await createSignedOrder(t.db, { borrowerId: other.borrower.id, productId: other.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    await transitionOrder(t.db, { orderNo: own.orderNo, action: 'approve', actor: 'operator', audit: actor });
    await expect(startDisbursal(ctx, { orderNo: own.orderNo, audit: actor })).rejects.toMatchObject({ status: 403, messageKey: 'disbursalOwnApproval' });
    expect(stp.sent.some((r) => r.orderNo === own.orderNo)).toBe(false);
    const india = await approved({ market: 'IN' });
    await expect(startDisbursal(ctx, { orderNo: india.orderNo, audit: system })).rejects.toMatchObject({ status: 409, messageKey: 'payoutNoProvider' });
    const a = await approved();
    await startDisbursal(ctx, { orderNo: a.orderNo, audit: system });
    await expect(startDisbursal(ctx, { orderNo: a.orderNo, audit: system })).rejects.toMatchObject({ status: 409, messageKey: 'payoutLive' });
  });

  it('the callback route refuses a bad signature (401) and a bad body (400)', async () => {
    expect((await deliverPayoutCallback(t, stp, [], 'forged')).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/payouts/notifications/stp', headers: { 'content-type': 'application/json', 'x-scripted-signature': 'ok' }, payload: '{nope' });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/payouts/notifications/razorpayx', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(404);
  });
});

describe('timeouts, failures, retry and cancel', () => {
  it('a timeout after the provider accepted: kept created, looked up under the same key, never sent under a new one', async () => {
    const a = await approved();
    stp.mode = 'timeout-after-accept';
    const view = await startDisbursal(ctx, { orderNo: a.orderNo, audit: system });
    stp.mode = 'accept';
    expect(view.status).toBe('created');
    const retried = await consoleCall(t, finance, consolePayoutRetry, { orderNo: a.orderNo });
    expect(retried.json<Answer<{ payout: { status: string; attempt: number } }>>().data.payout).toMatchObject({ status: 'pending', attempt: 1 });
    const rows = await payoutRows(a.id);
    expect(rows).toHaveLength(1);
    expect(new Set(stp.sent.filter((r) => r.orderNo === a.orderNo).map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('provider down: created; the reconcile job resends under the SAME key once due', async () => {
    const a = await approved();
    stp.mode = 'down';
    await startDisbursal(ctx, { orderNo: a.orderNo, audit: system });
    stp.mode = 'accept';
    const [row] = await payoutRows(a.id);
    expect(row!.status).toBe('created');
    const later = new Date(Date.now() + t.config.payouts.reconcileAfterMs + 60_000);
    const counts = await reconcilePendingPayouts(ctx, later);
    expect(counts.checked).toBeGreaterThanOrEqual(1);
    const [after] = await payoutRows(a.id);
    expect([after!.status, after!.idempotencyKey]).toEqual(['pending', row!.idempotencyKey]);
  });

  it('a refusal fails the attempt with its reason (order 151); retry makes attempt 2 with a new key; cancel closes what the provider never took', async () => {
    const a = await approved();
    stp.mode = 'refuse';
    const failed = await startDisbursal(ctx, { orderNo: a.orderNo, audit: system });
    stp.mode = 'accept';
    expect([failed.status, failed.failureReason]).toEqual(['failed', 'R01 cuenta inexistente']);
    const listed = await consoleCall(t, finance, consolePayouts, { orderNo: a.orderNo });
    expect(listed.json<Answer<{ payouts: { attempt: number; status: string }[] }>>().data.payouts.map((p) => p.status)).toEqual(['failed']);
    const second = await retryPayout(ctx, { orderNo: a.orderNo, audit: system });
    expect([second.attempt, second.status]).toEqual([2, 'pending']);
    const rows = await payoutRows(a.id);
    expect(rows[0]!.idempotencyKey).not.toBe(rows[1]!.idempotencyKey);
    const taken = await consoleCall(t, finance, consolePayoutCancel, { orderNo: a.orderNo, reason: 'cuenta equivocada' });
    expect(taken.statusCode).toBe(409);

    const b = await approved();
    stp.mode = 'down';
    await startDisbursal(ctx, { orderNo: b.orderNo, audit: system });
    stp.mode = 'accept';
    const cancelled = await consoleCall(t, finance, consolePayoutCancel, { orderNo: b.orderNo, reason: 'cuenta equivocada' });
    expect(cancelled.json<Answer<{ payout: { status: string } }>>().data.payout.status).toBe('cancelled');
    expect((await orderRow(b.orderNo)).status).toBe('151');
    expect(await listAudit(t.db, { objectType: 'order', objectId: b.orderNo, action: 'payouts.cancel' })).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------
// Property: random sequences of provider answers
// ---------------------------------------------------------------------------

const step = fc.constantFrom('accept', 'timeout', 'down', 'refuse', 'duplicate', 'settle', 'return', 'fail', 'late-success', 'query', 'retry', 'reconcile');
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function play(orderNo: string, s: Step, events: Parameters<typeof applyPayoutEvents>[1][number][]) {
  const latestKey = () => [...stp.accepted.entries()].reverse().find(([, p]) => p.orderNo === orderNo)?.[0];
  const finish = async (outcome: 'processed' | 'reversed' | 'failed') => {
    const key = latestKey();
    if (!key) return;
    const e = stp.finish(key, outcome);
    events.push(e);
    await applyPayoutEvents(ctx, [e]);
  };
  const tolerate = async (run: () => Promise<unknown>) => run().catch((e: { status?: number }) => expect([403, 404, 409, 503]).toContain(e.status));
  if (s === 'accept' || s === 'timeout' || s === 'down' || s === 'refuse') {
    stp.mode = s === 'timeout' ? 'timeout-after-accept' : s;
    await tolerate(() => startDisbursal(ctx, { orderNo, audit: system }));
    stp.mode = 'accept';
  } else if (s === 'duplicate') await (events.length ? applyPayoutEvents(ctx, [events[events.length - 1]!]) : Promise.resolve());
  else if (s === 'settle' || s === 'late-success') await finish('processed');
  else if (s === 'return') await finish('reversed');
  else if (s === 'fail') await finish('failed');
  else if (s === 'retry') await tolerate(() => retryPayout(ctx, { orderNo, audit: system }));
  else if (s === 'reconcile') await reconcilePendingPayouts(ctx, new Date(Date.now() + t.config.payouts.reconcileAfterMs + 60_000));
  else await tolerate(async () => (latestKey() ? applyPayoutEvents(ctx, [stp.event(latestKey()!, await stp.getPayout(latestKey()!))]) : undefined));
}

describe('property: provider answers in any order', () => {
  it('never two processed payouts, 174 exactly when one is processed, the amount the principal, one disbursal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const a = await approved();
        const events: Parameters<typeof applyPayoutEvents>[1][number][] = [];
        for (const s of steps) await play(a.orderNo, s, events);
        const rows = await payoutRows(a.id);
        const processed = rows.filter((r) => r.status === 'processed');
        const order = await orderRow(a.orderNo);
        expect(processed.length).toBeLessThanOrEqual(1);
        expect(order.status === '174').toBe(processed.length === 1);
        expect(rows.every((r) => r.amount === order.principal)).toBe(true);
        const live = rows.filter((r) => ['created', 'pending', 'processed'].includes(r.status));
        expect(live.length).toBeLessThanOrEqual(1);
        const disbursals = await t.db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, a.id), eq(orderStatusHistory.toStatus, '174')));
        expect(disbursals).toHaveLength(processed.length);
        if (processed[0]) expect(order.disbursedOn).toBe(processed[0].valueDate);
        const dup = await t.db.select().from(payoutEvents).where(eq(payoutEvents.provider, 'stp'));
        expect(new Set(dup.map((d) => d.dedupeKey)).size).toBe(dup.length);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
