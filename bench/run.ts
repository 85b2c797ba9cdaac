/**
 * npm run bench: starts a server on a fresh database, measures the API with
 * autocannon (50 connections, 10 s each, hello-world baseline in the same run;
 * every call of issue 18 sent as the web app sends it, verified once, judged
 * against the issue's targets), bursts of signed payment notifications
 * (checked in the ledger: one payment per event) and the pages with
 * Lighthouse (mobile preset, median of 3 runs), prints tables and writes
 * bench/results/latest.json. Targets come from the issues.
 *
 * BENCH_ONLY=api|pages runs one half; BENCH_CALLS=a,b runs only those API rows
 * (names: api-rows.ts benchCalls; `bursts` for the notification bursts;
 * `bursts-conekta`, `bursts-stp`, `bursts-razorpay` for the real providers'
 * bursts through their mocks (provider-bursts.ts);
 * `credit-decision` for the decision's time, submit to answer;
 * `disbursal-batch` for a batch of 50 disbursals through the payout mocks (disbursal-batch.ts);
 * `agreement-render-stamp` for one agreement's PDF and its time-stamp (agreement-render-stamp.ts)) and
 * the baseline, no pages; BENCH_CPU_PROF=<dir> profiles the server;
 * BENCH_LATENCY_DUMP=<dir> writes every answer's time of each API run there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { routes } from '@presta/contract/routes';
import { loadConfig } from '../apps/server/src/config';
import { pageLinks } from '../apps/server/src/modules/demo/demo-links';
import {
  createDueBorrowers,
  repaymentDetailRequest,
  mapLimit,
  openBenchDb,
  send,
  storeVoucherRequest,
  type BenchDb,
  type DueBorrower,
  type WebRequest,
} from './fixtures';
import { burst, bystanders, signedDelivery, type BurstRow, type BystanderRow } from './notification-burst';
import { runLoad } from './load';
import { benchPhoto, LISTED_COMPLAINTS, problemListRequest, seedComplaints, uploadRequest } from './complaints';
import { apiSummary, benchCalls, firstCalls, judgeApiRows, measureBaseline, measureCall, printApi, verifyCall, type ApiRow, type BenchCall, type CannonOptions } from './api-rows';
import { borrowerRequests, borrowersFor, duePool, offerPool, type BorrowerPool, type OfferBorrower, type OrderRef } from './borrower-reads';
import { applicantPool, documentUploadRequest, saveStepRequest, type Applicant } from './applications';
import { measurePages, printPages, type BorrowerPage, type PageRow } from './pages';
import { measureCreditDecision, type CreditDecisionRow } from './credit-decision';
import { benchProviders, providerBurstCall, providerBursts, type ProviderBurstCall, type ProviderBurstRow } from './provider-bursts';
import { DISBURSAL_BATCH_CALL, measureDisbursalBatches, type DisbursalBatchRow } from './disbursal-batch';
import { AGREEMENT_RENDER_STAMP_CALL, measureAgreementRenderStamp, type AgreementRenderStampRow } from './agreement-render-stamp';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_ONLY=api or BENCH_ONLY=pages runs one half. */
const only = process.env.BENCH_ONLY;
/** BENCH_CALLS=a,b: only these API rows (and the baseline); `bursts` names the notification bursts. */
const callsList = process.env.BENCH_CALLS;
const dbName = process.env.BENCH_DB_NAME ?? 'presta_bench';
/** BENCH_CPU_PROF=<dir>: the server runs with --cpu-prof and writes its profile there when it stops (open it in Chrome's DevTools). */
const cpuProfDir = process.env.BENCH_CPU_PROF;
/**
 * The server as production runs it: the compiled build (scripts/server-build.mjs, made at the start of each run),
 * not tsx, whose transform keeps function names at run time and puts a whole file on one line of a profile.
 * It runs with PRESTA_ENV=development (the demo's sandbox provider and demo tools, which the fixtures use).
 */
const serverEntry = 'apps/server/dist/server.js';
const serverArgs = [...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProfDir)] : []), serverEntry];

/** The web app (when its sources changed) and the compiled server. */
function buildAll() {
  execFileSync('node', ['scripts/web-build.mjs'], { cwd: root, stdio: 'inherit' });
  execFileSync('node', ['scripts/server-build.mjs'], { cwd: root, stdio: 'inherit' });
}
/** Lighthouse runs per page; the table reports their median. */
const lighthouseRuns = 3;
/** Deliveries per notification burst. */
const burstSize = 200;
/** Orders (each with one store reference) that the burst of distinct events pays, burstSize / burstOrders events each. */
const burstOrders = 20;
/**
 * Uploads are limited per borrower (30 a minute, 30 unattached in 2 hours);
 * at 10 connections they run at some 40 a second (CPU-bound), so 30
 * borrowers per second of run (the first of the due pool) keep every one
 * well under both.
 */
