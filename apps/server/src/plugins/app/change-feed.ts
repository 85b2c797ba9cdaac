import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type postgres from 'postgres';
import type { CacheFeed, Change, FeedCache } from '../../lib/versioned-cache';

/**
 * Drops what a change makes stale in one cache; answers whether it knew the change. A change that no cache
 * knows empties every cache.
 */
export type ChangeHandler = (change: Change) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: CacheFeed & {
      /** Whether this process hears PostgreSQL's change announcements now (caches are on only then). */
      readonly listening: boolean;
    };
  }
}

export const changeChannel = 'presta_changes';

/** How often the listener proves it still hears the channel, and how long an announcement may take. */
export const HEARTBEAT_MS = 2_000;
const HEARTBEAT_DEADLINE_MS = 1_000;

/** The caches the repositories put under the feed (feed.watch), and whether they are on. */
class FeedCaches {
  listening = false;
  private readonly registered: { cache: FeedCache; onChange: ChangeHandler }[] = [];

  /** Puts a repository's cache under the feed (see CacheFeed). */
  watch(cache: FeedCache, onChange: ChangeHandler) {
    cache.enabled = this.listening;
    this.registered.push({ cache, onChange });
  }

  /** Caches on (listening) or off; either way emptied, since announcements may have been missed. */
  setListening(on: boolean) {
    this.listening = on;
    for (const { cache } of this.registered) {
      cache.clear();
      cache.enabled = on;
    }
  }

  /** Each handler drops what the change makes stale; a change no handler knows empties every cache. */
  apply(change: Change) {
    let known = false;
    for (const { onChange } of this.registered) if (onChange(change)) known = true;
    if (!known) for (const { cache } of this.registered) cache.clear();
  }

  /** The app closes: caches off for good. */
  close() {
    for (const { cache } of this.registered) cache.enabled = false;
    this.listening = false;
  }
}

/** The LISTEN on the channel, and the heartbeat that proves it still hears (see the plugin). */
class ChangeListener {
  /** This process's pings: another process's are not an answer. */
  private readonly pingPrefix = `ping:${randomBytes(6).toString('hex')}:`;
  private heard = 0;
  private sent = 0;
  private checking = false;
  private closed = false;
  private listener: postgres.ListenMeta | undefined;

  constructor(
    private readonly client: postgres.Sql,
    private readonly caches: FeedCaches,
    private readonly log: FastifyBaseLogger,
  ) {}

  async listen() {
    await this.listener?.unlisten().catch(() => {});
    this.listener = undefined;
    try {
      this.listener = await this.client.listen(changeChannel, (payload) => this.hear(payload), () => this.caches.setListening(true));
    } catch (error) {
      // postgres.js keeps a failed LISTEN as the channel's result and would hand it to every later
      // attempt: forget it, so the next heartbeat really listens again.
      delete (this.client.listen as unknown as { channels?: Record<string, unknown> }).channels?.[changeChannel];
      throw error;
    }
  }

  private hear(payload: string) {
    if (payload.startsWith('ping:')) {
      if (payload.startsWith(this.pingPrefix)) this.heard = Math.max(this.heard, Number(payload.slice(this.pingPrefix.length)));
      return; // another process's ping: nothing changed
    }
    const [kind = '', key = '*'] = payload.split(':', 2);
    this.caches.apply({ kind, key });
  }

  /** One heartbeat (none while the last is still checking): ping, then check it came back. */
  beat() {
    if (this.checking || this.closed) return;
    this.checking = true;
    void this.pingAndCheck().finally(() => {
      this.checking = false;
    });
  }

  /** A silent channel means a lost listener: caches off at once, and listen again. */
  private async pingAndCheck() {
    try {
      this.sent += 1;
      const mine = this.sent;
      await this.client`select pg_notify(${changeChannel}, ${this.pingPrefix + String(mine)})`;
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_DEADLINE_MS));
      if (this.heard >= mine) return;
    } catch {
      // PostgreSQL does not answer: the announcements cannot be trusted either.
    }
    if (this.closed) return;
    if (this.caches.listening) this.log.warn('change feed lost: caches off until it listens again');
    this.caches.setListening(false);
    await this.listen().catch(() => {});
  }

  async close() {
    this.closed = true;
    this.caches.close();
    await this.listener?.unlisten().catch(() => {});
  }
}

/**
 * The change feed: migration 0001 makes PostgreSQL announce every change to a
 * cached row on the 'presta_changes' channel ('order:<id>', 'session:<hash>',
 * 'borrower:<id>', 'product:<id>'), whoever made it: this process, another API
 * process, the ops command. This plugin listens and hands each change to the
 * handlers the repositories gave with their caches (feed.watch), which drop the affected
 * entries (it knows no module's keys). Caches are on only while listening; on
 * every (re)connection they are emptied, since announcements may have been
 * missed. `ttlMs` 0 turns caching off.
 *
 * A lost listening connection (PostgreSQL restarted, a network cut) is not
 * always reported by the driver, and its own re-listen is tried once. So every
 * HEARTBEAT_MS the process announces a ping of its own on the channel: if it
 * is not heard within HEARTBEAT_DEADLINE_MS, the caches go off at once (no
 * stale read after an outage) and the plugin listens again until it hears.
 */
export default fp<{ ttlMs: number }>(
  async (app, opts) => {
    const caches = new FeedCaches();
    app.decorate('changeFeed', {
      get listening() {
        return caches.listening;
      },
      ttlMs: opts.ttlMs,
      watch(cache: FeedCache, onChange: ChangeHandler) {
        caches.watch(cache, onChange);
      },
    });
    if (opts.ttlMs <= 0) return;

    const listener = new ChangeListener((app.db as unknown as { $client: postgres.Sql }).$client, caches, app.log);
    await listener.listen();
    const heartbeat = setInterval(() => listener.beat(), HEARTBEAT_MS);
    heartbeat.unref();

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await listener.close();
    });
  },
  { name: 'change-feed', dependencies: ['db'] },
);
