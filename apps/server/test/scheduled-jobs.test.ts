import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { defaultBrand } from '@presta/contract/brand';
import { DEV_SANDBOX_SECRET, loadConfig, type Config } from '../src/config';
import { jobRuns, orders, orderStatusHistory, paymentReferences, smsOutbox } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { jobRunsTotal } from '../src/lib/metrics';
import { recordJobRun, thisWorker } from '../src/modules/jobs/job-runs';
import { marketTimeZones, scheduledJobs, startScheduledWork } from '../src/modules/jobs/scheduled-work';
import { createSandboxProvider } from '../src/modules/payments/sandbox-provider';
import { createOrReuseReference } from '../src/modules/payments/payment-reference-repository';
import { referenceSeqSource } from '../src/modules/payments/payment-references';
import { createSmsProvider } from '../src/modules/sms/sms-provider';
import { outboxSmsSender } from '../src/modules/sms/sms-sender';
import { connectTestDb, seedProduct, testDatabaseUrl } from './helpers';
import type { Db } from '../src/db/database';
import { makeLoan } from './repayment-fixtures';

let db: Db;
let close: () => Promise<void>;
const log = pino({ level: 'silent' });
const config: Config = { ...loadConfig(), brand: defaultBrand, databaseUrl: testDatabaseUrl(), jobs: true };
const sms = createSmsProvider({ smsProvider: 'console' }, log);

/** A gateway that takes `delayMs` to answer 200. */
let delayMs = 0;
const received: string[] = [];
const gateway = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(String(req.headers['idempotency-key']));
    setTimeout(() => res.end('{}'), delayMs);
  });
});
let gatewayUrl = '';

beforeAll(async () => {
  ({ db, close } = connectTestDb());
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
});
afterAll(async () => {
  await close();
  gateway.closeAllConnections();
  await new Promise<void>((r) => gateway.close(() => r()));
});

const jobsFor = async () => scheduledJobs({ db, config, log, sms }, await marketTimeZones(db));
async function runJob(name: string) {
  const job = (await jobsFor()).find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return recordJobRun(db, { job: name, worker: 'test:1' }, () => job.run(new AbortController().signal));
}
const runCount = async (job: string, outcome: string) =>
  (await jobRunsTotal.get()).values.find((v) => v.labels.job === job && v.labels.outcome === outcome)?.value ?? 0;
const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('the jobs', () => {
  it('payment reference expiry: open references past their time become expired, the others stay open; the run is recorded', async () => {
    const loan = await makeLoan(db, { status: '174' });
    const provider = createSandboxProvider({ secret: DEV_SANDBOX_SECRET, nextSeq: referenceSeqSource(db) });
    const make = async (amount: number) =>
      (
        await createOrReuseReference(db, provider, {
          orderId: Number(loan.orderId),
          borrowerId: loan.borrower.id,
          purpose: 'repayment',
          channel: 'store',
          amount,
          expiresAt: new Date(Date.now() + 3_600_000),
        })
      ).reference;
    const [old, fresh] = [await make(10_000), await make(20_000)];
    await db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(paymentReferences.id, old.id));
    const before = await runCount('payment-reference-expiry', 'succeeded');

    const detail = await runJob('payment-reference-expiry');
    expect(detail.expired).toBeGreaterThanOrEqual(1);
    const statuses = await db.select({ id: paymentReferences.id, status: paymentReferences.status }).from(paymentReferences).where(inArray(paymentReferences.id, [old.id, fresh.id]));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [old.id]: 'expired', [fresh.id]: 'open' });
    expect(await runJob('payment-reference-expiry')).toEqual({ expired: 0 });

    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.job, 'payment-reference-expiry')).orderBy(sql`${jobRuns.id} desc`).limit(1);
    expect(run).toMatchObject({ outcome: 'succeeded', worker: 'test:1', detail: { expired: 0 } });
    expect(run!.finishedAt!.getTime()).toBeGreaterThanOrEqual(run!.startedAt.getTime());
    expect(await runCount('payment-reference-expiry', 'succeeded')).toBe(before + 2);
  });

  it('the overdue sweep: a repaying loan past its due date moves to 180; the next run moves nothing', async () => {
    const late = await makeLoan(db, { status: '174', daysAgo: 16 });
    const current = await makeLoan(db, { status: '174', daysAgo: 15 });
    const status = async (id: string) => (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, Number(id))))[0]!.s;
    expect(await status(late.orderId)).toBe('174');
    const first = await runJob('overdue-sweep-mx');
    expect(first.moved).toBeGreaterThanOrEqual(1);
    expect(await status(late.orderId)).toBe('180');
    expect(await status(current.orderId)).toBe('174');
    expect(await runJob('overdue-sweep-mx')).toEqual({ moved: 0 });
    // Issue 17: each move is in the audit trail as the system, through a job.
    const events = await listAudit(db, { objectType: 'order', objectId: late.orderNo });
    expect(events.map((e) => [e.action, e.actorType, e.staffId, e.actorLabel, e.via, e.before, e.after])).toEqual([
      ['orders.fallDue', 'system', null, 'system', 'job', { status: '174' }, { status: '180' }],
    ]);
    expect(await listAudit(db, { objectType: 'order', objectId: current.orderNo, action: 'orders.fallDue' })).toEqual([]);
  });

  it('the overdue sweep writes a move and its audit event in one transaction: an event that cannot be written leaves the loan as it was', async () => {
    const late = await makeLoan(db, { status: '174', daysAgo: 16 });
    const status = async () => (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, Number(late.orderId))))[0]!.s;
    const constraint = `jobs_audit_refused_${randomBytes(4).toString('hex')}`;
    await db.execute(sql.raw(`alter table audit_events add constraint ${constraint} check (object_id <> '${late.orderNo}') not valid`));
    try {
      await expect(runJob('overdue-sweep-mx')).rejects.toThrow();
      expect(await status()).toBe('174');
      expect(await db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, Number(late.orderId)), eq(orderStatusHistory.toStatus, '180')))).toEqual([]);
    } finally {
      await db.execute(sql.raw(`alter table audit_events drop constraint ${constraint}`));
    }
    await runJob('overdue-sweep-mx');
    expect(await status()).toBe('180');
    expect((await listAudit(db, { objectType: 'order', objectId: late.orderNo })).map((e) => [e.action, e.via])).toEqual([['orders.fallDue', 'job']]);
  });

  it('each market is swept in its own time zone', async () => {
    await seedProduct(db, { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' });
    const markets = await marketTimeZones(db);
    expect(markets).toEqual(expect.arrayContaining([{ market: 'MX', timeZone: 'America/Mexico_City' }, { market: 'IN', timeZone: 'Asia/Kolkata' }]));
    const sweeps = (await jobsFor()).filter((j) => j.kind === 'overdue-sweep').map((j) => ({ name: j.name, tz: j.tz }));
    expect(sweeps).toEqual(expect.arrayContaining([{ name: 'overdue-sweep-mx', tz: 'America/Mexico_City' }, { name: 'overdue-sweep-in', tz: 'Asia/Kolkata' }]));
  });

  it('a failing run is recorded failed with the error, counted, and thrown to the queue', async () => {
    const job = `failing-${randomBytes(3).toString('hex')}`;
    await expect(recordJobRun(db, { job }, async () => Promise.reject(new RangeError('no such market')))).rejects.toThrow('no such market');
    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.job, job));
    expect(run).toMatchObject({ outcome: 'failed', worker: thisWorker(), detail: { error: 'RangeError', message: 'no such market' } });
    expect(await runCount(job, 'failed')).toBe(1);
  });
});

