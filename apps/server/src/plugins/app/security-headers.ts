import { createHash } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/*
 * Security headers of every answer (issue 11; docs/security-headers.md).
 * @fastify/helmet gives the common ones, with a Content Security Policy that
 * allows nothing: what API answers, errors and static files need. Pages
 * replace it with their own (pageContentSecurityPolicy, set by web-app.ts
 * from the inline scripts of the HTML it serves); the hosted checkout page,
 * barcodes and complaint images set stricter ones. HSTS is sent only to
 * requests that came over HTTPS (through a trusted proxy: Fastify's
 * trustProxy), and API answers are never stored.
 */

/** Paths of the API: its answers are never stored (§7 calls, the promotion calls, the legacy card calls). */
export const apiPathPrefixes = ['/api/', '/v3/', '/user-problem/'] as const;

export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

type Directives = Record<string, readonly string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/** Anything that is not a page (JSON, errors, static files, redirects): loads nothing, framed by nobody. */
const apiDirectives: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};
export const apiContentSecurityPolicy = serialize(apiDirectives);

/**
 * A page's policy. Scripts: our own files and the inline scripts whose
 * hashes are given, never an attribute handler. Styles may be inline (React
 * and antd-mobile write style attributes). Images from this origin, data:
 * (CSS icons, the favicon) and blob: (previews of complaint uploads).
 * Calls to this origin only. Frames and framing: this origin only (the
 * marketing home frames the privacy notice).
 */
function pageDirectives(scriptHashes: readonly string[]): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

/**
 * The API reference (/docs, @fastify/swagger-ui's `staticCSP`): Swagger UI
 * loads its own script files (no inline script) and calls this origin
 * ("Try it out"); its validator badge is turned off, so nothing else is fetched.
 */
export const apiDocsContentSecurityPolicy = serialize({ ...pageDirectives([]), 'img-src': ["'self'", 'data:'] });

/** Script types a browser runs (and CSP governs); any other type is a data block (e.g. application/ld+json). */
const executableScriptType = /^(module|importmap|(text|application)\/(x-)?(java|ecma)script)?$/i;
const scriptElement = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

function attribute(attrs: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** The text of every inline script of a page that a browser would run, as written. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(scriptElement)) {
    if (attribute(attrs, 'src') !== undefined) continue;
    if (!executableScriptType.test((attribute(attrs, 'type') ?? '').trim())) continue;
    scripts.push(body);
  }
  return scripts;
}

/** A CSP hash source of a script's text: 'sha256-<base64>'. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The policy of a page: its inline scripts allowed by their hashes, nothing else inline. */
export function pageContentSecurityPolicy(html: string): string {
  return serialize(pageDirectives([...new Set(inlineScripts(html).map(scriptHash))]));
}

/**
 * Inline code in a page that no hash can allow: event-handler attributes
 * (onclick=…) and javascript: addresses. The pages have none; web-app.ts logs
 * any it finds at start-up, as the browser would block them.
 */
export function inlineCodeCspBlocks(html: string): string[] {
  const found: string[] = [];
  const withoutScripts = html.replace(scriptElement, '');
  for (const [tag] of withoutScripts.matchAll(/<[a-z][^>]*>/gi)) {
    for (const [handler] of tag.matchAll(/\son[a-z]+\s*=/gi)) found.push(handler.trim());
    for (const [address] of tag.matchAll(/\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*javascript:/gi)) found.push(address.trim());
  }
  return found;
}

const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: apiDirectives },
  // Sent per request below, and only over HTTPS: a browser that reached us over plain HTTP (development) must not pin HTTPS.
  strictTransportSecurity: false,
  // Session ids travel in page addresses.
  referrerPolicy: { policy: 'no-referrer' },
};

async function probeHeaders(withHelmet: boolean): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  if (withHelmet) await probe.register(helmet, helmetOptions);
  probe.get('/', () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(Object.entries(res.headers).map(([name, value]) => [name, String(value)]));
}

/**
 * The headers @fastify/helmet sends with our options, computed by helmet
 * itself once, on a throwaway instance: they depend on nothing in the
 * request, and @fastify/helmet rebuilds its middleware on every request.
 * Measured on a small JSON answer (2-core machine): helmet per request added
 * about 23 µs of CPU per answer, these headers set from this object about 4 µs.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const [bare, withHelmet] = await Promise.all([probeHeaders(false), probeHeaders(true)]);
  return Object.fromEntries(Object.entries(withHelmet).filter(([name]) => !(name in bare)));
}

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return apiPathPrefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * Every JSON answer, and every other API answer that did not choose its own
 * caching (barcodes and complaint images do; docs/security-headers.md), is
 * never stored: amounts and statuses change, and a shared phone must not
 * replay them.
 */
function neverStored(request: FastifyRequest, reply: FastifyReply): boolean {
  if (/json/i.test(String(reply.getHeader('content-type') ?? ''))) return true;
  return isApiPath(request.url) && !reply.hasHeader('cache-control');
}

/**
 * Registered before the plugins that add hooks (app.ts), so that every answer has the headers, a refusal
 * of a later hook included; a route, the web app or a page sets its own
 * Content-Security-Policy over the default one.
 */
export default fp(
  async (app) => {
    const headers = await helmetHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
      if (neverStored(request, reply)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
