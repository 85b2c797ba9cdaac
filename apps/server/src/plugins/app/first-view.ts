import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * A page's first view (decision 020): for a page opened with the session in
 * its address, the server makes the page's first call itself, through the
 * API's own route (`app.inject` with the request's address: the same session
 * checks, ownership, limits and answer as the page's own call), renders the
 * page with the answer (the web app's server build, apps/web/dist-ssr) and
 * sends the markup in #root with the answer as a JSON data block; the client
 * hydrates it (apps/web/src/shared/http/first-view.ts). Without the build, an
 * answer within the deadline, or a successful answer, the page goes as it is
 * and makes its call itself.
 */

/** What the web app's server build exports (apps/web/src/app/server-entry.tsx). */
type SentRequest = { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body: string | undefined };
type FirstViewCall = SentRequest & { call: { path: string; payload: Record<string, unknown> } };
type ServerEntry = {
  setBrand(brand: Config['brand']): void;
  firstViewCall(address: string, origin: string): FirstViewCall | null;
  renderFirstView(address: string, origin: string, call: FirstViewCall['call'], answer: unknown): Promise<{ html: string; view: { lang: string } }>;
};

export type FirstViewRenderer = {
  /** #root's markup and the data block for the page at the request's address, or null: send the page as it is. */
  render(request: FastifyRequest): Promise<RenderedFirstView | null>;
};

export type RenderedFirstView = { html: string; dataBlock: string; lang: string };

/** The id the client reads the data block by (apps/web/src/shared/http/first-view.ts firstViewBlockId). */
const dataBlockId = 'presta-first-view';

/** Loads the server build when there is one; a build that does not load is logged and pages go unrendered. */
export async function loadFirstViewRenderer(app: FastifyInstance, config: Config): Promise<FirstViewRenderer | undefined> {
  const file = path.join(config.webSsrDir, 'server-entry.js');
  if (config.firstViewDeadlineMs <= 0 || !fs.existsSync(file)) return undefined;
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(file).href)) as ServerEntry;
    entry.setBrand(config.brand);
  } catch (error) {
    app.log.error({ err: error, file }, 'the web server build does not load: pages are sent without their first view');
    return undefined;
  }
  return { render: (request) => renderFirstView(app, entry, request, config.firstViewDeadlineMs) };
}

/** Resolves undefined after `ms` (its timer does not hold the process). */
function deadline(ms: number): Promise<undefined> {
  return new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}

async function renderFirstView(app: FastifyInstance, entry: ServerEntry, request: FastifyRequest, deadlineMs: number): Promise<RenderedFirstView | null> {
  const origin = `${request.protocol}://${request.host}`;
  let call: FirstViewCall | null;
  try {
    call = entry.firstViewCall(request.url, origin);
  } catch (error) {
    request.log.warn({ err: error }, 'first view: the page\'s call could not be built');
    return null;
  }
  if (!call) return null;
  const injected = app.inject({
    method: call.method,
    url: call.url,
    headers: { ...call.headers, ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}) },
    remoteAddress: request.ip,
    ...(call.body === undefined ? {} : { payload: call.body }),
  });
  const response = await Promise.race([injected, deadline(deadlineMs)]).catch(() => undefined);
  if (!response) {
    injected.catch(() => {});
    return null;
  }
  if (response.statusCode !== 200) return null;
  let answer: unknown;
  try {
    answer = response.json();
  } catch {
    return null;
  }
  if (!answer || typeof answer !== 'object' || (answer as { success?: unknown }).success !== true) return null;
  try {
    const { html, view } = await entry.renderFirstView(request.url, origin, call.call, answer);
    const json = JSON.stringify(view).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    return { html, lang: view.lang, dataBlock: `<script type="application/json" id="${dataBlockId}">${json}</script>` };
  } catch (error) {
    request.log.error({ err: error }, 'first view: the page could not be rendered');
    return null;
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page made for one request, compressed as it goes (a quick level: the page is not kept). */
export function compressOnce(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(html, { level: 6 });
}
