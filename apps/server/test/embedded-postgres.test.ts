import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { DEFAULT_EMBEDDED_PG_PORT, startEmbeddedPostgres, type EmbeddedHandle } from '../src/db/database';

/**
 * The embedded PostgreSQL's port (issue 14, item 3): `npm start` must not stop because another program
 * (a second checkout, any server) listens on the default port 54329. When EMBEDDED_PG_PORT is not set,
 * a free port is chosen and named in one line; when it is set and taken, start-up fails with one line
 * naming EMBEDDED_PG_PORT. The cluster under the data folder stays the same: the port is a runtime
 * choice, and a second process of ours finds the running cluster's port in its postmaster.pid.
 */

/** A program listening on a port of 127.0.0.1 (0: any free port). */
function occupy(port = 0): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function answers(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ dir: string }[]>`select current_setting('data_directory') as dir`;
    return row!.dir;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

let dataDir: string;
let taken: net.Server;
const started: EmbeddedHandle[] = [];

beforeAll(async () => {
  // Under the repository's data folder, like ./data: the postgres user can reach it.
  fs.mkdirSync(path.join(repoRoot, 'data'), { recursive: true });
  dataDir = fs.mkdtempSync(path.join(repoRoot, 'data', 'port-test-'));
  fs.chmodSync(dataDir, 0o755);
  taken = await occupy();
});

afterAll(async () => {
  for (const handle of started.reverse()) await handle.stop();
  await close(taken);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL port', () => {
  it('the default is 54329', () => {
    expect(DEFAULT_EMBEDDED_PG_PORT).toBe(54329);
  });

  it('EMBEDDED_PG_PORT set and taken: one line naming EMBEDDED_PG_PORT, nothing started', async () => {
    const error = await startEmbeddedPostgres({ dataDir, port: portOf(taken), portFromSetting: true }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toBe(
      `EMBEDDED_PG_PORT=${portOf(taken)}: another program listens on this port. Stop it, or set EMBEDDED_PG_PORT to a free port (unset, Presta chooses one).`,
    );
    expect(error!.message).not.toContain('\n');
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('the default taken: starts on a free port it names in one line; a second process joins it there', async () => {
    const notices: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir, port: portOf(taken), notice: (line) => notices.push(line) });
    started.push(first);
    expect(first.ownsServer).toBe(true);
    expect(first.port).not.toBe(portOf(taken));
    expect(notices).toEqual([
      `Port ${portOf(taken)} is taken by another program: embedded PostgreSQL listens on port ${first.port} instead (EMBEDDED_PG_PORT chooses one).`,
    ]);
    expect(first.url).toContain(`:${first.port}/`);
    expect(fs.realpathSync(await answers(first.url))).toBe(fs.realpathSync(path.join(dataDir, 'pg')));

    // Another process of ours (the demo or ops command, a second server): the same cluster, found by its postmaster.pid.
    const joinNotices: string[] = [];
    const second = await startEmbeddedPostgres({ dataDir, port: portOf(taken), notice: (line) => joinNotices.push(line) });
    expect(second).toMatchObject({ ownsServer: false, port: first.port, url: first.url });
    expect(joinNotices).toEqual([]);
    // Even with EMBEDDED_PG_PORT naming a port of its own: the running cluster is joined, not started twice.
    const third = await startEmbeddedPostgres({ dataDir, port: portOf(taken), portFromSetting: true });
    expect(third).toMatchObject({ ownsServer: false, port: first.port });
  });

  it('the same cluster (its data) comes back on whatever port is free at the next start', async () => {
    const first = started.pop()!;
    const sql = postgres(first.url, { max: 1, onnotice: () => {} });
    await sql`create table if not exists kept (n int)`;
    await sql`insert into kept values (7)`;
    await sql.end({ timeout: 2 });
    await first.stop();

    const again = await startEmbeddedPostgres({ dataDir, port: portOf(taken), notice: () => {} });
    started.push(again);
    const check = postgres(again.url, { max: 1, onnotice: () => {} });
    expect(await check`select n from kept`).toEqual([{ n: 7 }]);
    await check.end({ timeout: 2 });
  });
});

describe('two starts together on a fresh folder (issue 32, item 17: npm run bench -- --load)', () => {
  it('one initialises and starts the cluster, the other waits and joins it', async () => {
    const fresh = fs.mkdtempSync(path.join(repoRoot, 'data', 'together-test-'));
    fs.chmodSync(fresh, 0o755);
    const both = await Promise.allSettled([
      startEmbeddedPostgres({ dataDir: fresh, port: 0 }),
      startEmbeddedPostgres({ dataDir: fresh, port: 0 }),
    ]);
    const handles = both.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(both.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started']);
      expect(handles.map((h) => h.ownsServer).sort()).toEqual([false, true]);
      expect(handles[0]!.port).toBe(handles[1]!.port);
      expect(fs.realpathSync(await answers(handles[1]!.url))).toBe(fs.realpathSync(path.join(fresh, 'pg')));
      expect(fs.existsSync(path.join(fresh, 'pg-start.lock'))).toBe(false);
    } finally {
      for (const handle of handles.sort((a) => (a.ownsServer ? 1 : -1))) await handle.stop();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the commands, as a new user runs them', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/demo.ts', ...args], {
      cwd: repoRoot,
      env: { ...withoutDatabase(process.env), PRESTA_DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('EMBEDDED_PG_PORT taken: exit 1 with that one line on standard error, nothing on standard output', async () => {
    // Stop the cluster of the tests above so that the command has to start one itself.
    for (const handle of started.splice(0).reverse()) await handle.stop();
    const run = cli(['sms-outbox', '5512340001'], { EMBEDDED_PG_PORT: String(portOf(taken)) });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `EMBEDDED_PG_PORT=${portOf(taken)}: another program listens on this port. Stop it, or set EMBEDDED_PG_PORT to a free port (unset, Presta chooses one).`,
    ]);
  });

  it('the default port taken and EMBEDDED_PG_PORT unset: the port it chose on standard error, the JSON alone on standard output', async () => {
    // 54329 taken by "another program" (or already taken on this machine: the same case).
    const holder = await occupy(DEFAULT_EMBEDDED_PG_PORT).catch(() => undefined);
    try {
      const run = cli(['order', '--status', '21']);
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ status: '21' });
      expect(run.stderr).toMatch(
        new RegExp(`^Port ${DEFAULT_EMBEDDED_PG_PORT} is taken by another program: embedded PostgreSQL listens on port \\d+ instead \\(EMBEDDED_PG_PORT chooses one\\)\\.$`, 'm'),
      );
    } finally {
      if (holder) await close(holder);
    }
  }, 180_000);
});

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.DATABASE_URL;
  delete copy.EMBEDDED_PG_PORT;
  return copy;
}
