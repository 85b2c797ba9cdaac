import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  apiContentSecurityPolicy,
  apiDocsContentSecurityPolicy,
  inlineCodeCspBlocks,
  inlineScripts,
  pageContentSecurityPolicy,
} from '../src/plugins/app/security-headers';
import { repaymentHuichao } from '@presta/contract/api/legacy-payment';
import { buildTestApp, type TestApp } from './helpers';
import { call, endpoints, makeLoan, ONE_INSTALMENT_TOTAL, read, urls } from './repayment-fixtures';

/*
 * The security headers of issue 11 (docs/security-headers.md) on every kind
 * of answer: the borrower pages, the promotion page, the marketing site and
 * the page it frames, API answers and refusals, the hosted checkout page, the
 * API reference, barcodes and complaint images; HSTS only through a trusted
 * proxy that says HTTPS. The pages here come from a small build of our own
 * (a temporary dist), so the hashes are checked against known scripts; the
 * last block checks the real build when there is one.
 */

type Headers = Record<string, string | string[] | number | undefined>;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The hashes the test computes itself from a page's executable inline scripts (not the plugin's parser). */
function expectedHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1]!;
    if (/\ssrc=/.test(attrs) || /type="application\/(ld\+)?json"/.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

const scriptHashesOf = (csp: unknown) => (directives(csp).get('script-src') ?? []).filter((s) => s.startsWith("'sha256-")).sort();

/** What every answer carries, page or not. */
function expectCommonHeaders(headers: Headers) {
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['content-security-policy']).toBeDefined();
}