const uploadBorrowerCount = Math.min(1800, Math.max(60, 30 * Math.min(duration, 60))) + 30;

function benchDbEnv(): Record<string, string> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${dbName}`;
    return { DATABASE_URL: url.toString() };
  }
  return { PRESTA_DATA_DIR: 'data/bench', EMBEDDED_PG_PORT: '54359' };
}

/** Where the bench process reaches the bench database itself (fixtures, ledger checks). */
function benchDbOptions() {
  const dbEnv = benchDbEnv();
  return {
    databaseUrl: dbEnv.DATABASE_URL,
    dataDir: path.join(root, 'data/bench'),
    embeddedPgPort: Number(dbEnv.EMBEDDED_PG_PORT ?? 54359),
  };
}

async function resetDb() {
  if (process.env.DATABASE_URL) {
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
  } else {
    fs.rmSync(path.join(root, 'data/bench'), { recursive: true, force: true });
  }
}

/**
 * The server's environment. Rate-limit counters (Redis when REDIS_URL is set) get a prefix of
 * this run: the fresh database gives the same borrower ids again, which must not meet a
 * previous run's counters still inside their minute.
 */
const env = {
  ...process.env,
  ...benchDbEnv(),
  PORT: String(port),
  PUBLIC_BASE_URL: base,
  PRESTA_DEMO_TOOLS: '1',
  LOG_LEVEL: 'info',
  PRESTA_ENV: 'development',
  REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? `presta-bench-${randomUUID().slice(0, 8)}:`,
};

/** The server's cache lifetime in seconds (CACHE_TTL_MS): a spread read's first calls must be re-read after it. */
const cacheTtlS = loadConfig(env).cacheTtlMs / 1000;

async function waitFor(url: string, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

function demo(args: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/demo.ts', ...args], { cwd: root, env, encoding: 'utf8' });
  return JSON.parse(out.slice(out.indexOf('{'))) as Record<string, unknown>;
}

/** The store voucher requests of due borrowers, each for the amount its repayment page quotes (as the page links it). */
async function voucherRequests(borrowers: DueBorrower[]): Promise<WebRequest[]> {
  return mapLimit(borrowers, 8, async (b) => {
    const plan = await send<{ repayAmount: number }>(base, repaymentDetailRequest(b));
    if (!(plan.repayAmount > 0)) throw new Error(`order ${b.orderNo}: nothing to repay`);
    return storeVoucherRequest(b, plan.repayAmount);
  });
}

/** Store references (vCode) of `borrowers`' due instalments, made through generate-vcode, with their amounts. */
async function storeReferences(borrowers: DueBorrower[]): Promise<{ reference: string; amount: number }[]> {
  const reqs = await voucherRequests(borrowers);
  return mapLimit(reqs, 8, async (req) => {
    const v = await send<{ repayDetail: { vCode: string; amount: number } }>(base, req);
    return { reference: v.repayDetail.vCode, amount: v.repayDetail.amount };
  });
}

/**
 * Bursts of burstSize concurrent signed notifications: the SAME event
 * delivered burstSize times (a provider retrying, or several of its workers
 * racing), then burstSize DISTINCT events, each a small part-payment against
 * one of burstOrders references (several events per reference, so they also
 * queue on its row lock). A warm-up burst on its own order comes first.
 */
async function notificationBursts(database: BenchDb): Promise<{ bursts: BurstRow[]; bystanders: BystanderRow[] }> {
  const secret = loadConfig(env).paymentSandboxSecret;
  const borrowers = await createDueBorrowers(database.db, burstOrders + 2);
  const refs = await storeReferences(borrowers);
  // Other borrowers reading their repayment page (the ledger, no cache) during the bursts.
  const others = (await createDueBorrowers(database.db, 40)).map((b) => repaymentDetailRequest(b));
  const quiet = await bystanders(base, 'other borrowers, no burst (3 s)', others, () => Promise.resolve());
  const run = randomUUID().slice(0, 8);
  const perRef = Math.ceil(burstSize / burstOrders);
  // Small enough that all of a reference's events together pay a tenth of it: the orders stay open (174).
  const small = (amount: number) => Math.max(1, Math.min(100, Math.floor(amount / (10 * perRef))));

  const [warm, same, ...distinct] = refs as [(typeof refs)[number], (typeof refs)[number], ...typeof refs];
  await burst(base, database, 'warm-up', Array.from({ length: 20 }, (_, i) =>
    signedDelivery(secret, { eventId: `bench-${run}-warm-${i}`, reference: warm.reference, amount: small(warm.amount) }),
  ));

  const one = signedDelivery(secret, { eventId: `bench-${run}-same`, reference: same.reference, amount: small(same.amount) });
  const sameBurst = await bystanders(
    base,
    `other borrowers during the same event ×${burstSize}`,
    others,
    () => burst(base, database, `same event ×${burstSize}`, Array.from({ length: burstSize }, () => one)),
  );

  const events = Array.from({ length: burstSize }, (_, i) => {
    const ref = distinct[i % distinct.length]!;
    return signedDelivery(secret, { eventId: `bench-${run}-${i}`, reference: ref.reference, amount: small(ref.amount) });
  });
  const distinctBurst = await bystanders(base, `other borrowers during ${burstSize} distinct events`, others, () => burst(base, database, `${burstSize} distinct events`, events));
  // One reference, burstSize distinct events at once: the case that held 9 of 10 connections.
  const [single] = refs.slice(-1);
  const oneRef = Array.from({ length: burstSize }, (_, i) => signedDelivery(secret, { eventId: `bench-${run}-one-${i}`, reference: single!.reference, amount: 1 }));
  const oneRefBurst = await bystanders(base, `other borrowers during ${burstSize} events for one reference`, others, () =>
    burst(base, database, `${burstSize} events, one reference`, oneRef),
  );
  return {
    bursts: [sameBurst.result, distinctBurst.result, oneRefBurst.result],
    bystanders: [quiet.row, sameBurst.row, distinctBurst.row, oneRefBurst.row],
  };
}

/** npm run bench -- --load: two processes, a mixed borrower workload (bench/load.ts). */
const loadMode = process.argv.includes('--load');
const loadDuration = Number(process.env.BENCH_LOAD_DURATION ?? 60);

async function mainLoad() {
  await resetDb();
  buildAll();
  const ports = [port, port + 1];
  const servers = ports.map((p) =>
    spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: { ...env, PORT: String(p), LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  let database: BenchDb | undefined;
  try {
    // One after the other: the first applies the migrations and the seed.
    for (const p of ports) await waitFor(`http://127.0.0.1:${p}/api/ready`);
    database = await openBenchDb(benchDbOptions());
    const result = await runLoad({
      bases: ports.map((p) => `http://127.0.0.1:${p}`),
      database,
      secret: loadConfig(env).paymentSandboxSecret,
      durationS: loadDuration,
      clients: 200,
      borrowers: 400,
    });
    console.log(
      `\nLoad: ${result.processes} processes, ${result.clients} clients, ${result.durationS} s: ${result.total.requests} requests, ${result.total.rps} req/s, ${result.total.errors} errors, ${result.total.notificationRetries} notifications retried after a 503`,
    );
    console.table(result.calls.map((c) => ({ call: c.call, requests: c.requests, 'req/s': c.rps, 'p50 ms': c.p50, 'p99 ms': c.p99, errors: c.errors, '429s': c.rateLimited, 'other 4xx': c.other4xx })));
    console.log('Acknowledged writes found afterwards:', JSON.stringify(result.writes), result.pass ? 'PASS' : 'FAIL');
    const out = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, ...result };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/load.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log('Written bench/results/load.json');
    if (!result.pass) process.exitCode = 1;
  } finally {
    await database?.close();
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)))));
  }
}

