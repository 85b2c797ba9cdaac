/**
 * One process of the two-process test (scheduled-work-processes.test.ts):
 * starts the scheduled work against DATABASE_URL with the configured SMS
 * provider, every job every minute, pg-boss's clocks at 1 s and the schema
 * TEST_JOBS_SCHEMA; prints "ready", and on SIGTERM stops gracefully, prints
 * "stopped" and exits 0.
 *
 *   node --import tsx apps/server/test/scheduled-work-process.ts
 */
import pino from 'pino';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/database';
import { startScheduledWork } from '../src/modules/jobs/scheduled-work';
import { createSmsProvider } from '../src/modules/sms/sms-provider';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const log = pino({ level: 'warn' }, pino.destination(2));
const database = connect(config.databaseUrl, { max: 4 });
const work = await startScheduledWork({
  databaseUrl: config.databaseUrl,
  db: database.db,
  config,
  log,
  sms: createSmsProvider(config, log),
  queue: { schema: process.env.TEST_JOBS_SCHEMA, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
  cron: { 'overdue-sweep': '* * * * *', 'payment-reference-expiry': '* * * * *', 'sms-retry': '* * * * *', 'sms-reminders': '* * * * *' },
  reminderHours: { fromHour: 0, untilHour: 24, expiresHour: 24 },
});
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void (async () => {
    await work.stop();
    await database.close();
    process.stdout.write('stopped\n');
    process.exit(0);
  })();
});
