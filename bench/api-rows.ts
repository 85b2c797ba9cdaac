/**
 * The API rows of npm run bench: each call sent once and checked (a wrong
 * fixture fails fast with the server's message), warmed up, then measured
 * with autocannon; every row must answer 2xx only (generate-vcode's 429s
 * apart, counted and shown); then judged against issue 18's targets, as a
 * share of the hello-world baseline's requests per second and a multiple of
 * its p99 in the same run.
 */
import path from 'node:path';
import autocannon, { type Options, type RequestSpec, type Result } from 'autocannon';
import { ms2, recordLatencies, type Latencies } from './latency';
import { sendAnswer, type RateLimit, type WebRequest } from './fixtures';
import { cpuMsOf } from './server-cpu';
import type { UploadRequest } from './complaints';

export type BenchRequest = WebRequest | UploadRequest;

/** Every API row by its BENCH_CALLS name, in the table's order (hello-world, the baseline, always runs). */
export const benchCalls = [
  'loan-details',
  'loan-detail-confirm',
  'loan-play-detail',
  'loan-play-delay-detail',
  'contract-detail',
  'loan-statement',
  'problem-init',
  'problem-list',
  'problem-detail',
  'my-loans',
  'home',
  'offers',
  'generate-vcode',
  'upload-problem-img',
  'save-step',
  'upload-document',
] as const;
export type BenchCall = (typeof benchCalls)[number] | 'hello-world';

/** Issue 18's targets: at least `minShare` % of the baseline's requests per second, p99 at most `maxP99x` × the baseline's p99. */
type Target = { minShare: number; maxP99x: number };

/**
 * loan-details; every other borrower read; generate-vcode (it writes). upload-problem-img has no target in issue 18,
 * nor the application's calls in issue 34 (their p99 is reported).
 */
function targetOf(call: BenchCall): Target | undefined {
  if (call === 'hello-world' || call === 'upload-problem-img' || call === 'save-step' || call === 'upload-document') return undefined;
  if (call === 'loan-details') return { minShare: 50, maxP99x: 2 };
  if (call === 'generate-vcode') return { minShare: 10, maxP99x: 8 };
  return { minShare: 20, maxP99x: 4 };
}

export type ApiRow = {
  call: BenchCall;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers by status other than 2xx (e.g. { '409': 44000 }). */
  statuses?: Record<string, number>;
  /** Share of the baseline's requests per second, %. */
  ratio?: number;
  /** p99 as a multiple of the baseline's p99. */
  p99x?: number;
  targets?: string;
  pass?: boolean;
  /** Why the row is not a measurement of its call: errors or answers other than 2xx (the run exits non-zero). */
  failure?: string;
  /** Rate-limited calls: the borrowers the requests were spread over, each under the call's limit. */
  borrowers?: number;
  rateLimitMax?: number;
  rateLimitWindowS?: number;
  /** generate-vcode: answers 429 (rate-limited), their share of all answers and the references made. */
  rateLimited?: number;
  rateLimitedPct?: number;
  referencesCreated?: number;
  uploadsStored?: number;
  storedBytesAvg?: number;
  /**
   * Calls spread over many borrowers: the first call of each borrower (cold caches: read from the database),
   * sent once per borrower at the run's connections before the measured run, which then serves warm caches.
   */
  firstCalls?: { calls: number; rps: number; p50: number; p99: number; seconds: number };
  /**
   * Seconds at the end of the measured run past the cache lifetime (CACHE_TTL_MS) of the entries its first calls
   * made: those seconds re-read them from the database (the first calls, the warm-up and the run took longer).
   */
  pastCacheLifetimeS?: number;
  /** The server's CPU time per answer of the measured run, µs (server-cpu.ts); steadier from run to run than req/s. */
  cpuUs?: number;
  /** The server's CPU time over the run's wall time, %: under ~95 % the load generator, not the server, set the pace. */
  busyPct?: number;
};

/** `serverPid`: the server's process, whose CPU time each run reads (server-cpu.ts). */
export type CannonOptions = { base: string; connections: number; duration: number; serverPid?: number };

