import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { redisFallbacks } from './metrics';

/*
 * The rate-limit counters (@fastify/rate-limit's store interface): in Redis
 * when REDIS_URL is set, so every process counts together; in this process's
 * memory when Redis is not set or does not answer. An unreachable Redis never
 * turns a call into an error: the count falls back to the process (each
 * process then allows the limit on its own), the failure is logged once per
 * outage and counted in presta_redis_fallbacks_total, and readiness names it
 * (docs/operations.md "Redis").
 */

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** @fastify/rate-limit's own stores (CommonJS, not in its typed exports). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  /** Gets the route's merged limit parameters (continueExceeding, exponentialBackoff, routeInfo…). */
  child(params: object): Store;
}
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;

/** Tells whether Redis answers; logs each change once (not every refused count). */
export class RedisHealth {
  private failing = false;

  constructor(
    readonly redis: Redis | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Redis is configured and connected. */
  get usable(): boolean {
    return this.redis !== undefined && this.redis.status === 'ready';
  }

  private corked: Redis['stream'] | undefined;

  /**
   * The counts sent in this turn of the event loop leave in one write: the connection's socket is corked
   * until the loop's check phase, as postgres.js does with its queries. A write per count took a sixth of
   * the server's time under the voucher's load (decision 019). Unlike ioredis's auto-pipelining, no count
   * waits for the answers of the previous batch.
   */
  coalesceWrites(): void {
    const stream = this.redis?.stream;
    if (!stream || this.corked === stream) return;
    this.corked = stream;
    stream.cork();
    setImmediate(() => {
      this.corked = undefined;
      stream.uncork();
    });
  }

  /** A command or the connection failed (logged once per outage). */
  failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.log.error({ err: error }, 'Redis does not answer: rate limits are counted per process until it does');
  }

  recovered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.log.info('Redis answers again: rate limits are shared across processes again');
  }
}

class ResilientStore implements Store {
  constructor(
    private readonly health: RedisHealth,
    private readonly local: Store,
    private readonly shared: Store | undefined,
  ) {}

  private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
    const shared = this.shared;
    if (!shared || !this.health.usable) {
      if (shared) {
        redisFallbacks.inc();
        this.health.failed(new Error(`Redis connection is ${this.health.redis?.status ?? 'absent'}`));
      }
      this.local[method](key, cb, timeWindow, max);
      return;
    }
    this.health.coalesceWrites();
    shared[method](
      key,
      (error, result) => {
        if (error || !result) {
          redisFallbacks.inc();
          this.health.failed(error);
          this.local[method](key, cb, timeWindow, max);
          return;
        }
        this.health.recovered();
        cb(null, result);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.use('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.use('read', key, cb, timeWindow, max);
  }

  child(params: object): Store {
    return new ResilientStore(this.health, this.local.child(params), this.shared?.child(params));
  }
}

/**
 * The store class to hand to @fastify/rate-limit (`store` option): it builds
 * it with its global parameters.
 */
export function resilientStore(health: RedisHealth, keyPrefix: string) {
  return class implements Store {
    private readonly inner: Store;

    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      const local = new LocalStore(continueExceeding, exponentialBackoff, 20_000);
      const shared = health.redis ? new RedisStore(continueExceeding, exponentialBackoff, health.redis, keyPrefix) : undefined;
      this.inner = new ResilientStore(health, local, shared);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.inner.incr(key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.inner.read(key, cb, timeWindow, max);
    }

    /** @fastify/rate-limit passes the route's merged limit parameters (its typings say route options). */
    child(params: object): Store {
      return this.inner.child(params);
    }
  };
}
