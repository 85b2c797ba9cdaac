/**
 * Batch disbursal of npm run bench (issue 37, docs/benchmarks.md "Batch disbursal"): a finance member signed in
 * through the console's own sign-in disburses 50 approved orders (151) in one call of the console
 * (POST /console/api/orders/disburse, the contract's maximum), per market, as the disbursal screen sends it.
 *
 * The providers are the payout mocks (apps/server/src/modules/demo/payout-mocks), started here with a short settle
 * time; a server of its own (the bench's build, the bench's database) runs with their settings and without its own
 * mocks (PAYOUT_PROVIDER_MOCKS=0), so its STP and RazorpayX adapters talk to them and their callbacks, signed and
 * delivered the providers' way (retried, each sent twice), reach its /api/payouts/notifications/<provider>.
 * Fixtures are made in-process with the server's own services: demo borrowers, each order walked to 151 by the demo
 * (approved by the demo's operator: four eyes lets our finance member disburse it), each account verified through
 * the market's adapter against the same mocks (account-verification.ts). Two figures per batch:
 * - the batch call: request sent → answer (every payout saved, sent to the mock and accepted, one after the other);
 * - until 174: request sent → all 50 orders 174 (each mock settles its payout settleMs after accepting it, calls
 *   back, the server confirms and applies it), read in the database every POLL_MS.
 * Then each order is checked: exactly one processed payout, of the order's principal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Secret, TOTP } from 'otpauth';
import pino from 'pino';
import { consoleDisburse } from '@presta/contract/api/console/review';
import { consoleSignIn } from '@presta/contract/api/console/session';
import { loadConfig, type Config } from '../apps/server/src/config';
import { staffMembers, staffRoleRows } from '../apps/server/src/db/schema';
import { startAccountVerification } from '../apps/server/src/modules/account/account-verification';
import { createDemoBorrower, makeOrderInStatus } from '../apps/server/src/modules/demo/demo-orders';
import { startPayoutMocks, type PayoutMocks } from '../apps/server/src/modules/demo/payout-mocks/payout-mocks';
import { activeBankAccount } from '../apps/server/src/modules/orders/order-reads';
import { createPayoutProviders } from '../apps/server/src/modules/payments/payouts/payout-providers';
import type { PayoutProviders } from '../apps/server/src/modules/payments/payouts/payout-provider';
import { addStaff, completeSetUp, openSetUpLink, staffActor } from '../apps/server/src/modules/staff/staff-service';
import { mapLimit, nextBenchPhone, type BenchDb } from './fixtures';
import { ms2, percentile } from './latency';

/** The BENCH_CALLS name of the row. */
export const DISBURSAL_BATCH_CALL = 'disbursal-batch';

/** Orders per batch: the console call's maximum (consoleDisburse: orderNos at most 50), the figure. */
const BATCH_SIZE = 50;
/** How long a payout mock waits after accepting a payout before it settles it and calls back. */
const SETTLE_MS = 200;
/** The orders' status read every POLL_MS until all are 174. */
const POLL_MS = 10;
/** A batch not settled after this fails the row. */
const SETTLE_TIMEOUT_MS = 60_000;
/** A quiet pause after each batch: the mocks' second (duplicate) deliveries land before the next batch. */
const PAUSE_MS = 1_000;

const markets = [
  { market: 'MX', provider: 'stp', productCode: 'presta-mx', language: 'es' },
  { market: 'IN', provider: 'razorpayx', productCode: 'presta-in', language: 'en' },
] as const;
type Market = (typeof markets)[number];

export type DisbursalBatchRow = {
  name: string;
  market: Market['market'];
  provider: Market['provider'];
  orders: number;
  /** Measured batches (a warm-up batch of its own orders before them is not counted). */
  batches: number;
  settleMs: number;
  /** Request sent → the console's answer (every payout started), per batch (nearest rank: with 5 batches p99 is the slowest). */
  batchP50Ms: number;
  batchP99Ms: number;
  /** The batch call's time per order (p50 batch / orders). */
  perOrderMs: number;
  /** Request sent → all the batch's orders 174, per batch. */
  settledP50Ms: number;
  settledP99Ms: number;
  /** Each order's own span on the server's clock: its payout saved → settled (provider accepted, settleMs, callback applied); p50 and p99 over every order. */
  orderSpanP50Ms: number;
  orderSpanP99Ms: number;
  /** Orders the console refused (none expected). */
  refused: number;
  /** Orders 174 with exactly one processed payout of their principal, out of batches × orders. */
  paidOnce: number;
  pass: boolean;
};

export type DisbursalBatchOptions = {
  root: string;
  /** node's arguments to start the server (the bench's build). */
  serverArgs: string[];
  /** The bench server's environment (its database, Redis prefix, demo tools). */
  env: NodeJS.ProcessEnv;
  /** This row's server's port. */
  port: number;
  database: BenchDb;
  /** Measured batches per market. */
  batches: number;
  waitReady: (url: string) => Promise<void>;
};

type Batch = { orderNos: string[] };
type Auth = { cookie: string; csrfToken: string };

