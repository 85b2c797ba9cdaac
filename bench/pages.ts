/**
 * The pages of npm run bench: Lighthouse (mobile preset, a fresh Chrome per
 * run, every figure the median of the runs) on the borrower pages of issue 18,
 * the promotion page (issue 5) and the marketing home (issue 6), and last the
 * host's floor: a page of one heading and no script, served by the bench
 * itself, which shows what this host and this Lighthouse read for a page that
 * does no work (on a slow host its TBT alone can pass 100 ms: decision 020).
 *
 * First-load JavaScript of a borrower page (a Vite SPA: apps/web/dist/index.html
 * and a chunk per route) is the gzip -9 size of every script the page loaded
 * in Lighthouse's run (its network-requests audit, resource type Script),
 * each read from apps/web/dist by its URL path: comparable with a target in
 * "KB gzip" whatever the server sent (brotli to Chrome; its bytes on the wire
 * are reported apart, jsTransferKb).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromiumFlags } from '../scripts/chromium-flags';

export type PagesOptions = { root: string; base: string; chromePath: string; runs: number };

/** A borrower page of issue 18 and its address (session parameters in the query, as the native app opens it). */
export type BorrowerPage = { page: string; url: string };

type RunFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts of the first load: their bytes on the wire (KB), their gzip -9 size from the build (KB), how many. */
  jsTransferKb: number;
  jsGzipKb: number;
  jsFiles: number;
  /** The LCP element (its selector) and the phases of its time, ms: TTFB, load delay, load time, render delay. */
  lcpElement: string;
  lcpPhases: string;
  /** What the unthrottled page load did (Lighthouse's observed metrics, ms): first paint of content, LCP, DOMContentLoaded. */
  observed: string;
  /**
   * Lighthouse's measure of the host's CPU (environment.benchmarkIndex). The mobile preset's 4× CPU slowdown is
   * meant for a host of 1500-2000 (Lighthouse's docs/throttling.md): on a weaker one every task, and so TBT, is
   * simulated slower than the phone the preset stands for.
   */
  benchmarkIndex: number;
};

export type PageRow = Omit<RunFigures, 'jsGzipKb' | 'jsFiles' | 'lcpElement' | 'lcpPhases' | 'observed'> & {
  page: string;
  url: string;
  /** The issue whose targets the row is judged against (18: the borrower pages; 0: the host's floor, no target). */
  issue: number;
  jsGzipKb?: number;
  jsFiles?: number;
  targets: string;
  /** null: a row without a target (the host's floor). */
  pass: boolean | null;
  runs: { performance: number; lcpMs: number; lcpElement?: string; lcpPhases?: string; observed?: string }[];
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const gzipSizes = new Map<string, number>();

/** gzip -9 size of a built file (cached: the build does not change during a run). */
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) gzipSizes.set(file, (size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length));
  return size;
}

/** Gzipped size (KB) of every script a built page names (entry and module preloads under `prefix`). */
function firstLoadJsGzipKb(dist: string, htmlFile: string, prefix: string): number {
  const html = fs.readFileSync(path.join(dist, htmlFile), 'utf8');
  const pattern = new RegExp(`(?:src|href)="(${prefix.replace(/\//g, '\\/')}[^"]+\\.js)"`, 'g');
  const files = [...new Set([...html.matchAll(pattern)].map((m) => m[1]!))];
  return kb(files.reduce((acc, f) => acc + gzipSize(path.join(dist, f)), 0));
}

type NetworkItem = { url?: string; resourceType?: string; transferSize?: number; statusCode?: number };

/** Problems met while sizing scripts, each named once on standard error. */
const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.error(message);
}

/**
 * The scripts of one run (answered 2xx: a script answered 404 runs nothing
 * and is named on standard error): bytes on the wire, and each one's gzip -9
 * size read from the build by its URL path (a script not found there counts
 * its bytes on the wire and is named).
 */
function scriptSizes(pageUrl: string, items: NetworkItem[], opts: PagesOptions): Pick<RunFigures, 'jsTransferKb' | 'jsGzipKb' | 'jsFiles'> {
  const requested = items.filter((r) => r.resourceType === 'Script' && r.url);
  const ok = (r: NetworkItem) => r.statusCode === undefined || (r.statusCode >= 200 && r.statusCode < 300);
  for (const r of requested.filter((x) => !ok(x))) warnOnce(`${new URL(pageUrl).pathname}: the page asks for the script ${new URL(r.url!).pathname}, answered ${r.statusCode}: not counted`);
  const scripts = requested.filter(ok);
  const dist = path.join(opts.root, 'apps/web/dist');
  const seen = new Set<string>();
  let gzip = 0;
  for (const s of scripts) {
    const url = new URL(s.url!);
    if (seen.has(url.pathname)) continue;
    seen.add(url.pathname);
    const file = path.join(dist, decodeURIComponent(url.pathname));
    if (url.origin === new URL(opts.base).origin && file.startsWith(dist + path.sep) && fs.existsSync(file)) {
      gzip += gzipSize(file);
    } else {
      warnOnce(`first-load JS: ${s.url} is not a file of apps/web/dist; its ${s.transferSize ?? 0} bytes on the wire are counted instead`);
      gzip += s.transferSize ?? 0;
    }
  }
  return { jsTransferKb: kb(scripts.reduce((acc, r) => acc + (r.transferSize ?? 0), 0)), jsGzipKb: kb(gzip), jsFiles: seen.size };
}

