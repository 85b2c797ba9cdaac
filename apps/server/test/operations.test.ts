import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { ledgerPayments, paymentNotifications, paymentReferences, paymentSuspense } from '../src/db/schema';
import { newSessionId } from '../src/modules/session/session-service';
import { notificationConcurrency } from '../src/modules/payments/payment-routes';
import { guessLimits } from '../src/plugins/app/guess-limits';
import { consoleFunnel } from '@presta/contract/api/console/promotion';
import { apiTokenOf, bearerCall, consoleSignInAs, staffMember } from './console-fixtures';
import { buildTestApp, checked, readiness, type TestApp } from './helpers';
import { z } from 'zod';
import { call, data, makeLoan, notify, ONE_INSTALMENT_TOTAL, urls, type Loan } from './repayment-fixtures';

/*
 * Operations (issue 11): liveness without I/O, readiness (and its 503 while
 * stopping), metrics behind a token, guessing limits per address (session
 * ids, staff API tokens, the metrics token; the operator token and its calls
 * are gone since issue 17), and the hardening of signed payment
 * notifications: duplicate keys are refused and
 * amounts above the ceiling held in suspense (issue 12: money is never
 * refused for a business reason), both recorded for review, never applied;
 * every signed notification is recorded with its outcome.
 */

const METRICS_TOKEN = 'operations-test-metrics-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await t.close();
});

