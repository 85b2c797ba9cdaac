import { randomBytes } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../src/config';
import { connect, runMigrations, startEmbeddedPostgres } from '../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the database created for this test run (migrated). */
    databaseUrl: string;
  }
}

/** Port of the embedded PostgreSQL the tests start when DATABASE_URL is not set. */
export const TEST_EMBEDDED_PG_PORT = 54339;

/**
 * Creates a FRESH database for the run — on DATABASE_URL's server, or inside an
 * embedded PostgreSQL under data/test — migrates it once, hands its URL to the
 * tests (inject('databaseUrl') and TEST_DATABASE_URL) and drops it at the end.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(repoRoot, 'data/test'), port: TEST_EMBEDDED_PG_PORT });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const name = `presta_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const database = connect(databaseUrl, { max: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }

  project.provide('databaseUrl', databaseUrl);
  process.env.TEST_DATABASE_URL = databaseUrl;

  return async () => {
    try {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
      await stopEmbedded();
    }
  };
}
