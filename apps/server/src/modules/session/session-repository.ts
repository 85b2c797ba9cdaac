import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { borrowers, sessions } from '../../db/schema';
import { watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';
import { hashSessionId, isSessionIdShaped, type LiveSession, type SessionBorrower, type SessionLookup } from './session-service';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    sessions: SessionRepository;
  }
}

/** A live session as kept between calls: the lookup's answer itself. */
type HeldSession = { ok: true; borrower: SessionBorrower; session: LiveSession };

/**
 * The sessions of borrower calls, by their id (memory only, never logged, so a hit costs no hashing), kept between
 * changes (decision 007): 'session:<hash>' drops that session (revoked or deleted), 'borrower:<id>' that borrower's
 * (e.g. a language change). Expiry is checked on every call. Only ids of the right form are ever stored.
 */
export class SessionRepository {
  /** The live sessions held (tests look into it). */
  readonly cache: VersionedCache<string, HeldSession>;

  constructor(
    private readonly db: Db,
    feed: CacheFeed,
  ) {
    this.cache = watchedCache(feed, (_cache, change) => this.dropStale(change));
  }

  /**
   * What is held of a session id, without a round trip: the live session and its borrower, or 'expired' once its
   * end has passed; undefined when it is not held (`find` reads it).
   */
  held(sessionId: string, now: number): SessionLookup | undefined {
    const hit = this.cache.get(sessionId, now);
    if (!hit) return undefined;
    return hit.session.expiresAt <= now ? { ok: false, reason: 'expired' } : hit;
  }

  /** The borrower of a session id: held, else read (and then held until a change to it or the time limit). */
  async find(sessionId: string | undefined, now = new Date()): Promise<SessionLookup> {
    if (!sessionId) return { ok: false, reason: 'missing' };
    const held = this.held(sessionId, now.getTime());
    if (held) return held;
    if (!isSessionIdShaped(sessionId)) return { ok: false, reason: 'unknown' };
    const version = this.cache.version();
    const idHash = hashSessionId(sessionId);
    const [row] = await this.db
      .select({
        borrowerId: sessions.borrowerId,
        publicId: sessions.publicId,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        language: borrowers.language,
      })
      .from(sessions)
      .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
      .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    const found: HeldSession = {
      ok: true,
      borrower: { id: row.borrowerId, language: row.language },
      session: { idHash, publicId: row.publicId, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() },
    };
    this.cache.set(sessionId, found, version);
    return found;
  }

  /** Drops a session from this process now (the change feed drops it from every process's). */
  forget(idHash: string): void {
    this.cache.invalidateWhere((v) => v.session.idHash === idHash);
  }

  /** Drops a borrower's sessions from this process now (e.g. their language changed; the others on the feed's notice). */
  forgetBorrower(borrowerId: number): void {
    this.cache.invalidateWhere((v) => v.borrower.id === borrowerId);
  }

  /** Drops what a database change makes stale; false for a change of anything else. */
  private dropStale({ kind, key }: Change): boolean {
    if (kind === 'session' && key !== '*') {
      this.forget(key);
      return true;
    }
    const id = Number(key);
    if (kind === 'borrower' && Number.isSafeInteger(id)) {
      this.forgetBorrower(id);
      return true;
    }
    return false;
  }
}