/** One request sequence for autocannon: each send takes the next of `list` (shared by all connections, so they spread over it). */
function roundRobin(list: BenchRequest[]): RequestSpec[] {
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

/** An autocannon run's result, its 2xx answers' p50 and p99 to 0.01 ms (latency.ts) and the server's CPU time over it (ms). */
export type Timed = { result: Result; latency: Latencies; serverCpuMs?: number };

/** BENCH_LATENCY_DUMP=<dir>: every run's answers, a line each (end ms, time ms), in <dir>/<title>.txt. */
const latencyDumpDir = process.env.BENCH_LATENCY_DUMP;

/** autocannon, every 2xx answer timed, and the CPU time the server (`serverPid`) spent meanwhile. */
async function timedRun(options: Options, serverPid?: number): Promise<Timed> {
  const cpuBefore = cpuMsOf(serverPid);
  const instance = autocannon(options);
  const dumpTo = latencyDumpDir ? path.join(latencyDumpDir, `${(options.title ?? 'run').replace(/[^\w.-]+/g, '_')}.txt`) : undefined;
  const latency = recordLatencies(instance, dumpTo);
  const result = await instance;
  const cpuAfter = cpuMsOf(serverPid);
  return { result, latency: latency(), ...(cpuBefore !== undefined && cpuAfter !== undefined ? { serverCpuMs: cpuAfter - cpuBefore } : {}) };
}

/**
 * autocannon on one request (the same bytes every time) or spread over a list
 * (round robin over all connections: rate-limited calls, many borrowers).
 */
function cannon(opts: CannonOptions, title: string, requests: BenchRequest | BenchRequest[], run: { connections: number; duration: number }): Promise<Timed> {
  const common = { connections: run.connections, duration: run.duration, title };
  if (Array.isArray(requests)) {
    if (requests.length === 1) return cannon(opts, title, requests[0]!, run);
    return timedRun({ url: `${opts.base}/`, requests: roundRobin(requests), ...common }, opts.serverPid);
  }
  const r = requests;
  if (typeof r.body !== 'string') return timedRun({ url: `${opts.base}/`, requests: roundRobin([r]), ...common }, opts.serverPid);
  return timedRun({ url: `${opts.base}${r.path}`, method: r.method, body: r.body, headers: r.headers, ...common }, opts.serverPid);
}

/**
 * The first call of every borrower of a spread list, each sent once (round robin over `connections`): what a
 * borrower's first read costs while the caches do not hold them yet.
 */
export async function firstCalls(opts: CannonOptions, call: BenchCall, requests: BenchRequest[]): Promise<NonNullable<ApiRow['firstCalls']>> {
  const run = await timedRun(
    { url: `${opts.base}/`, requests: roundRobin(requests), connections: opts.connections, amount: requests.length, title: `${call} (first calls)` },
    opts.serverPid,
  );
  const row = apiRow(call, `${call} (first calls)`, run);
  if (row.failure) throw new Error(row.failure);
  return { calls: run.result.requests.total ?? requests.length, rps: row.rps, p50: row.p50, p99: row.p99, seconds: run.result.duration };
}

/** The baseline: GET /api/hello, after a 2 s warm-up. */
export async function measureBaseline(opts: CannonOptions): Promise<ApiRow> {
  await autocannon({ url: `${opts.base}/api/hello`, connections: 10, duration: 2 });
  return apiRow(
    'hello-world',
    'hello-world (baseline)',
    await timedRun({ url: `${opts.base}/api/hello`, connections: opts.connections, duration: opts.duration, title: 'hello-world' }, opts.serverPid),
  );
}

/**
 * Sends `verify` once and checks it succeeds (throws with the server's status,
 * code and message otherwise) and returns the call's rate limit, if any.
 */
export async function verifyCall(base: string, call: BenchCall, verify: BenchRequest): Promise<RateLimit | undefined> {
  try {
    return (await sendAnswer(base, verify)).rateLimit;
  } catch (e) {
    throw new Error(`bench call ${call}: its request fails before the run: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/**
 * One call's row: a 2 s warm-up at 10 connections (`warmup`, else the
 * measured requests), then the measured run. The caller has verified the
 * request (verifyCall) first.
 */
export async function measureCall(
  opts: CannonOptions,
  call: BenchCall,
  name: string,
  requests: BenchRequest | BenchRequest[],
  extra: { warmup?: BenchRequest[]; connections?: number; allowed429?: boolean } = {},
): Promise<{ row: ApiRow; result: Result }> {
  await cannon(opts, `${call} (warm-up)`, extra.warmup ?? requests, { connections: 10, duration: 2 });
  const run = await cannon(opts, call, requests, { connections: extra.connections ?? opts.connections, duration: opts.duration });
  return { row: apiRow(call, name, run, extra.allowed429), result: run.result };
}

/** A row from autocannon's result and the run's own latencies; errors and answers other than 2xx (429s too, unless `allowed429`) mark it failed. */
function apiRow(call: BenchCall, name: string, { result: r, latency, serverCpuMs }: Timed, allowed429 = false): ApiRow {
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(r.statusCodeStats ?? {})) if (!status.startsWith('2')) statuses[status] = count;
  const answers = r.requests.total ?? 0;
  const row: ApiRow = {
    call,
    name,
    rps: Math.round(r.requests.average),
    p50: latency.p50,
    p99: latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(Object.keys(statuses).length ? { statuses } : {}),
    ...(serverCpuMs !== undefined && answers > 0 ? { cpuUs: Math.round((serverCpuMs * 1000) / answers), busyPct: Math.round(serverCpuMs / 10 / r.duration) } : {}),
  };
  const refused = r.non2xx - (allowed429 ? (statuses['429'] ?? 0) : 0);
  if (row.errors > 0 || refused > 0 || r.requests.total === 0) {
    const answers = Object.entries(statuses).map(([status, n]) => `${n}× ${status}`).join(', ');
    row.failure = `${name}: ${row.errors} errors/timeouts, ${r.non2xx} answers other than 2xx${answers ? ` (${answers})` : ''}${allowed429 ? ', 429s apart' : ''}`;
  }
  return row;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Every row against its target, relative to the baseline (the row of hello-world) of the same run. */
export function judgeApiRows(rows: ApiRow[]): void {
  const baseline = rows.find((r) => r.call === 'hello-world');
  if (!baseline) return;
  for (const r of rows) {
    if (r === baseline) continue;
    r.ratio = round1((r.rps / Math.max(1, baseline.rps)) * 100);
    r.p99x = Math.round((r.p99 / Math.max(0.01, baseline.p99)) * 100) / 100;
    const target = targetOf(r.call);
    if (!target) continue;
    const p99Max = target.maxP99x * baseline.p99;
    r.targets = `≥${target.minShare}% of baseline req/s, p99 ≤ ${target.maxP99x}× baseline (${ms2(p99Max)} ms)`;
    r.pass = r.ratio >= target.minShare && r.p99 <= p99Max && !r.failure;
  }
}

/** One line: how many rows with a target pass, which do not, and the rows that failed to measure. */
export function apiSummary(rows: ApiRow[]): string {
  const judged = rows.filter((r) => r.pass !== undefined);
  const passing = judged.filter((r) => r.pass);
  const missed = judged.filter((r) => !r.pass).map((r) => r.call);
  const failed = rows.filter((r) => r.failure).map((r) => r.call);
  return (
    `API targets (issue 18): ${passing.length} of ${judged.length} rows pass` +
    (missed.length ? `; below target: ${missed.join(', ')}` : '') +
    (failed.length ? `; FAILED (errors or non-2xx answers): ${failed.join(', ')}` : '; every row answered 2xx')
  );
}

export function printApi(rows: ApiRow[], duration: number, connections: number): void {
  console.log('\nAPI (autocannon, %d connections, %d s each; targets of issue 18 against the baseline of this run)', connections, duration);
  console.table(
    rows.map((r) => ({
      call: r.name,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      '% of baseline': r.ratio ?? '',
      'p99 × baseline': r.p99x ?? '',
      'server µs/answer': r.cpuUs ?? '',
      'server busy %': r.busyPct ?? '',
      errors: r.errors,
      non2xx: r.non2xx,
      '429s': r.rateLimited ?? '',
      target: r.targets ?? '',
      pass: r.pass ?? '',
    })),
  );
  for (const r of rows) {
    if (r.uploadsStored !== undefined) console.log(`${r.name}: ${r.uploadsStored} images stored, re-encoded to ${r.storedBytesAvg} bytes on average; ${r.rateLimited} rate-limited answers`);
    if (r.referencesCreated !== undefined) {
      console.log(
        `${r.name}: ${r.borrowers} borrowers (the call allows ${r.rateLimitMax} per borrower every ${r.rateLimitWindowS} s), each from its own client address; ${r.rateLimited} rate-limited answers (${r.rateLimitedPct}%); ${r.referencesCreated} references made (each borrower's first call), the other calls reused them`,
      );
    } else if (r.borrowers !== undefined) {
      console.log(`${r.name}: spread over ${r.borrowers} borrowers (the call allows ${r.rateLimitMax} per borrower every ${r.rateLimitWindowS} s)`);
    }
    const f = r.firstCalls;
    if (f) console.log(`${r.name}: each borrower's first call (cold caches, before the run): ${f.calls} calls in ${f.seconds} s, ${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`);
    if (r.pastCacheLifetimeS) console.log(`${r.name}: the last ${r.pastCacheLifetimeS} s of the run read entries past their cache lifetime (CACHE_TTL_MS), made by the first calls: re-read from the database`);
  }
  for (const r of rows) if (r.failure) console.error(`FAILED ${r.failure}`);
  console.log(apiSummary(rows));
}