describe('startScheduledWork', () => {
  const schema = () => `pgboss_t_${randomBytes(4).toString('hex')}`;
  const fast = (name: string) => ({
    databaseUrl: testDatabaseUrl(),
    db,
    log,
    queue: { schema: name, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    cron: { 'overdue-sweep': '* * * * *', 'payment-reference-expiry': '* * * * *', 'sms-retry': '* * * * *', 'sms-reminders': '* * * * *' },
  });
  const schemaExists = async (name: string) =>
    ((await db.execute(sql`select count(*)::int as n from information_schema.schemata where schema_name = ${name}`)) as unknown as { n: number }[])[0]!.n === 1;

  it('PRESTA_JOBS=0: this process starts nothing', async () => {
    const name = schema();
    const work = await startScheduledWork({ ...fast(name), config: { ...config, jobs: false }, sms });
    await work.stop();
    expect(await schemaExists(name)).toBe(false);
  });

  it('runs every job from its schedule; stop() lets the run under way finish', async () => {
    delayMs = 1_500;
    const provider = createSmsProvider({ smsProvider: 'http', smsProviderUrl: gatewayUrl }, log);
    const id = (await outboxSmsSender.send(db, { phone: '5215550001111', purpose: 'card_repayment_code', body: 'x' }))!;
    const started = new Date(Date.now() - 1_000);
    const name = schema();
    const work = await startScheduledWork({ ...fast(name), config, sms: provider });
    const mine = and(eq(jobRuns.worker, thisWorker()), sql`${jobRuns.startedAt} >= ${started.toISOString()}::timestamptz`);
    const retry = await waitFor('the sms-retry run', async () => {
      const [r] = await db.select().from(jobRuns).where(and(mine, eq(jobRuns.job, 'sms-retry')));
      return r && received.includes(`sms-${id}`) ? r : undefined;
    });
    expect(retry.outcome).toBe('running');
    const t0 = Date.now();
    await work.stop();
    expect(Date.now() - t0).toBeLessThan(5_000);
    const [done] = await db.select().from(jobRuns).where(eq(jobRuns.id, retry.id));
    expect(done).toMatchObject({ outcome: 'succeeded' });
    expect((done!.detail as { sent: number }).sent).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    const ran = new Set((await db.select({ job: jobRuns.job }).from(jobRuns).where(mine)).map((r) => r.job));
    expect([...ran].sort()).toEqual(expect.arrayContaining(['overdue-sweep-mx', 'payment-reference-expiry', 'sms-reminders', 'sms-retry']));
    expect(await schemaExists(name)).toBe(true);
  });

  it('a run that outlasts the stop timeout is recorded as interrupted, and stop() returns in bounded time', async () => {
    delayMs = 8_000;
    const provider = createSmsProvider({ smsProvider: 'http', smsProviderUrl: gatewayUrl }, log);
    const id = (await outboxSmsSender.send(db, { phone: '5215550002222', purpose: 'card_repayment_code', body: 'y' }))!;
    const started = new Date(Date.now() - 1_000);
    const work = await startScheduledWork({ ...fast(schema()), config, sms: provider, stopTimeoutMs: 1_000 });
    const retry = await waitFor('the sms-retry run', async () => {
      const [r] = await db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.worker, thisWorker()), eq(jobRuns.job, 'sms-retry'), sql`${jobRuns.startedAt} >= ${started.toISOString()}::timestamptz`));
      return r && received.includes(`sms-${id}`) ? r : undefined;
    });
    const t0 = Date.now();
    await work.stop();
    expect(Date.now() - t0).toBeLessThan(3_000);
    const [r] = await db.select().from(jobRuns).where(eq(jobRuns.id, retry.id));
    expect(r).toMatchObject({ outcome: 'failed', detail: { error: 'interrupted' } });
  });
});