/** A page's policy: scripts by hash only (never 'unsafe-inline' or an attribute), framed by this origin only. */
function expectPagePolicy(headers: Headers, html: string) {
  expectCommonHeaders(headers);
  const csp = directives(headers['content-security-policy']);
  const scriptSrc = csp.get('script-src') ?? [];
  expect(scriptSrc[0]).toBe("'self'");
  expect(scriptSrc.slice(1).sort()).toEqual(expectedHashes(html));
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

/** An API answer: never stored, loads nothing, framed by nobody. */
function expectApiHeaders(headers: Headers) {
  expectCommonHeaders(headers);
  expect(headers['cache-control']).toBe('no-store');
  expect(directives(headers['content-security-policy'])).toEqual(directives(apiContentSecurityPolicy));
  expect(directives(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
}

// --- A small build of our own --------------------------------------------------------------

const spaIndex = `<!doctype html><html lang="es"><head><meta charset="UTF-8"><title>Presta</title>
<!--presta-brand-->
<script>
  document.documentElement.lang = 'es';
</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization"}</script>
<script type="module" crossorigin src="/assets/index-Abcdefgh.js"></script>
</head><body><div id="root"></div></body></html>`;
const promoIndex = `<!doctype html><html><head><script>window.promoStarted = Date.now();</script>
<script type="module" crossorigin src="/promo/assets/promo-Abcdefgh.js"></script></head>
<body><form id="promo-form"><button>Enviar</button></form></body></html>`;
const siteHome = `<!doctype html><html><head><script type="module" src="/site/assets/site-home-Abcdefgh.js"></script></head>
<body><iframe title="Aviso de privacidad" src="/site/privacy-frame.html"></iframe></body></html>`;
const privacyFrame = `<!doctype html><html><head><style>body{margin:0}</style><script>document.body && 0;</script></head><body><p>Aviso</p></body></html>`;

function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'presta-dist-'));
  const files: Record<string, string> = {
    'index.html': spaIndex,
    'assets/index-Abcdefgh.js': 'console.log(1)',
    'promo/index.html': promoIndex,
    'promo/assets/promo-Abcdefgh.js': 'console.log(2)',
    'site/index.html': siteHome,
    'site/About.html': '<!doctype html><html><body><h1>Nosotros</h1></body></html>',
    'site/privacy-frame.html': privacyFrame,
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  }
  return dist;
}

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = writeDist();
  // Only proxies in 10.0.0.0/8 are believed (TRUST_PROXY); app.inject comes from 127.0.0.1 unless told.
  t = await buildTestApp({ webDistDir: dist, trustProxy: '10.0.0.0/8' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('pages', () => {
  it('a borrower page: its inline scripts (the brand and the language script) allowed by their hashes, nothing else inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/loan-details?orderId=12&language=2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('window.__PRESTA_BRAND__=');
    expectPagePolicy(res.headers, res.body);
    // Two executable inline scripts; the JSON-LD data block is not one.
    expect(scriptHashesOf(res.headers['content-security-policy'])).toHaveLength(2);
    expect(directives(res.headers['content-security-policy']).get('script-src')).not.toContain("'unsafe-inline'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the pre-compressed page has the same policy as the page it is (the scripts of the decoded body)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/repayment' });
    const br = await t.app.inject({ method: 'GET', url: '/repayment', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expectPagePolicy(br.headers, zlib.brotliDecompressSync(br.rawPayload).toString('utf8'));
  });

  it('the app’s not-found page (404) is a page too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expectPagePolicy(res.headers, res.body);
  });

  it('the promotion page: its own inline script by hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/promo/?id=1' });
    expect(res.statusCode).toBe(200);
    expectPagePolicy(res.headers, res.body);
    expect(scriptHashesOf(res.headers['content-security-policy'])).toHaveLength(1);
    expect(directives(res.headers['content-security-policy']).get('form-action')).toEqual(["'self'"]);
  });

  it('a marketing page, which may frame this origin only', async () => {
    for (const url of ['/', '/About']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expectPagePolicy(res.headers, res.body);
      expect(scriptHashesOf(res.headers['content-security-policy'])).toEqual([]);
      expect(directives(res.headers['content-security-policy']).get('frame-src')).toEqual(["'self'"]);
    }
  });

  it('the privacy notice the home page frames, sent as a static file: a page policy (framed by this origin), its script by hash', async () => {
    for (const encoding of [undefined, 'gzip']) {
      const res = await t.app.inject({ method: 'GET', url: '/site/privacy-frame.html', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(res.statusCode).toBe(200);
      expectPagePolicy(res.headers, privacyFrame);
      expect(scriptHashesOf(res.headers['content-security-policy'])).toHaveLength(1);
    }
  });

  it('a script file keeps its caching and gets the policy that allows nothing (it is no document)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Abcdefgh.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(directives(res.headers['content-security-policy'])).toEqual(directives(apiContentSecurityPolicy));
  });
});

describe('API answers', () => {
  it('a JSON answer of a borrower call: no-store and the policy that allows nothing', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await call(t.app, loan.sessionId, urls.details, { orderId: loan.orderId });
    expect(res.statusCode).toBe(200);
    expectApiHeaders(res.headers);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('helmet’s headers, on every answer (here an API answer and a page)', async () => {
    const helmet = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/v2/youmi/promotion/get-sid', '/loan-details']) {
      expect((await t.app.inject({ method: 'GET', url })).headers).toMatchObject(helmet);
    }
  });

  it('a promotion call and a refusal (no session: 401) and an unknown API path (404): the same', async () => {
    const sid = await t.app.inject({ method: 'GET', url: '/api/v2/youmi/promotion/get-sid' });
    expect(sid.statusCode).toBe(200);
    expectApiHeaders(sid.headers);

    const refused = await call(t.app, undefined, urls.details, { orderId: '1' });
    expect(refused.statusCode).toBe(401);
    expectApiHeaders(refused.headers);

    const unknown = await t.app.inject({ method: 'POST', url: '/user-problem/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expectApiHeaders(unknown.headers);

    const unknownGet = await t.app.inject({ method: 'GET', url: '/v3/no-such-call' });
    expect(unknownGet.statusCode).toBe(404);
    expectApiHeaders(unknownGet.headers);
  });

  it('a barcode keeps its own caching and stricter policy', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const voucher = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
    const svg = await t.app.inject({ method: 'GET', url: voucher.repayDetail.repayCode.replace('barcode.png', 'barcode.svg') });
    expect(svg.statusCode).toBe(200);
    expectCommonHeaders(svg.headers);
    expect(svg.headers['cache-control']).toBe('private, max-age=3600');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('a complaint image keeps its own caching and sandboxing policy', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff2a84' } }).png().toBuffer();
    const boundary = 'presta-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="problemImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/user-problem/upload-problem-img',
      query: { swift: loan.sessionId },
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expectApiHeaders(upload.headers);
    const image = await t.app.inject({ method: 'GET', url: upload.json<{ data: { url: string } }>().data.url, query: { swift: loan.sessionId } });
    expect(image.statusCode).toBe(200);
    expectCommonHeaders(image.headers);
    expect(image.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('the hosted checkout page keeps its own stricter policy (no script at all, posts to itself, never framed) and is never stored', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { url } = read(
      await call(t.app, loan.sessionId, '/api/v1/youmi/youmi-api/service/loan/repayment-huichao', { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL }),
      repaymentHuichao,
    );
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.body).toContain('<form');
    expect(res.body).not.toContain('<script');
    expect(inlineCodeCspBlocks(res.body)).toEqual([]);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the API reference (/docs)', () => {
  it('has no inline script, and a policy with scripts from this origin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(inlineScripts(res.body)).toEqual([]);
    expect(expectedHashes(res.body)).toEqual([]);
    expectCommonHeaders(res.headers);
    expect(res.headers['content-security-policy']).toBe(apiDocsContentSecurityPolicy);
    const csp = directives(apiDocsContentSecurityPolicy);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // Its scripts: files of this origin.
    const script = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('validatorUrl');
  });
});

describe('HSTS', () => {
  const hsts = 'max-age=31536000; includeSubDomains';

  it('is sent when a trusted proxy says the request came over HTTPS, on pages and API answers', async () => {
    for (const url of ['/loan-details', '/v3/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.2.3', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe(hsts);
    }
  });

  it('is not sent over plain HTTP, nor when a proxy that is not trusted claims HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/loan-details', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({ method: 'GET', url: '/loan-details', remoteAddress: '192.168.1.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const direct = await t.app.inject({ method: 'GET', url: '/loan-details' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the policy builder', () => {
  it('hashes executable inline scripts only, as written', () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script>
<script type="application/ld+json">{}</script><script type='text/javascript'>c()</script>`;
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()']);
    expect(scriptHashesOf(pageContentSecurityPolicy(html))).toEqual(expectedHashes(html));
  });

  it('finds the inline code no hash can allow', () => {
    expect(inlineCodeCspBlocks('<button onclick="go()">x</button><a href="javascript:void 0">y</a><img src=a.png onerror=alert(1)>')).toEqual([
      'onclick=',
      'href="javascript:',
      'onerror=',
    ]);
    expect(inlineCodeCspBlocks('<p data-on="x">onclick=go()</p><script>el.onclick = f</script>')).toEqual([]);
  });
});

// --- The real build -----------------------------------------------------------------------

const realDist = loadConfig().webDistDir;
const built = fs.existsSync(path.join(realDist, 'index.html')) && fs.existsSync(path.join(realDist, 'site', 'index.html'));

describe.skipIf(!built)('the built pages (apps/web/dist)', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await buildTestApp();
  });
  afterAll(async () => {
    await real.close();
  });

  it('every kind of page: each inline script allowed by its hash, no other inline code', async () => {
    const pages = ['/loan-details', '/testPreview', '/promo/', '/', '/About', '/Policy', '/en/', '/en/Contact'];
    const home = await real.app.inject({ method: 'GET', url: '/' });
    // The frames the marketing home embeds (served as static files).
    const frames = [...home.body.matchAll(/<iframe[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(frames.length).toBeGreaterThan(0);
    for (const url of [...pages, ...frames, '/site/en/privacy-frame.html']) {
      const res = await real.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectPagePolicy(res.headers, res.body);
      expect(inlineCodeCspBlocks(res.body), url).toEqual([]);
    }
    // The borrower pages' language script and brand script.
    const spa = await real.app.inject({ method: 'GET', url: '/loan-details' });
    expect(scriptHashesOf(spa.headers['content-security-policy'])).toHaveLength(2);
  });
});
