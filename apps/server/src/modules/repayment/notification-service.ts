import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { ledgerPayments, paymentNotifications, paymentReferences } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { KeyedGate } from '../../lib/keyed-gate';
import { paymentNotifications as notificationMetric } from '../../lib/metrics';
import { applyPayment } from '../ledger/ledger-service';
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
  /** Aborted when the caller no longer waits (the request was answered): a notification still waiting is dropped. */
  signal?: AbortSignal;
  /**
   * The notifications this process is handling now, by provider and event id: the same body arriving again
   * meanwhile (a provider's retry storm) waits for the first one's outcome instead of doing the work again.
   */
  inFlight?: Map<string, { rawBody: string; outcome: Promise<NotificationOutcome> }>;
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
    body: bodyText(rawBody).slice(0, 8_192).replace(/\u0000/g, '\\u0000'),
  });
  notificationMetric.inc({ provider, outcome: r.outcome, reason: r.reason ?? '' });
}

/**
 * Verifies the signature over the raw bytes, then parses
 * (provider.parseNotification): a bad signature is refused and not stored
 * (anyone can send one); a signed body that is malformed or names a field
 * twice is refused and recorded for review. Then, one notification per
 * reference at a time and a few in all (the gate): a repeat of an event
 * already applied answers applied: false (recorded as a duplicate) with one
 * read, no lock; otherwise, in ONE transaction with the reference row
 * locked: unknown reference (404),
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

  // Every database step waits its turn: one notification per reference at a time, a few in all (the gate), so a
  // burst — retries of one event, or many events — never takes the pool from other borrowers' calls.
  const receive = async (): Promise<NotificationOutcome> => {
    // A repeat of an event already applied (a provider's retry): answered with one read, no lock, no transaction.
    // The unique (provider, event id) in applyPayment still decides when two race.
    const seen = await findApplied(db, provider.id, n.eventId);
    if (seen) {
      await record(db, provider.id, incoming.rawBody, { outcome: 'duplicate', notification: n, orderId: seen.orderId });
      return { status: 200, body: { received: true, applied: false }, log: { orderId: seen.orderId, applied: false } };
    }
    return applyNotification(db, provider, incoming, n, options.ceilingPercent, now);
  };
  const run = () => (options.gate ? options.gate.run(n.reference, receive, options.signal) : receive());
  const outcome = options.inFlight ? await coalesced(options.inFlight, `${provider.id}:${n.eventId}`, bodyText(incoming.rawBody), run) : await run();
  return { ...outcome, log: { ...log, ...outcome.log } } as NotificationOutcome;
}

const bodyText = (rawBody: IncomingNotification['rawBody']) => (typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));

/**
 * The same notification (same event, same bytes) already being handled in this process: its outcome, as a
 * repeat (applied: false; a refusal stays the same refusal). A different body under the same event id is
 * handled on its own (the ledger's unique event id decides).
 */
async function coalesced(
  inFlight: NonNullable<ReceiveOptions['inFlight']>,
  key: string,
  rawBody: string,
  run: () => Promise<NotificationOutcome>,
): Promise<NotificationOutcome> {
  const first = inFlight.get(key);
  if (first && first.rawBody === rawBody) {
    const outcome = await first.outcome;
    return outcome.status === 200 ? { ...outcome, body: { received: true, applied: false }, log: { ...outcome.log, applied: false, repeatOf: 'in flight' } } : outcome;
  }
  const outcome = run();
  if (!first) {
    inFlight.set(key, { rawBody, outcome });
    void outcome.catch(() => {}).finally(() => inFlight.delete(key));
  }
  return outcome;
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
  let orderId: number | undefined;
  try {
    return await db.transaction(async (tx) => {
      const [ref] = await tx
        .select()
        .from(paymentReferences)
        .where(and(eq(paymentReferences.reference, n.reference), eq(paymentReferences.provider, provider.id)))
        .limit(1)
        .for('update');
      if (!ref) return refuse(tx, 404, 'unknown_reference');
      orderId = ref.orderId;
      if (n.paidAt.getTime() > ref.expiresAt.getTime()) return refuse(tx, 409, 'reference_expired', ref.orderId);

      const result = await applyPayment(tx, {
        // What the order owes on the payment's day, or the reference's amount if more, times the ceiling.
        maxAmount: (owed) => Math.floor((Math.max(ref.amount, owed) * ceilingPercent) / 100),
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
    // The ledger's refusals (order not disbursed, impossible date, above the ceiling): recorded for review, never a 500.
    if (error instanceof AppError && (error.status === 400 || error.status === 409 || error.status === 422)) {
      const reason = error.messageKey === 'paymentAboveCeiling' ? 'amount_above_ceiling' : error.messageKey;
      await record(db, provider.id, incoming.rawBody, { outcome: 'refused', reason, notification: n, orderId });
      return { status: error.status as 400 | 409 | 422, body: { received: false, error: reason }, log: { refusal: reason } };
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
