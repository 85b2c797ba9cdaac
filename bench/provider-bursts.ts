/**
 * Payment notification bursts against the real providers' webhook routes (issue 36), beside the sandbox's
 * `200 distinct events`: per provider, 200 DISTINCT events signed the provider's way against references that
 * provider made, all sent at once, then a check in the database that each was applied to the ledger exactly once.
 *
 * The providers are their local mocks (apps/server/src/modules/demo/payment-mocks), started here; a server of their
 * own (the same build, the same database as the bench's) runs with their settings and PAYMENT_CHANNELS naming them,
 * so that the bench's main server keeps the sandbox for every other row. Each event is the mock's own bytes:
 * - Conekta: `charge.paid` of a store reference (RSA `digest`), one per reference: a Conekta cash reference is paid
 *   once, in one charge (the charge id is the dedupe key), so the burst pays 200 references;
 * - STP: a deposit ("abono") to a loan's CLABE, 10 per CLABE over 20 loans (a loan's CLABE takes every transfer),
 *   recorded in the mock first so that the adapter's confirming query (consultaOrden) finds it;
 * - Razorpay: `payment.captured` of a UPI QR code (X-Razorpay-Signature), 10 payments per code over 20 loans; the
 *   adapter asks the mock which code each payment was made to.
 * Each payment is small (a tenth of its loan at most, together), as in the sandbox's burst: the loans stay open. As
 * the sandbox's, each burst is sent while other borrowers read their repayment page on the same server (10 clients):
 * the figures are taken under the same conditions, and the readers' times say whether the burst starves them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { startConektaMock } from '../apps/server/src/modules/demo/payment-mocks/conekta-mock';
import { startRazorpayMock } from '../apps/server/src/modules/demo/payment-mocks/razorpay-mock';
import { startStpMock } from '../apps/server/src/modules/demo/payment-mocks/stp-mock';
import type { ProviderMock } from '../apps/server/src/modules/demo/payment-mocks/mock-kit';
import { createDemoBorrower, makeOrderInStatus } from '../apps/server/src/modules/demo/demo-orders';
import { sessionQueryParams } from '../apps/server/src/modules/demo/demo-links';
import { createSession } from '../apps/server/src/modules/session/session-service';
import { createDueBorrowers, mapLimit, repaymentDetailRequest, send, webFormRequest, type BenchDb, type DueBorrower } from './fixtures';
import { percentile } from './latency';
import { bystanders, type BurstRow, type BystanderRow } from './notification-burst';

export const benchProviders = ['conekta', 'stp', 'razorpay'] as const;
export type BenchProvider = (typeof benchProviders)[number];
/** The BENCH_CALLS name of each provider's burst (and its row's name). */
export const providerBurstCall = (provider: BenchProvider) => `bursts-${provider}` as const;
export type ProviderBurstCall = ReturnType<typeof providerBurstCall>;

/** The channels the providers' server gives them (the issue's: Conekta's stores, STP's SPEI, Razorpay's UPI and bank transfers). */
export const BENCH_PAYMENT_CHANNELS = 'MX.store=conekta,MX.spei=stp,IN.upi=razorpay,IN.bank_transfer=razorpay';

/** Events per burst, as the sandbox's. */
const BURST_SIZE = 200;
/** Loans whose references the STP and Razorpay bursts pay (BURST_SIZE / LOANS events each), as the sandbox's. */
const LOANS = 20;
/** Events of the warm-up burst, on loans of its own. */
const WARM_UP = 20;
/** Deliveries a provider retries (503 with Retry-After) before giving up, as the sandbox burst does. */
const MAX_RETRIES = 5;

/** One delivery: the exact bytes and headers the provider sends, and the dedupe key the ledger records it under. */
type Delivery = { dedupeKey: string; rawBody: string; headers: Record<string, string> };

export type ProviderBurstRow = BurstRow & {
  provider: BenchProvider;
  /** What the events are (the provider's event, the references they pay). */
  what: string;
  references: number;
  /** Answers outside 2xx (network failures as status 0). */
  non2xx: number;
  /** Answers the provider reads as accepted (STP: `{"mensaje":"confirmar"}`; the others: applied: true). */
  accepted: number;
};

/** A webhook the mocks sent, caught: the bench fires the bytes itself, all at once. */
type Caught = { rawBody: string; headers: Record<string, string>; body: Record<string, unknown> };

/**
 * Where the Conekta and Razorpay mocks deliver here: each webhook kept by its event id (Conekta's in the body,
 * Razorpay's in x-razorpay-event-id), answered 200.
 */
