/**
 * npm run bench: starts a server on a fresh database, measures the API with
 * autocannon (50 connections, 10 s each, hello-world baseline in the same run)
 * and the pages with Lighthouse (mobile preset), prints a table and writes
 * bench/results/latest.json. Targets come from the issues.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import autocannon, { type Result } from 'autocannon';
import postgres from 'postgres';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_ONLY=api or BENCH_ONLY=pages runs one half. */
const only = process.env.BENCH_ONLY;
const dbName = process.env.BENCH_DB_NAME ?? 'presta_bench';

function benchDbEnv(): Record<string, string> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${dbName}`;
    return { DATABASE_URL: url.toString() };
  }
  return { PRESTA_DATA_DIR: 'data/bench', EMBEDDED_PG_PORT: '54359' };
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
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

function demo(args: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/demo.ts', ...args], { cwd: root, env, encoding: 'utf8' });
  return JSON.parse(out.slice(out.indexOf('{'))) as Record<string, unknown>;
}

type ApiRow = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number; ratio?: number; targets?: string; pass?: boolean };

async function cannon(title: string, opts: { path: string; method?: string; body?: string; headers?: Record<string, string> }): Promise<Result> {
  const result = await autocannon({
    url: `${base}${opts.path}`,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
    connections,
    duration,
    title,
  });
  return result;
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
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  await resetDb();
  execFileSync('node', ['scripts/web-build.mjs'], { cwd: root, stdio: 'inherit' });
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(`${base}/api/health`);
    const order = demo(['order', '--status', '174']);
    const params = order.params as Record<string, string>;
    const query = new URLSearchParams(params).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const loanBody = new URLSearchParams({ productId: String(order.productId), orderId: String(order.orderId) }).toString();
    const confirmBody = new URLSearchParams({ productId: String(order.productId) }).toString();

    const api: ApiRow[] = [];
    if (only !== 'pages') {
      // Warm-up, then the measured runs.
      await autocannon({ url: `${base}/api/hello`, connections: 10, duration: 2 });
      await autocannon({ url: `${base}/v3/loan-details/loan-details?${query}`, method: 'POST', body: loanBody, headers: form, connections: 10, duration: 2 });
      const hello = await cannon('hello-world', { path: '/api/hello' });
      const details = await cannon('loan-details', { path: `/v3/loan-details/loan-details?${query}`, method: 'POST', body: loanBody, headers: form });
      const confirm = await cannon('loan-detail-confirm', { path: `/v3/loan-confirm/loan-detail-confirm?${query}`, method: 'POST', body: confirmBody, headers: form });
      const row = (name: string, r: Result): ApiRow => ({
        name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
      api.push(row('hello-world (baseline)', hello), row('loan-details', details), row('loan-detail-confirm', confirm));
      for (const r of api.slice(1)) r.ratio = Math.round((r.rps / Math.max(1, api[0]!.rps)) * 1000) / 10;
      const ld = api[1]!;
      ld.targets = '≥35% of baseline rps, p99 ≤ 25 ms';
      ld.pass = (ld.ratio ?? 0) >= 35 && ld.p99 <= 25 && ld.non2xx === 0;
    }

    const pages: Record<string, unknown>[] = [];
    if (only !== 'api') {
      const detailsUrl = (order.urls as Record<string, string>).loanDetails;
      const lh = await lighthouseRun(detailsUrl!);
      pages.push({ page: 'loan details', url: '/loan-details', ...lh, targets: 'performance ≥90, accessibility ≥95', pass: lh.performance >= 90 && lh.accessibility >= 95 });
    }

    console.log('\nAPI (autocannon, 50 connections, %d s each)', duration);
    console.table(api.map((r) => ({ call: r.name, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, '% of baseline': r.ratio ?? '', errors: r.errors, non2xx: r.non2xx, target: r.targets ?? '', pass: r.pass ?? '' })));
    console.log('\nPages (Lighthouse, mobile preset)');
    console.table(pages);

    const out = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, duration, connections, api, pages };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    if (!only) {
      fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(out, null, 2)}\n`);
      console.log('\nWritten bench/results/latest.json');
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
