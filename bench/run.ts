/**
 * npm run bench: starts a server on a fresh database, measures the API with
 * autocannon (50 connections, 10 s each, hello-world baseline in the same run),
 * bursts of signed payment notifications (checked in the ledger: one payment
 * per event) and the pages with Lighthouse (mobile preset, median of 3 runs),
 * prints tables and writes bench/results/latest.json. Targets come from the issues.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import postgres from 'postgres';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { loadConfig } from '../apps/server/src/config';
import {
  createDueBorrowers,
  loanPlayDetailRequest,
  mapLimit,
  openBenchDb,
  send,
  storeVoucherRequest,
  webFormRequest,
  type BenchDb,
  type DueBorrower,
  type WebRequest,
} from './fixtures';
import { burst, bystanders, signedDelivery, type BurstRow, type BystanderRow } from './notification-burst';
import { runLoad } from './load';
import { benchPhoto, LISTED_COMPLAINTS, problemListRequest, seedComplaints, uploadRequest, type UploadRequest } from './complaints';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_ONLY=api or BENCH_ONLY=pages runs one half. */
const only = process.env.BENCH_ONLY;
const dbName = process.env.BENCH_DB_NAME ?? 'presta_bench';
/** Lighthouse runs per page; the table reports their median. */
const lighthouseRuns = 3;
/** Deliveries per notification burst. */
const burstSize = 200;
/** Orders (each with one store reference) that the burst of distinct events pays, burstSize / burstOrders events each. */
const burstOrders = 20;
/**
 * generate-vcode is rate-limited per borrower (120 a minute, repayment-routes.ts;
 * borrower calls are keyed by the session's borrower). One borrower would
 * measure the limiter after 120 calls, so the run plays many borrowers taken
 * in turn by all connections: every key stays under 120 in the minute while
 * the calls add up to the real load. 30 borrowers per second of run keeps
 * ~3,600 calls/s under the limit (a 60 s window covers the whole run up to
 * 60 s; longer runs get new windows); any 429 still gets counted and shown,
 * never hidden. The first call of each borrower makes its reference
 * (provider, sequence, insert), the following ones reuse it (what a borrower
 * reopening the voucher does): the row reports how many were made.
 */
const vcodeBorrowerCount = Math.min(1800, Math.max(60, 30 * Math.min(duration, 60)));
const vcodeWarmupBorrowers = 30;

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

const env = { ...process.env, ...benchDbEnv(), PORT: String(port), PUBLIC_BASE_URL: base, PRESTA_DEMO_TOOLS: '1', LOG_LEVEL: 'info' };

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

type ApiRow = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio?: number;
  targets?: string;
  pass?: boolean;
  /** generate-vcode: answers 429 (rate-limited), their share of all answers, the borrowers (client addresses) played and the references made. */
  rateLimited?: number;
  rateLimitedPct?: number;
  borrowers?: number;
  referencesCreated?: number;
  uploadsStored?: number;
  storedBytesAvg?: number;
};

async function cannon(
  title: string,
  opts: { path: string; method?: string; body?: string; headers?: Record<string, string>; requests?: RequestSpec[] },
): Promise<Result> {
  const result = await autocannon({
    url: `${base}${opts.path}`,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
    requests: opts.requests,
    connections,
    duration,
    title,
  });
  return result;
}

/** One request sequence for autocannon: each send takes the next of `list` (shared by all connections, so they spread over it). */
function roundRobin(list: (WebRequest | UploadRequest)[]): RequestSpec[] {
  let next = 0;
  return [
    {
      setupRequest: (req) => {
        const r = list[next++ % list.length]!;
        return { ...req, method: r.method, path: r.path, headers: { ...r.headers }, body: r.body };
      },
    },
  ];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Gzipped size (KB) of every script a built page loads (entry and module preloads under `prefix`). */
function firstLoadJsGzipKb(htmlFile: string, prefix: string): number {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, htmlFile), 'utf8');
  const pattern = new RegExp(`(?:src|href)="(${prefix.replace(/\//g, '\\/')}[^"]+\\.js)"`, 'g');
  const files = [...html.matchAll(pattern)].map((m) => m[1]!);
  const bytes = [...new Set(files)].reduce((acc, f) => acc + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  return Math.round(bytes / 102.4) / 10;
}

