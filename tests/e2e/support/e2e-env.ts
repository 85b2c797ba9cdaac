/**
 * The database of the end-to-end run: a dedicated database (E2E_DB, default
 * `presta_e2e`) on the server DATABASE_URL names, or an embedded PostgreSQL
 * under data/e2e. The servers, the demo command and the ops command all get
 * these variables. E2E_PORT moves the two servers (default 3100 and 3101), so
 * two runs can share a machine.
 */
const dbName = process.env.E2E_DB ?? 'presta_e2e';

/**
 * The run's Redis: the logical database E2E_REDIS_DB (default 1) of the server REDIS_URL names, emptied when the
 * run starts (serve.ts --reset), so that the rate limits' shared counters start at zero as on a fresh deployment,
 * whatever earlier runs and the Vitest suite (database 0) counted from the same address.
 */
export function e2eRedisUrl(): string | undefined {
  const base = process.env.REDIS_URL;
  if (!base) return undefined;
  const url = new URL(base);
  url.pathname = `/${process.env.E2E_REDIS_DB ?? '1'}`;
  return url.toString();
}

export function e2eDatabaseEnv(): Record<string, string> {
  const redis = e2eRedisUrl();
  const shared: Record<string, string> = redis ? { REDIS_URL: redis } : {};
  const base = process.env.DATABASE_URL;
  if (base) {
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    return { ...shared, DATABASE_URL: url.toString() };
  }
  return { ...shared, PRESTA_DATA_DIR: `data/e2e-${dbName}`, EMBEDDED_PG_PORT: String(Number(process.env.E2E_PORT ?? 3100) + 51249) };
}

export const e2eDbName = dbName;

const first = Number(process.env.E2E_PORT ?? 3100);
export const e2ePorts = { main: first, scrambled: first + 1 } as const;
