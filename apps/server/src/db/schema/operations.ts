import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, timestamptz } from '../columns';

/* The SMS outbox and the scheduled jobs' runs. */

export const smsStatuses = ['queued', 'sent', 'failed', 'expired'] as const;

/**
 * Text messages to borrowers (docs/operations.md "Scheduled work"): queued in
 * the caller's transaction, delivered through the SMS provider after the
 * commit, retried by the outbox job until sent, out of attempts or past
 * `expires_at` (a code nobody can use any more). Demo tools read it.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserialId(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    body: text('body').notNull(),
    /** queued → sent; failed (will be retried at next_attempt_at) → sent, or expired when out of attempts or time. */
    status: text('status', { enum: smsStatuses }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** After this the message is pointless (an SMS code's life); null: no limit beyond the attempts. */
    expiresAt: timestamptz('expires_at'),
    sentAt: timestamptz('sent_at'),
    /** The provider's last refusal (status code or error name): never the phone or the text. */
    lastError: text('last_error'),
    /** A message that must go at most once (reminders: 'reminder:<instalment>:<kind>:<due date>'). */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_phone_idx').on(t.phone, t.createdAt),
    index('sms_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'failed')`),
    check('sms_outbox_status_ok', sql`${t.status} in ('queued', 'sent', 'failed', 'expired')`),
  ],
);

/** One row per run of a scheduled job (npm run ops -- jobs; metrics). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserialId(),
    job: text('job').notNull(),
    /** The job queue's id of the job (pg-boss). */
    queueJobId: text('queue_job_id'),
    /** Which process ran it: host and pid. */
    worker: text('worker').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    outcome: text('outcome', { enum: ['running', 'succeeded', 'failed'] }).notNull().default('running'),
    /** What the run did (counts), or the error's message. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('job_runs_job_started_idx').on(t.job, t.startedAt)],
);
