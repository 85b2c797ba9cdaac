import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerPayments, paymentReferences } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { applyPayment } from '../ledger/ledger-service';
import type { IncomingNotification, NotificationRefusal, PaymentProvider } from '../payments/payment-provider';

/*
 * A provider's payment notification, verified and posted to the ledger
 * (docs/api.md "Payment notifications").
 */

export type NotificationOutcome =
  | { status: 200; body: { received: true; applied: boolean }; log: Record<string, unknown> }
  | {
      status: 400 | 401 | 404 | 409;
      body: { received: false; error: string };
      log: Record<string, unknown>;
    };

const refusalStatus: Record<NotificationRefusal, 400 | 401> = {
  missing: 401,
  malformed: 401,
  bad_signature: 401,
  expired: 401,
  invalid_body: 400,
};

/**
 * Verifies the signature over the raw bytes, then parses (provider.parseNotification);
 * finds the reference (404 when unknown to us or made by another provider);
 * refuses a payment made after the reference expired (409: not payable);
 * then, in ONE transaction with the reference row locked, applyPayment (its
 * own savepoint: idempotent by (provider, eventId), the order row locked) and
 * marks the reference paid once the payments naming it cover its amount.
 * A repeated event answers applied: false and writes nothing.
 * `log` is for the log line: never the body, the header or the secret.
 */
export async function receiveNotification(
  db: Db,
  provider: PaymentProvider,
  incoming: IncomingNotification,
  now: Date = new Date(),
): Promise<NotificationOutcome> {
  const parsed = provider.parseNotification(incoming, now);
  if (!parsed.ok) {
    return {
      status: refusalStatus[parsed.reason],
      body: { received: false, error: parsed.reason },
      log: { reason: parsed.reason, ...(parsed.detail ? { detail: parsed.detail.slice(0, 300) } : {}) },
    };
  }
  const n = parsed.notification;
  const log = { eventId: n.eventId, reference: n.reference, amount: n.amount };
  if (n.amount <= 0) return { status: 400, body: { received: false, error: 'invalid_amount' }, log };

  // A repeat of an event already recorded: answered without taking any lock
  // (a burst of retries must not queue on the reference row). The unique
  // (provider, event id) in applyPayment still decides when two race.
  const [seen] = await db
    .select({ orderId: ledgerPayments.orderId, referenceId: ledgerPayments.referenceId })
    .from(ledgerPayments)
    .where(and(eq(ledgerPayments.provider, provider.id), eq(ledgerPayments.providerEventId, n.eventId)))
    .limit(1);
  if (seen) {
    return { status: 200, body: { received: true, applied: false }, log: { ...log, orderId: seen.orderId, applied: false } };
  }

  try {
    return await db.transaction(async (tx) => {
      const [ref] = await tx
        .select()
        .from(paymentReferences)
        .where(and(eq(paymentReferences.reference, n.reference), eq(paymentReferences.provider, provider.id)))
        .limit(1)
        .for('update');
      if (!ref) return { status: 404 as const, body: { received: false as const, error: 'unknown_reference' }, log };
      if (n.paidAt.getTime() > ref.expiresAt.getTime()) {
        return { status: 409 as const, body: { received: false as const, error: 'reference_expired' }, log };
      }

      const result = await applyPayment(tx, {
        orderId: ref.orderId,
        amount: n.amount,
        purpose: ref.purpose,
        channel: ref.channel,
        provider: provider.id,
        providerEventId: n.eventId,
        referenceId: ref.id,
        receivedAt: n.paidAt,
        now,
      });
      if (result.applied && ref.status !== 'paid') {
        const [paid] = await tx
          .select({ total: sql<string>`coalesce(sum(${ledgerPayments.amount}), 0)::text` })
          .from(ledgerPayments)
          .where(eq(ledgerPayments.referenceId, ref.id));
        if (Number(paid?.total ?? 0) >= ref.amount) {
          await tx
            .update(paymentReferences)
            .set({ status: 'paid', paidAt: n.paidAt })
            .where(and(eq(paymentReferences.id, ref.id), inArray(paymentReferences.status, ['open', 'expired'])));
        }
      }
      return {
        status: 200 as const,
        body: { received: true as const, applied: result.applied },
        log: {
          ...log,
          orderId: ref.orderId,
          applied: result.applied,
          ...(result.applied ? { statusFrom: result.statusFrom, statusTo: result.statusTo, extended: result.extended } : {}),
        },
      };
    });
  } catch (error) {
    // The ledger's refusals (order not disbursed, impossible date): the sender's problem, never a 500.
    if (error instanceof AppError && (error.status === 400 || error.status === 409)) {
      return {
        status: error.status,
        body: { received: false, error: error.messageKey },
        log: { ...log, refusal: error.messageKey },
      };
    }
    throw error;
  }
}
