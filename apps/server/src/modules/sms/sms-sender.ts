import { and, desc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { smsOutbox } from '../../db/schema';

/*
 * Text messages to borrowers (SMS codes). One interface; the built-in sender
 * records each message in sms_outbox, the queue a gateway adapter would drain.
 * With no gateway configured, the demo tools read the outbox
 * (`npm run demo -- sms <phone>`, GET /api/dev/sms-outbox).
 */

export type SmsPurpose = 'card_repayment_code';

export interface SmsSender {
  /** Queues the message inside the caller's transaction: it is sent only if the caller commits. */
  send(db: DbOrTx, message: { phone: string; purpose: SmsPurpose; body: string }): Promise<void>;
}

export const outboxSmsSender: SmsSender = {
  async send(db, message) {
    await db.insert(smsOutbox).values(message);
  },
};

/** The latest messages sent to a phone (newest first), for the demo tools. */
export async function recentSms(db: DbOrTx, phone: string, since?: Date, limit = 5) {
  return db
    .select({ body: smsOutbox.body, purpose: smsOutbox.purpose, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(since ? and(eq(smsOutbox.phone, phone), gte(smsOutbox.createdAt, since)) : eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
