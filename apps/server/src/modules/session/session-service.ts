import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { sessions } from '../../db/schema';

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
 * The session of a call: its digest, public handle, end and when it was last seen (ms). Held with the
 * borrower between calls (session-repository.ts), so lastSeenAt moves in memory as this process writes it.
 */
export type LiveSession = { idHash: string; publicId: string; expiresAt: number; lastSeenAt: number };

export type SessionLookup =
  | { ok: true; borrower: SessionBorrower; session: LiveSession }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Whether a session id has the form of one this module makes (anything else is never looked up). */
export const isSessionIdShaped = (sessionId: string) => SESSION_ID_PATTERN.test(sessionId);

/** last_seen_at is written at most this often per session. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Whether a call now should write the session's last-seen time: not within LAST_SEEN_EVERY_MS of the last
 * one this process knows of. When it should, the session (a held one too) takes the new time at once, so
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
