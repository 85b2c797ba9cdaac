import { VersionedCache, type CacheFeed } from '../../lib/versioned-cache';
import { dropStaleOpenOrders, type OpenOrdersCache } from '../orders/order-service';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    /**
     * The borrowers' open orders by borrower id (one active loan at a time), for findActiveOrder. A bridge until the
     * orders module's own repository holds them (issue 33): made here as account-routes.ts made it before.
     */
    openOrders: OpenOrdersCache;
  }
}

/** The open orders' reads, dropped when the database announces a change to a borrower's orders. */
export function createOpenOrders(feed: CacheFeed): OpenOrdersCache {
  const openOrders: OpenOrdersCache = new VersionedCache({ ttlMs: feed.ttlMs, maxEntries: 20_000 });
  feed.watch(openOrders, (change) => dropStaleOpenOrders(openOrders, change));
  return openOrders;
}
