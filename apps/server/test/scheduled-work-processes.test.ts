import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '@presta/contract/dates';
import { repoRoot, DEV_SANDBOX_SECRET } from '../src/config';
import type { Db } from '../src/db/database';
import { borrowers, jobRuns, orders, paymentReferences, repaymentPlans, smsOutbox } from '../src/db/schema';
import { createSandboxProvider } from '../src/modules/payments/sandbox-provider';
import { createOrReuseReference } from '../src/modules/payments/payment-reference-repository';
import { referenceSeqSource } from '../src/modules/payments/payment-references';
import { outboxSmsSender } from '../src/modules/sms/sms-sender';
import { connectTestDb, testDatabaseUrl } from './helpers';
import { makeLoan } from './repayment-fixtures';

/*
 * The "tested with two processes": two child processes start the
 * scheduled work on the test database (each job every minute), with an SMS
 * gateway stand-in that counts what it is handed. Each scheduled slot must
 * run once in one of them, and each message must reach the gateway once.
 */

/** The counting gateway: every request's idempotency key (the outbox id). */
const received: string[] = [];
const gateway = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(String(req.headers['idempotency-key']));
    // A little slowness, so both processes are at work at the same time.
    setTimeout(() => res.end('{}'), 50);
  });
});
let gatewayUrl = '';
let db: Db;
let close: () => Promise<void>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ db, close } = connectTestDb());
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await close();
  await new Promise<void>((r) => gateway.close(() => r()));
});

type Child = { process: ChildProcess; pid: number; stderr: string[]; exited: Promise<number | null> };

function startProcess(schema: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/test/scheduled-work-process.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), SMS_PROVIDER: 'http', SMS_PROVIDER_URL: gatewayUrl, PRESTA_JOBS: '1', TEST_JOBS_SCHEMA: schema },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const stderr: string[] = [];
  child.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready\n')) resolve({ process: child, pid: child.pid!, stderr, exited });
    });
    void exited.then((code) => reject(new Error(`the process exited (${code}) before it was ready: ${stderr.join('')}`)));
  });
}

async function waitFor(what: string, ok: () => Promise<boolean>, ms = 40_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const jobNames = ['overdue-sweep-mx', 'payment-reference-expiry', 'sms-retry', 'sms-reminders'];

describe('scheduled work in two processes', () => {
  it('each scheduled slot runs once, in one process; each message reaches the gateway once', async () => {
    // Due work: reminders (3 days, tomorrow, first overdue day), queued texts, an expired reference, an overdue loan.
    const loans = await Promise.all([12, 14, 16].map((daysAgo) => makeLoan(db, { status: '174', daysAgo })));
    await db.update(borrowers).set({ language: 'en' }).where(eq(borrowers.id, loans[1]!.borrower.id));
    const queued = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (i) => (await outboxSmsSender.send(db, { phone: `5255500${String(i).padStart(5, '0')}`, purpose: 'card_repayment_code', body: `code ${i}` }))!),
    );
    const provider = createSandboxProvider({ secret: DEV_SANDBOX_SECRET, nextSeq: referenceSeqSource(db) });
    const { reference } = await createOrReuseReference(db, provider, {
      orderId: Number(loans[0]!.orderId),
      borrowerId: loans[0]!.borrower.id,
      purpose: 'repayment',
      channel: 'store',
      amount: 10_000,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(paymentReferences.id, reference.id));

    const schema = `pgboss_two_${randomBytes(4).toString('hex')}`;
    const t0 = new Date();
    const [a, b] = await Promise.all([startProcess(schema), startProcess(schema)]);
    const workers = [a, b].map((c) => `${os.hostname()}:${c.pid}`);
    const phones = loans.map((l) => l.borrower.phone);
    const reminders = () => db.select().from(smsOutbox).where(and(inArray(smsOutbox.phone, phones), sql`${smsOutbox.dedupeKey} like 'reminder:%'`));

    await waitFor('the due work to be done', async () => {
      const runs = await db.select({ job: jobRuns.job }).from(jobRuns).where(and(inArray(jobRuns.worker, workers), eq(jobRuns.outcome, 'succeeded')));
      const sent = await db.select().from(smsOutbox).where(and(inArray(smsOutbox.id, queued), eq(smsOutbox.status, 'sent')));
      const rem = (await reminders()).filter((r) => r.status === 'sent');
      return jobNames.every((j) => runs.some((r) => r.job === j)) && sent.length === queued.length && rem.length === 3;
    });
    a.process.kill('SIGTERM');
    b.process.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    const t1 = new Date();

    // Each message once.
    const counts = new Map<string, number>();
    for (const k of received) counts.set(k, (counts.get(k) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    for (const id of queued) expect(counts.get(`sms-${id}`)).toBe(1);
    const texts = await reminders();
    expect(texts.map((t) => t.purpose).sort()).toEqual(['reminder_due_in_3_days', 'reminder_due_tomorrow', 'reminder_overdue']);
    for (const t of texts) expect(counts.get(`sms-${t.id}`)).toBe(1);
    expect(texts.find((t) => t.phone === loans[1]!.borrower.phone)!.body).toContain('is due tomorrow');
    const [plan] = await db.select().from(repaymentPlans).where(eq(repaymentPlans.orderId, Number(loans[0]!.orderId))).orderBy(asc(repaymentPlans.seq));
    expect(plan!.dueDate).toBe(addDays(loans[0]!.today, 3));

    // The other jobs did their work.
    expect((await db.select().from(paymentReferences).where(eq(paymentReferences.id, reference.id)))[0]!.status).toBe('expired');
    expect((await db.select().from(orders).where(eq(orders.id, Number(loans[2]!.orderId))))[0]!.status).toBe('180');

    // Each scheduled slot once: one run per queue job, one queue job per slot (pg-boss's send-it job), at most one slot a minute.
    // The scheduled jobs under test; the application queues' catch-ups also run here, on other tests' applications.
    const runs = await db
      .select()
      .from(jobRuns)
      .where(and(inArray(jobRuns.worker, workers), inArray(jobRuns.job, [...jobNames, 'overdue-sweep-in'])));
    expect(runs.filter((r) => r.outcome !== 'succeeded').map((r) => ({ job: r.job, outcome: r.outcome, detail: r.detail }))).toEqual([]);
    expect(new Set(runs.map((r) => r.queueJobId)).size).toBe(runs.length);
    const minutes = Math.floor(t1.getTime() / 60_000) - Math.floor(t0.getTime() / 60_000) + 1;
    const queueJobs = (await db.execute(
      sql`select name, data->>'name' as target, id::text as id, state::text as state from ${sql.identifier(schema)}.job`,
    )) as unknown as { name: string; target: string | null; id: string; state: string }[];
    for (const job of [...jobNames, 'overdue-sweep-in'].filter((j) => runs.some((r) => r.job === j))) {
      const ran = runs.filter((r) => r.job === job).map((r) => r.queueJobId);
      const slots = queueJobs.filter((q) => q.name === '__pgboss__send-it' && q.target === job);
      const started = queueJobs.filter((q) => q.name === job && q.state !== 'created').map((q) => q.id);
      // A slot that fired just before the stop may still wait, never started: the next process takes it.
      expect({ job, ran: ran.sort() }).toEqual({ job, ran: started.sort() });
      expect(ran.length).toBeLessThanOrEqual(slots.length);
      expect(slots.length).toBeLessThanOrEqual(minutes);
    }
  }, 90_000);
});
