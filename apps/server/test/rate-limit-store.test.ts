import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { RedisHealth, resilientStore } from '../src/lib/rate-limit-store';

/**
 * The rate-limit counters in Redis (lib/rate-limit-store.ts): counted together by every process, and the counts
 * of one turn of the event loop written to Redis at once (issue 18, decision 019).
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = pino({ level: 'silent' });
const clients: Redis[] = [];

/** The key prefix of this run (REDIS_KEY_PREFIX's part), shared by the two "processes". */
const prefix = `test-rate-limit-${randomUUID()}-`;

async function processStore() {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true });
  clients.push(redis);
  await redis.connect();
  const health = new RedisHealth(redis, log);
  const Store = resilientStore(health, prefix);
  return { redis, store: new Store({}) };
}

type Counted = { current: number; ttl: number };
const incr = (store: { incr: (key: string, cb: (e: Error | null, r?: Counted) => void, w: number, m: number) => void }, key: string) =>
  new Promise<Counted>((resolve, reject) => store.incr(key, (e, r) => (e || !r ? reject(e ?? new Error('no count')) : resolve(r)), 60_000, 10));

let a: Awaited<ReturnType<typeof processStore>>;
let b: Awaited<ReturnType<typeof processStore>>;
beforeAll(async () => {
  a = await processStore();
  b = await processStore();
});
afterAll(() => {
  for (const c of clients) c.disconnect();
});

describe('rate-limit counters in Redis', () => {
  it('the counts of one turn leave in one write: the socket is corked until the turn ends', async () => {
    const counts = ['k1', 'k2', 'k3', 'k4', 'k5'].map((k) => incr(a.store, k));
    expect(a.redis.stream.writableCorked).toBe(1);
    expect(a.redis.stream.writableLength).toBeGreaterThan(0);
    expect((await Promise.all(counts)).map((c) => c.current)).toEqual([1, 1, 1, 1, 1]);
    expect(a.redis.stream.writableCorked).toBe(0);
  });

  it('two processes count the same key together', async () => {
    expect((await incr(a.store, 'shared')).current).toBe(1);
    expect((await incr(b.store, 'shared')).current).toBe(2);
    const [x, y] = await Promise.all([incr(a.store, 'shared'), incr(b.store, 'shared')]);
    expect([x.current, y.current].sort()).toEqual([3, 4]);
  });
});
