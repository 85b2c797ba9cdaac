import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type postgres from 'postgres';
import type { Change } from '../../lib/versioned-cache';

/**
 * The modules' caches, by name. Each module that keeps one adds it here by declaration merging (the session
 * module its `sessions`, the loan module its `orderDetails`) and registers it with `app.changeFeed.register`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules through declaration merging
export interface AppCaches {}


/** What the feed needs of a cache: it is on only while the feed listens, and emptied on every (re)connection. */
type FeedCache = { enabled: boolean; clear(): void };

/**
 * Drops what a change makes stale in one cache; answers whether it knew the change. A change that no cache
 * knows empties every cache.
 */
export type ChangeHandler = (change: Change) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    caches: AppCaches;
    changeFeed: {
      /** Whether this process hears PostgreSQL's change announcements now (caches are on only then). */
      readonly listening: boolean;
      /** The caches' time limit (CACHE_TTL_MS); 0: caching off. */
      readonly ttlMs: number;
      /** Puts a module's cache under the feed, as app.caches[name]; before the app is ready. */
      register<N extends keyof AppCaches>(name: N, cache: AppCaches[N] & FeedCache, onChange: ChangeHandler): void;
    };
  }
}

export const changeChannel = 'presta_changes';

/** How often the listener proves it still hears the channel, and how long an announcement may take. */
export const HEARTBEAT_MS = 2_000;
const HEARTBEAT_DEADLINE_MS = 1_000;

/**
 * The change feed: migration 0001 makes PostgreSQL announce every change to a
 * cached row on the 'presta_changes' channel ('order:<id>', 'session:<hash>',
 * 'borrower:<id>', 'product:<id>'), whoever made it: this process, another API
 * process, the ops command. This plugin listens and hands each change to the
 * handlers the modules registered with their caches, which drop the affected
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
    const all: { cache: FeedCache; onChange: ChangeHandler }[] = [];
    // Filled by the modules as they register (all before the app is ready): see AppCaches.
    const caches = {} as AppCaches;
    let listening = false;
    app.decorate('caches', caches);
    app.decorate('changeFeed', {
      get listening() {
        return listening;
      },
      ttlMs: opts.ttlMs,
      register<N extends keyof AppCaches>(name: N, cache: AppCaches[N] & FeedCache, onChange: ChangeHandler) {
        cache.enabled = listening;
        caches[name] = cache;
        all.push({ cache, onChange });
      },
    });
    if (opts.ttlMs <= 0) return;

    const setListening = (on: boolean) => {
      listening = on;
      for (const { cache } of all) {
        cache.clear();
        cache.enabled = on;
      }
    };
    const pingPrefix = `ping:${randomBytes(6).toString('hex')}:`;
    let heard = 0;
    let sent = 0;

    const onChange = (payload: string) => {
      if (payload.startsWith('ping:')) {
        if (payload.startsWith(pingPrefix)) heard = Math.max(heard, Number(payload.slice(pingPrefix.length)));
        return; // another process's ping: nothing changed
      }
      const [kind = '', key = '*'] = payload.split(':', 2);
      const change: Change = { kind, key };
      let known = false;
      for (const { onChange: handle } of all) if (handle(change)) known = true;
      if (!known) for (const { cache } of all) cache.clear();
    };

    const client = (app.db as unknown as { $client: postgres.Sql }).$client;
    let listener: postgres.ListenMeta | undefined;
    let closed = false;
    const listen = async () => {
      await listener?.unlisten().catch(() => {});
      listener = undefined;
      try {
        listener = await client.listen(changeChannel, onChange, () => setListening(true));
      } catch (error) {
        // postgres.js keeps a failed LISTEN as the channel's result and would hand it to every later
        // attempt: forget it, so the next heartbeat really listens again.
        delete (client.listen as unknown as { channels?: Record<string, unknown> }).channels?.[changeChannel];
        throw error;
      }
    };
    await listen();

    // The heartbeat: ping, then check it came back; a silent channel means a lost listener.
    let checking = false;
    const heartbeat = setInterval(() => {
      if (checking || closed) return;
      checking = true;
      void (async () => {
        try {
          sent += 1;
          const mine = sent;
          await client`select pg_notify(${changeChannel}, ${pingPrefix + String(mine)})`;
          await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_DEADLINE_MS));
          if (heard >= mine) return;
        } catch {
          // PostgreSQL does not answer: the announcements cannot be trusted either.
        }
        if (closed) return;
        if (listening) app.log.warn('change feed lost: caches off until it listens again');
        setListening(false);
        await listen().catch(() => {});
      })().finally(() => {
        checking = false;
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();

    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(heartbeat);
      for (const { cache } of all) cache.enabled = false;
      listening = false;
      await listener?.unlisten().catch(() => {});
    });
  },
  { name: 'change-feed', dependencies: ['db'] },
);