type LcpDetails = { items?: { items?: { node?: { selector?: string }; timing?: number }[] }[] };

/**
 * The unthrottled load's own times (Lighthouse simulates the throttled ones
 * from it: what came before its LCP paint counts before the simulated one).
 */
function observedTimes(details: unknown): string {
  const m = ((details as { items?: Record<string, number | undefined>[] } | undefined)?.items ?? [])[0] ?? {};
  const ms = (k: string) => (typeof m[k] === 'number' ? Math.round(m[k]) : '?');
  return `FCP ${ms('observedFirstContentfulPaint')} LCP ${ms('observedLargestContentfulPaint')} DCL ${ms('observedDomContentLoaded')}`;
}

/** The LCP element's selector and its phases (TTFB / load delay / load time / render delay, ms) from Lighthouse's audit. */
function lcpBreakdown(details: unknown): Pick<RunFigures, 'lcpElement' | 'lcpPhases'> {
  const [elements, phases] = (details as LcpDetails | undefined)?.items ?? [];
  return {
    lcpElement: elements?.items?.[0]?.node?.selector ?? '',
    lcpPhases: (phases?.items ?? []).map((p) => Math.round(p.timing ?? 0)).join('/'),
  };
}

async function lighthouseRun(url: string, opts: PagesOptions): Promise<RunFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: opts.chromePath,
    chromeFlags: [
      '--headless=new',
      ...chromiumFlags,
      // Chromium 156's headless mode still runs the browser's omnibox popups (chrome://omnibox-popup.top-chrome/,
      // two WebUI pages of the browser, not of the page): on each navigation their scripts ran for 100-330 ms in a
      // renderer of their own, on the same two cores as the page under test (decision 020).
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
  try {
    const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = runner.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)),
      tbtMs: Math.round(Number(lhr.audits['total-blocking-time']?.numericValue ?? 0)),
      cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
      ...scriptSizes(url, items, opts),
      ...lcpBreakdown(lhr.audits['largest-contentful-paint-element']?.details),
      observed: observedTimes(lhr.audits.metrics?.details),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's own trace failures (the page was fine): one run is tried again, at most twice. */
const traceFlake = /\bNO_NAVSTART\b|\bNO_TRACING_STARTED\b/;

async function lighthouseRunRetried(url: string, opts: PagesOptions): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, opts);
    } catch (error) {
      if (attempt > 2 || !traceFlake.test(String(error))) throw error;
      console.warn(`  ${String(error)}: run again`);
    }
  }
}