function startCatcher(): Promise<{ url: string; caught: Map<string, Caught>; close: () => Promise<void> }> {
  const caught = new Map<string, Caught>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !['host', 'content-length', 'connection', 'transfer-encoding'].includes(name)) headers[name] = value;
      }
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(rawBody) as Record<string, unknown>;
      caught.set(headers['x-razorpay-event-id'] ?? String(body.id), { rawBody, headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/caught`,
        caught,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}

let inPhoneSeq = 0;
/** Indian due borrowers (English, the Indian product), each with a live session and an order whose first instalment falls due today. */
async function createIndianDueBorrowers(db: BenchDb['db'], count: number): Promise<DueBorrower[]> {
  return mapLimit(Array.from({ length: count }, (_, i) => i), 6, (i) =>
    db.transaction(async (tx) => {
      // 9 1xx xxx xxxx: distinct from the demo's random Indian phones (9 + 8 digits + 0 ends in 0; these never do).
      const phone = String(9_100_000_001 + 10 * ++inPhoneSeq);
      const { borrowerId, product } = await createDemoBorrower(tx, { fullName: `Bench Borrower IN ${i + 1}`, phone, language: 'en', productCode: 'presta-in' });
      const order = await makeOrderInStatus(tx, { borrowerId, productId: product.id, status: '174', lang: 'en' });
      const sessionId = await createSession(tx, { borrowerId, deviceId: 'bench', ttlHours: 24 });
      const params = sessionQueryParams({ sessionId, language: 'en', productId: product.id, orderId: order.orderId });
      return { borrowerId: String(borrowerId), productId: String(product.id), orderId: String(order.orderId), orderNo: order.orderNo, params, clientIp: `10.89.${(i >> 8) & 255}.${i & 255}` };
    }),
  );
}

type Voucher = { orderId: number; reference: string; providerReference: string; amount: number };

/** Each borrower's repayment voucher on `channel`, made by the providers' server (its provider's API, the mock), as the voucher page asks. */
async function vouchers(base: string, database: BenchDb, borrowers: DueBorrower[], channel: 'store' | 'spei' | 'upi'): Promise<Voucher[]> {
  return mapLimit(borrowers, 8, async (b) => {
    const plan = await send<{ repayAmount: number }>(base, repaymentDetailRequest(b));
    await send(base, webFormRequest(apiRoutes.generateVcode.path, b.params, { productId: b.productId, orderId: b.orderId, amount: plan.repayAmount, payCode: channel, requestType: 1 }, b.clientIp));
    const [ref] = await database.sql<{ reference: string; providerReference: string; amount: number }[]>`
      select reference, provider_reference as "providerReference", amount from payment_references
      where order_id = ${Number(b.orderId)} and channel = ${channel} and status = 'open' order by id desc limit 1`;
    if (!ref) throw new Error(`order ${b.orderNo}: no ${channel} reference made`);
    return { orderId: Number(b.orderId), ...ref };
  });
}

/** Small enough that all of a reference's `perRef` events pay a tenth of it: the loans stay open (174). */
const small = (amount: number, perRef: number) => Math.max(1, Math.min(100, Math.floor(amount / (10 * perRef))));

type Mocks = { conekta: ProviderMock; stp: Awaited<ReturnType<typeof startStpMock>>; razorpay: ProviderMock };
type Catcher = Awaited<ReturnType<typeof startCatcher>>;

/** Conekta: one store reference per loan, each paid once by the mock; its charge.paid as the mock signed it. */
async function conektaDeliveries(mock: ProviderMock, catcher: Catcher, refs: Voucher[]): Promise<Delivery[]> {
  return mapLimit(refs, 8, async (ref) => {
    const { eventIds } = await mock.pay({ providerReference: ref.providerReference, reference: ref.reference, channel: 'store', amount: small(ref.amount, 1) });
    const event = eventIds.map((id) => catcher.caught.get(id)).find((c) => c?.body.type === 'charge.paid');
    if (!event) throw new Error(`the Conekta mock sent no charge.paid for ${ref.providerReference}`);
    // The charge's id: both events of one payment (charge.paid, order.paid) name it, and the ledger applies it once.
    const chargeId = (event.body as { data: { object: { id: string } } }).data.object.id;
    return { dedupeKey: chargeId, rawBody: event.rawBody, headers: event.headers };
  });
}

/** STP: `perRef` deposits to each loan's CLABE, recorded in the mock (its query confirms them), as STP posts them. */
function stpDeliveries(mock: Mocks['stp'], refs: Voucher[], count: number): Delivery[] {
  return Array.from({ length: count }, (_, i) => {
    const ref = refs[i % refs.length]!;
    const deposit = mock.record({ clabe: ref.providerReference, amount: small(ref.amount, Math.ceil(count / refs.length)) });
    return { dedupeKey: `${deposit.claveRastreo}:${deposit.fechaOperacion}`, rawBody: mock.abonoBody(deposit), headers: { 'content-type': 'application/json' } };
  });
}

/** Razorpay: payments to each loan's UPI QR code, made by the mock one after the other; each payment.captured as it signed it. */
async function razorpayDeliveries(mock: ProviderMock, catcher: Catcher, refs: Voucher[], count: number): Promise<Delivery[]> {
  const out: Delivery[] = [];
  for (let i = 0; i < count; i += 1) {
    const ref = refs[i % refs.length]!;
    const { eventIds } = await mock.pay({ providerReference: ref.providerReference, reference: ref.reference, channel: 'upi', amount: small(ref.amount, Math.ceil(count / refs.length)) });
    const caught = eventIds.map((id) => catcher.caught.get(id)).find((c) => c?.body.event === 'payment.captured');
    if (!caught) throw new Error(`the Razorpay mock sent no payment.captured for ${ref.providerReference}`);
    const paymentId = (caught.body as { payload: { payment: { entity: { id: string } } } }).payload.payment.entity.id;
    out.push({ dedupeKey: paymentId, rawBody: caught.rawBody, headers: caught.headers });
  }
  return out;
}

type Answer = { status: number; accepted: boolean; ms: number; retries: number; error?: string };

/** One delivery until a final answer, retrying 503s after their Retry-After (as providers do); `ms` covers the retries. */
async function deliver(url: string, d: Delivery): Promise<Answer> {
  const start = performance.now();
  for (let retries = 0; ; retries += 1) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...d.headers }, body: d.rawBody, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      if (res.status === 503 && retries < MAX_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 2) * 1000));
        continue;
      }
      let body: { applied?: boolean; mensaje?: string } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // Not JSON (a proxy's error page): nothing accepted.
      }
      return { status: res.status, accepted: body.applied === true || body.mensaje === 'confirmar', ms: performance.now() - start, retries };
    } catch (e) {
      return { status: 0, accepted: false, ms: performance.now() - start, retries, error: e instanceof Error ? e.message : String(e) };
    }
  }
}

/** Sends every delivery at once, times the whole burst, then counts each dedupe key's ledger payments of `provider`. */
async function providerBurst(
  base: string,
  database: BenchDb,
  row: { provider: BenchProvider; name: string; what: string; references: number },
  deliveries: Delivery[],
): Promise<ProviderBurstRow> {
  const url = `${base}/api/payments/notifications/${row.provider}`;
  const start = performance.now();
  const answers = await Promise.all(deliveries.map((d) => deliver(url, d)));
  const totalMs = performance.now() - start;

  const keys = [...new Set(deliveries.map((d) => d.dedupeKey))];
  const rows = await database.sql<{ key: string; n: number }[]>`
    select provider_event_id as key, count(*)::int as n from ledger_payments
    where provider = ${row.provider} and provider_event_id = any(${keys}) group by provider_event_id`;
  const perKey = new Map(rows.map((r) => [r.key, r.n]));
  const exactlyOnce = keys.length === deliveries.length && keys.every((k) => perKey.get(k) === 1);
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const errors = [...new Set(answers.flatMap((a) => (a.error ? [a.error] : [])))];
  if (errors.length) console.error(`${row.name}: ${errors.length} kinds of network failure, e.g. ${errors[0]}`);
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const non2xx = answers.filter((a) => a.status < 200 || a.status > 299).length;
  const accepted = answers.filter((a) => a.accepted).length;
  return {
    ...row,
    deliveries: deliveries.length,
    events: keys.length,
    totalMs: Math.round(totalMs),
    rps: Math.round(deliveries.length / (totalMs / 1000)),
    p50: Math.round(percentile(ms, 50)),
    p99: Math.round(percentile(ms, 99)),
    non200: answers.filter((a) => a.status !== 200).length,
    non2xx,
    retried: answers.reduce((acc, a) => acc + a.retries, 0),
    statuses,
    applied: accepted,
    accepted,
    ledgerPayments: rows.reduce((acc, r) => acc + r.n, 0),
    exactlyOnce,
    targets: 'exactly one ledger payment per event, every delivery answered 2xx (after the retries a provider makes)',
    pass: exactlyOnce && non2xx === 0,
  };
}

/** The providers' server: the bench's build on the bench's database, pointed at the mocks, PAYMENT_CHANNELS naming them. */
function startProvidersServer(opts: ProviderBurstOptions, mocksEnv: Record<string, string>): ChildProcess {
  return spawn(process.execPath, opts.serverArgs, {
    cwd: opts.root,
    env: {
      ...opts.env,
      ...mocksEnv,
      PORT: String(opts.port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${opts.port}`,
      PAYMENT_CHANNELS: BENCH_PAYMENT_CHANNELS,
      PRESTA_JOBS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export type ProviderBurstOptions = {
  root: string;
  /** node's arguments to start the server (the bench's build). */
  serverArgs: string[];
  /** The bench server's environment (its database, Redis prefix, demo tools). */
  env: NodeJS.ProcessEnv;
  /** The providers' server's port. */
  port: number;
  database: BenchDb;
  providers: readonly BenchProvider[];
  waitReady: (url: string) => Promise<void>;
};

/** The fixtures and deliveries of one provider's burst (and of its warm-up, on loans of its own). */
async function prepare(provider: BenchProvider, base: string, database: BenchDb, mocks: Mocks, catcher: Catcher) {
  if (provider === 'conekta') {
    const refs = await vouchers(base, database, await createDueBorrowers(database.db, BURST_SIZE + WARM_UP), 'store');
    const deliveries = await conektaDeliveries(mocks.conekta, catcher, refs);
    return { warm: deliveries.slice(0, WARM_UP), burst: deliveries.slice(WARM_UP), references: BURST_SIZE, what: `${BURST_SIZE} distinct charge.paid, one per store reference` };
  }
  const borrowers = provider === 'stp' ? await createDueBorrowers(database.db, LOANS + 1) : await createIndianDueBorrowers(database.db, LOANS + 1);
  const refs = await vouchers(base, database, borrowers, provider === 'stp' ? 'spei' : 'upi');
  const [warmRef, ...burstRefs] = refs as [Voucher, ...Voucher[]];
  if (provider === 'stp') {
    return {
      warm: stpDeliveries(mocks.stp, [warmRef], WARM_UP),
      burst: stpDeliveries(mocks.stp, burstRefs, BURST_SIZE),
      references: LOANS,
      what: `${BURST_SIZE} distinct deposits (abono), ${BURST_SIZE / LOANS} per loan CLABE`,
    };
  }
  return {
    warm: await razorpayDeliveries(mocks.razorpay, catcher, [warmRef], WARM_UP),
    burst: await razorpayDeliveries(mocks.razorpay, catcher, burstRefs, BURST_SIZE),
    references: LOANS,
    what: `${BURST_SIZE} distinct payment.captured, ${BURST_SIZE / LOANS} per UPI QR code`,
  };
}

/** The bursts' rows, and the other borrowers' times around each. */
export type ProviderBurstReport = { bursts: ProviderBurstRow[]; bystanders: BystanderRow[] };

/**
 * The providers' bursts asked for: the mocks and the providers' server started, each provider's fixtures made through
 * that server (its vouchers), a warm-up burst, then the measured burst among other borrowers' reads; everything
 * stopped afterwards.
 */
export async function providerBursts(opts: ProviderBurstOptions): Promise<ProviderBurstReport> {
  const base = `http://127.0.0.1:${opts.port}`;
  const catcher = await startCatcher();
  // Each payment sent once, in order, to the catcher (the bench fires the bytes itself); STP's deposits are recorded, not posted.
  const delivery = { attempts: 1, duplicate: false, reverse: false };
  const mocks: Mocks = {
    conekta: await startConektaMock({ webhookUrl: catcher.url, delivery }),
    stp: await startStpMock({ webhookUrl: `${base}/api/payments/notifications/stp`, delivery }),
    razorpay: await startRazorpayMock({ webhookUrl: catcher.url, delivery }),
  };
  const server = startProvidersServer(opts, { ...mocks.conekta.env, ...mocks.stp.env, ...mocks.razorpay.env });
  try {
    await opts.waitReady(`${base}/api/ready`);
    // Other borrowers reading their repayment page (the ledger, no cache) during the bursts, as around the sandbox's.
    const others = (await createDueBorrowers(opts.database.db, 40)).map((b) => repaymentDetailRequest(b));
    const report: ProviderBurstReport = { bursts: [], bystanders: [] };
    for (const provider of opts.providers) {
      const { warm, burst, references, what } = await prepare(provider, base, opts.database, mocks, catcher);
      const name = providerBurstCall(provider);
      await providerBurst(base, opts.database, { provider, name: `${name} warm-up`, what, references: provider === 'conekta' ? warm.length : 1 }, warm);
      const measured = await bystanders(base, `other borrowers during ${name} (the providers’ server)`, others, () => providerBurst(base, opts.database, { provider, name, what, references }, burst));
      report.bursts.push(measured.result);
      report.bystanders.push(measured.row);
    }
    return report;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await Promise.all([mocks.conekta.close(), mocks.stp.close(), mocks.razorpay.close(), catcher.close()]);
  }
}
