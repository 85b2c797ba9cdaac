import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { BorrowerContext } from '../../plugins/app/repositories';

/*
 * The borrower's live sessions (issue 16, decision 017): the list the account shows, and signing out (one by its
 * digest or handle, or all).
 */

/** A live session of the borrower, as the session list shows it. */
export type SessionListItem = {
  ref: string;
  deviceName: string;
  os: string;
  client: 'app' | 'web';
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** The borrower's live sessions (not revoked, not expired), most recently seen first; `current` marks the call's own. */
export async function listSessions(ctx: BorrowerContext, currentIdHash: string): Promise<SessionListItem[]> {
  const rows = await ctx.db
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
    .where(and(eq(sessions.borrowerId, ctx.borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((s) => ({
    ref: s.publicId,
    deviceName: s.deviceName,
    os: s.os,
    client: s.client,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    current: s.idHash === currentIdHash,
  }));
}

/**
 * Revokes live sessions of the borrower: the one with this digest or this public handle, or all of them.
 * Revoking announces 'session:<hash>' on the change feed (the trigger on sessions), so every process
 * refuses them from its next call; this process forgets them at once. Answers the digests revoked (none: no
 * such live session of this borrower).
 */
export async function revokeSessions(ctx: BorrowerContext, which: { idHash: string } | { publicId: string } | 'all'): Promise<string[]> {
  const one = which === 'all' ? undefined : 'idHash' in which ? eq(sessions.idHash, which.idHash) : eq(sessions.publicId, which.publicId);
  const rows = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now })
    .where(and(eq(sessions.borrowerId, ctx.borrowerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now), one))
    .returning({ idHash: sessions.idHash });
  const revoked = rows.map((r) => r.idHash);
  for (const idHash of revoked) ctx.repos.sessions.forget(idHash);
  return revoked;
}
