import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { staffMembers, staffSessions } from '../../db/schema';
import { digest, randomToken } from './staff-secrets';
import { rolesOf, type StaffIdentity } from './staff-service';

/*
 * Console sessions (decision 018 point 5): 128-bit random ids, SHA-256 at rest, idle expiry STAFF_IDLE_MINUTES and
 * absolute expiry STAFF_SESSION_HOURS. Read from PostgreSQL on every call (no cache), so a sign-out, a reset or a
 * disabled member is refused at once on every process.
 */

export const STAFF_IDLE_MINUTES = 30;
export const STAFF_SESSION_HOURS = 12;
/** last_seen_at is written at most this often (a console page makes several calls at once). */
const TOUCH_EVERY_MS = 60_000;

/** A new session for a signed-in member: its id (for the cookie only), the secret of its CSRF tokens, its absolute expiry. */
export async function openStaffSession(
  db: DbOrTx,
  input: { staffId: number; clientIp?: string },
  now = new Date(),
): Promise<{ sessionId: string; csrfSecret: string; expiresAt: Date }> {
  const sessionId = randomToken(16);
  const csrfSecret = randomToken(18);
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
  await db.insert(staffSessions).values({
    idHash: digest(sessionId),
    staffId: input.staffId,
    csrfSecret,
    clientIp: input.clientIp ?? '',
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { sessionId, csrfSecret, expiresAt };
}

export type LiveStaffSession = { member: StaffIdentity; csrfSecret: string; idHash: string; expiresAt: Date };

/**
 * The member of a live session, with their roles now; undefined when the id is unknown, revoked, past its absolute
 * expiry, idle longer than STAFF_IDLE_MINUTES, or its member is disabled.
 */
export async function findStaffSession(db: DbOrTx, sessionId: string | undefined, now = new Date()): Promise<LiveStaffSession | undefined> {
  if (!sessionId || !/^[A-Za-z0-9_-]{22}$/.test(sessionId)) return undefined;
  const idHash = digest(sessionId);
  const [row] = await db
    .select({ session: staffSessions, email: staffMembers.email, name: staffMembers.name, disabledAt: staffMembers.disabledAt })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, idHash), isNull(staffSessions.revokedAt)));
  if (!row || row.disabledAt) return undefined;
  const { session } = row;
  if (session.expiresAt <= now || session.lastSeenAt.getTime() + STAFF_IDLE_MINUTES * 60_000 <= now.getTime()) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  const member: StaffIdentity = { id: session.staffId, email: row.email, name: row.name, roles: await rolesOf(db, session.staffId) };
  return { member, csrfSecret: session.csrfSecret, idHash, expiresAt: session.expiresAt };
}

/** Ends a session at once (sign-out); false when it was not live. */
export async function revokeStaffSession(db: DbOrTx, sessionId: string, now = new Date()): Promise<boolean> {
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.idHash, digest(sessionId)), isNull(staffSessions.revokedAt)))
    .returning({ idHash: staffSessions.idHash });
  return ended.length > 0;
}
