import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database';
import { dueTimestamps, markAttemptFailed, markStamped } from './agreement-repository';
import { TimestampUnavailable, type TimestampAuthority } from './timestamp/timestamp-authority';

/*
 * The signed document's RFC 3161 time-stamp (issue 38, docs/agreements.md "Time-stamp"): asked for right after
 * signing, within the authority's own time limit. When the authority does not answer the signature stands and the
 * time-stamp stays pending; the `agreement-timestamp` job asks again with a growing wait. The disbursal waits for it.
 */

export type StampDeps = { db: DbOrTx; authority: TimestampAuthority; log: FastifyBaseLogger };

/** What a failed attempt records: the error's class and message (an authority's status or timeout; no secret). */
function failureOf(error: unknown): string {
  if (error instanceof TimestampUnavailable) return `unavailable: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown';
}

/**
 * Asks the authority for the document's token and keeps it (pending → stamped). Answers whether the document is
 * stamped now. A failure is counted on the row (attempts, lastError) and never thrown: the job tries again.
 */
export async function stampDocument(deps: StampDeps, doc: { documentId: number; sha256: string }): Promise<boolean> {
  const { db, authority, log } = deps;
  try {
    const token = await authority.stamp(Buffer.from(doc.sha256, 'hex'));
    await markStamped(db, doc.documentId, authority.id, token);
    return true;
  } catch (error) {
    await markAttemptFailed(db, doc.documentId, failureOf(error));
    const unexpected = !(error instanceof TimestampUnavailable);
    log[unexpected ? 'error' : 'warn'](
      { documentId: doc.documentId, authority: authority.id, ...(unexpected ? { err: error } : { detail: failureOf(error).slice(0, 200) }) },
      'agreement time-stamp not obtained: the agreement-timestamp job asks again',
    );
    return false;
  }
}

export type StampCounts = { due: number; stamped: number; failed: number };

/** Time-stamps asked for at most per run of the job: the authority answers in a second or its own time limit. */
export const STAMP_BATCH = 50;

/**
 * The job (scheduled-work.ts `agreement-timestamp`): every pending time-stamp whose wait after its attempts is
 * over (agreement-repository's dueTimestamps), oldest first, at most STAMP_BATCH a run, one at a time.
 */
export async function stampPendingAgreements(deps: StampDeps, now = new Date(), opts: { signal?: AbortSignal } = {}): Promise<StampCounts> {
  const due = await dueTimestamps(deps.db, now, STAMP_BATCH);
  const counts: StampCounts = { due: due.length, stamped: 0, failed: 0 };
  for (const doc of due) {
    if (opts.signal?.aborted) break;
    if (await stampDocument(deps, doc)) counts.stamped++;
    else counts.failed++;
  }
  return counts;
}