/** The demo order the loan rows and the borrower pages use (status 174: its first instalment is due today). */
type DemoOrder = { params: Record<string, string>; productId: string; orderId: string; orderNo: string; urls: Record<string, string> };

type Wanted = (call: BenchCall | 'bursts' | ProviderBurstCall | 'credit-decision' | typeof DISBURSAL_BATCH_CALL | typeof AGREEMENT_RENDER_STAMP_CALL) => boolean;

/** BENCH_CALLS read: every name checked against the rows (api-rows.ts benchCalls) and `bursts`. */
function wantedCalls(list: string | undefined): Wanted {
  if (!list) return () => true;
  const known = new Set<string>(['hello-world', ...benchCalls, 'bursts', ...benchProviders.map(providerBurstCall), 'credit-decision', DISBURSAL_BATCH_CALL, AGREEMENT_RENDER_STAMP_CALL]);
  const names = list.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length || !names.length) throw new Error(`BENCH_CALLS: unknown ${unknown.join(', ') || '(empty)'}; the rows are ${[...known].join(', ')}`);
  return (call) => names.includes(call);
}

/**
 * Share of the baseline's requests per second that a call limited per
 * borrower is given borrowers for (each under its limit for the whole run):
 * more than any call reaches (loan-details, the fastest, some 60%), so a 429
 * never comes from the bench's fixtures. BENCH_POOL_SHARE changes it.
 */
const poolShare = Number(process.env.BENCH_POOL_SHARE ?? 1);

type ApiReport = {
  api: ApiRow[];
  notifications: BurstRow[];
  duringBursts: BystanderRow[];
  providerNotifications: ProviderBurstRow[];
  creditDecision?: CreditDecisionRow;
  disbursalBatches?: DisbursalBatchRow[];
  agreements?: AgreementRenderStampRow[];
};

