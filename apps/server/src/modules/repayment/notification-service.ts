import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { ledgerPayments, paymentNotifications, paymentReferences } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { KeyedGate } from '../../lib/keyed-gate';
import { paymentNotifications as notificationMetric } from '../../lib/metrics';
import { applyPayment, getLoanPosition } from '../ledger/ledger-service';
import { isBodyRefusal, type IncomingNotification, type NotificationRefusal, type PaymentNotification, type PaymentProvider } from '../payments/payment-provider';

/*
 * A provider's payment notification, verified and posted to the ledger
 * (docs/payments.md "Notifications"). Every notification whose signature is
 * good is recorded in payment_notifications with what became of it; one that
 * names money we could not apply is left open for an operator's review.
 */

type Refused = { received: false; error: string };
export type NotificationOutcome =
  | { status: 200; body: { received: true; applied: boolean }; log: Record<string, unknown> }
  | { status: 400 | 401 | 404 | 409 | 422; body: Refused; log: Record<string, unknown> };

const refusalStatus: Record<NotificationRefusal, 400 | 401> = {
  missing: 401,
  malformed: 401,
  bad_signature: 401,
  expired: 401,
  invalid_body: 400,
  duplicate_keys: 400,
};

export type ReceiveOptions = {
  /** A notification whose amount is above this share (percent) of what its order owes is refused (PAYMENT_CEILING_PERCENT). */
  ceilingPercent: number;
  /** Serialises notifications per payment reference and bounds how many hold a database connection (lib/keyed-gate.ts). */
  gate?: KeyedGate;
  now?: Date;
};

type Recorded = {
  outcome: 'applied' | 'duplicate' | 'refused';
  reason?: string;
  notification?: PaymentNotification;
  orderId?: number;
};

/** The one writer of payment_notifications. A refusal is open for review: the provider may hold the borrower's money. */
async function record(db: DbOrTx, provider: string, rawBody: IncomingNotification['rawBody'], r: Recorded): Promise<void> {
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
    review: r.outcome === 'refused' ? 'open' : 'none',
    // PostgreSQL text holds no NUL: a malformed body keeps it visible, escaped.
    body: (typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8')).slice(0, 8_192).replace(/\u0000/g, '\\u0000'),
  });
  notificationMetric.inc({ provider, outcome: r.outcome, reason: r.reason ?? '' });
}

/** What the order owes now (every instalment, late charges to date); 0 when it has no ledger yet. */
async function owedNow(tx: DbOrTx, orderId: number): Promise<number> {
  try {
    return (await getLoanPosition(tx, orderId)).position.totals.outstandingTotal;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return 0;
    throw error;
  }
}

/**
 * Verifies the signature over the raw bytes, then parses
 * (provider.parseNotification): a bad signature is refused and not stored
 * (anyone can send one); a signed body that is malformed or names a field
 * twice is refused and recorded for review. A repeat of an event already
 * applied answers applied: false (recorded as a duplicate) without taking
 * any lock. Otherwise, one notification per reference at a time (the gate),
 * in ONE transaction with the reference row locked: unknown reference (404),
 * paid after it expired (409), or an amount above `ceilingPercent` of what the
 * order owes (or of the reference, if more) (422) are refused and recorded for
 * review; else applyPayment (idempotent by provider and event id, the order
 * row locked), and the reference is marked paid once the payments naming it
 * cover its amount. `log` is for the log line: never the body, the header or
 * the secret.
 */
