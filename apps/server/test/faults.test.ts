import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultBrand } from '@presta/contract/brand';
import { errorCodes } from '@presta/contract/error-codes';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type Database } from '../src/db/database';
import { connectTestDb, injectAs, readiness, testDatabaseUrl, wrapper } from './helpers';
import { makeLoan, notify, urls, call, type Loan } from './repayment-fixtures';
import { TcpProxy } from './tcp-proxy';
import { MAX_STORE_REFERENCE_SEQ, newStoreReference } from '../src/modules/payments/store-reference';

/*
 * Faults (issue 11): PostgreSQL stopped or hanging → quick 503s with a code,
 * a message and Retry-After, never a hang or a 500, and recovery without a
 * restart; Redis unreachable → the server keeps serving with per-process
 * rate limits, readiness says so, payment notifications never need Redis.
 */

const pgTarget = () => {
  const u = new URL(testDatabaseUrl());
  return { host: u.hostname, port: Number(u.port || 5432) };
};

/** The server's own settings, but its database (and Redis) behind proxies the test can break. */
async function appBehind(opts: {
  databaseUrl: string;
  redisUrl?: string;
  cacheTtlMs?: number;
  requestTimeoutMs?: number;
}): Promise<{ app: App; database: Database }> {
  const config: Config = {
    ...loadConfig(),
    brand: defaultBrand,
    demoTools: false,
    databaseUrl: opts.databaseUrl,
    redisUrl: opts.redisUrl,
    cacheTtlMs: opts.cacheTtlMs ?? 0,
    requestTimeoutMs: opts.requestTimeoutMs ?? 15_000,
  };
  const database = connect(opts.databaseUrl, { max: 4, connectTimeoutMs: 1_000, statementTimeoutMs: 5_000, lockTimeoutMs: 2_000 });
  const app = await buildApp({ config, db: database.db, poolStats: database.stats, logger: false });
  await app.ready();
  return { app, database };
}

