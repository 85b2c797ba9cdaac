import { and, desc, eq } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import type { Db, DbOrTx } from '../../db/database';
import { orders, paymentNotifications } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { paymentNotifications as notificationMetric } from '../../lib/metrics';
import type { IncomingNotification, PaymentEvent, PaymentNotification } from './payment-provider';

/*
 * The one writer of payment_notifications (docs/api.md "Payment
 * notifications"): every notification whose signature is good, with what
 * became of it. 'refused' and 'held' rows are open for review: the provider
 * may hold, or we hold, the borrower's money.
 */

export type Recorded = {
  outcome: 'applied' | 'duplicate' | 'refused' | 'held' | 'noted';
  /** Why it was refused or held; for an applied one, what was notable ('paid_at_clamped', ...). */
  reason?: string;
  notification?: PaymentNotification;
  orderId?: number;
  /** How the sender was verified (the WebhookResult's words); absent for a body refused before its events were read. */
  verification?: string;
  /** The event's type and kind as the provider named them, and the provider's id of its event. */
  event?: Pick<PaymentEvent, 'type' | 'kind' | 'eventId'>;
  /** An operator must look at it: by default every refusal and every hold. */
  reviewOpen?: boolean;
};

export const bodyText = (rawBody: IncomingNotification['rawBody']) => (typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));

/**
 * Keys whose string values name a person in the providers' bodies (Conekta's customer_info, Razorpay's contact and
 * email, STP's ordenante): stored as "[redacted]", so the review keeps references and amounts, never who paid.
 */
const PERSONAL_KEYS = /"(name|full_name|first_name|last_name|phone|phone_number|contact|email|customer_name|nombreOrdenante|cuentaOrdenante|rfcCurpOrdenante|nombreBeneficiario|rfcCurpBeneficiario|vpa|payer_vpa|address)"(\s*:\s*)"(?:[^"\\]|\\.)*"/g;

/** The body as stored for the review: at most 8 KB, personal values redacted, NUL escaped (PostgreSQL text holds none). */
export function storedBody(rawBody: IncomingNotification['rawBody']): string {
  return bodyText(rawBody).replace(PERSONAL_KEYS, '"$1"$2"[redacted]"').slice(0, 8_192).replaceAll('\u0000', '\\u0000');
}

export async function recordNotification(db: DbOrTx, provider: string, rawBody: IncomingNotification['rawBody'], r: Recorded): Promise<void> {
  const n = r.notification;
  await db.insert(paymentNotifications).values({
    provider,
    eventId: n?.eventId ?? null,
    reference: n?.reference ?? null,
    amount: n?.amount ?? null,
    paidAt: n?.paidAt ?? null,
    orderId: r.orderId ?? null,
    outcome: r.outcome,
    reason: r.reason ?? null,
    review: (r.reviewOpen ?? (r.outcome === 'refused' || r.outcome === 'held')) ? 'open' : 'none',
    body: storedBody(rawBody),
    verification: r.verification ?? null,
    eventType: r.event?.type ?? null,
    kind: r.event?.kind ?? null,
    providerEventId: r.event?.eventId ?? null,
  });
  notificationMetric.inc({ provider, outcome: r.outcome, reason: r.reason ?? '' });
}

/** Counts a refusal that is not stored (a bad signature: anyone can send one). */
export function countUnrecorded(provider: string, reason: string): void {
  notificationMetric.inc({ provider, outcome: 'refused', reason });
}

/** The review of the notifications that put an event in suspense is resolved (the operator assigned or refunded it). */
export async function resolveHeldReview(db: DbOrTx, provider: string, eventId: string): Promise<void> {
  await db
    .update(paymentNotifications)
    .set({ review: 'resolved' })
    .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.eventId, eventId), eq(paymentNotifications.outcome, 'held')));
}

/** The provider's notifications, newest first (`reviewOpen`: only those an operator must look at), with the order they named. */
export async function recentNotifications(db: DbOrTx, opts: { reviewOpen: boolean; limit: number }) {
  const rows = await db
    .select({ n: paymentNotifications, orderNo: orders.orderNo })
    .from(paymentNotifications)
    .leftJoin(orders, eq(orders.id, paymentNotifications.orderId))
    .where(opts.reviewOpen ? eq(paymentNotifications.review, 'open') : undefined)
    .orderBy(desc(paymentNotifications.id))
    .limit(opts.limit);
  return rows.map(({ n, orderNo }) => ({
    id: n.id,
    receivedAt: n.receivedAt.toISOString(),
    provider: n.provider,
    eventId: n.eventId,
    reference: n.reference,
    amount: n.amount,
    outcome: n.outcome,
    reason: n.reason,
    review: n.review,
    verification: n.verification,
    eventType: n.eventType,
    kind: n.kind,
    providerEventId: n.providerEventId,
    orderNo,
    reviewedAt: n.reviewedAt?.toISOString() ?? null,
    reviewedBy: n.reviewedBy,
    reviewNote: n.reviewNote,
  }));
}

/**
 * A member of finance resolves the open review of a REFUSED notification (issue 17), with a note of what was done
 * (the provider asked to resend, the payer told, nothing owed): the review becomes 'resolved', with when, who (their
 * e-mail) and the note, and the audit event in the same transaction. A held notification's review is closed by its
 * suspense entry's resolution instead (409); one not open is 409; an unknown id 404.
 */
export async function resolveRefusedReview(db: Db, input: { id: number; note: string; audit: AuditActor }, now = new Date()) {
  return db.transaction(async (tx) => {
    const [n] = await tx.select().from(paymentNotifications).where(eq(paymentNotifications.id, input.id)).for('update');
    if (!n) throw new AppError(404, errorCodes.notFound, 'notificationUnknown');
    if (n.review !== 'open') throw new AppError(409, errorCodes.invalidTransition, 'notificationReviewNotOpen', { id: n.id, review: n.review });
    if (n.outcome !== 'refused') throw new AppError(409, errorCodes.invalidTransition, 'notificationHeldInSuspense', { id: n.id });
    const reviewedBy = input.audit.type === 'staff' ? input.audit.email : 'system';
    const note = input.note.trim();
    await tx.update(paymentNotifications).set({ review: 'resolved', reviewedAt: now, reviewedBy, reviewNote: note }).where(eq(paymentNotifications.id, n.id));
    await recordAudit(tx, input.audit, {
      action: 'payments.resolveReview',
      objectType: 'payment_notification',
      objectId: n.id,
      before: { review: 'open' },
      after: { review: 'resolved', note, outcome: n.outcome, reason: n.reason, provider: n.provider, eventId: n.eventId },
    });
    return { id: n.id, review: 'resolved' as const, reviewedAt: now.toISOString(), reviewedBy, reviewNote: note };
  });
}
