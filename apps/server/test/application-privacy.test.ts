import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { defaultBrand } from '@presta/contract/brand';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type Db } from '../src/db/database';
import { jobRuns } from '../src/db/schema';
import { loggerOptions } from '../src/lib/log-redaction';
import { startScheduledWork } from '../src/modules/jobs/scheduled-work';
import { createSmsProvider } from '../src/modules/sms/sms-provider';
import { testDatabaseUrl } from './helpers';
import { applicationRow, call, completeApplication, identityPayload, lastCode, paths } from './application-fixtures';

/*
 * The Aadhaar rule and the log rule of the credit application (issue 34, docs/application.md "Aadhaar"): an Indian
 * application is submitted and verified by the queue's job (pg-boss, as in production), then every text, jsonb and
 * bytea column of every table of the database is searched for the full Aadhaar number: none holds it, and its last
 * four digits are where they belong. The journeys run with the server's own logger options at 'trace': no log line
 * carries a CURP, an RFC, a PAN, an Aadhaar number or a consent code.
 */

const lines: string[] = [];
let app: App;
let db: Db;
let closeDb: () => Promise<void>;
let config: Config;

beforeAll(async () => {
  const url = testDatabaseUrl();
  // A pg-boss schema of this file's own: no other test's submit reaches its worker, nor its worker another's.
  const jobsSchema = `pgboss_app_${randomBytes(4).toString('hex')}`;
  config = { ...loadConfig(), demoTools: true, brand: defaultBrand, databaseUrl: url, cacheTtlMs: 0, smsProvider: 'console', logLevel: 'trace', jobs: true, jobsSchema };
  const database = connect(url, { max: 6 });
  db = database.db;
  closeDb = database.close;
  app = await buildApp({ config, db, logger: loggerOptions('trace', { write: (line: string) => void lines.push(line) }) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await closeDb();
});

/** Every text-like column of every table (information_schema), with how to search it for a string. */
async function textColumns(): Promise<{ schema: string; table: string; column: string; type: string }[]> {
  const rows = await db.execute<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(sql`
    select c.table_schema, c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')`);
  return [...rows].map((r) => ({ schema: r.table_schema, table: r.table_name, column: r.column_name, type: r.data_type }));
}

/** The columns holding `needle`, as "schema.table.column". */
async function columnsHolding(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const c of await textColumns()) {
    const ref = sql.raw(`"${c.schema}"."${c.table}"."${c.column}"`);
    const from = sql.raw(`"${c.schema}"."${c.table}"`);
    const where =
      c.type === 'bytea' ? sql`position(convert_to(${needle}, 'UTF8') in ${ref}) > 0` : sql`strpos(${ref}::text, ${needle}) > 0`;
    const [hit] = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${where}`);
    if ((hit?.n ?? 0) > 0) found.push(`${c.schema}.${c.table}.${c.column}`);
  }
  return found;
}

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('the full Aadhaar number is stored nowhere', () => {
  it('after an Indian application is submitted, verified and decided by the queue, only its last four digits are found', async () => {
    const person = identityPayload('IN');
    const aadhaar = person.aadhaar!.replace(/\D/g, '');
    expect(aadhaar).toMatch(/^\d{12}$/);
    // The pages type it with spaces, as the card prints it.
    const spaced = aadhaar.replace(/(\d{4})(?=\d)/g, '$1 ');
    const who = await completeApplication(app, db, 'IN', { identity: { ...person, aadhaar: spaced } });
    const log = pino({ level: 'silent' });
    const work = await startScheduledWork({
      databaseUrl: testDatabaseUrl(),
      db,
      config,
      log,
      sms: createSmsProvider({ smsProvider: 'console' }, log),
      queue: { schema: config.jobsSchema, pollingIntervalSeconds: 0.5 },
    });
    try {
      expect((await call(app, who.sessionId, paths.submit)).statusCode).toBe(200);
      const row = await waitFor('the verification job', async () => {
        const r = await applicationRow(db, who.applicationNo);
        return r.status === 'submitted' ? undefined : r;
      });
      // Verified (in_review), then decided by the same run: the bureau's report and the decision are stored too.
      expect(['in_review', 'approved', 'referred', 'declined']).toContain(row.status);
      // The run decides in the same run after the status moved: its record is final once the whole run ended.
      const run = await waitFor('the verification run to end', async () => {
        const [r] = await db.select().from(jobRuns).where(eq(jobRuns.job, 'application-verification'));
        return r && r.outcome !== 'running' ? r : undefined;
      });
      expect(run.outcome).toBe('succeeded');
    } finally {
      await work.stop();
    }
    const row = await applicationRow(db, who.applicationNo);
    expect(row.aadhaarLast4).toBe(aadhaar.slice(-4));
    expect(await columnsHolding(aadhaar.slice(-4))).toContain('public.credit_applications.aadhaar_last4');
    expect(await columnsHolding(aadhaar)).toEqual([]);
    expect(await columnsHolding(spaced)).toEqual([]);
    expect(await columnsHolding(aadhaar.slice(0, 8))).toEqual([]);
    expect(await columnsHolding(`XXXX XXXX ${aadhaar.slice(-4)}`)).toEqual([]);
    expect(await columnsHolding(row.aadhaarReference!)).toContain('public.credit_applications.aadhaar_reference');
    // Nor does any answer carry it.
    const read = await call(app, who.sessionId, paths.application);
    expect(read.body).not.toContain(aadhaar);
    expect(read.body).toContain(`XXXX XXXX ${aadhaar.slice(-4)}`);
  });
});

describe('no identity number or consent code in any log line', () => {
  it('the journeys of both markets log none of them', async () => {
    const mx = await completeApplication(app, db, 'MX', { outcome: 'not_found' });
    const mxCode = await lastCode(db, mx.borrower.phone);
    const identity = identityPayload('MX');
    // A refused step logs nothing of what was typed either.
    await call(app, mx.sessionId, paths.identity, { ...identity, final: 1 });
    const inApp = await completeApplication(app, db, 'IN');
    const inCode = await lastCode(db, inApp.borrower.phone);
    const person = identityPayload('IN');
    const secrets = [identity.curp, identity.rfc, person.pan, person.aadhaar!.replace(/\D/g, ''), mxCode, inCode].filter((s): s is string => !!s && s.length > 3);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      const line = lines.find((l) => l.includes(secret));
      expect(line, `a log line carries ${secret.slice(0, 2)}…`).toBeUndefined();
    }
  });
});