/** A client address of its own per run: the limits' counters live in Redis across runs. */
const freshAddress = () => `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

const recorded = async (eventId: string) =>
  t.db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, eventId)).orderBy(desc(paymentNotifications.id));
const paymentsOf = async (orderId: string) =>
  (await t.db.select({ n: count() }).from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(orderId))))[0]!.n;

async function referenceFor(loan: Loan, amount = ONE_INSTALMENT_TOTAL): Promise<string> {
  await data(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode: 'store', requestType: 1 }));
  const [row] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId)));
  return row!.reference;
}

describe('health, readiness, metrics', () => {
  it('liveness answers without touching the database; readiness names every check', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    // The test app runs without caches (CACHE_TTL_MS=0), with Redis when REDIS_URL is set (it may still be connecting).
    const redis = process.env.REDIS_URL ? 'ok' : 'not configured';
    let ready = await t.app.inject('/api/ready');
    for (let i = 0; i < 20 && readiness(ready).checks.redis !== redis; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await t.app.inject('/api/ready');
    }
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis, changeFeed: 'off (CACHE_TTL_MS=0)', shutdown: 'ok' },
    });
  });

  it('metrics: 401 without the token, the Prometheus text with it (requests, pool, notifications, SMS, limits, jobs)', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    await t.app.inject('/api/health');
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'presta_http_requests_total{method="GET",route="/api/health",status_code="200"}',
      'presta_http_request_duration_seconds_bucket',
      'presta_db_pool_max',
      'presta_db_pool_in_use',
      'presta_db_pool_waiting',
      '# TYPE presta_payment_notifications_total counter',
      '# TYPE presta_sms_total counter',
      '# TYPE presta_rate_limit_refusals_total counter',
      '# TYPE presta_job_runs_total counter',
      'presta_process_cpu_seconds_total',
    ]) {
      expect(res.body, name).toContain(name);
    }
  });

  it('without METRICS_TOKEN the main port has no /metrics (METRICS_PORT serves it instead)', async () => {
    const other = await buildTestApp({ metricsToken: undefined });
    try {
      expect((await other.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('once stopping, readiness answers 503 naming it, while calls are still served', async () => {
    const other = await buildTestApp();
    try {
      other.app.health.startDraining();
      const ready = await other.app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { shutdown: 'stopping', database: 'ok' } });
      expect((await other.app.inject('/api/hello')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('guessing is limited per address', () => {
  it(`unknown session ids: ${guessLimits.session.max} from one address, then 429 even for a real session; another address is not affected`, async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const remoteAddress = freshAddress();
    const ask = (sessionId: string, from = remoteAddress) =>
      t.app.inject({ method: 'POST', url: urls.details, query: { swift: sessionId }, remoteAddress: from, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `orderId=${loan.orderId}` });
    for (let i = 0; i < guessLimits.session.max; i += 1) expect((await ask(newSessionId())).statusCode).toBe(401);
    const refused = await ask(loan.sessionId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: errorCodes.rateLimited });
    expect((await ask(loan.sessionId, freshAddress())).statusCode).toBe(200);
  });

  it(`wrong staff API tokens on a console call: ${guessLimits.apiToken.max}, then 429 even with a right one; another address is not affected`, async () => {
    const remoteAddress = freshAddress();
    const { secret } = await apiTokenOf(t, await consoleSignInAs(t, await staffMember(t, ['analyst']), freshAddress()));
    const funnel = (token: string, from = remoteAddress) => bearerCall(t, token, consoleFunnel, {}, from);
    expect((await funnel(secret)).statusCode).toBe(200);
    for (let i = 0; i < guessLimits.apiToken.max; i += 1) expect((await funnel(`pst_${String(i).padStart(43, 'x')}`)).statusCode).toBe(401);
    const refused = await funnel(secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: errorCodes.rateLimited });
    expect((await funnel(secret, freshAddress())).statusCode).toBe(200);
  });

  it(`wrong metrics tokens: ${guessLimits.metrics.max}, then 429 even with the right one`, async () => {
    const remoteAddress = freshAddress();
    const metrics = (token: string) => t.app.inject({ url: '/metrics', remoteAddress, headers: { authorization: `Bearer ${token}` } });
    expect((await metrics(METRICS_TOKEN)).statusCode).toBe(200);
    for (let i = 0; i < guessLimits.metrics.max; i += 1) expect((await metrics(`wrong-${i}`)).statusCode).toBe(401);
    expect((await metrics(METRICS_TOKEN)).statusCode).toBe(429);
  });

  it('the operator token’s calls are gone (decision 018): their console calls replace them', async () => {
    for (const url of ['/api/ops/promotion-funnel', '/api/ops/complaint-images/1']) {
      expect((await t.app.inject({ url, headers: { authorization: 'Bearer any-token-at-all-0123456789abcdef' } })).statusCode, url).toBe(404);
    }
  });
});

describe('signed payment notifications: refused or held for review, never applied', () => {
  it('a body naming a key twice: 400 duplicate_keys, recorded open for review, nothing applied', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan);
    const eventId = `evt-dup-${randomUUID()}`;
    const rawBody = `{"eventId":"${eventId}","reference":"${reference}","amount":100,"paidAt":"${new Date().toISOString()}","amount":${ONE_INSTALMENT_TOTAL}}`;
    const res = await notify(t.app, { reference, amount: 0 }, { rawBody });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ received: false, error: 'duplicate_keys' });
    expect(await paymentsOf(loan.orderId)).toBe(0);
    const [row] = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.body, rawBody));
    expect(row).toMatchObject({ outcome: 'refused', reason: 'duplicate_keys', review: 'open', eventId: null });
  });

  it('10^12 minor units: held in suspense (amount_above_ceiling, 200 — issue 12: was 422), recorded open for review, the ledger untouched', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan);
    const eventId = `evt-huge-${randomUUID()}`;
    const res = await notify(t.app, { eventId, reference, amount: 10 ** 12 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: false, held: 'suspense', reason: 'amount_above_ceiling' });
    expect(await paymentsOf(loan.orderId)).toBe(0);
    expect(await recorded(eventId)).toEqual([
      expect.objectContaining({ outcome: 'held', reason: 'amount_above_ceiling', review: 'open', amount: 10 ** 12, orderId: Number(loan.orderId) }),
    ]);
    const [held] = await t.db.select().from(paymentSuspense).where(eq(paymentSuspense.eventId, eventId));
    expect(held).toMatchObject({ amount: 10 ** 12, reason: 'amount_above_ceiling', orderId: Number(loan.orderId), reference, channel: 'store' });
    const [ref] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
    expect(ref!.status).toBe('open');
  });

  it('the ceiling is a share of what the order owes: up to it an overpayment is applied (credit), one minor unit more is held in suspense', async () => {
    const ceilingPercent = t.config.paymentCeilingPercent;
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan);
    const ceiling = Math.floor((ONE_INSTALMENT_TOTAL * ceilingPercent) / 100);
    expect((await notify(t.app, { reference, amount: ceiling + 1 })).json()).toEqual({ received: true, applied: false, held: 'suspense', reason: 'amount_above_ceiling' });
    expect(await paymentsOf(loan.orderId)).toBe(0);
    const ok = await notify(t.app, { reference, amount: ceiling });
    expect(ok.json()).toEqual({ received: true, applied: true });
    expect(await paymentsOf(loan.orderId)).toBe(1);
  });

  it('every signed notification is recorded with its outcome; a bad signature is not', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan);
    const eventId = `evt-rec-${randomUUID()}`;
    const body = { eventId, reference, amount: 50_000, paidAt: new Date().toISOString() };
    expect((await notify(t.app, body)).json()).toEqual({ received: true, applied: true });
    expect((await notify(t.app, body)).json()).toEqual({ received: true, applied: false });
    const rows = await recorded(eventId);
    expect(rows.map((r) => [r.outcome, r.review])).toEqual([
      ['duplicate', 'none'],
      ['applied', 'none'],
    ]);
    expect(rows[1]).toMatchObject({ reference, amount: 50_000, orderId: Number(loan.orderId), provider: 'sandbox' });

    const forged = `evt-forged-${randomUUID()}`;
    expect((await notify(t.app, { ...body, eventId: forged }, { secret: 'not-the-secret' })).statusCode).toBe(401);
    expect(await recorded(forged)).toEqual([]);

    const unknown = `evt-unknown-${randomUUID()}`;
    const res = await notify(t.app, { eventId: unknown, reference: '80000000000026', amount: 100 });
    expect([400, 200]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(await recorded(unknown)).toEqual([expect.objectContaining({ outcome: 'held', reason: 'unknown_reference', review: 'open' })]);
  });

  it('a burst of distinct events for one reference is applied exactly once each, one at a time', async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 1_000_000 });
    const reference = await referenceFor(loan, 1_075_400);
    const events = Array.from({ length: 40 }, (_, i) => ({ eventId: `evt-burst-${loan.orderId}-${i}`, reference, amount: 100, paidAt: new Date().toISOString() }));
    const answers = await Promise.all(events.map((e) => notify(t.app, e)));
    expect(answers.map((a) => a.statusCode)).toEqual(events.map(() => 200));
    expect(answers.every((a) => checked(a.json(), z.looseObject({ applied: z.unknown() })).applied === true)).toBe(true);
    expect(await paymentsOf(loan.orderId)).toBe(40);
    expect(notificationConcurrency(t.config.databasePoolMax)).toBeGreaterThanOrEqual(1);
    expect(notificationConcurrency(10)).toBe(2);
  });
});

describe('a session guessing limit does not touch borrowers who present their own session', () => {
  it('many borrowers behind one address, each with a valid session, are never refused by it', async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const loan = await makeLoan(t.db, { status: '174' });
      const res = await t.app.inject({
        method: 'POST',
        url: urls.details,
        query: { swift: loan.sessionId },
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `orderId=${loan.orderId}`,
      });
      expect(res.statusCode, `borrower ${i} from ${remoteAddress}`).toBe(200);
    }
  });
});
