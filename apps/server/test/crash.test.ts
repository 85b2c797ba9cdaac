import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DEV_SANDBOX_SECRET, repoRoot } from '../src/config';
import type { Database } from '../src/db/database';
import { complaints, ledgerPayments } from '../src/db/schema';
import { signNotification, unixSeconds } from '../src/modules/payments/notification-signature';
import { createSandboxProvider, SANDBOX_NOTIFICATION_PATH } from '../src/modules/payments/sandbox-provider';
import { createOrReuseReference } from '../src/modules/payments/payment-reference-repository';
import { referenceSeqSource } from '../src/modules/payments/payment-references';
import { createScratchDatabase, formBody } from './helpers';
import { makeLoan, type Loan } from './repayment-fixtures';

/*
 * Two server processes share PostgreSQL and Redis. One is killed (SIGKILL)
 * while 200 payment notifications and 200 complaint saves are in flight; the
 * clients retry what got no answer on the other process. Afterwards every
 * acknowledged write is in the database exactly once, and nothing is doubled
 * (issue 11).
 */

const NOTIFICATIONS = 200;
const SAVES = 200;
const REFERENCES = 20;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startServer(databaseUrl: string, port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', PRESTA_JOBS: '0', LOG_LEVEL: 'error' };
  delete env.PRESTA_DEMO_TOOLS;
  delete env.PAYMENT_SANDBOX_SECRET;
  env.REDIS_KEY_PREFIX = `presta-crash-${randomBytes(4).toString('hex')}:`;
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: 'ignore' });
}

async function waitReady(base: string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // starting
    }
    if (Date.now() > until) throw new Error(`${base} never became ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Attempt = { url: string; init: () => RequestInit & { body: string } };

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
let servers: ChildProcess[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase('presta_crash');
  database = scratch.database;
}, 60_000);

afterAll(async () => {
  for (const s of servers) s.kill('SIGKILL');
  await scratch?.drop();
});

describe('a process killed mid-burst', () => {
  it('every acknowledged payment and complaint is stored exactly once after the retries on the other process', async () => {
    const db = database.db;
    // Loans with store references to pay (10 small events each), and borrowers to complain (2 complaints each).
    const payable: { loan: Loan; reference: string }[] = [];
    const provider = createSandboxProvider({ secret: DEV_SANDBOX_SECRET, nextSeq: referenceSeqSource(db) });
    for (let i = 0; i < REFERENCES; i += 1) {
      const loan = await makeLoan(db, { status: '174', amount: 1_000_000 });
      const ref = await createOrReuseReference(db, provider, {
        orderId: Number(loan.orderId),
        borrowerId: loan.borrower.id,
        purpose: 'repayment',
        channel: 'store',
        amount: 1_075_400,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      payable.push({ loan, reference: ref.reference.reference });
    }
    const complainers: Loan[] = [];
    for (let i = 0; i < SAVES / 2; i += 1) complainers.push(await makeLoan(db, { status: '174' }));

    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = [startServer(scratch.url, portA), startServer(scratch.url, portB)];
    servers = [a, b];
    const baseA = `http://127.0.0.1:${portA}`;
    const baseB = `http://127.0.0.1:${portB}`;
    await Promise.all([waitReady(baseA), waitReady(baseB)]);

    // The work: 200 distinct notifications (10 per reference), 200 distinct complaints (2 per borrower).
    const notifications: Attempt[] = Array.from({ length: NOTIFICATIONS }, (_, i) => {
      const { reference } = payable[i % REFERENCES]!;
      const rawBody = JSON.stringify({ eventId: `evt-crash-${i}-${randomUUID()}`, reference, amount: 100, paidAt: new Date().toISOString() });
      return {
        url: SANDBOX_NOTIFICATION_PATH,
        init: () => ({
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-presta-signature': signNotification(DEV_SANDBOX_SECRET, rawBody, unixSeconds(new Date())) },
          body: rawBody,
        }),
      };
    });
    const saves: Attempt[] = Array.from({ length: SAVES }, (_, i) => {
      const loan = complainers[i % complainers.length]!;
      const body = formBody({ orderNo: loan.orderNo, problemType: 2, problemDetail: `Queja ${i}: me cobraron dos veces.` });
      return {
        url: `/user-problem/problem-save?swift=${loan.sessionId}`,
        init: () => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
      };
    });
    const work = [...notifications, ...saves].sort(() => Math.random() - 0.5);

    // Clients: to A until it dies, then (and for every call that got no answer) to B.
    let aDead = false;
    let acknowledged = 0;
    let retried = 0;
    const answers: { attempt: Attempt; status: number; body: unknown }[] = [];
    const send = async (attempt: Attempt) => {
      for (let tries = 0; tries < 20; tries += 1) {
        const base = aDead ? baseB : baseA;
        try {
          const res = await fetch(`${base}${attempt.url}`, { ...attempt.init(), signal: AbortSignal.timeout(10_000) });
          const body: unknown = await res.json();
          if (res.status >= 500) throw new Error(`status ${res.status}`);
          acknowledged += 1;
          answers.push({ attempt, status: res.status, body });
          return;
        } catch {
          retried += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      throw new Error(`no answer for ${attempt.url}`);
    };
    const killer = (async () => {
      while (acknowledged < 100) await new Promise((resolve) => setTimeout(resolve, 5));
      a.kill('SIGKILL');
      aDead = true;
    })();
    const queue = [...work];
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await send(next);
      }),
    );
    await killer;

    expect(a.signalCode).toBe('SIGKILL');
    expect(answers).toHaveLength(NOTIFICATIONS + SAVES);
    expect(answers.filter((x) => x.status !== 200).map((x) => [x.attempt.url, x.status, x.body])).toEqual([]);
    // Some calls were in flight on A when it died, and were retried on B.
    expect(retried).toBeGreaterThan(0);

    // Payments: each event applied once (the unique (provider, event id)), all 200 present, none doubled.
    const orderIds = payable.map((p) => Number(p.loan.orderId));
    const payments = await db.select({ eventId: ledgerPayments.providerEventId }).from(ledgerPayments).where(inArray(ledgerPayments.orderId, orderIds));
    const eventIds = notifications.map((n) => (JSON.parse(String(n.init().body)) as { eventId: string }).eventId);
    expect(payments).toHaveLength(NOTIFICATIONS);
    expect(new Set(payments.map((p) => p.eventId))).toEqual(new Set(eventIds));

    // Complaints: every acknowledged id exists, each content once.
    const saved = await db
      .select({ id: complaints.id, borrowerId: complaints.borrowerId, detail: complaints.detail })
      .from(complaints)
      .where(inArray(complaints.borrowerId, complainers.map((c) => c.borrower.id)));
    expect(saved).toHaveLength(SAVES);
    expect(new Set(saved.map((c) => c.detail)).size).toBe(SAVES);
    const ids = new Set(saved.map((c) => String(c.id)));
    for (const x of answers.filter((y) => y.attempt.url.startsWith('/user-problem/'))) {
      expect(ids.has((x.body as { data: { problemId: string } }).data.problemId)).toBe(true);
    }
    // Nothing half-written: no complaint without its borrower's order, no payment without its allocation.
    const stray = await db.select().from(complaints).where(and(inArray(complaints.borrowerId, complainers.map((c) => c.borrower.id)), eq(complaints.detail, '')));
    expect(stray).toEqual([]);
  }, 180_000);
});