/** Calls `fn` until `ok` says yes (at most `ms`). */
async function eventually<T>(fn: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

let seed: ReturnType<typeof connectTestDb>;
let loan: Loan;

beforeAll(async () => {
  seed = connectTestDb();
  loan = await makeLoan(seed.db, { status: '174' });
});
afterAll(async () => {
  await seed.close();
});

describe('PostgreSQL unavailable', () => {
  let proxy: TcpProxy;
  let app: App;
  let database: Database;

  beforeAll(async () => {
    proxy = await TcpProxy.start(pgTarget());
    ({ app, database } = await appBehind({ databaseUrl: proxy.urlFor(testDatabaseUrl()), cacheTtlMs: 30_000 }));
  });
  afterEach(async () => {
    await proxy.up();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.close();
  });

  const detailsOf = (l: Loan) => () => call(app, l.sessionId, urls.details, { productId: l.product.id, orderId: l.orderId });
  const details = () => detailsOf(loan)();

  it('stopped: every call answers 503 with a code, a message and Retry-After within 2 s; health stays up; it recovers by itself', async () => {
    const other = await makeLoan(seed.db, { status: '174' });
    expect((await details()).statusCode).toBe(200); // now cached
    expect((await eventually(() => app.inject('/api/ready'), (r) => r.statusCode === 200)).statusCode).toBe(200);

    await proxy.down();
    const signedUnknown = () => notify(app, { reference: newStoreReference(MAX_STORE_REFERENCE_SEQ - 1), amount: 100 });
    for (const attempt of [detailsOf(other), detailsOf(other), signedUnknown]) {
      const { value: res, ms } = await timed(attempt);
      expect(ms).toBeLessThan(2_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ success: false, code: errorCodes.serviceUnavailable, data: null });
      expect(wrapper(res).message).toMatch(/no está disponible/);
    }
    const english = await injectAs(app, other.sessionId, {
      url: urls.details,
      query: { language: '1' },
      payload: { productId: other.product.id, orderId: other.orderId },
    });
    expect(english.statusCode).toBe(503);
    expect(wrapper(english).message).toMatch(/unavailable/);
    // The cached answer goes too, as soon as the change feed is found lost: no read outlives what it cannot hear.
    const lost = await eventually(() => app.inject('/api/ready'), (r) => /not listening/.test(readiness(r).checks.changeFeed), 10_000);
    expect(readiness(lost).checks.changeFeed).toMatch(/not listening/);
    expect((await details()).statusCode).toBe(503);

    const { value: ready, ms } = await timed(() => app.inject('/api/ready'));
    expect(ms).toBeLessThan(2_000);
    expect(ready.statusCode).toBe(503);
    expect(readiness(ready).checks.database).toMatch(/^unavailable \(|no answer/);
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' });

    await proxy.up();
    const back = await eventually(details, (r) => r.statusCode === 200);
    expect(back.statusCode).toBe(200);
    // The change feed listens again (its heartbeat notices the lost listener), so readiness recovers too.
    const readyAgain = await eventually(() => app.inject('/api/ready'), (r) => r.statusCode === 200, 30_000);
    expect(readyAgain.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', changeFeed: 'ok' } });
  }, 60_000);

  it('hanging (accepts, never answers): new connections give up after the connect timeout, a 503 within 2 s', async () => {
    // Fresh connections only: the ones open now would hang until TCP gives up, which the pool never reaches here.
    const fresh = await appBehind({ databaseUrl: proxy.urlFor(testDatabaseUrl()) });
    try {
      proxy.hang();
      const { value: res, ms } = await timed(() =>
        call(fresh.app, loan.sessionId, urls.details, { productId: loan.product.id, orderId: loan.orderId }),
      );
      expect(ms).toBeLessThan(2_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
    } finally {
      await proxy.up();
      await fresh.app.close();
      await fresh.database.close();
    }
  }, 30_000);

  it('frozen mid-connection (open connections go silent): the request deadline answers 503 instead of waiting for TCP', async () => {
    const fresh = await appBehind({ databaseUrl: proxy.urlFor(testDatabaseUrl()), requestTimeoutMs: 1_200 });
    try {
      const ask = () => call(fresh.app, loan.sessionId, urls.details, { productId: loan.product.id, orderId: loan.orderId });
      expect((await ask()).statusCode).toBe(200); // the pool's connections are open now
      proxy.hang();
      const { value: res, ms } = await timed(ask);
      expect(ms).toBeLessThan(2_000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: errorCodes.serviceUnavailable });
    } finally {
      await proxy.up();
      await fresh.app.close();
      await fresh.database.close();
    }
  }, 30_000);
});

describe('Redis unreachable while REDIS_URL is set', () => {
  let proxy: TcpProxy;
  let app: App;
  let database: Database;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  beforeAll(async () => {
    const u = new URL(redisUrl);
    proxy = await TcpProxy.start({ host: u.hostname, port: Number(u.port || 6379) });
    ({ app, database } = await appBehind({ databaseUrl: testDatabaseUrl(), redisUrl: proxy.urlFor(redisUrl) }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.close();
  });

  it('keeps serving with per-process limits, says so in readiness, and takes payment notifications', async () => {
    const ready = await eventually(() => app.inject('/api/ready'), (r) => readiness(r).checks.redis === 'ok', 5_000);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });

    await proxy.down();
    // A rate-limited call (generate-vcode counts per borrower) still answers.
    const voucher = await call(app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: 100_000, payCode: 'store', requestType: 1 });
    expect(voucher.statusCode).toBeLessThan(500);
    const sid = await app.inject('/api/v2/youmi/promotion/get-sid');
    expect(sid.statusCode).toBe(200);

    const degraded = await app.inject('/api/ready');
    expect(degraded.statusCode).toBe(200);
    expect(readiness(degraded).status).toBe('degraded');
    expect(readiness(degraded).checks.redis).toMatch(/rate limits counted per process/);

    // Notifications: a signed one for an unknown reference is answered on its merits (held in suspense, 200 — issue 12), not a 5xx.
    const res = await notify(app, { reference: newStoreReference(MAX_STORE_REFERENCE_SEQ), amount: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, applied: false, held: 'suspense' });

    await proxy.up();
    const recovered = await eventually(() => app.inject('/api/ready'), (r) => readiness(r).checks.redis === 'ok', 15_000);
    expect(readiness(recovered).status).toBe('ready');
  }, 40_000);

  it('the per-process fallback still limits: past the limit a caller gets 429, not an error', async () => {
    await proxy.down();
    try {
      let last = 0;
      // get-sid allows 30 a minute per address.
      for (let i = 0; i < 31; i += 1) last = (await app.inject({ url: '/api/v2/youmi/promotion/get-sid', remoteAddress: '10.99.0.1' })).statusCode;
      expect(last).toBe(429);
    } finally {
      await proxy.up();
    }
  });
});