async function lighthouseRun(url: string) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const lhr = runner!.lhr;
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)),
      tbtMs: Math.round(Number(lhr.audits['total-blocking-time']?.numericValue ?? 0)),
      cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
      /** Scripts of the first load, bytes on the wire (the server sends brotli to Chrome). */
      jsTransferKb:
        Math.round(
          ((lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [])
            .filter((r) => r.resourceType === 'Script')
            .reduce((acc, r) => acc + (r.transferSize ?? 0), 0) / 102.4,
        ) / 10,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse `runs` times (a fresh Chrome each), every figure the median of
 * the runs: one run's score moves by several points from run to run.
 */
async function lighthouseMedian(url: string, runs: number) {
  const results: Awaited<ReturnType<typeof lighthouseRun>>[] = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseRun(url));
  const m = (k: keyof (typeof results)[number]) => median(results.map((r) => r[k]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    jsTransferKb: m('jsTransferKb'),
    runs: results.map((r) => ({ performance: r.performance, lcpMs: r.lcpMs })),
  };
}

/** The store voucher requests of due borrowers, each for the amount its repayment page quotes (as the page links it). */
async function voucherRequests(borrowers: DueBorrower[]): Promise<WebRequest[]> {
  return mapLimit(borrowers, 8, async (b) => {
    const plan = await send<{ repayAmount: number }>(base, loanPlayDetailRequest(b));
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
  const others = (await createDueBorrowers(database.db, 40)).map((b) => loanPlayDetailRequest(b));
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
  execFileSync('node', ['scripts/web-build.mjs'], { cwd: root, stdio: 'inherit' });
  const ports = [port, port + 1];
  const servers = ports.map((p) =>
    spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
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

/** The demo order the API runs and the loan-details page use (status 174: its first instalment is due today). */
type DemoOrder = { params: Record<string, string>; productId: unknown; orderId: unknown; urls: Record<string, string> };

const apiRow = (name: string, r: Result): ApiRow => ({
  name,
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
});

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** The baseline and the loan calls of the demo order: a warm-up, then the measured runs. */
async function measureLoanCalls(order: DemoOrder) {
  const query = new URLSearchParams(order.params).toString();
  const loanBody = new URLSearchParams({ productId: String(order.productId), orderId: String(order.orderId) }).toString();
  const confirmBody = new URLSearchParams({ productId: String(order.productId) }).toString();
  await autocannon({ url: `${base}/api/hello`, connections: 10, duration: 2 });
  await autocannon({ url: `${base}/v3/loan-details/loan-details?${query}`, method: 'POST', body: loanBody, headers: formHeaders, connections: 10, duration: 2 });
  const hello = await cannon('hello-world', { path: '/api/hello' });
  const details = await cannon('loan-details', { path: `/v3/loan-details/loan-details?${query}`, method: 'POST', body: loanBody, headers: formHeaders });
  const confirm = await cannon('loan-detail-confirm', { path: `/v3/loan-confirm/loan-detail-confirm?${query}`, method: 'POST', body: confirmBody, headers: formHeaders });
  return { hello, details, confirm };
}

/** The repayment page's call for the demo order, and the voucher call spread over many due borrowers, each from its own address. */
async function measureRepaymentCalls(database: BenchDb, order: DemoOrder) {
  // The repayment page's call, exactly as the web app sends it.
  const playDetail = webFormRequest(apiRoutes.loanPlayDetail.path, order.params, { productId: String(order.productId), orderId: String(order.orderId) });
  // The voucher call: many due borrowers, each from its own address (see vcodeBorrowerCount).
  const vcodeBorrowers = await createDueBorrowers(database.db, vcodeBorrowerCount + vcodeWarmupBorrowers);
  const vcodeAll = await voucherRequests(vcodeBorrowers);
  const vcodeWarmup = vcodeAll.slice(0, vcodeWarmupBorrowers);
  const vcodeMeasured = vcodeAll.slice(vcodeWarmupBorrowers);
  const vcodeOrderIds = vcodeBorrowers.slice(vcodeWarmupBorrowers).map((b) => Number(b.orderId));
  // Fresh statistics after the bulk inserts, rather than an autovacuum analyze starting in the middle of a run.
  await database.sql`analyze`;

  await autocannon({ url: `${base}${playDetail.path}`, method: 'POST', body: playDetail.body, headers: playDetail.headers, connections: 10, duration: 2 });
  const play = await cannon('loan-play-detail', { path: playDetail.path, method: 'POST', body: playDetail.body, headers: playDetail.headers });
  await autocannon({ url: `${base}/`, requests: roundRobin(vcodeWarmup), connections: 10, duration: 2 });
  const vcode = await cannon('generate-vcode', { path: '/', requests: roundRobin(vcodeMeasured) });
  return { play, vcode, vcodeBorrowers, measuredBorrowers: vcodeMeasured.length, vcodeOrderIds };
}

/**
 * Complaints: the list of a borrower with complaints in every state; uploads of a
 * photo-sized JPEG spread over the voucher borrowers (uploads are limited per
 * borrower: 30 a minute, 30 unattached in 2 hours), 10 connections (CPU-bound).
 */
async function measureComplaintCalls(database: BenchDb, borrowers: DueBorrower[]): Promise<ApiRow[]> {
  const lister = borrowers[0]!;
  await seedComplaints(database, lister);
  const listReq = problemListRequest(lister);
  await autocannon({ url: `${base}${listReq.path}`, method: 'POST', body: listReq.body, headers: listReq.headers, connections: 10, duration: 2 });
  const problemListResult = await cannon('problem-list', { path: listReq.path, method: 'POST', body: listReq.body, headers: listReq.headers });
  const photo = await benchPhoto();
  const uploads = borrowers.map((b) => uploadRequest(b, photo));
  const uploadResult = await autocannon({ url: `${base}/`, requests: roundRobin(uploads), connections: 10, duration, title: 'upload-problem-img' });
  const [stored] = await database.sql<{ n: number; bytes: number }[]>`select count(*)::int as n, coalesce(avg(length(bytes)), 0)::int as bytes from complaint_images`;
  return [
    { ...apiRow(`problem-list (${LISTED_COMPLAINTS} complaints in 3 tabs)`, problemListResult) },
    {
      ...apiRow(`upload-problem-img (${Math.round(photo.length / 1024)} KB JPEG, 10 connections)`, uploadResult),
      rateLimited: uploadResult.statusCodeStats?.['429']?.count ?? 0,
      uploadsStored: stored?.n ?? 0,
      storedBytesAvg: stored?.bytes ?? 0,
    },
  ];
}

/** The voucher call's row: its 429s and their share, the borrowers played and the references made. */
async function voucherRow(database: BenchDb, vcode: Result, borrowers: number, orderIds: number[]): Promise<ApiRow> {
  const row = apiRow('generate-vcode (store, requestType 1)', vcode);
  const answers = Object.values(vcode.statusCodeStats ?? {}).reduce((acc, x) => acc + x.count, 0);
  row.rateLimited = vcode.statusCodeStats?.['429']?.count ?? 0;
  row.rateLimitedPct = Math.round((row.rateLimited / Math.max(1, answers)) * 1000) / 10;
  row.borrowers = borrowers;
  const [made] = await database.sql<{ n: number }[]>`select count(*)::int as n from payment_references where order_id = any(${orderIds})`;
  row.referencesCreated = made?.n ?? 0;
  return row;
}

/** Each call's rate as a share of the baseline's; loan-details against its target. */
function judgeApiRows(api: ApiRow[]): void {
  for (const r of api.slice(1)) r.ratio = Math.round((r.rps / Math.max(1, api[0]!.rps)) * 1000) / 10;
  const ld = api[1]!;
  ld.targets = '≥35% of baseline rps, p99 ≤ 25 ms';
  ld.pass = (ld.ratio ?? 0) >= 35 && ld.p99 <= 25 && ld.non2xx === 0;
}

type ApiReport = { api: ApiRow[]; notifications: BurstRow[]; duringBursts: BystanderRow[] };

/** Every API run, in the order that keeps the conditions of earlier results; then the notification bursts. */
async function measureApi(database: BenchDb, order: DemoOrder, loan: Awaited<ReturnType<typeof measureLoanCalls>>): Promise<ApiReport> {
  const repayment = await measureRepaymentCalls(database, order);
  const complaintRows = await measureComplaintCalls(database, repayment.vcodeBorrowers);
  const api = [
    apiRow('hello-world (baseline)', loan.hello),
    apiRow('loan-details', loan.details),
    apiRow('loan-detail-confirm', loan.confirm),
    apiRow('loan-play-detail', repayment.play),
    await voucherRow(database, repayment.vcode, repayment.measuredBorrowers, repayment.vcodeOrderIds),
    ...complaintRows,
  ];
  judgeApiRows(api);
  const bursts = await notificationBursts(database);
  return { api, notifications: bursts.bursts, duringBursts: bursts.bystanders };
}

/** Lighthouse on the loan details page, the promotion page (issue 5) and, when built, the marketing home (issue 6). */
async function measurePages(order: DemoOrder): Promise<Record<string, unknown>[]> {
  const pages: Record<string, unknown>[] = [];
  const lh = await lighthouseMedian(order.urls.loanDetails!, lighthouseRuns);
  pages.push({ page: 'loan details', url: '/loan-details', ...lh, targets: 'performance ≥90, accessibility ≥95', pass: lh.performance >= 90 && lh.accessibility >= 95 });
  // The promotion landing page: its own build; first-load JS gzipped from the built files.
  const promo = await lighthouseMedian(`${base}/promo/?id=1&utm_tag=bench`, lighthouseRuns);
  const jsGzipKb = firstLoadJsGzipKb('promo/index.html', '/promo/assets/');
  pages.push({
    page: 'promotion (registration)',
    url: '/promo/',
    ...promo,
    jsGzipKb,
    targets: 'performance ≥95, LCP ≤1500 ms, first-load JS ≤90 KB gzip',
    pass: promo.performance >= 95 && promo.lcpMs <= 1500 && jsGzipKb <= 90,
  });
  if (fs.existsSync(path.join(root, 'apps/web/dist/site/index.html'))) {
    const home = await lighthouseMedian(`${base}/`, lighthouseRuns);
    const homeJs = firstLoadJsGzipKb('site/index.html', '/site/assets/');
    pages.push({
      page: 'marketing home',
      url: '/',
      ...home,
      jsGzipKb: homeJs,
      targets: 'performance ≥98, LCP ≤1200 ms, SEO ≥95, accessibility ≥95, first-load JS ≤30 KB gzip',
      pass: home.performance >= 98 && home.lcpMs <= 1200 && home.seo >= 95 && home.accessibility >= 95 && homeJs <= 30,
    });
  }
  return pages;
}

function printApi(api: ApiRow[]): void {
  console.log('\nAPI (autocannon, 50 connections, %d s each)', duration);
  console.table(api.map((r) => ({ call: r.name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, '% of baseline': r.ratio ?? '', errors: r.errors, non2xx: r.non2xx, '429s': r.rateLimited ?? '', target: r.targets ?? '', pass: r.pass ?? '' })));
  for (const r of api) {
    if (r.uploadsStored !== undefined) console.log(`${r.name}: ${r.uploadsStored} images stored, re-encoded to ${r.storedBytesAvg} bytes on average; ${r.rateLimited} rate-limited answers`);
    if (r.borrowers !== undefined) {
      console.log(`${r.name}: ${r.borrowers} borrowers, each from its own client address; ${r.rateLimited} rate-limited answers (${r.rateLimitedPct}%); ${r.referencesCreated} references made (each borrower's first call), the other calls reused them`);
    }
  }
}

function printBursts({ notifications, duringBursts }: ApiReport): void {
  if (notifications.length) {
    console.log('\nPayment notifications (sandbox, %d concurrent deliveries per burst, signed)', burstSize);
    console.table(notifications.map((n) => ({ burst: n.name, deliveries: n.deliveries, events: n.events, 'total ms': n.totalMs, 'req/s': n.rps, 'p50 ms': n.p50, 'p99 ms': n.p99, 'non-200': n.non200, retried: n.retried, 'applied: true': n.applied, 'ledger payments': n.ledgerPayments, 'one payment per event': n.exactlyOnce ? 'PASS' : 'FAIL', pass: n.pass })));
  }
  if (duringBursts.length) {
    console.log('\nOther borrowers (loan-play-detail, 10 clients) around the notification bursts (3 s at least, the burst from 0.5 s)');
    console.table(duringBursts.map((b) => ({ while: b.name, requests: b.requests, 'p50 ms': b.p50, 'p99 ms': b.p99, 'max ms': b.max, 'non-200': b.non200, target: b.targets, pass: b.pass })));
  }
}

function printPages(pages: Record<string, unknown>[]): void {
  if (pages.length) console.log('\nPages (Lighthouse, mobile preset, median of %d runs; runs: performance/LCP)', lighthouseRuns);
  if (pages.length) console.table(pages.map(({ runs, ...p }) => ({ ...p, runs: (runs as { performance: number; lcpMs: number }[]).map((r) => `${r.performance}/${r.lcpMs}ms`).join(' ') })));
}

async function main() {
  await resetDb();
  execFileSync('node', ['scripts/web-build.mjs'], { cwd: root, stdio: 'inherit' });
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let database: BenchDb | undefined;
  try {
    await waitFor(`${base}/api/health`);
    const order = demo(['order', '--status', '174']) as DemoOrder;
    let report: ApiReport = { api: [], notifications: [], duringBursts: [] };
    if (only !== 'pages') {
      const loan = await measureLoanCalls(order);
      // The repayment calls' fixtures are made after the runs above, which thus keep the conditions of earlier results.
      database = await openBenchDb(benchDbOptions());
      report = await measureApi(database, order, loan);
    }
    const pages = only !== 'api' ? await measurePages(order) : [];

    printApi(report.api);
    printBursts(report);
    printPages(pages);

    const out = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, duration, connections, lighthouseRuns, ...report, pages };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    if (!only) {
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