/** The fixtures of the measured runs, made once: the borrowers with an order due today, and those with an offer and no order. */
type Pools = { due: BorrowerPool<DueBorrower>; offers: BorrowerPool<OfferBorrower>; applicants: BorrowerPool<Applicant> };

/** A call verified, then measured: its row (verifyCall has thrown with the server's message if it fails). */
async function measureOne(call: BenchCall, name: string, request: WebRequest): Promise<ApiRow> {
  const limit = await verifyCall(base, call, request);
  if (limit) console.error(`${call}: limited to ${limit.max} per borrower every ${limit.resetS} s, measured for one borrower: its 429s will fail the row`);
  return (await measureCall(cannonOptions, call, name, request)).row;
}

const cannonOptions: CannonOptions = { base, connections, duration };

/**
 * The calls of one borrower, as each page asks (none is limited per
 * borrower): the demo order's (loan details, repayment, extension, agreement,
 * complaint entry) and the offer borrower's confirmation.
 */
async function measureOneBorrowerCalls(order: OrderRef, offer: OfferBorrower, wanted: Wanted): Promise<ApiRow[]> {
  const calls: [BenchCall, string, WebRequest][] = [
    ['loan-details', 'loan-details', borrowerRequests.loanDetails(order)],
    ['loan-detail-confirm', 'loan-detail-confirm (an offer, no order)', borrowerRequests.confirm(offer)],
    ['loan-play-detail', 'loan-play-detail', repaymentDetailRequest(order)],
    ['loan-play-delay-detail', 'loan-play-delay-detail (extension)', borrowerRequests.extension(order)],
    ['contract-detail', 'contract-detail (by orderNo)', borrowerRequests.contract(order)],
    ['problem-init', 'problem-init', borrowerRequests.problemInit(order)],
  ];
  const rows: ApiRow[] = [];
  for (const [call, name, request] of calls) if (wanted(call)) rows.push(await measureOne(call, name, request));
  return rows;
}

/** A call limited per borrower (or not), prepared: verified on a borrower of its own pool, then given enough borrowers. */
type Spread = { call: BenchCall; name: string; requests: WebRequest[]; max?: number; windowS?: number };

async function prepareSpread<B>(call: BenchCall, name: string, pool: BorrowerPool<B>, request: (b: B) => WebRequest, ceilingRps: number): Promise<Spread> {
  const [first] = await pool.take(1);
  const limit = await verifyCall(base, call, request(first!));
  if (!limit) return { call, name, requests: [request(first!)] };
  // The run and its 2 s warm-up (counted at the run's rate).
  const n = borrowersFor(limit, ceilingRps, duration + 2);
  return { call, name, requests: (await pool.take(n)).map(request), max: limit.max, windowS: limit.resetS };
}

/**
 * The voucher call, limited per borrower (120 a minute, keyed by the session's
 * borrower): one borrower would measure the limiter after 120 calls, so the
 * run plays many borrowers taken in turn by all connections, enough for every
 * key to stay under its limit at the pools' ceiling rate (borrowersFor), the
 * warm-up on borrowers of its own. The first call of each borrower makes its
 * reference (provider, sequence, insert), the following ones reuse it (what a
 * borrower reopening the voucher does): the row reports how many were made.
 * Any 429 is still counted and shown, never hidden.
 */
async function measureVouchers(database: BenchDb, due: BorrowerPool<DueBorrower>, ceilingRps: number): Promise<ApiRow> {
  const [firstBorrower] = await due.take(1);
  const [first] = await voucherRequests([firstBorrower!]);
  const limit = await verifyCall(base, 'generate-vcode', first!);
  const warmupCount = limit ? borrowersFor(limit, ceilingRps, 2) : 1;
  const measuredCount = limit ? borrowersFor(limit, ceilingRps, duration) : 1;
  const borrowers = [firstBorrower!, ...(await due.take(warmupCount + measuredCount - 1))];
  const all = [first!, ...(await voucherRequests(borrowers.slice(1)))];
  const warmup = all.slice(0, warmupCount);
  const measured = all.slice(warmupCount);
  const orderIds = borrowers.slice(warmupCount).map((b) => Number(b.orderId));
  // Fresh statistics after the bulk inserts, rather than an autovacuum analyze starting in the middle of a run.
  await database.sql`analyze`;
  const { row, result } = await measureCall(cannonOptions, 'generate-vcode', 'generate-vcode (store, requestType 1)', measured, { warmup, allowed429: true });
  const answers = Object.values(result.statusCodeStats ?? {}).reduce((acc, x) => acc + x.count, 0);
  row.rateLimited = result.statusCodeStats?.['429']?.count ?? 0;
  row.rateLimitedPct = Math.round((row.rateLimited / Math.max(1, answers)) * 1000) / 10;
  row.borrowers = measured.length;
  if (limit) Object.assign(row, { rateLimitMax: limit.max, rateLimitWindowS: limit.resetS });
  const [made] = await database.sql<{ n: number }[]>`select count(*)::int as n from payment_references where order_id = any(${orderIds})`;
  row.referencesCreated = made?.n ?? 0;
  return row;
}

