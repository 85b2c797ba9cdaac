import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedPayload } from './agreement-fixtures';
import { loanDetailPush } from '@presta/contract/api/loan';
import { loadConfig } from '../src/config';
import { transitionOrder } from '../src/modules/orders/order-service';
import { borrowerWithOffer, buildTestApp, dataOf, injectAs, type TestApp } from './helpers';

/**
 * A page's first view (decision 020): the server renders loan details with
 * the answer of the page's own call, for the session in the address; any
 * other case gets the page as it is. Needs the web build and its server build.
 */
const config = loadConfig();
const built = fs.existsSync(path.join(config.webDistDir, 'index.html')) && fs.existsSync(path.join(config.webSsrDir, 'server-entry.js'));

describe.skipIf(!built)('first view of loan details (apps/web/dist-ssr)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function disbursedOrder() {
    const setup = await borrowerWithOffer(t.db, { limit: 500_000 });
    const push = await injectAs(t.app, setup.sessionId, {
      url: '/v3/loan-confirm/loan-detail-push',
      payload: await signedPayload(t.app, setup.sessionId, { productId: setup.product.id, amount: 300_000, periods: 3, termUnit: 15 }),
    });
    const { orderId } = dataOf(push, loanDetailPush);
    await transitionOrder(t.db, { orderId: Number(orderId), action: 'approve', actor: 'operator' });
    await transitionOrder(t.db, { orderId: Number(orderId), action: 'disburse', actor: 'operator' });
    return { ...setup, orderId: String(orderId) };
  }

  const open = (query: Record<string, string>, pagePath = '/loan-details', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: pagePath, query, headers });

  const dataBlock = (html: string) => {
    const match = /<script type="application\/json" id="presta-first-view">([\s\S]*?)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1]!) as { search: string; lang: string; call: { path: string; payload: unknown }; answer: { success: boolean; data: unknown } }) : null;
  };

  it('renders the page with its data for the session in the address, and sends the answer with it', async () => {
    const o = await disbursedOrder();
    const res = await open({ swift: o.sessionId, productId: String(o.product.id), orderId: o.orderId, language: '2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<div id="root" data-first-view>');
    expect(res.body).toContain('presta-loan-details');
    expect(res.body).not.toContain('<span class="presta-page-loading-spinner">');
    // Every stylesheet is in the HTML (the markup paints on its own) and no script is asked for by a tag: a small
    // script asks for them once the markup has painted, the page's chunk and the entry among them.
    expect(res.body).toMatch(/<style>[^<]*\.presta-loan-status[^<]*<\/style>/);
    // Only the pictures are asked for by the HTML (React preloads the ones it rendered, the status picture first).
    const links = res.body.match(/<link rel="[a-z]+"[^>]*>/g) ?? [];
    expect(links.filter((l) => !l.startsWith('<link rel="icon"') && !l.startsWith('<link rel="preload" as="image"'))).toEqual([]);
    expect(links).toContainEqual(expect.stringMatching(/status-174\.svg" fetchPriority="high"/));
    expect(res.body).not.toMatch(/<script type="module"/);
    const loader = /<script>(\(function\(\)\{var files=[\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const files = JSON.parse(/var files=(\[\[.*?\]\]),i=0/.exec(loader)?.[1] ?? '[]') as [string, string][];
    // The entry's own chunks are scripts of their own, React first, each evaluated in its own task; the entry runs last.
    const scripts = files.filter(([kind]) => kind === 'script').map(([, href]) => href);
    expect(scripts[0]).toMatch(/\/react-[^/]+\.js$/);
    expect(scripts.at(-1)).toMatch(/\/index-[^/]+\.js$/);
    expect(files.at(-1)?.[0]).toBe('script');
    expect(scripts.length).toBeGreaterThan(2);
    expect(loader).toContain('e.async=false');
    expect(files.some(([kind, href]) => kind === 'preload' && /loan-details-page-[^/]+\.js$/.test(href))).toBe(true);
    expect(files.some(([kind, href]) => kind === 'css' && href.endsWith('.css'))).toBe(true);
    // The policy allows exactly the page's inline scripts that run (the data block does not).
    const hash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
    expect(res.headers['content-security-policy']).toContain(hash);
    const view = dataBlock(res.body)!;
    expect(view.lang).toBe('es');
    expect(view.call).toEqual({ path: '/v3/loan-details/loan-details', payload: { productId: String(o.product.id), orderId: o.orderId } });
    expect(view.answer.success).toBe(true);
    // Before every script: the early entry reads it whenever it runs.
    expect(res.body.indexOf('id="presta-first-view"')).toBeLessThan(res.body.indexOf('<script>'));
  });

  it('in English when the address asks for it, and /order renders the same page', async () => {
    const o = await disbursedOrder();
    const res = await open({ swift: o.sessionId, orderId: o.orderId, language: '1' }, '/order');
    expect(res.body).toContain('<html lang="en"');
    expect(dataBlock(res.body)?.lang).toBe('en');
    expect(res.body).toContain('presta-loan-details');
  });

  it('compressed as the browser asks', async () => {
    const o = await disbursedOrder();
    for (const encoding of ['br', 'gzip']) {
      const res = await open({ swift: o.sessionId, orderId: o.orderId }, '/loan-details', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('the page as it is without a session in the address, for an order not the session\'s, or a session that is not one', async () => {
    const o = await disbursedOrder();
    const other = await disbursedOrder();
    const cases: Record<string, string>[] = [
      { orderId: o.orderId },
      { swift: other.sessionId, orderId: o.orderId },
      { swift: 'not-a-session', orderId: o.orderId },
      { swift: o.sessionId },
      { swift: o.sessionId, orderId: '<script>alert(1)</script>' },
      { swift: o.sessionId, orderId: '99999999' },
    ];
    for (const query of cases) {
      const res = await open(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      expect(res.body, JSON.stringify(query)).toContain('presta-page-loading-spinner');
      expect(res.body, JSON.stringify(query)).not.toContain('presta-first-view');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('every borrower page of issue 18 comes with its first view', async () => {
    const o = await disbursedOrder();
    const session = { swift: o.sessionId, productId: String(o.product.id), orderId: o.orderId };
    for (const [page, path] of [
      ['/repayment', '/v3/installment/loan-play-detail'],
      ['/repayment-delay', '/v3/installment/loan-play-delay-detail'],
      ['/loan-statement', '/v3/loan-details/loan-statement'],
      ['/main', '/v3/account/home'],
    ] as const) {
      const res = await open(session, page);
      expect(res.body, page).toContain('<div id="root" data-first-view>');
      expect(dataBlock(res.body)?.call.path, page).toBe(path);
    }
  });

  it('pages without a first view are sent as they are', async () => {
    const o = await disbursedOrder();
    const res = await open({ swift: o.sessionId, orderId: o.orderId }, '/setting');
    expect(res.body).toContain('presta-page-loading-spinner');
    expect(res.body).not.toContain('data-first-view');
  });
});
