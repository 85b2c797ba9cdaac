import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type postgres from 'postgres';
import { VersionedCache } from '../../lib/versioned-cache';
import type { SessionCache } from '../../modules/session/session-service';
import type { OrderDetailsCache } from '../../modules/loan/loan-service';

declare module 'fastify' {
  interface FastifyInstance {
    caches: { sessions: SessionCache; orderDetails: OrderDetailsCache };
    /** Whether this process hears PostgreSQL's change announcements now (caches are on only then). */
    changeFeed: { readonly listening: boolean };
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
 * process, the ops command. This plugin listens and drops the affected cache
 * entries. Caches are on only while listening; on every (re)connection they
 * are emptied, since announcements may have been missed. `ttlMs` 0 turns
 * caching off.
 *
 * A lost listening connection (PostgreSQL restarted, a network cut) is not
 * always reported by the driver, and its own re-listen is tried once. So every
 * HEARTBEAT_MS the process announces a ping of its own on the channel: if it
 * is not heard within HEARTBEAT_DEADLINE_MS, the caches go off at once (no
 * stale read after an outage) and the plugin listens again until it hears.
 */
export default fp<{ ttlMs: number }>(
  async (app, opts) => {
    const sessions: SessionCache = new VersionedCache({ ttlMs: opts.ttlMs, maxEntries: 20_000 });
    const orderDetails: OrderDetailsCache = new VersionedCache({ ttlMs: opts.ttlMs, maxEntries: 20_000 });
    const all = [sessions, orderDetails];
    let listening = false;
    app.decorate('caches', { sessions, orderDetails });
    app.decorate('changeFeed', {
      get listening() {
        return listening;
      },
    });
    if (opts.ttlMs <= 0) return;

    const setListening = (on: boolean) => {
      listening = on;
      for (const c of all) {
        c.clear();
        c.enabled = on;
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
      const [kind, key = '*'] = payload.split(':', 2);
      const id = Number(key);
      if (kind === 'order' && Number.isSafeInteger(id)) orderDetails.invalidate(id);
      else if (kind === 'session' && key !== '*') sessions.invalidateWhere((v) => v.idHash === key);
      else if (kind === 'borrower' && Number.isSafeInteger(id)) {
        orderDetails.invalidateWhere((v) => v.borrowerId === id);
        sessions.invalidateWhere((v) => v.borrower.id === id);
      } else if (kind === 'product' && Number.isSafeInteger(id)) orderDetails.invalidateWhere((v) => v.productId === id);
      else for (const c of all) c.clear();
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
      for (const c of all) c.enabled = false;
      listening = false;
      await listener?.unlisten().catch(() => {});
    });
  },
  { name: 'change-feed', dependencies: ['db'] },
);
