/**
 * The database of the end-to-end run: a dedicated database (E2E_DB, default
 * `presta_e2e`) on the server DATABASE_URL names, or an embedded PostgreSQL
 * under data/e2e. The servers, the demo command and the ops command all get
 * these variables. E2E_PORT moves the servers (default 3100 to 3103), so
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
/**
 * main: the sandbox's server; scrambled: another brand's; providers: the real providers' mocks; outage: a server
 * payment-providers.spec.ts starts itself, its Conekta unreachable.
 */
export const e2ePorts = { main: first, scrambled: first + 1, providers: first + 2, outage: first + 3 } as const;

/** Which provider serves each channel on the providers' server (issue 36): every channel a real provider's, through its mock. */
export const e2eProviderChannels = 'MX.store=conekta,MX.spei=stp,IN.upi=razorpay,IN.bank_transfer=razorpay';
