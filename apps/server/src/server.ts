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
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: stopping Presta…`);
    try {
      await app?.close();
    } finally {
      await database.close();
      console.log('Stopped.');
      process.exit(0);
    }
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
