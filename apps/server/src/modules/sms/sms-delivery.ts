import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database';
import { smsOutbox } from '../../db/schema';
import { smsMessages } from '../../lib/metrics';
import { deliveryError, type SmsProvider } from './sms-provider';

/*
 * The one way a queued text message reaches the provider (docs/scheduled-work.md
 * "SMS outbox"). A message is first CLAIMED: one statement picks it with
 * FOR UPDATE SKIP LOCKED, counts the attempt and pushes next_attempt_at one
 * lease ahead, so no other process (nor this one) picks it until the attempt
 * is over or the lease runs out (a process that died mid-send). Then it is
 * sent, holding no connection or lock, and marked:
 *   sent    — sent_at;
 *   failed  — retried at next_attempt_at (SMS_RETRY_BASE_MS doubling per
 *             attempt, at most SMS_RETRY_MAX_MS), last_error = the gateway's
 *             status code or the error's name (never the phone or the text);
 *   expired — past expires_at (a code's life), or out of attempts
 *             (SMS_MAX_ATTEMPTS), or its next attempt would come too late.
 * Every outcome is counted in presta_sms_total{kind, outcome}. One clock: the
 * database's now().
 */

/** Attempts before a message is given up (expired). */
export const SMS_MAX_ATTEMPTS = 8;
/** Wait after the first failed attempt; doubles per attempt... */
export const SMS_RETRY_BASE_MS = 30_000;
/** ...up to this. 30 s, 1, 2, 4, 8, 15, 15 min: the 8th attempt is about 45 min after the first. */
export const SMS_RETRY_MAX_MS = 15 * 60_000;
/** A claimed message is not picked again for this long (longer than the gateway's timeout). */
export const SMS_CLAIM_LEASE_MS = 2 * 60_000;

/** The wait before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(SMS_RETRY_MAX_MS, SMS_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export type SmsDeliveryCounts = { sent: number; failed: number; expired: number };

type Claimed = { id: number; phone: string; purpose: string; body: string; attempts: number; expired: boolean };

const noCounts = (): SmsDeliveryCounts => ({ sent: 0, failed: 0, expired: 0 });

/** Claims up to `limit` messages matching `which`; those past their time or attempts are marked expired instead. */
async function claim(db: DbOrTx, which: SQL, limit: number): Promise<Claimed[]> {
  const rows = (await db.execute(sql`
    with picked as (
      select id, (expires_at <= now() or attempts >= ${SMS_MAX_ATTEMPTS}::int) is true as expire
      from sms_outbox
      where status in ('queued', 'failed') and ${which}
      order by next_attempt_at, id
      limit ${limit}::int
      for update skip locked
    )
    update sms_outbox s set
      status = case when picked.expire then 'expired' else s.status end,
      attempts = case when picked.expire then s.attempts else s.attempts + 1 end,
      next_attempt_at = case when picked.expire then s.next_attempt_at else now() + ${SMS_CLAIM_LEASE_MS}::int * interval '1 millisecond' end
    from picked
    where s.id = picked.id
    returning s.id::int as id, s.phone, s.purpose, s.body, s.attempts::int as attempts, picked.expire as expired
  `)) as unknown as Claimed[];
  return rows;
}

async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(smsOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(smsOutbox.id, id));
}

/** Records a failed attempt; returns 'expired' when there will be no other. */
async function markFailed(db: DbOrTx, m: Claimed, error: string): Promise<'failed' | 'expired'> {
  const wait = sql`now() + ${retryDelayMs(m.attempts)}::int * interval '1 millisecond'`;
  const [row] = await db
    .update(smsOutbox)
    .set({
      lastError: error,
      nextAttemptAt: wait,
      status: sql`case when ${smsOutbox.attempts} >= ${SMS_MAX_ATTEMPTS}::int or ${smsOutbox.expiresAt} <= ${wait} then 'expired' else 'failed' end`,
    })
    .where(eq(smsOutbox.id, m.id))
    .returning({ status: smsOutbox.status });
  return row?.status === 'expired' ? 'expired' : 'failed';
}

async function sendClaimed(db: DbOrTx, provider: SmsProvider, claimed: Claimed[], log?: FastifyBaseLogger): Promise<SmsDeliveryCounts> {
  const counts = noCounts();
  await Promise.all(
    claimed.map(async (m) => {
      const sms = { id: m.id, kind: m.purpose };
      if (m.expired) {
        counts.expired++;
        smsMessages.inc({ kind: m.purpose, outcome: 'expired' });
        log?.warn({ sms: { ...sms, attempts: m.attempts } }, 'sms expired undelivered');
        return;
      }
      let error: string | undefined;
      try {
        await provider.deliver({ id: m.id, kind: m.purpose, phone: m.phone, body: m.body });
      } catch (err) {
        error = deliveryError(err);
      }
      if (error === undefined) {
        await markSent(db, m.id);
        counts.sent++;
        smsMessages.inc({ kind: m.purpose, outcome: 'sent' });
        return;
      }
      const outcome = await markFailed(db, m, error);
      counts.failed++;
      smsMessages.inc({ kind: m.purpose, outcome: 'failed' });
      if (outcome === 'expired') {
        counts.expired++;
        smsMessages.inc({ kind: m.purpose, outcome: 'expired' });
      }
      log?.warn({ sms: { ...sms, attempts: m.attempts, error, retried: outcome === 'failed' } }, 'sms delivery failed');
    }),
  );
  return counts;
}

/**
 * The attempt right after the transaction that queued `ids` committed
 * (promotion and card codes, reminders). Takes only messages never tried, so
 * one the retry job already took is left to it. Never throws: a message it
 * could not send stays in the outbox for the retry job.
 */
export async function deliverQueuedSms(
  db: DbOrTx,
  provider: SmsProvider,
  ids: readonly number[],
  log?: FastifyBaseLogger,
): Promise<SmsDeliveryCounts> {
  if (ids.length === 0) return noCounts();
  try {
    const claimed = await claim(db, sql`id in ${[...ids]} and attempts = 0`, ids.length);
    return await sendClaimed(db, provider, claimed, log);
  } catch (err) {
    log?.error({ err, sms: { ids } }, 'sms delivery interrupted: the retry job will send what is left');
    return noCounts();
  }
}

/**
 * The retry job: every message whose next attempt is due (or whose time is
 * up), `batchSize` at a time, until none is left, `maxMessages` were handled
 * or `signal` aborts.
 */
export async function deliverDueSms(
  db: DbOrTx,
  provider: SmsProvider,
  opts: { log?: FastifyBaseLogger; signal?: AbortSignal; batchSize?: number; maxMessages?: number } = {},
): Promise<SmsDeliveryCounts> {
  const batchSize = opts.batchSize ?? 20;
  const maxMessages = opts.maxMessages ?? 1_000;
  const total = noCounts();
  let handled = 0;
  while (handled < maxMessages && !opts.signal?.aborted) {
    const claimed = await claim(db, sql`(next_attempt_at <= now() or expires_at <= now())`, Math.min(batchSize, maxMessages - handled));
    if (claimed.length === 0) break;
    handled += claimed.length;
    const counts = await sendClaimed(db, provider, claimed, opts.log);
    total.sent += counts.sent;
    total.failed += counts.failed;
    total.expired += counts.expired;
  }
  return total;
}