/** Complaints: the list of a borrower with complaints in every state, and one of them (answered) as its detail page asks. */
async function measureComplaintReads(lister: DueBorrower, wanted: Wanted): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  const listReq = problemListRequest(lister);
  if (wanted('problem-list')) rows.push(await measureOne('problem-list', `problem-list (${LISTED_COMPLAINTS} complaints in 3 tabs)`, listReq));
  if (wanted('problem-detail')) {
    const list = await send<{ tabs: { list: { id: string }[] }[] }>(base, listReq);
    const answered = list.tabs[1]?.list[0]?.id;
    if (!answered) throw new Error('problem-detail: the seeded borrower has no answered complaint in problem-list');
    rows.push(await measureOne('problem-detail', 'problem-detail (an answered complaint)', borrowerRequests.problemDetail(lister.params, answered)));
  }
  return rows;
}

/** Uploads of a photo-sized JPEG spread over `borrowers` (uploads are limited per borrower: 30 a minute, 30 unattached in 2 hours), 10 connections (CPU-bound). */
async function measureUploads(database: BenchDb, borrowers: DueBorrower[]): Promise<ApiRow> {
  const photo = await benchPhoto();
  const uploads = borrowers.map((b) => uploadRequest(b, photo));
  await verifyCall(base, 'upload-problem-img', uploads[0]!);
  const count = async () => (await database.sql<{ n: number }[]>`select count(*)::int as n from complaint_images`)[0]?.n ?? 0;
  const before = await count();
  const name = `upload-problem-img (${Math.round(photo.length / 1024)} KB JPEG, 10 connections)`;
  const { row, result } = await measureCall(cannonOptions, 'upload-problem-img', name, uploads, { connections: 10 });
  const [stored] = await database.sql<{ bytes: number }[]>`select coalesce(avg(length(bytes)), 0)::int as bytes from complaint_images`;
  return { ...row, rateLimited: result.statusCodeStats?.['429']?.count ?? 0, uploadsStored: (await count()) - before, storedBytesAvg: stored?.bytes ?? 0 };
}

/**
 * The application's calls (issue 34): the address step saved and completed, spread over applicants so that none
 * reaches the saves' limit; then the selfie uploaded, one upload per applicant (uploads are limited per borrower),
 * 10 connections (CPU-bound, like the complaint images).
 */
async function measureApplicationCalls(database: BenchDb, applicants: BorrowerPool<Applicant>, wanted: Wanted, ceilingRps: number): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  if (wanted('save-step')) {
    const spread = await prepareSpread('save-step', 'save a step (/v3/certify/address, final=1)', applicants, saveStepRequest, ceilingRps);
    const { row } = await measureCall(cannonOptions, spread.call, spread.name, spread.requests);
    rows.push(spread.max === undefined ? row : { ...row, borrowers: spread.requests.length, rateLimitMax: spread.max, rateLimitWindowS: spread.windowS });
  }
  if (wanted('upload-document')) {
    const photo = await benchPhoto();
    const uploads = (await applicants.take(uploadBorrowerCount)).map((a) => documentUploadRequest(a, photo));
    await verifyCall(base, 'upload-document', uploads[0]!);
    const name = `upload a document (selfie, ${Math.round(photo.length / 1024)} KB JPEG, 10 connections)`;
    const { row, result } = await measureCall(cannonOptions, 'upload-document', name, uploads, { connections: 10 });
    const [stored] = await database.sql<{ n: number; bytes: number }[]>`select count(*)::int as n, coalesce(avg(length(bytes)), 0)::int as bytes from credit_application_documents`;
    rows.push({ ...row, rateLimited: result.statusCodeStats?.['429']?.count ?? 0, uploadsStored: stored?.n ?? 0, storedBytesAvg: stored?.bytes ?? 0 });
  }
  return rows;
}

/**
 * The rate the statement (limited per borrower, its first calls dear) is spread for: 1.25 × loan-details'
 * rate in this run (the cheapest borrower read, measured first), at most the pools' ceiling (the baseline's). Each
 * borrower's first call (cold) is sent before the measured run, and the run is warm only if it ends within the
 * server's cache lifetime (CACHE_TTL_MS, 30 s) of those first calls: spread for the baseline's rate (3 to 4 times
 * what these reads reach), the statement's first calls alone took 25 s and the run measured reads gone cold again.
 * A read that went faster would meet its per-borrower limit: its 429s are counted and fail the row.
 */
