import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@presta/contract/error-codes';
import { routes } from '@presta/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { translate } from '../../i18n/messages';

const apiPrefixes = ['/api/', '/v3/', '/user-problem/', '/docs'];
const pagePaths = new Set<string>(Object.values(routes).filter((p) => p.startsWith('/')));
/** Vite's content-hashed build files can be cached for a year. */
const hashedFile = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?)$/;

/** Serves the built web app: static files, and index.html (with the brand) for every page route. */
export default async function webApp(app: FastifyInstance, opts: { config: Config }) {
  const dist = opts.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const built = fs.existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          hashedFile.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const brandScript = `<script>window.__PRESTA_BRAND__=${JSON.stringify(opts.config.brand).replace(/</g, '\\u003c')}</script>`;
  const indexHtml = built ? fs.readFileSync(indexFile, 'utf8').replace('<!--presta-brand-->', brandScript) : '';

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (apiPrefixes.some((p) => pathname.startsWith(p))) {
      return reply
        .status(404)
        .send({ success: false, code: errorCodes.notFound, message: translate(request.lang, 'routeNotFound'), data: null });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const known = pagePaths.has(pathname) || pathname.startsWith('/promo/');
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
