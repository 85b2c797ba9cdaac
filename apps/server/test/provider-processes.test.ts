import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { unscrambleKeys } from '@presta/contract/key-mapping';
import { repoRoot } from '../src/config';
import type { Database } from '../src/db/database';
import { ledgerPayments, orders, paymentNotifications, paymentReferences } from '../src/db/schema';
import { startConektaMock } from '../src/modules/demo/payment-mocks/conekta-mock';
import type { ProviderMock } from '../src/modules/demo/payment-mocks/mock-kit';
import { startRazorpayMock } from '../src/modules/demo/payment-mocks/razorpay-mock';
import { startStpMock, type StpMock } from '../src/modules/demo/payment-mocks/stp-mock';
import { createScratchDatabase, formBody } from './helpers';
import { catalogueProduct, makeLoan, type Loan } from './repayment-fixtures';

/*
 * The issue's "the same delivery 50 times in parallel across two processes applied once", for each real provider:
 * two server processes on one database, the providers' mocks behind them (PAYMENT_CHANNELS names Conekta for the
 * Mexican store, STP for SPEI, Razorpay for UPI and bank transfers). Each provider's delivery is the mock's own
 * bytes for a payment it recorded (so that STP's confirming query finds the deposit, and Razorpay's lookup of the
 * payment's QR code finds it), fired 25 times at each process at once. (The sandbox's: crash.test.ts; with these
 * channels the sandbox serves none, so these servers have no sandbox route.)
 */

const PAYMENT_CHANNELS = 'MX.store=conekta,MX.spei=stp,IN.upi=razorpay,IN.bank_transfer=razorpay';
/** Deliveries per process: 50 in all. */
const PER_PROCESS = 25;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A webhook the mocks sent: its exact bytes and headers (the mocks deliver to this stand-in, not to a server). */
type Captured = { rawBody: string; headers: Record<string, string> };