function readsCeiling(ceilingRps: number, cheapestReadRps: number | undefined): number {
  return cheapestReadRps === undefined ? ceilingRps : Math.min(ceilingRps, Math.ceil(cheapestReadRps * 1.25));
}

/**
 * The calls measured over pools of borrowers: the voucher call (many
 * borrowers, each from its own address), the complaint reads, the reads
 * limited per borrower (statement, my loans, home, offers: spread so that no
 * borrower reaches its limit), and the uploads last (their 200 MB of images
 * would disturb the runs after them). Every fixture is made first.
 */
async function measurePooledCalls(database: BenchDb, pools: Pools, wanted: Wanted, baselineRps: number, cheapestReadRps: number | undefined): Promise<ApiRow[]> {
  const ceilingRps = baselineRps * poolShare;
  const readCeilingRps = readsCeiling(ceilingRps, cheapestReadRps);
  const limited: Spread[] = [];
  if (wanted('loan-statement')) limited.push(await prepareSpread('loan-statement', 'loan-statement', pools.due, (b) => borrowerRequests.statement(b), readCeilingRps));
  // My loans, home and offers read from the repositories' caches faster than loan-details (issue 33: 70 to 90 % of
  // the baseline against 50 %) and their first calls are cheap: spread for the baseline's rate, so their runs never
  // meet the per-borrower limit.
  if (wanted('my-loans')) limited.push(await prepareSpread('my-loans', 'my loans (/v3/account/loans)', pools.due, (b) => borrowerRequests.myLoans(b.params), ceilingRps));
  if (wanted('home')) limited.push(await prepareSpread('home', 'home (/v3/account/home, an active loan)', pools.due, (b) => borrowerRequests.home(b.params), ceilingRps));
  if (wanted('offers')) limited.push(await prepareSpread('offers', 'offers (/v3/account/offers, no order)', pools.offers, (b) => borrowerRequests.offers(b.params), ceilingRps));
  const uploaders = wanted('upload-problem-img') ? await pools.due.take(uploadBorrowerCount) : [];
  const [lister] = await pools.due.take(1);
  if (wanted('problem-list') || wanted('problem-detail')) await seedComplaints(database, lister!);

  const rows: ApiRow[] = [];
  // Fresh statistics after the bulk inserts (measureVouchers analyzes after its own).
  if (wanted('generate-vcode')) rows.push(await measureVouchers(database, pools.due, ceilingRps));
  else await database.sql`analyze`;
  rows.push(...(await measureComplaintReads(lister!, wanted)));
  for (const spread of limited) {
    // Each borrower's first call (cold) apart, then the measured run on the borrowers the server now holds.
    const first = await firstCalls(cannonOptions, spread.call, spread.requests);
    const { row } = await measureCall(cannonOptions, spread.call, spread.name, spread.requests);
    // The run's 2 s warm-up and its duration after the first calls, against the lifetime of what they cached.
    const past = Math.round((first.seconds + 2 + duration - cacheTtlS) * 10) / 10;
    if (past > 0) row.pastCacheLifetimeS = past;
    if (spread.max !== undefined) rows.push({ ...row, firstCalls: first, borrowers: spread.requests.length, rateLimitMax: spread.max, rateLimitWindowS: spread.windowS });
    else rows.push({ ...row, firstCalls: first });
  }
  if (wanted('upload-problem-img')) rows.push(await measureUploads(database, uploaders));
  rows.push(...(await measureApplicationCalls(database, pools.applicants, wanted, ceilingRps)));
  return rows;
}

