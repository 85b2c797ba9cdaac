import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@presta/contract/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { translate } from '../../i18n/messages';

/*
 * The back office's console (issue 17, decision 018; docs/back-office.md): its own build (apps/console/dist),
 * served under /console. Its page has a strict Content Security Policy with a fresh nonce on every answer: scripts
 * and stylesheets only from this origin or with that nonce (antd writes its styles at run time into style tags that
 * carry it: apps/console/src/app/providers.tsx), calls and images from this origin only, never framed, no
 * plugin, no base element, no inline event handler.
 */

/** The placeholder the console's build writes in every nonce attribute (apps/console/vite.config.ts). */
export const consoleNoncePlaceholder = '__PRESTA_CSP_NONCE__';
const consoleApiPrefix = '/console/api/';
const hashedFile = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?)(\.br|\.gz)?$/;

export function consoleContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export default async function consoleApp(app: FastifyInstance, opts: { config: Config }) {
  const dist = opts.config.consoleDistDir;
  const indexFile = path.join(dist, 'index.html');
  const page = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (page) {
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/console/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', hashedFile.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const serve = (request: FastifyRequest, reply: FastifyReply) => servePage(request, reply, page);
  app.get('/console', { schema: { hide: true } }, serve);
  app.get('/console/*', { schema: { hide: true } }, serve);
}

function servePage(request: FastifyRequest, reply: FastifyReply, page: string | undefined) {
  const pathname = request.url.split('?', 1)[0] ?? '';
  if (pathname.startsWith(consoleApiPrefix) || pathname.startsWith('/console/assets/')) {
    return reply.status(404).send({ success: false, code: errorCodes.notFound, message: translate(request.lang, 'routeNotFound'), data: null });
  }
  if (!page) {
    return reply.status(503).type('text/plain; charset=utf-8').send('The console is not built yet: run `npm run build` (npm start does it for you).');
  }
  // 128 random bits, new on every answer: a nonce a page once showed never allows anything again.
  const nonce = randomBytes(16).toString('base64');
  return reply
    .header('content-security-policy', consoleContentSecurityPolicy(nonce))
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(page.replaceAll(consoleNoncePlaceholder, nonce));
}
