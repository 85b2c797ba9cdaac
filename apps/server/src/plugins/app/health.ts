import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { migrationsFolder, type PoolStats } from '../../db/database';
import { databasePool, registry } from '../../lib/metrics';
import type { RedisHealth } from '../../lib/rate-limit-store';

/** What each dependency says: 'ok', or why it is not. */
export type ReadinessReport = {
  ready: boolean;
  /** ready; degraded (serving, but Redis is down: rate limits per process); unavailable (503). */
  status: 'ready' | 'degraded' | 'unavailable';
  checks: Record<'database' | 'migrations' | 'redis' | 'changeFeed' | 'shutdown', string>;
};

declare module 'fastify' {
  interface FastifyInstance {
    health: {
      /** True once SIGTERM arrived: readiness answers 503 so the load balancer stops sending calls. */
      readonly draining: boolean;
      startDraining(): void;
      readiness(): Promise<ReadinessReport>;
      /** The Prometheus text of this process's metrics. */
      metrics(): Promise<string>;
    };
  }
}

/** Longest wait for PostgreSQL or Redis to answer a readiness check. */
export const READINESS_TIMEOUT_MS = 1_000;

/** The `when` of the newest migration this build ships (drizzle-kit's journal). */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** The promise's value, or `fallback` once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]);
}

const describe = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return `unavailable (${typeof code === 'string' ? code : error instanceof Error ? error.name : 'error'})`;
};

/**
 * Liveness, readiness and metrics of the process (docs/operations.md
 * "Health"). Readiness asks PostgreSQL (within 1 s), Redis when configured,
 * whether this build's migrations are applied and whether the change feed is
 * listening; it turns 503 as soon as the process starts stopping.
 */
export default fp<{ config: Config; redisHealth: RedisHealth; poolStats?: PoolStats }>(
  (app, opts) => {
    let draining = false;
    const expectedMigration = newestMigration();
    if (opts.poolStats) databasePool.max.set(opts.poolStats.max);

    const database = async (): Promise<[string, string]> => {
      try {
        const rows = await within(
          app.db.execute<{ at: string | null }>(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`),
          READINESS_TIMEOUT_MS,
          undefined,
        );
        if (!rows) return [`no answer within ${READINESS_TIMEOUT_MS} ms`, 'unknown'];
        const applied = Number(rows[0]?.at ?? 0);
        return ['ok', applied >= expectedMigration ? 'ok' : `pending (database at ${applied}, this build needs ${expectedMigration})`];
      } catch (error) {
        return [describe(error), 'unknown'];
      }
    };

    const redis = async (): Promise<string> => {
      const client = opts.redisHealth.redis;
      if (!client) return 'not configured';
      if (client.status !== 'ready') return `unavailable (${client.status}): rate limits counted per process`;
      try {
        const pong = await within(client.ping(), READINESS_TIMEOUT_MS, undefined);
        return pong === 'PONG' ? 'ok' : `no answer within ${READINESS_TIMEOUT_MS} ms: rate limits counted per process`;
      } catch (error) {
        return `${describe(error)}: rate limits counted per process`;
      }
    };

    app.decorate('health', {
      get draining() {
        return draining;
      },
      startDraining() {
        draining = true;
      },
      async readiness(): Promise<ReadinessReport> {
        const [[db, migrations], redisState] = await Promise.all([database(), redis()]);
        const checks: ReadinessReport['checks'] = {
          database: db,
          migrations,
          redis: redisState,
          changeFeed: app.changeFeed.listening ? 'ok' : opts.config.cacheTtlMs > 0 ? 'not listening: caches off' : 'off (CACHE_TTL_MS=0)',
          shutdown: draining ? 'stopping' : 'ok',
        };
        // Redis is optional to serving (per-process limits): reported, never a reason to take the process out.
        const ready =
          checks.database === 'ok' &&
          checks.migrations === 'ok' &&
          !draining &&
          (app.changeFeed.listening || opts.config.cacheTtlMs <= 0);
        const status = !ready ? 'unavailable' : checks.redis === 'ok' || checks.redis === 'not configured' ? 'ready' : 'degraded';
        return { ready, status, checks };
      },
      async metrics() {
        if (opts.poolStats) {
          databasePool.inUse.set(opts.poolStats.inUse());
          databasePool.waiting.set(opts.poolStats.waiting());
        }
        return registry.metrics();
      },
    });
  },
  { name: 'health', dependencies: ['db', 'change-feed'] },
);
