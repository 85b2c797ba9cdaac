import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
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

export async function createSession(
  db: DbOrTx,
  input: { borrowerId: number; deviceId?: string; ttlHours: number; now?: Date },
): Promise<string> {
  const id = newSessionId();
  const now = input.now ?? new Date();
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    borrowerId: input.borrowerId,
    deviceId: input.deviceId ?? '',
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlHours * 3_600_000),
  });
  return id;
}

export type SessionBorrower = { id: number; language: 'es' | 'en' };

export type SessionLookup =
  | { ok: true; borrower: SessionBorrower }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;

/** A live session as cached between calls (see plugins/app/change-feed.ts). */
export type CachedSession = { borrower: SessionBorrower; expiresAt: number; idHash: string };
export type SessionCache = VersionedCache<string, CachedSession>;

/**
 * Drops the cached sessions a database change makes stale ('session:<hash>': that session revoked or deleted;
 * 'borrower:<id>': that borrower's sessions, e.g. a language change); false for a change of anything else.
 */
export function dropStaleSessions(cache: SessionCache, { kind, key }: Change): boolean {
  if (kind === 'session' && key !== '*') {
    cache.invalidateWhere((v) => v.idHash === key);
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
  if (!SESSION_ID_PATTERN.test(sessionId)) return { ok: false, reason: 'unknown' };
  // Cached by the id itself (memory only, never logged), so a hit costs no hashing.
  const hit = cache?.get(sessionId);
  if (hit) {
    if (hit.expiresAt <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, borrower: hit.borrower };
  }
  const version = cache?.version() ?? 0;
  const idHash = hashSessionId(sessionId);
  const rows = await db
    .select({ borrowerId: sessions.borrowerId, expiresAt: sessions.expiresAt, language: borrowers.language })
    .from(sessions)
    .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  const borrower: SessionBorrower = { id: row.borrowerId, language: row.language };
  cache?.set(sessionId, { borrower, expiresAt: row.expiresAt.getTime(), idHash }, version);
  return { ok: true, borrower };
}

