/**
 * The database of the end-to-end run: a dedicated `presta_e2e` database on the
 * server DATABASE_URL names, or an embedded PostgreSQL under data/e2e. The
 * servers, the demo command and the ops command all get these variables.
 */
export function e2eDatabaseEnv(): Record<string, string> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const url = new URL(base);
    url.pathname = '/presta_e2e';
    return { DATABASE_URL: url.toString() };
  }
  return { PRESTA_DATA_DIR: 'data/e2e', EMBEDDED_PG_PORT: '54349' };
}

export const e2ePorts = { main: 3100, scrambled: 3101 } as const;
