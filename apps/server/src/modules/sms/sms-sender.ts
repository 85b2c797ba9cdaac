import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { smsOutbox } from '../../db/schema';

/*
 * Text messages to borrowers. The sms module is the only writer of
 * sms_outbox: `send` queues a message inside the caller's transaction (it
 * exists only if the caller commits); sms-delivery.ts hands queued messages
 * to the provider after the commit and retries them (docs/scheduled-work.md).
 * The demo tools read the outbox (`npm run -s demo -- sms-outbox <phone>`,
 * GET /api/dev/sms-outbox).
 */

/** What a message is for: its kind in metrics and logs (a bounded set). */
export const smsPurposes = [
  'promo_register_code',
  'sign_in_code',
  'card_repayment_code',
  'bank_account_code',
  'application_consent_code',
  'agreement_signature_code',
  'agreement_signed',
  'application_status',
  'limit_increase',
  'loan_disbursed',
  'reminder_due_in_3_days',
  'reminder_due_tomorrow',
  'reminder_overdue',
] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

export type OutgoingSms = {
  phone: string;
  purpose: SmsPurpose;
  body: string;
  /** After this the message is pointless and is never sent (an SMS code's life). */
  expiresAt?: Date;
  /** A message that must go at most once: a second one with the same key is not queued. */
  dedupeKey?: string;
};

export interface SmsSender {
  /**
   * Queues the message inside the caller's transaction: it is sent only if the
   * caller commits. Returns its outbox id (hand it to deliverQueuedSms after the
   * commit), or undefined when a message with the same dedupeKey exists.
   */
  send(db: DbOrTx, message: OutgoingSms): Promise<number | undefined>;
}

export const outboxSmsSender: SmsSender = {
  async send(db, message) {
    const [row] = await db
      .insert(smsOutbox)
      .values({
        phone: message.phone,
        purpose: message.purpose,
        body: message.body,
        expiresAt: message.expiresAt ?? null,
        dedupeKey: message.dedupeKey ?? null,
      })
      .onConflictDoNothing({ target: smsOutbox.dedupeKey })
      .returning({ id: smsOutbox.id });
    return row?.id;
  },
};

/** Which of these dedupe keys already have a message (queued, sent, failed or expired). */
export async function usedDedupeKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: smsOutbox.dedupeKey }).from(smsOutbox).where(inArray(smsOutbox.dedupeKey, [...keys]));
  return new Set(rows.map((r) => r.key ?? ''));
}

/** The latest messages sent to a phone (newest first), for the demo tools. */
export async function recentSms(db: DbOrTx, phone: string, since?: Date, limit = 5) {
  return db
    .select({ body: smsOutbox.body, purpose: smsOutbox.purpose, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(since ? and(eq(smsOutbox.phone, phone), gte(smsOutbox.createdAt, since)) : eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