/** The row's server: the bench's build on the bench's database, its payout adapters pointed at the mocks started here. */
function startServer(opts: DisbursalBatchOptions, serverEnv: Record<string, string>): ChildProcess {
  return spawn(process.execPath, opts.serverArgs, {
    cwd: opts.root,
    env: { ...opts.env, ...serverEnv, PORT: String(opts.port), PUBLIC_BASE_URL: `http://127.0.0.1:${opts.port}`, PRESTA_JOBS: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

let inPhoneSeq = 0;
/** A distinct Indian phone per borrower of this row: 9 2xx xxx xxx3 (the provider bursts' end in 1, the demo's in 0). */
const nextIndianPhone = () => String(9_200_000_003 + 10 * ++inPhoneSeq);

/** `count` approved orders (151) of `m`'s product, each borrower's account verified through the market's adapter against the mocks. */
async function approvedOrders(database: BenchDb, payouts: PayoutProviders, m: Market, count: number): Promise<string[]> {
  return mapLimit(Array.from({ length: count }, (_, i) => i), 6, async (i) => {
    const made = await database.db.transaction(async (tx) => {
      const phone = m.market === 'IN' ? nextIndianPhone() : nextBenchPhone();
      const { borrowerId, product } = await createDemoBorrower(tx, { fullName: `Bench Disbursal ${m.market} ${i + 1}`, phone, language: m.language, productCode: m.productCode });
      const order = await makeOrderInStatus(tx, { borrowerId, productId: product.id, status: '151', lang: m.language });
      return { borrowerId, orderNo: order.orderNo };
    });
    await verifyAccount(database, payouts, made.borrowerId);
    return made.orderNo;
  });
}

/** The borrower's active account verified (the validation asked again until it answers); anything but verified throws. */
async function verifyAccount(database: BenchDb, payouts: PayoutProviders, borrowerId: number): Promise<void> {
  const account = await activeBankAccount(database.db, borrowerId);
  if (!account) throw new Error(`disbursal-batch: borrower ${borrowerId} has no bank account`);
  const until = Date.now() + 30_000;
  for (;;) {
    const v = await startAccountVerification({ db: database.db, payouts }, account.id);
    if (v.status === 'verified') return;
    if (v.status !== 'pending' || Date.now() > until) throw new Error(`disbursal-batch: account verification ${v.status} (${v.failureReason ?? 'no reason'})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const totp = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
const PASSWORD = 'bench disbursal passphrase';

/** A finance member (added by an admin of the bench, set up with password and TOTP), signed in through POST /console/api/sign-in. */
async function financeSignIn(base: string, database: BenchDb, config: Config): Promise<Auth> {
  const run = randomBytes(4).toString('hex');
  const [admin] = await database.db.insert(staffMembers).values({ email: `bench.admin.${run}@presta.example` }).returning();
  await database.db.insert(staffRoleRows).values({ staffId: admin!.id, role: 'admin' });
  const by = staffActor({ id: admin!.id, email: admin!.email, name: '', roles: ['admin'] }, 'cli');
  const added = await addStaff(database.db, { email: `bench.finance.${run}@presta.example`, roles: ['finance'] }, by);
  const opened = await openSetUpLink(database.db, config.staffSecretKey, added.setUpToken);
  // A code of the previous 30 s step: the sign-in's code (now) is then a fresh one.
  await completeSetUp(database.db, config.staffSecretKey, { token: added.setUpToken, password: PASSWORD, code: totp(opened.totpSecret, Date.now() - 30_000) });
  const res = await fetch(`${base}${consoleSignIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: added.member.email, password: PASSWORD, code: totp(opened.totpSecret, Date.now()) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`disbursal-batch: console sign-in ${res.status} ${text.slice(0, 200)}`);
  const sessionId = /presta_console=([^;]+)/.exec(res.headers.getSetCookie().join('; '))?.[1];
  if (!sessionId) throw new Error('disbursal-batch: console sign-in set no presta_console cookie');
  return { cookie: `presta_console=${sessionId}`, csrfToken: (JSON.parse(text) as { data: { csrfToken: string } }).data.csrfToken };
}

type DisburseAnswer = { started: { orderNo: string; status: string }[]; refused: { orderNo: string; message: string }[] };

/** One batch: the console call timed, then the orders' status read until all are 174. */
async function runBatch(base: string, database: BenchDb, auth: Auth, batch: Batch): Promise<{ batchMs: number; settledMs: number; refused: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${consoleDisburse.path}`, {
    method: consoleDisburse.method,
    headers: { 'content-type': 'application/json', origin: base, cookie: auth.cookie, 'x-csrf-token': auth.csrfToken },
    body: JSON.stringify({ orderNos: batch.orderNos }),
  });
  const text = await res.text();
  const batchMs = performance.now() - t0;
  if (res.status !== 200) throw new Error(`disbursal-batch: ${consoleDisburse.path} ${res.status} ${text.slice(0, 300)}`);
  const data = (JSON.parse(text) as { data: DisburseAnswer }).data;
  if (data.refused.length) console.error(`disbursal-batch: ${data.refused.length} refused, e.g. ${data.refused[0]!.message}`);
  for (;;) {
    const [row] = await database.sql<{ n: number }[]>`select count(*)::int as n from orders where order_no = any(${batch.orderNos}) and status = '174'`;
    if ((row?.n ?? 0) >= batch.orderNos.length - data.refused.length) break;
    if (performance.now() - t0 > SETTLE_TIMEOUT_MS) throw new Error(`disbursal-batch: ${row?.n ?? 0} of ${batch.orderNos.length} orders 174 after ${SETTLE_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { batchMs, settledMs: performance.now() - t0, refused: data.refused.length };
}

/** Orders of `orderNos` that are 174 with exactly one processed payout, of the order's principal; and every payout's span (created → settled). */
async function checkPaid(database: BenchDb, orderNos: string[]): Promise<{ paidOnce: number; spans: number[] }> {
  const rows = await database.sql<{ status: string; principal: number; processed: number; amount: number | null; span: number | null }[]>`
    select o.status, o.principal::bigint::float8 as principal,
      count(p.id) filter (where p.status = 'processed')::int as processed,
      max(p.amount) filter (where p.status = 'processed')::float8 as amount,
      max(extract(epoch from (p.settled_at - p.created_at)) * 1000) filter (where p.status = 'processed')::float8 as span
    from orders o left join payouts p on p.order_id = o.id
    where o.order_no = any(${orderNos}) group by o.id`;
  const paidOnce = rows.filter((r) => r.status === '174' && r.processed === 1 && r.amount === r.principal).length;
  return { paidOnce, spans: rows.flatMap((r) => (r.span === null ? [] : [r.span])) };
}

/** One market: a warm-up batch, then `batches` measured ones, each on orders of its own. */
async function measureMarket(base: string, database: BenchDb, auth: Auth, payouts: PayoutProviders, m: Market, batches: number): Promise<DisbursalBatchRow> {
  const orderNos = await approvedOrders(database, payouts, m, (batches + 1) * BATCH_SIZE);
  const all: Batch[] = Array.from({ length: batches + 1 }, (_, b) => ({ orderNos: orderNos.slice(b * BATCH_SIZE, (b + 1) * BATCH_SIZE) }));
  await database.sql`analyze`;
  const [warm, ...measured] = all as [Batch, ...Batch[]];
  await runBatch(base, database, auth, warm);
  await new Promise((r) => setTimeout(r, PAUSE_MS));
  const runs: { batchMs: number; settledMs: number; refused: number }[] = [];
  for (const batch of measured) {
    runs.push(await runBatch(base, database, auth, batch));
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  const { paidOnce, spans } = await checkPaid(database, measured.flatMap((b) => b.orderNos));
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const batch = sorted(runs.map((r) => r.batchMs));
  const settled = sorted(runs.map((r) => r.settledMs));
  const span = sorted(spans);
  const refused = runs.reduce((acc, r) => acc + r.refused, 0);
  return {
    name: `${DISBURSAL_BATCH_CALL} ${m.market} (${BATCH_SIZE} orders, ${m.provider} mock, settles after ${SETTLE_MS} ms)`,
    market: m.market,
    provider: m.provider,
    orders: BATCH_SIZE,
    batches,
    settleMs: SETTLE_MS,
    batchP50Ms: ms2(percentile(batch, 50)),
    batchP99Ms: ms2(percentile(batch, 99)),
    perOrderMs: ms2(percentile(batch, 50) / BATCH_SIZE),
    settledP50Ms: ms2(percentile(settled, 50)),
    settledP99Ms: ms2(percentile(settled, 99)),
    orderSpanP50Ms: ms2(percentile(span, 50)),
    orderSpanP99Ms: ms2(percentile(span, 99)),
    refused,
    paidOnce,
    pass: refused === 0 && paidOnce === batches * BATCH_SIZE,
  };
}

/** The row: the mocks and the row's server started, a finance member signed in, each market's batches; everything stopped afterwards. */
export async function measureDisbursalBatches(opts: DisbursalBatchOptions): Promise<DisbursalBatchRow[]> {
  const base = `http://127.0.0.1:${opts.port}`;
  const mocks: PayoutMocks = await startPayoutMocks({ publicBaseUrl: base, payouts: { providers: { MX: 'stp', IN: 'razorpayx' }, mockSettleMs: SETTLE_MS } });
  const serverEnv = { ...mocks.env, PAYOUT_PROVIDERS: 'MX=stp,IN=razorpayx', PAYOUT_PROVIDER_MOCKS: '0', PAYOUT_MOCK_SETTLE_MS: String(SETTLE_MS) };
  const server = startServer(opts, serverEnv);
  try {
    const config = loadConfig({ ...opts.env, ...serverEnv });
    // The bench's own adapters on the same mocks: the accounts' validations, made before the batches.
    const payouts = createPayoutProviders({ config, log: pino({ level: 'silent' }) });
    await opts.waitReady(`${base}/api/ready`);
    const auth = await financeSignIn(base, opts.database, config);
    const rows: DisbursalBatchRow[] = [];
    for (const m of markets) rows.push(await measureMarket(base, opts.database, auth, payouts, m, opts.batches));
    return rows;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await mocks.close();
  }
}
