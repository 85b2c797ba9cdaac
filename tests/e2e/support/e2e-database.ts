import path from 'node:path';
import { openDatabase, type Database } from '../../../apps/server/src/db/database';
import { e2eDatabaseEnv } from './e2e-env';

/*
 * The e2e database, opened with the server's own code (DATABASE_URL or the embedded PostgreSQL), for the
 * helpers that read or prepare rows a journey needs (SMS codes, captcha answers, offers). One connection per
 * Playwright worker, opened on first use.
 */

const root = path.resolve(import.meta.dirname, '../../..');

let database: Promise<Database> | undefined;

export function e2eDb(): Promise<Database> {
  database ??= (() => {
    const env = e2eDatabaseEnv();
    return openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: path.resolve(root, env.PRESTA_DATA_DIR ?? 'data'),
      embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 0),
      max: 1,
    });
  })();
  return database;
}

/** Closes the connection (call it in afterAll); the next e2eDb() opens a new one. */
export async function closeE2eDb(): Promise<void> {
  const open = database;
  database = undefined;
  if (open) await (await open).close();
}
