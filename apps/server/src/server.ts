import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase, runMigrations } from './db/database';
import { seedDemoData } from './db/seed';
import { routes } from '@presta/contract/routes';

/**
 * `npm start`: the database (DATABASE_URL, or the embedded PostgreSQL under
 * ./data), migrations, demo data on first start, then the API and the web app on
 * one port. Ctrl-C closes the server and stops the embedded PostgreSQL.
 */
/** How long a stop may take (requests finishing, PostgreSQL stopping) before the process exits anyway. */
const shutdownGraceMs = 15_000;

async function main() {
  const config = loadConfig();
  const log = (line: string) => {
    if (process.env.PRESTA_DB_LOG === '1') console.log(`[postgres] ${line}`);
  };
  if (!config.databaseUrl) console.log(`Starting embedded PostgreSQL (data in ${config.dataDir}/pg)…`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPgPort: config.embeddedPgPort,
    log,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl-C: stop now.
      console.log(`\n${signal} again: exiting at once.`);
      process.exit(1);
    }
    closing = true;
    console.log(`\n${signal}: stopping Presta…`);
    // A database that already went away must not keep the process alive.
    setTimeout(() => {
      console.error(`Not stopped after ${shutdownGraceMs / 1000} s: exiting.`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    let clean = true;
    try {
      await app?.close();
    } catch (error) {
      clean = false;
      console.error('Closing the server failed:', error instanceof Error ? error.message : error);
    }
    try {
      await database.close();
    } catch (error) {
      clean = false;
      console.error('Closing the database failed:', error instanceof Error ? error.message : error);
    }
    console.log('Stopped.');
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  await runMigrations(database);
  const seeded = await seedDemoData(database.db);
  if (seeded) console.log('Seeded demo borrowers and products.');
  app = await buildApp({ config, db: database.db });
  await app.listen({ port: config.port, host: config.host });
  const base = config.publicBaseUrl;
  console.log(
    [
      '',
      `Presta is running on ${base}`,
      `  Public site:    ${base}${routes.home}  (English: ${base}/en/)`,
      `  Test page:      ${base}${routes.testPreview}`,
      `  Promotion page: ${base}${routes.promo}?id=1&utm_tag=demo`,
      `  API reference:  ${base}/docs`,
      `  Database:       ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL (${config.dataDir}/pg)`}`,
      `  Brand:          ${config.brand.brandName}${config.brand.obfuscateKeys ? ' (scrambled keys)' : ''}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