/** Lighthouse `opts.runs` times (a fresh Chrome each), every figure the median of the runs: one run's score moves by several points. */
async function lighthouseMedian(url: string, opts: PagesOptions) {
  const results: RunFigures[] = [];
  for (let i = 0; i < opts.runs; i++) results.push(await lighthouseRunRetried(url, opts));
  const m = (k: Exclude<keyof RunFigures, 'lcpElement' | 'lcpPhases' | 'observed'>) => median(results.map((r) => r[k]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    jsTransferKb: m('jsTransferKb'),
    jsGzipKb: m('jsGzipKb'),
    jsFiles: m('jsFiles'),
    benchmarkIndex: m('benchmarkIndex'),
    runs: results.map((r) => ({ performance: r.performance, lcpMs: r.lcpMs, lcpElement: r.lcpElement, lcpPhases: r.lcpPhases, observed: r.observed })),
  };
}

/** Issue 18's targets for each borrower page under the mobile preset. */
const borrowerTargets = { performance: 97, lcpMs: 1500, tbtMs: 100, jsGzipKb: 100 };

/** The borrower pages (issue 18), then the promotion page (issue 5) and, when built, the marketing home (issue 6). */
export async function measurePages(borrowerPages: BorrowerPage[], opts: PagesOptions): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  const t = borrowerTargets;
  for (const { page, url } of borrowerPages) {
    const lh = await lighthouseMedian(url, opts);
    rows.push({
      page,
      url: new URL(url).pathname,
      issue: 18,
      ...lh,
      targets: `performance ≥${t.performance}, LCP ≤${t.lcpMs} ms, TBT ≤${t.tbtMs} ms, first-load JS ≤${t.jsGzipKb} KB gzip`,
      pass: lh.performance >= t.performance && lh.lcpMs <= t.lcpMs && lh.tbtMs <= t.tbtMs && lh.jsGzipKb <= t.jsGzipKb,
    });
  }
  const dist = path.join(opts.root, 'apps/web/dist');
  // The promotion landing page: its own build; first-load JS gzipped from the built files its HTML names.
  const promo = await lighthouseMedian(`${opts.base}/promo/?id=1&utm_tag=bench`, opts);
  const promoJs = firstLoadJsGzipKb(dist, 'promo/index.html', '/promo/assets/');
  rows.push({
    page: 'promotion (registration)',
    url: '/promo/',
    issue: 5,
    ...promo,
    jsGzipKb: promoJs,
    targets: 'performance ≥95, LCP ≤1500 ms, first-load JS ≤90 KB gzip',
    pass: promo.performance >= 95 && promo.lcpMs <= 1500 && promoJs <= 90,
  });
  if (fs.existsSync(path.join(dist, 'site/index.html'))) {
    const home = await lighthouseMedian(`${opts.base}/`, opts);
    const homeJs = firstLoadJsGzipKb(dist, 'site/index.html', '/site/assets/');
    rows.push({
      page: 'marketing home',
      url: '/',
      issue: 6,
      ...home,
      jsGzipKb: homeJs,
      targets: 'performance ≥98, LCP ≤1200 ms, SEO ≥95, accessibility ≥95, first-load JS ≤30 KB gzip',
      pass: home.performance >= 98 && home.lcpMs <= 1200 && home.seo >= 95 && home.accessibility >= 95 && homeJs <= 30,
    });
  }
  rows.push({
    page: 'host floor (one heading, no script)',
    url: '(the bench)',
    issue: 0,
    ...(await withFloorPage((url) => lighthouseMedian(url, opts))),
    targets: 'none: what this host reads for a page that does no work',
    pass: null,
  });
  return rows;
}

/** The floor page: what a page costs on this host when it has nothing of its own to do. */
const floorHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Floor</title><meta name="description" content="A page of one heading."></head><body><main><h1>One heading</h1></main></body></html>';

/** Serves the floor page on a port of its own (every path) while `measure` runs. */
async function withFloorPage<T>(measure: (url: string) => Promise<T>): Promise<T> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(floorHtml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await measure(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

export function printPages(rows: PageRow[], runs: number): void {
  if (!rows.length) return;
  console.log('\nPages (Lighthouse, mobile preset, median of %d runs; JS: gzip -9 KB of the scripts loaded, bytes on the wire apart; runs: performance/LCP)', runs);
  console.table(
    rows.map((r) => ({
      page: r.page,
      url: r.url,
      perf: r.performance,
      a11y: r.accessibility,
      'best pr.': r.bestPractices,
      seo: r.seo,
      'LCP ms': r.lcpMs,
      'TBT ms': r.tbtMs,
      cls: r.cls,
      'JS gzip KB': r.jsGzipKb ?? '',
      'JS wire KB': r.jsTransferKb,
      'JS files': r.jsFiles ?? '',
      'host index': r.benchmarkIndex,
      target: r.targets,
      pass: r.pass ?? '—',
      runs: r.runs.map((x) => `${x.performance}/${x.lcpMs}ms`).join(' '),
    })),
  );
  console.log('LCP element and phases of each run (ms: TTFB/load delay/load time/render delay; the unthrottled load\'s own times):');
  for (const r of rows) console.log(`  ${r.page}: ${r.runs.map((x) => `${x.lcpElement ?? '?'} ${x.lcpPhases ?? ''} (${x.observed ?? ''})`).join(' | ')}`);
  console.log(
    `Host CPU (Lighthouse's benchmarkIndex, median of the page rows): ${median(rows.map((r) => r.benchmarkIndex))}; the mobile preset's 4× CPU slowdown assumes 1500-2000 (a weaker host simulates slower tasks, and a higher TBT)`,
  );
  const borrower = rows.filter((r) => r.issue === 18);
  const floor = rows.find((r) => r.issue === 0);
  console.log(
    `Borrower pages (issue 18): ${borrower.filter((r) => r.pass).length} of ${borrower.length} pass` +
      (floor ? `; this host's floor (a page with no script): performance ${floor.performance}, LCP ${floor.lcpMs} ms, TBT ${floor.tbtMs} ms` : ''),
  );
}
