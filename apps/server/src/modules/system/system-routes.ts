import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';

/** Health, the benchmark's hello-world baseline, and the brand the pages are dressed in. */
export default async function systemRoutes(fastify: FastifyInstance, opts: { config: Config }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/hello',
    { schema: { summary: 'Hello world: the baseline of npm run bench', tags: ['system'], response: { 200: z.object({ hello: z.string() }) } } },
    async () => ({ hello: 'world' }),
  );
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and database reachability',
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.boolean() }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: true };
    },
  );
  app.get(
    '/api/brand',
    {
      schema: {
        summary: 'The brand configuration the pages use (colours, names, contacts, app scheme)',
        tags: ['system'],
        response: { 200: z.object({ id: z.string(), brandName: z.string(), primaryColor: z.string() }).loose() },
      },
    },
    async () => opts.config.brand,
  );
}
