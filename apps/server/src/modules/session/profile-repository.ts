import type { Db } from '../../db/database';
import { watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';
import { findProfile, type Profile } from './borrower-profile';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    profiles: ProfileRepository;
  }
}

/**
 * Borrowers' profiles by borrower id, kept between changes (decision 007): the borrower's row announces
 * 'borrower:<id>', their orders and offers (which give the market) 'borrower-data:<id>'.
 */
export class ProfileRepository {
  /** The profiles held (tests look into it). */
  readonly cache: VersionedCache<number, Profile>;

  constructor(
    private readonly db: Db,
    feed: CacheFeed,
  ) {
    this.cache = watchedCache(feed, (_cache, change) => this.dropStale(change));
  }

  /** The borrower's name, masked phone, language and market; undefined when there is no such borrower. */
  async find(borrowerId: number): Promise<Profile | undefined> {
    return this.cache.readThrough(borrowerId, () => findProfile(this.db, borrowerId));
  }

  /** Drops a profile when its borrower, orders or offers change; false for a change of anything else. */
  private dropStale({ kind, key }: Change): boolean {
    const id = Number(key);
    if ((kind !== 'borrower' && kind !== 'borrower-data') || !Number.isSafeInteger(id)) return false;
    this.cache.invalidate(id);
    return true;
  }
}
