import fp from 'fastify-plugin';
import type postgres from 'postgres';
import { VersionedCache } from '../../lib/versioned-cache';
import type { SessionCache } from '../../modules/session/session-service';
import type { OrderDetailsCache } from '../../modules/loan/loan-service';

declare module 'fastify' {
  interface FastifyInstance {
    caches: { sessions: SessionCache; orderDetails: OrderDetailsCache };
  }
}

export const changeChannel = 'presta_changes';

/**
 * The change feed: migration 0001 makes PostgreSQL announce every change to a
 * cached row on the 'presta_changes' channel ('order:<id>', 'session:<hash>',
 * 'borrower:<id>', 'product:<id>'), whoever made it: this process, another API
 * process, the ops command. This plugin listens and drops the affected cache
 * entries. Caches are on only while listening; on every (re)connection they
 * are emptied, since announcements may have been missed. `ttlMs` 0 turns
 * caching off.
 */
export default fp<{ ttlMs: number }>(
  async (app, opts) => {
    const sessions: SessionCache = new VersionedCache({ ttlMs: opts.ttlMs, maxEntries: 20_000 });
    const orderDetails: OrderDetailsCache = new VersionedCache({ ttlMs: opts.ttlMs, maxEntries: 20_000 });
    app.decorate('caches', { sessions, orderDetails });
    if (opts.ttlMs <= 0) return;

    const all = [sessions, orderDetails];
    const client = (app.db as unknown as { $client: postgres.Sql }).$client;
    const onChange = (payload: string) => {
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
    const onListen = () => {
      for (const c of all) {
        c.clear();
        c.enabled = true;
      }
    };
    const listener = await client.listen(changeChannel, onChange, onListen);
    app.addHook('onClose', async () => {
      for (const c of all) c.enabled = false;
      await listener.unlisten().catch(() => {});
    });
  },
  { name: 'change-feed', dependencies: ['db'] },
);