/** Where the Conekta and Razorpay mocks deliver in this test: every delivery kept, each answered 200. */
function startCapture(): Promise<{ url: string; received: Captured[]; close: () => Promise<void> }> {
  const received: Captured[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
      received.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/webhook`,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

function startServer(databaseUrl: string, port: number, mocksEnv: Record<string, string>): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...mocksEnv,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    PRESTA_JOBS: '0',
    LOG_LEVEL: 'error',
    PAYMENT_CHANNELS,
    REDIS_KEY_PREFIX: `presta-providers-${randomBytes(4).toString('hex')}:`,
  };
  delete env.PRESTA_DEMO_TOOLS;
  delete env.PAYMENT_SANDBOX_SECRET;
  delete env.PAYMENT_PROVIDER_MOCKS;
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
}

async function waitReady(base: string, child: ChildProcess, stderr: string[]): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${base} exited (${child.exitCode}): ${stderr.join('')}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // starting
    }
    if (Date.now() > until) throw new Error(`${base} never became ready: ${stderr.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
let servers: ChildProcess[] = [];
let bases: [string, string];
let capture: Awaited<ReturnType<typeof startCapture>>;
let mocks: { conekta: ProviderMock; stp: StpMock; razorpay: ProviderMock };

beforeAll(async () => {
  scratch = await createScratchDatabase('presta_providers');
  database = scratch.database;

  const ports = [await freePort(), await freePort()] as const;
  bases = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
  capture = await startCapture();
  // Each payment delivered once to the stand-in, in order: the test fires what it captured itself.
  const delivery = { attempts: 1, duplicate: false, reverse: false };
  mocks = {
    conekta: await startConektaMock({ webhookUrl: capture.url, delivery }),
    stp: await startStpMock({ webhookUrl: `${bases[0]}/api/payments/notifications/stp`, delivery }),
    razorpay: await startRazorpayMock({ webhookUrl: capture.url, delivery }),
  };
  const mocksEnv = { ...mocks.conekta.env, ...mocks.stp.env, ...mocks.razorpay.env };
  const stderr: string[][] = [[], []];
  servers = ports.map((port, i) => {
    const child = startServer(scratch.url, port, mocksEnv);
    child.stderr?.on('data', (d: Buffer) => stderr[i]!.push(d.toString()));
    return child;
  });
  await Promise.all(bases.map((base, i) => waitReady(base, servers[i]!, stderr[i]!)));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.kill('SIGKILL');
  await Promise.all(Object.values(mocks ?? {}).map((m) => m.close()));
  await capture?.close();
  await scratch?.drop();
});

/** The borrower's call as the pages make it (the session in `swift`, the payload form-encoded), over HTTP; its data. */
async function borrowerCall<T>(base: string, loan: Loan, path: string, payload: Record<string, string | number>): Promise<T> {
  const res = await fetch(`${base}${path}?swift=${encodeURIComponent(loan.sessionId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(payload),
  });
  const text = await res.text();
  const json = JSON.parse(text) as { success?: boolean; data?: unknown };
  if (res.status !== 200 || !json.success) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return unscrambleKeys<T>(json.data);
}

/** A one-instalment loan due today, in `market`, and its voucher for what it owes through `channel`, made by server A. */
async function loanWithVoucher(market: 'MX' | 'IN', channel: 'store' | 'spei' | 'upi' | 'bank_transfer') {
  const product = catalogueProduct(market);
  const loan = await makeLoan(database.db, { product, amount: product.amountMin, daysAgo: product.termUnitDays });
  const { repayAmount } = await borrowerCall<{ repayAmount: number }>(bases[0], loan, '/v3/installment/loan-play-detail', { orderId: loan.orderId });
  expect(repayAmount).toBeGreaterThan(0);
  await borrowerCall(bases[0], loan, '/v3/loan-details/generate-vcode', { orderId: loan.orderId, amount: repayAmount, payCode: channel, requestType: 1 });
  const [ref] = await database.db.select().from(paymentReferences).where(and(eq(paymentReferences.orderId, Number(loan.orderId)), eq(paymentReferences.channel, channel)));
  expect(ref).toBeDefined();
  return { loan, ref: ref!, amount: repayAmount };
}

type Answer = { process: 'A' | 'B'; status: number; body: unknown };

/** The delivery fired PER_PROCESS times at each process, all at once, interleaved. */
async function fire(path: string, delivery: Captured): Promise<Answer[]> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(delivery.headers)) if (!['host', 'content-length', 'connection', 'transfer-encoding'].includes(name)) headers[name] = value;
  const one = async (i: number): Promise<Answer> => {
    const target = i % 2 === 0 ? 'A' : 'B';
    const res = await fetch(`${bases[target === 'A' ? 0 : 1]}${path}`, { method: 'POST', headers, body: delivery.rawBody, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the failure's message.
    }
    return { process: target, status: res.status, body };
  };
  return Promise.all(Array.from({ length: 2 * PER_PROCESS }, (_, i) => one(i)));
}

/** Exactly one ledger payment of the dedupe key, of the whole amount, on the reference; the loan settled, the reference paid. */
async function expectAppliedOnce(provider: string, dedupeKey: string, voucher: Awaited<ReturnType<typeof loanWithVoucher>>) {
  const orderId = Number(voucher.loan.orderId);
  const payments = await database.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, orderId));
  expect(payments.map((p) => ({ provider: p.provider, event: p.providerEventId, amount: p.amount, referenceId: p.referenceId }))).toEqual([
    { provider, event: dedupeKey, amount: voucher.amount, referenceId: voucher.ref.id },
  ]);
  const [ref] = await database.db.select().from(paymentReferences).where(eq(paymentReferences.id, voucher.ref.id));
  expect(ref!.status).toBe('paid');
  const [order] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  expect(order!.status).toBe('200');
  const logged = await database.db
    .select({ outcome: paymentNotifications.outcome })
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.eventId, dedupeKey)));
  // Applied once; the other process met it as a repeat (a process's own concurrent repeats share the first's answer
  // in memory: notification-service.ts inFlight); nothing refused or held.
  const outcomes: Record<string, number> = {};
  for (const n of logged) outcomes[n.outcome] = (outcomes[n.outcome] ?? 0) + 1;
  expect(outcomes).toEqual({ applied: 1, duplicate: expect.any(Number) as number });
}

/** A provider answered with our own JSON: exactly one answer says the payment was applied. */
const expectOneApplied = (answers: Answer[]) => expect(answers.filter((a) => (a.body as { applied?: boolean }).applied === true)).toHaveLength(1);

const expect2xx = (answers: Answer[]) =>
  expect(answers.filter((a) => a.status < 200 || a.status > 299).map((a) => `${a.process}: ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);

/** The one delivery the stand-in received that `match` picks (the mock's own bytes and headers). */
function capturedEvent(match: (body: Record<string, unknown>, headers: Record<string, string>) => boolean): Captured {
  const found = capture.received.filter((c) => match(JSON.parse(c.rawBody) as Record<string, unknown>, c.headers));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('one delivery 50 times at once across two processes', () => {
  it('Conekta: a store reference’s charge.paid, signed by the mock, is applied once; every answer 2xx', async () => {
    const voucher = await loanWithVoucher('MX', 'store');
    expect(voucher.ref.provider).toBe('conekta');
    await mocks.conekta.pay({ providerReference: voucher.ref.providerReference, reference: voucher.ref.reference, channel: 'store', amount: voucher.amount });
    const delivery = capturedEvent((b) => b.type === 'charge.paid' && (b.data as { object: { order_id: string } }).object.order_id === voucher.ref.providerReference);
    const chargeId = (JSON.parse(delivery.rawBody) as { data: { object: { id: string } } }).data.object.id;
    expect(delivery.headers.digest).toBeTruthy();

    const answers = await fire('/api/payments/notifications/conekta', delivery);
    expect2xx(answers);
    expectOneApplied(answers);
    await expectAppliedOnce('conekta', chargeId, voucher);
  }, 60_000);

  it('STP: a deposit to the loan’s CLABE, confirmed by the mock’s query, is applied once; every answer is confirmar', async () => {
    const voucher = await loanWithVoucher('MX', 'spei');
    expect(voucher.ref).toMatchObject({ provider: 'stp', loanAccount: true, clabe: voucher.ref.providerReference });
    const deposit = mocks.stp.record({ clabe: voucher.ref.providerReference, amount: voucher.amount });

    const answers = await fire('/api/payments/notifications/stp', { rawBody: mocks.stp.abonoBody(deposit), headers: {} });
    expect2xx(answers);
    expect(answers.filter((a) => JSON.stringify(a.body) !== JSON.stringify({ mensaje: 'confirmar' }))).toEqual([]);
    await expectAppliedOnce('stp', `${deposit.claveRastreo}:${deposit.fechaOperacion}`, voucher);
  }, 60_000);

  it('Razorpay: a UPI QR code’s payment.captured, signed by the mock, is applied once; every answer 2xx', async () => {
    const voucher = await loanWithVoucher('IN', 'upi');
    expect(voucher.ref.provider).toBe('razorpay');
    const paid = await mocks.razorpay.pay({ providerReference: voucher.ref.providerReference, reference: voucher.ref.reference, channel: 'upi', amount: voucher.amount });
    const delivery = capturedEvent((b, headers) => b.event === 'payment.captured' && paid.eventIds.includes(headers['x-razorpay-event-id'] ?? ''));
    const paymentId = (JSON.parse(delivery.rawBody) as { payload: { payment: { entity: { id: string } } } }).payload.payment.entity.id;
    expect(delivery.headers['x-razorpay-signature']).toMatch(/^[0-9a-f]{64}$/);

    const answers = await fire('/api/payments/notifications/razorpay', delivery);
    expect2xx(answers);
    expectOneApplied(answers);
    await expectAppliedOnce('razorpay', paymentId, voucher);
  }, 60_000);
});