export async function receiveNotification(
  db: Db,
  provider: PaymentProvider,
  incoming: IncomingNotification,
  options: ReceiveOptions,
): Promise<NotificationOutcome> {
  const now = options.now ?? new Date();
  const parsed = provider.parseNotification(incoming, now);
  if (!parsed.ok) {
    const log = { reason: parsed.reason, ...(parsed.detail ? { detail: parsed.detail.slice(0, 300) } : {}) };
    if (isBodyRefusal(parsed.reason)) await record(db, provider.id, incoming.rawBody, { outcome: 'refused', reason: parsed.reason });
    else notificationMetric.inc({ provider: provider.id, outcome: 'refused', reason: parsed.reason });
    return { status: refusalStatus[parsed.reason], body: { received: false, error: parsed.reason }, log };
  }
  const n = parsed.notification;
  const log = { eventId: n.eventId, reference: n.reference, amount: n.amount };

  // A repeat of an event already recorded: answered without taking any lock
  // (a burst of retries must not queue on the reference row). The unique
  // (provider, event id) in applyPayment still decides when two race.
  const seen = await findApplied(db, provider.id, n.eventId);
  if (seen) {
    await record(db, provider.id, incoming.rawBody, { outcome: 'duplicate', notification: n, orderId: seen.orderId });
    return { status: 200, body: { received: true, applied: false }, log: { ...log, orderId: seen.orderId, applied: false } };
  }

  const apply = () => applyNotification(db, provider, incoming, n, options.ceilingPercent, now);
  const outcome = options.gate ? await options.gate.run(n.reference, apply) : await apply();
  return { ...outcome, log: { ...log, ...outcome.log } } as NotificationOutcome;
}

async function findApplied(db: DbOrTx, provider: string, eventId: string) {
  const [row] = await db
    .select({ orderId: ledgerPayments.orderId })
    .from(ledgerPayments)
    .where(and(eq(ledgerPayments.provider, provider), eq(ledgerPayments.providerEventId, eventId)))
    .limit(1);
  return row;
}

async function applyNotification(
  db: Db,
  provider: PaymentProvider,
  incoming: IncomingNotification,
  n: PaymentNotification,
  ceilingPercent: number,
  now: Date,
): Promise<NotificationOutcome> {
  const refuse = async (tx: DbOrTx, status: 404 | 409 | 422, reason: string, orderId?: number): Promise<NotificationOutcome> => {
    await record(tx, provider.id, incoming.rawBody, { outcome: 'refused', reason, notification: n, orderId });
    return { status, body: { received: false, error: reason }, log: { refusal: reason, ...(orderId ? { orderId } : {}) } };
  };
  try {
    return await db.transaction(async (tx) => {
      const [ref] = await tx
        .select()
        .from(paymentReferences)
        .where(and(eq(paymentReferences.reference, n.reference), eq(paymentReferences.provider, provider.id)))
        .limit(1)
        .for('update');
      if (!ref) return refuse(tx, 404, 'unknown_reference');
      if (n.paidAt.getTime() > ref.expiresAt.getTime()) return refuse(tx, 409, 'reference_expired', ref.orderId);
      const ceiling = Math.floor((Math.max(ref.amount, await owedNow(tx, ref.orderId)) * ceilingPercent) / 100);
      if (n.amount > ceiling) return refuse(tx, 422, 'amount_above_ceiling', ref.orderId);

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
      if (result.applied && ref.status !== 'paid') await markPaidWhenCovered(tx, ref, n.paidAt);
      await record(tx, provider.id, incoming.rawBody, { outcome: result.applied ? 'applied' : 'duplicate', notification: n, orderId: ref.orderId });
      return {
        status: 200 as const,
        body: { received: true as const, applied: result.applied },
        log: {
          orderId: ref.orderId,
          applied: result.applied,
          ...(result.applied ? { statusFrom: result.statusFrom, statusTo: result.statusTo, extended: result.extended } : {}),
        },
      };
    });
  } catch (error) {
    // The ledger's refusals (order not disbursed, impossible date): the sender's problem, never a 500.
    if (error instanceof AppError && (error.status === 400 || error.status === 409)) {
      await record(db, provider.id, incoming.rawBody, { outcome: 'refused', reason: error.messageKey, notification: n });
      return { status: error.status, body: { received: false, error: error.messageKey }, log: { refusal: error.messageKey } };
    }
    throw error;
  }
}

/** The reference is paid once the payments naming it cover its amount. */
async function markPaidWhenCovered(tx: DbOrTx, ref: typeof paymentReferences.$inferSelect, paidAt: Date): Promise<void> {
  const [paid] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerPayments.amount}), 0)::text` })
    .from(ledgerPayments)
    .where(eq(ledgerPayments.referenceId, ref.id));
  if (Number(paid?.total ?? 0) < ref.amount) return;
  await tx
    .update(paymentReferences)
    .set({ status: 'paid', paidAt })
    .where(and(eq(paymentReferences.id, ref.id), inArray(paymentReferences.status, ['open', 'expired'])));
}
