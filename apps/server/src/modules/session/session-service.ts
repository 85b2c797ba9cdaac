import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { borrowers, sessions } from '../../db/schema';
import type { Change, VersionedCache } from '../../lib/versioned-cache';

/** 128 random bits, hex: the id the native app (or the demo command) puts in the URL. */
export function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

/** The database keeps only this digest of a session id. */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Who opened a session: the device as its caller names it (decision 017). */
export type SessionDevice = {
  deviceId?: string;
  /** The native app's `dearest`, or a short form of a browser's User-Agent. */
  deviceName?: string;
  /** The native app's `dearer`, or the browser's system. */
  os?: string;
  client?: 'app' | 'web';
};

/** The longest device name or OS kept (the caller's text, cut). */
const DEVICE_TEXT_MAX = 60;
const deviceText = (value: string | undefined) => (value ?? '').trim().slice(0, DEVICE_TEXT_MAX);

/** A new session: its id (for the caller only: the database keeps its digest), its public handle and its end. */
export async function openSession(
  db: DbOrTx,
  input: SessionDevice & { borrowerId: number; ttlHours: number; now?: Date },
): Promise<{ id: string; publicId: string; expiresAt: Date }> {
  const id = newSessionId();
  const publicId = randomBytes(16).toString('hex');
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.ttlHours * 3_600_000);
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    publicId,
    borrowerId: input.borrowerId,
    deviceId: input.deviceId ?? '',
    deviceName: deviceText(input.deviceName),
    os: deviceText(input.os),
    client: input.client ?? 'app',
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { id, publicId, expiresAt };
}

/** A new session's id (the demo tools, the tests). */
export async function createSession(db: DbOrTx, input: SessionDevice & { borrowerId: number; ttlHours: number; now?: Date }): Promise<string> {
  return (await openSession(db, input)).id;
}

export type SessionBorrower = { id: number; language: 'es' | 'en' };

/**
 * The session of a call: its digest, public handle, end and when it was last seen (ms). Cached with the
 * borrower, so lastSeenAt moves in memory as this process writes it (touchSession).
 */
export type LiveSession = { idHash: string; publicId: string; expiresAt: number; lastSeenAt: number };

export type SessionLookup =
  | { ok: true; borrower: SessionBorrower; session: LiveSession }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;

/** A live session as cached between calls (see plugins/app/change-feed.ts): the lookup's answer itself. */
export type CachedSession = { ok: true; borrower: SessionBorrower; session: LiveSession };
export type SessionCache = VersionedCache<string, CachedSession>;

/**
 * Drops the cached sessions a database change makes stale ('session:<hash>': that session revoked or deleted;
 * 'borrower:<id>': that borrower's sessions, e.g. a language change); false for a change of anything else.
 */
export function dropStaleSessions(cache: SessionCache, { kind, key }: Change): boolean {
  if (kind === 'session' && key !== '*') {
    cache.invalidateWhere((v) => v.session.idHash === key);
    return true;
  }
  const id = Number(key);
  if (kind === 'borrower' && Number.isSafeInteger(id)) {
    cache.invalidateWhere((v) => v.borrower.id === id);
    return true;
  }
  return false;
}

/**
 * What the cache holds of a session id, without a round trip: the live session and its borrower, or 'expired'
 * once its end has passed; undefined when the cache does not hold the id (findSessionBorrower reads it). Cached by
 * the id itself (memory only, never logged), so a hit costs no hashing; only ids of the right form are ever stored.
 */
export function heldSessionBorrower(cache: SessionCache, sessionId: string, now: number): SessionLookup | undefined {
  const hit = cache.get(sessionId, now);
  if (!hit) return undefined;
  return hit.session.expiresAt <= now ? { ok: false, reason: 'expired' } : hit;
}

/**
 * The borrower of a session id. With a cache, a live session is answered from
 * memory until the database announces a change to it (revocation, deletion) or
 * the cache's time limit passes; expiry is still checked on every call.
 */
export async function findSessionBorrower(
  db: DbOrTx,
  sessionId: string | undefined,
  opts: { now?: Date; cache?: SessionCache } = {},
): Promise<SessionLookup> {
  const now = opts.now ?? new Date();
  const cache = opts.cache;
  if (!sessionId) return { ok: false, reason: 'missing' };
  const held = cache && heldSessionBorrower(cache, sessionId, now.getTime());
  if (held) return held;
  if (!SESSION_ID_PATTERN.test(sessionId)) return { ok: false, reason: 'unknown' };
  const version = cache?.version() ?? 0;
  const idHash = hashSessionId(sessionId);
  const rows = await db
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
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  const found: CachedSession = {
    ok: true,
    borrower: { id: row.borrowerId, language: row.language },
    session: { idHash, publicId: row.publicId, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() },
  };
  cache?.set(sessionId, found, version);
  return found;
}

/** last_seen_at is written at most this often per session. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Whether a call now should write the session's last-seen time: not within LAST_SEEN_EVERY_MS of the last
 * one this process knows of. When it should, the session (a cached one too) takes the new time at once, so
 * this process's next calls do not write it again.
 */
export function dueForLastSeen(session: LiveSession, now: number): boolean {
  if (now - session.lastSeenAt < LAST_SEEN_EVERY_MS) return false;
  session.lastSeenAt = now;
  return true;
}

/**
 * Writes a session's last-seen time, unless another process wrote it within LAST_SEEN_EVERY_MS (so at most
 * once every 5 minutes whichever processes serve it). Announces nothing: the change feed's trigger on
 * sessions ignores last_seen_at (migration 0015).
 */
export async function writeLastSeen(db: DbOrTx, idHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.idHash, idHash), lte(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_EVERY_MS))));
}


/** A live session of the borrower, for the session list. */
export type SessionRow = {
  publicId: string;
  idHash: string;
  deviceName: string;
  os: string;
  client: 'app' | 'web';
  createdAt: Date;
  lastSeenAt: Date;
};

/** The borrower's live sessions (not revoked, not expired), most recently seen first. */
export async function liveSessions(db: DbOrTx, borrowerId: number, now = new Date()): Promise<SessionRow[]> {
  return db
    .select({
      publicId: sessions.publicId,
      idHash: sessions.idHash,
      deviceName: sessions.deviceName,
      os: sessions.os,
      client: sessions.client,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * Revokes live sessions of the borrower: the one with this digest or this public handle, or all of them.
 * Revoking announces 'session:<hash>' on the change feed (the trigger on sessions), so every process
 * refuses them from its next call. Answers the digests revoked (none: no such live session of this borrower).
 */
export async function revokeSessions(
  db: DbOrTx,
  borrowerId: number,
  which: { idHash: string } | { publicId: string } | 'all',
  now = new Date(),
): Promise<string[]> {
  const one = which === 'all' ? undefined : 'idHash' in which ? eq(sessions.idHash, which.idHash) : eq(sessions.publicId, which.publicId);
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), one))
    .returning({ idHash: sessions.idHash });
  return rows.map((r) => r.idHash);
}
