import type { Db } from '../../db/database';
import { watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';
import { readOffers, type OffersRead } from './loan-offers';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    offers: OfferRepository;
  }
}

/**
 * The borrowers' offers and coupons by borrower id, kept between changes (decision 007): offers and coupons announce
 * 'borrower-data:<borrower id>' (migration 0021), products 'product:<id>'. Readers filter coupons by expiry
 * themselves. A writer (a submission locking its coupon) never reads through it.
 */
export class OfferRepository {
  /** The reads held (tests look into it). */
  readonly cache: VersionedCache<number, OffersRead>;

  constructor(
    private readonly db: Db,
    feed: CacheFeed,
  ) {
    this.cache = watchedCache(feed, (_cache, change) => this.dropStale(change));
  }

  /** The borrower's offers on active products (by product id) and their available coupons (any expiry). */
  async ofBorrower(borrowerId: number): Promise<OffersRead> {
    const load = () => readOffers(this.db, borrowerId);
    return (await this.cache.readThrough(borrowerId, load)) ?? load();
  }

  /** Drops the reads a change makes stale; false for a change of anything else. */
  private dropStale({ kind, key }: Change): boolean {
    const id = Number(key);
    if (kind === 'borrower-data' && Number.isSafeInteger(id)) this.cache.invalidate(id);
    else if (kind === 'product') this.cache.clear();
    else return false;
    return true;
  }
}