/** Every API run, in the order that keeps the conditions of earlier results (one-borrower calls first, then the pools' fixtures and runs); then the notification bursts. */
async function measureApi(database: BenchDb, pools: Pools, order: OrderRef, offer: OfferBorrower, wanted: Wanted): Promise<ApiReport> {
  const baseline = await measureBaseline(cannonOptions);
  const oneBorrower = await measureOneBorrowerCalls(order, offer, wanted);
  const cheapestRead = oneBorrower.find((r) => r.call === 'loan-details')?.rps;
  const rows = [baseline, ...oneBorrower, ...(await measurePooledCalls(database, pools, wanted, baseline.rps, cheapestRead))];
  const api = [baseline, ...benchCalls.flatMap((call) => rows.filter((r) => r.call === call))];
  judgeApiRows(api);
  const bursts = wanted('bursts') ? await notificationBursts(database) : { bursts: [], bystanders: [] };
  const providers = benchProviders.filter((p) => wanted(providerBurstCall(p)));
  // On a server of their own (port + 2: the load mode takes port + 1), beside this one, idle meanwhile.
  const providerReport = providers.length
    ? await providerBursts({ root, serverArgs, env, port: port + 2, database, providers, waitReady: (url) => waitFor(url) })
    : { bursts: [], bystanders: [] };
  // Last: its applicants' jobs share the server with nothing else measured.
  const creditDecision = wanted('credit-decision') ? await measureCreditDecision(base, database, loadConfig(env), creditDecisionRun) : undefined;
  // On a server of its own (port + 3), its payout adapters on the mocks the row starts.
  const disbursalBatches = wanted(DISBURSAL_BATCH_CALL)
    ? await measureDisbursalBatches({ root, serverArgs, env, port: port + 3, database, batches: disbursalBatchCount, waitReady: (url) => waitFor(url) })
    : undefined;
  // In-process (the server's modules on the bench's database), no server call: after every run that uses the server.
  const agreements = wanted(AGREEMENT_RENDER_STAMP_CALL) ? await measureAgreementRenderStamp(database, loadConfig(env), agreementCount) : undefined;
  return {
    api,
    notifications: bursts.bursts,
    duringBursts: [...bursts.bystanders, ...providerReport.bystanders],
    providerNotifications: providerReport.bursts,
    creditDecision,
    disbursalBatches,
    agreements,
  };
}

/** The borrower pages of issue 18, each opened as the native app opens it (the session parameters in the query). */
function borrowerPages(order: DemoOrder, offer: OfferBorrower): BorrowerPage[] {
  const query = new URLSearchParams(order.params).toString();
  return [
    { page: 'loan details', url: order.urls.loanDetails! },
    { page: 'confirmation (an offer, no order)', url: pageLinks(base, offer.params).confirmLoan },
    { page: 'repayment', url: order.urls.repayment! },
    { page: 'extension', url: order.urls.repaymentDelay! },
    { page: 'home (an active loan)', url: `${base}${routes.main}?${query}` },
    { page: 'statement', url: `${base}${routes.loanStatement}?${query}` },
  ];
}

/** The credit decision's run: applicants, sent this many at a time (BENCH_DECISIONS, BENCH_DECISIONS_PARALLEL). */
const creditDecisionRun = { count: Number(process.env.BENCH_DECISIONS ?? 30), parallel: Number(process.env.BENCH_DECISIONS_PARALLEL ?? 3) };

/** Measured batches per market of the disbursal row (BENCH_DISBURSAL_BATCHES), each of 50 orders, after a warm-up batch. */
const disbursalBatchCount = Number(process.env.BENCH_DISBURSAL_BATCHES ?? 5);

/** Agreements rendered and time-stamped per market in the agreement row (BENCH_AGREEMENTS), after a warm-up. */
const agreementCount = Number(process.env.BENCH_AGREEMENTS ?? 100);

function printAgreements(rows: AgreementRenderStampRow[] | undefined): void {
  if (!rows?.length) return;
  console.log(`\nAgreement render and time-stamp (in-process, one after the other, ${rows[0]!.agreements} per market; the local authority)`);
  console.table(
    rows.map((r) => ({
      run: r.name,
      'render p50 ms': r.renderP50Ms,
      'render p99 ms': r.renderP99Ms,
      'stamp p50 ms': r.stampP50Ms,
      'stamp p99 ms': r.stampP99Ms,
      'both p50 ms': r.bothP50Ms,
      'both p99 ms': r.bothP99Ms,
      'PDF bytes': r.pdfBytes,
      'token verifies': r.verified ? 'yes' : 'NO',
      pass: r.pass ? 'PASS' : 'FAIL',
    })),
  );
}

function printDisbursalBatches(rows: DisbursalBatchRow[] | undefined): void {
  if (!rows?.length) return;
  console.log(`\nBatch disbursal (console POST /console/api/orders/disburse, ${rows[0]!.orders} orders a call, a finance member; ${rows[0]!.batches} batches per market; p99 of 5 batches is the slowest)`);
  console.table(
    rows.map((r) => ({
      run: r.name,
      'batch p50 ms': r.batchP50Ms,
      'batch p99 ms': r.batchP99Ms,
      'ms / order': r.perOrderMs,
      'all 174 p50 ms': r.settledP50Ms,
      'all 174 p99 ms': r.settledP99Ms,
      'order span p50 ms': r.orderSpanP50Ms,
      'order span p99 ms': r.orderSpanP99Ms,
      refused: r.refused,
      'paid once': r.paidOnce,
      pass: r.pass ? 'PASS' : 'FAIL',
    })),
  );
}

function printCreditDecision(row: CreditDecisionRow | undefined): void {
  if (!row) return;
  console.log(`\nCredit decision (the state read every ${row.pollMs} ms, then home asked once; the queue polled every ${row.queuePollSeconds} s when idle)`);
  console.table([{ run: row.name, outcomes: JSON.stringify(row.outcomes), 'p50 ms': row.p50Ms, 'p99 ms': row.p99Ms, 'max ms': row.maxMs, 'server p50 ms': row.serverP50Ms, 'server p99 ms': row.serverP99Ms }]);
}

