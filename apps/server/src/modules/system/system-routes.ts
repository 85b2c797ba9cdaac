import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { bearerOf } from '../../lib/bearer-token';
import { openapiSecurity } from '../../lib/openapi-document';
import { errorCodes } from '@presta/contract/error-codes';

const readinessSchema = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  checks: z.object({
    database: z.string(),
    migrations: z.string(),
    redis: z.string(),
    changeFeed: z.string(),
    shutdown: z.string(),
  }),
});

/**
 * Liveness, readiness and metrics (docs/operations.md "Health"), the
 * benchmark's hello-world baseline, and the brand the pages are dressed in.
 */
export default function systemRoutes(fastify: FastifyInstance, opts: { config: Config }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/hello',
    { schema: { summary: 'Hello world: the baseline of npm run bench', tags: ['system'], response: { 200: z.object({ hello: z.string() }) } } },
    () => ({ hello: 'world' }),
  );
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness: the process answers (no database or other I/O)',
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/ready',
    {
      schema: {
        summary:
          'Readiness: PostgreSQL answers within 1 s, migrations applied, change feed listening, not stopping (503 otherwise, naming what failed); Redis reported (down = degraded, still serving)',
        tags: ['system'],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const report = await app.health.readiness();
      return reply.status(report.ready ? 200 : 503).send({ status: report.status, checks: report.checks });
    },
  );
  // Prometheus metrics on the main port only behind METRICS_TOKEN (METRICS_PORT serves them without one, see server.ts).
  const metricsToken = opts.config.metricsToken;
  if (metricsToken) {
    const metricsDocs = {
      security: openapiSecurity.metrics,
      refusals: { 401: [errorCodes.metricsUnauthorized], 429: [errorCodes.rateLimited] },
      responses: { 200: { description: 'Prometheus text exposition format 0.0.4.', content: { 'text/plain': { schema: { type: 'string' } } } } },
    };
    const metricsSchema = { summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)', tags: ['system'] };
    app.get('/metrics', { schema: metricsSchema, config: { auth: 'public', openapi: metricsDocs } }, async (request, reply) => {
      await requireMetricsToken(request, metricsToken);
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await app.health.metrics());
    });
  }
  app.get(
    '/api/brand',
    {
      schema: {
        summary: 'The brand configuration the pages use (colours, names, contacts, app scheme)',
        tags: ['system'],
        response: { 200: z.object({ id: z.string(), brandName: z.string(), primaryColor: z.string() }).loose() },
      },
    },
    () => opts.config.brand,
  );
}

/**
 * `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. Wrong tokens count against the client address
 * (plugins/app/guess-limits.ts): past the limit the address is refused with 429 before any comparison.
 */
async function requireMetricsToken(request: FastifyRequest, metricsToken: string): Promise<void> {
  const guesses = request.server.guessLimits.metrics;
  await guesses.check(request);
  const given = bearerOf(request) ?? '';
  const ok = given.length === metricsToken.length && timingSafeEqual(Buffer.from(given), Buffer.from(metricsToken));
  if (!ok) {
    if (given !== '') await guesses.fail(request);
    throw new AppError(401, errorCodes.metricsUnauthorized, 'metricsUnauthorized');
  }
}
