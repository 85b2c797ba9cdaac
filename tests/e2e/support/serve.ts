/**
 * Starts a server for the Playwright run on a fresh database.
 * `--reset` drops and recreates the e2e database and empties the run's Redis database (e2eRedisUrl) first (the
 * first server only).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { e2eDatabaseEnv, e2eDbName, e2eRedisUrl } from './e2e-env';

const root = path.resolve(import.meta.dirname, '../../..');
const env = { ...process.env, ...e2eDatabaseEnv(), PRESTA_DEMO_TOOLS: '1' };

async function reset() {
  const redisUrl = e2eRedisUrl();
  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    try {
      await redis.connect();
      await redis.flushdb();
    } catch (error) {
      // The servers run without Redis too (per-process counters): a run is not refused for it.
      console.warn(`e2e: the run's Redis database was not emptied (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      redis.disconnect();
    }
  }
  if (process.env.DATABASE_URL) {
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${e2eDbName} with (force)`);
    await admin.unsafe(`create database ${e2eDbName}`);
    await admin.end();
  } else {
    fs.rmSync(path.join(root, e2eDatabaseEnv().PRESTA_DATA_DIR!), { recursive: true, force: true });
  }
}

if (process.argv.includes('--reset')) await reset();
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