function printBursts({ notifications, duringBursts, providerNotifications }: ApiReport): void {
  if (notifications.length) {
    console.log('\nPayment notifications (sandbox, %d concurrent deliveries per burst, signed)', burstSize);
    console.table(notifications.map((n) => ({ burst: n.name, deliveries: n.deliveries, events: n.events, 'total ms': n.totalMs, 'req/s': n.rps, 'p50 ms': n.p50, 'p99 ms': n.p99, 'non-200': n.non200, retried: n.retried, 'applied: true': n.applied, 'ledger payments': n.ledgerPayments, 'one payment per event': n.exactlyOnce ? 'PASS' : 'FAIL', pass: n.pass })));
  }
  if (providerNotifications.length) {
    console.log('\nPayment notifications of the real providers, through their mocks (%d distinct events at once per provider, signed the provider’s way)', providerNotifications[0]!.deliveries);
    console.table(
      providerNotifications.map((n) => ({
        burst: n.name,
        events: n.what,
        references: n.references,
        'total ms': n.totalMs,
        'events/s': n.rps,
        'p50 ms': n.p50,
        'p99 ms': n.p99,
        'non-2xx': n.non2xx,
        retried: n.retried,
        accepted: n.accepted,
        'ledger payments': n.ledgerPayments,
        'one payment per event': n.exactlyOnce ? 'PASS' : 'FAIL',
        pass: n.pass,
      })),
    );
  }
  if (duringBursts.length) {
    console.log('\nOther borrowers (loan-play-detail, 10 clients) around the notification bursts (3 s at least, the burst from 0.5 s)');
    console.table(duringBursts.map((b) => ({ while: b.name, requests: b.requests, 'p50 ms': b.p50, 'p99 ms': b.p99, 'max ms': b.max, 'non-200': b.non200, target: b.targets, pass: b.pass })));
  }
}

async function main() {
  if (only !== undefined && only !== 'api' && only !== 'pages') throw new Error(`BENCH_ONLY must be api or pages, not ${only}`);
  const wanted = wantedCalls(callsList);
  const runApi = only !== 'pages';
  // BENCH_CALLS names API rows: the pages run with it only when asked for (BENCH_ONLY=pages).
  const runPages = only === 'pages' || (only !== 'api' && !callsList);
  await resetDb();
  buildAll();
  const server: ChildProcess = spawn(process.execPath, serverArgs, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  cannonOptions.serverPid = server.pid;
  let database: BenchDb | undefined;
  try {
    await waitFor(`${base}/api/health`);
    const order = demo(['order', '--status', '174']) as DemoOrder;
    database = await openBenchDb(benchDbOptions());
    const pools: Pools = {
      due: duePool(database.db),
      offers: offerPool(database.db),
      applicants: applicantPool(database.db),
    };
    // The confirmation's borrower: an offer and no order (the first of the offer pool).
    const [offer] = await pools.offers.take(1);
    const report: ApiReport = runApi ? await measureApi(database, pools, order, offer!, wanted) : { api: [], notifications: [], duringBursts: [], providerNotifications: [] };
    const pages: PageRow[] = runPages ? await measurePages(borrowerPages(order, offer!), { root, base, chromePath, runs: lighthouseRuns }) : [];

    if (report.api.length) printApi(report.api, duration, connections);
    printBursts(report);
    printCreditDecision(report.creditDecision);
    printDisbursalBatches(report.disbursalBatches);
    printAgreements(report.agreements);
    printPages(pages, lighthouseRuns);

    const failed = report.api.filter((r) => r.failure);
    if (report.disbursalBatches?.some((r) => !r.pass)) {
      console.error('\nFAILED: a disbursal batch left an order unpaid, paid twice or refused');
      process.exitCode = 1;
    }
    if (report.agreements?.some((r) => !r.pass)) {
      console.error("\nFAILED: an agreement's time-stamp token does not verify against its PDF");
      process.exitCode = 1;
    }
    const out = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, duration, connections, lighthouseRuns, summary: apiSummary(report.api), ...report, pages };
    if (failed.length) {
      console.error(`\nFAILED: ${failed.length} API rows answered errors or non-2xx (${failed.map((r) => r.call).join(', ')}): not a measurement; bench/results/latest.json is left as it was`);
      process.exitCode = 1;
    } else if (!only && !callsList) {
      fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
      fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(out, null, 2)}\n`);
      console.log('\nWritten bench/results/latest.json');
    }
  } finally {
    await database?.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

(loadMode ? mainLoad() : main()).catch((e) => {
  console.error(e);
  process.exit(1);
});
