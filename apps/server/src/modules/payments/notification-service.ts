import { and, eq, sql } from 'drizzle-orm';
import type { Minor } from '@presta/contract/money';
import type { Db, DbOrTx } from '../../db/database';
import { ledgerPayments, paymentReferences } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { KeyedGate } from '../../lib/keyed-gate';
import type { ApplyPaymentResult } from '../ledger/ledger-service';
import { lockOrder } from '../orders/order-service';
import { isBodyRefusal, type IncomingNotification, type NotificationRefusal, type PaymentNotification, type PaymentProvider } from './payment-provider';
import { bodyText, countUnrecorded, recordNotification } from './notification-log';
import { paymentCeiling, purposeFor, receivedAtFor, samePayment } from './notification-rules';
import { findSuspenseByEvent, holdInSuspense } from './suspense-service';
import { markPaidWhenCovered } from './payment-references';
import { recordPayment } from './record-payment';

/*
 * A provider's payment notification, verified and posted to the ledger
 * (docs/api.md "Payment notifications", decision 015). Money a correctly
 * signed notification reports is never refused for a business reason: it is
 * applied to its loan (credit beyond what is owed, a settled loan included) or
 * held in suspense for an operator; every signed notification is recorded in
 * payment_notifications with what became of it. Only a bad signature, a
 * malformed body, or an event id reused for another payment is refused.
 */

type Refused = { received: false; error: string };
type Received = { received: true; applied: boolean; held?: 'suspense'; reason?: string };
export type NotificationOutcome =
  | { status: 200; body: Received; log: Record<string, unknown> }
  | { status: 400 | 401 | 409; body: Refused; log: Record<string, unknown> };

const refusalStatus: Record<NotificationRefusal, 400 | 401> = {
  missing: 401,
  malformed: 401,
  bad_signature: 401,
  expired: 401,
  invalid_body: 400,
  duplicate_keys: 400,
  unknown_source: 401,
  not_confirmed: 401,
};

export type ReceiveOptions = {
  /** A notification whose amount is above this share (percent) of what its order owes is held in suspense (PAYMENT_CEILING_PERCENT). */
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

/**
 * Verifies the signature over the raw bytes, then parses
 * (provider.parseNotification): a bad signature is refused and not stored
 * (anyone can send one); a signed body that is malformed or names a field
 * twice is refused and recorded for review. Then, one notification per
 * reference at a time and a few in all (the gate): a repeat of an event
 * already received answers as the first did (recorded as a duplicate) with
 * one read, no lock — or 409 event_conflict, recorded for review, when it
 * names another reference or amount (EVENT_ID_ONE_PAYMENT). Otherwise, in ONE
 * transaction holding the event's advisory lock and the reference row: a
 * reference matching no order, an amount above `ceilingPercent` of what the
 * order owes (or of the reference, if more) and anything the ledger cannot
 * take are held in suspense (200, held: 'suspense'); else recordPayment with
 * paidAt clamped to the reference's creation and to now (idempotent by
 * provider and event id, the order row locked) — for an expired reference, a
 * settled loan or an extension reference already paid too — and the
 * reference is marked paid once the payments naming it cover its amount.
 * `log` is for the log line: references, amounts, order ids, never the body,
 * the header or the secret.
 */
export async function receiveNotification(
  db: Db,
  provider: PaymentProvider,
  incoming: IncomingNotification,
  options: ReceiveOptions,
): Promise<NotificationOutcome> {
  const now = options.now ?? new Date();
  // FRAME (issue 36): the core's rewrite handles every event; this reads the first one as before.
  const handled = await provider.handleWebhook(incoming, now);
  const first = handled.ok ? handled.events[0] : undefined;
  const parsed = !handled.ok
    ? handled
    : first
      ? { ok: true as const, notification: { eventId: first.dedupeKey, reference: first.reference, amount: first.amount, paidAt: first.occurredAt } }
      : { ok: false as const, reason: 'invalid_body' as const };
  if (!parsed.ok) {
    const log = { reason: parsed.reason, ...(parsed.detail ? { detail: parsed.detail.slice(0, 300) } : {}) };
    if (isBodyRefusal(parsed.reason)) await recordNotification(db, provider.id, incoming.rawBody, { outcome: 'refused', reason: parsed.reason });
    else countUnrecorded(provider.id, parsed.reason);
    return { status: refusalStatus[parsed.reason], body: { received: false, error: parsed.reason }, log };
  }
  const n = parsed.notification;
  const log = { eventId: n.eventId, reference: n.reference, amount: n.amount };

  // Every database step waits its turn: one notification per reference at a time, a few in all (the gate), so a
  // burst — retries of one event, or many events — never takes the pool from other borrowers' calls.
  const receive = async (): Promise<NotificationOutcome> => {
    // A repeat of an event already received (a provider's retry): answered with one read, no lock, no transaction.
    const seen = await findReceived(db, provider.id, n.eventId);
    if (seen) return answerRepeat(db, provider.id, incoming, n, seen);
    return applyNotification(db, provider, { incoming, n, now }, options.ceilingPercent);
  };
  const run = () => (options.gate ? options.gate.run(n.reference, receive, options.signal) : receive());
  const outcome = options.inFlight ? await coalesced(options.inFlight, `${provider.id}:${n.eventId}`, bodyText(incoming.rawBody), run) : await run();
  return { ...outcome, log: { ...log, ...outcome.log } };
}

/**
 * The same notification (same event, same bytes) already being handled in this process: its outcome, as a
 * repeat (applied: false; a refusal stays the same refusal). A different body under the same event id is
 * handled on its own (the event's lock and EVENT_ID_ONE_PAYMENT decide).
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
    return outcome.status === 200 ? { ...outcome, body: { ...outcome.body, applied: false }, log: { ...outcome.log, applied: false, repeatOf: 'in flight' } } : outcome;
  }
  const outcome = run();
  if (!first) {
    inFlight.set(key, { rawBody, outcome });
    void outcome.catch(() => {}).finally(() => inFlight.delete(key));
  }
  return outcome;
}

/** The first delivery of an event: applied to a ledger (its payment) or held in suspense. */
type FirstDelivery = { reference: string; amount: Minor; orderId: number | null; held: boolean };

async function findReceived(db: DbOrTx, provider: string, eventId: string): Promise<FirstDelivery | undefined> {
  const held = await findSuspenseByEvent(db, provider, eventId);
  if (held) return { reference: held.reference, amount: held.amount, orderId: held.orderId, held: true };
  const [row] = await db
    .select({ orderId: ledgerPayments.orderId, amount: ledgerPayments.amount, reference: paymentReferences.reference })
    .from(ledgerPayments)
    .leftJoin(paymentReferences, eq(paymentReferences.id, ledgerPayments.referenceId))
    .where(and(eq(ledgerPayments.provider, provider), eq(ledgerPayments.providerEventId, eventId)))
    .limit(1);
  return row ? { reference: row.reference ?? '', amount: row.amount, orderId: row.orderId, held: false } : undefined;
}

/** EVENT_ID_ONE_PAYMENT: a repeat naming the same payment answers as the first did; another payment is refused for review. */
async function answerRepeat(
  db: DbOrTx,
  provider: string,
  incoming: IncomingNotification,
  n: PaymentNotification,
  first: FirstDelivery,
): Promise<NotificationOutcome> {
  const orderId = first.orderId ?? undefined;
  if (!samePayment(first, n)) {
    await recordNotification(db, provider, incoming.rawBody, { outcome: 'refused', reason: 'event_conflict', notification: n, orderId });
    return { status: 409, body: { received: false, error: 'event_conflict' }, log: { refusal: 'event_conflict', ...(orderId ? { orderId } : {}) } };
  }
  await recordNotification(db, provider, incoming.rawBody, { outcome: 'duplicate', notification: n, orderId });
  const body: Received = first.held ? { received: true, applied: false, held: 'suspense' } : { received: true, applied: false };
  return { status: 200, body, log: { ...(orderId ? { orderId } : {}), applied: false } };
}

/** A signed notification being handled: its bytes, what it says and when it arrived. */
type Delivery = { incoming: IncomingNotification; n: PaymentNotification; now: Date };

/** Holds the money in suspense and records the notification as held (open for review). */
async function hold(
  tx: DbOrTx,
  provider: string,
  { incoming, n, now }: Delivery,
  reason: string,
  at: { receivedAt: Date; orderId?: number; referenceId?: number; channel?: string },
): Promise<NotificationOutcome> {
  const { entry } = await holdInSuspense(
    tx,
    {
      provider,
      eventId: n.eventId,
      reference: n.reference,
      amount: n.amount,
      paidAt: at.receivedAt,
      reason,
      orderId: at.orderId ?? null,
      referenceId: at.referenceId ?? null,
      channel: at.channel ?? null,
    },
    now,
  );
  await recordNotification(tx, provider, incoming.rawBody, { outcome: 'held', reason, notification: n, orderId: at.orderId });
  return {
    status: 200,
    body: { received: true, applied: false, held: 'suspense', reason },
    log: { held: 'suspense', suspenseId: entry.id, reason, ...(at.orderId ? { orderId: at.orderId } : {}) },
  };
}

async function applyNotification(db: Db, provider: PaymentProvider, delivery: Delivery, ceilingPercent: number): Promise<NotificationOutcome> {
  const { incoming, n, now } = delivery;
  return db.transaction(async (tx) => {
    // One delivery of an event at a time across processes, whatever its reference (EVENT_ID_ONE_PAYMENT).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notification:${provider.id}:${n.eventId}`}, 0))`);
    const seen = await findReceived(tx, provider.id, n.eventId);
    if (seen) return answerRepeat(tx, provider.id, incoming, n, seen);

    const ref = await lockReference(tx, provider.id, n.reference);
    if (!ref) return hold(tx, provider.id, delivery, 'unknown_reference', { receivedAt: n.paidAt < now ? n.paidAt : now });

    const { receivedAt, clamped } = receivedAtFor(n.paidAt, ref.createdAt, now);
    const expired = receivedAt.getTime() > ref.expiresAt.getTime();
    const notes = [expired ? 'reference_expired' : '', clamped ? 'paid_at_clamped' : ''].filter(Boolean);
    const where = { receivedAt, orderId: ref.orderId, referenceId: ref.id, channel: ref.channel };
    let result: ApplyPaymentResult;
    try {
      result = await recordPayment(tx, {
        maxAmount: (owed) => paymentCeiling(ref.amount, owed, ceilingPercent),
        orderId: ref.orderId,
        amount: n.amount,
        purpose: purposeFor(ref),
        channel: ref.channel,
        provider: provider.id,
        providerEventId: n.eventId,
        referenceId: ref.id,
        receivedAt,
        now,
      });
    } catch (error) {
      // The ledger could not take it (above the ceiling, order not disbursed, ...): held, never lost, never a 500.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return hold(tx, provider.id, delivery, holdReasons[error.messageKey] ?? error.messageKey, where);
    }
    if (!result.applied) return answerRepeat(tx, provider.id, incoming, n, { reference: ref.reference, amount: n.amount, orderId: ref.orderId, held: false });
    await markPaidWhenCovered(tx, ref, receivedAt);
    await recordNotification(tx, provider.id, incoming.rawBody, {
      outcome: 'applied',
      notification: n,
      orderId: ref.orderId,
      ...(notes.length > 0 ? { reason: notes.join(',') } : {}),
    });
    return {
      status: 200 as const,
      body: { received: true as const, applied: true },
      log: {
        orderId: ref.orderId,
        applied: true,
        statusFrom: result.statusFrom,
        statusTo: result.statusTo,
        extended: result.extended,
        ...(result.credited > 0 ? { credited: result.credited } : {}),
        ...(expired ? { referenceExpired: true } : {}),
        // PAID_AT_NOT_BEFORE_REFERENCE / PAID_AT_NOT_AFTER_NOW: what the provider said, and what the ledger took.
        ...(clamped ? { paidAtClamped: clamped, paidAt: n.paidAt.toISOString(), receivedAt: receivedAt.toISOString() } : {}),
      },
    };
  });
}

/**
 * The reference a notification names, locked FOR UPDATE, after its order (orders' lockOrder). Every path that
 * writes an order's references while paying it takes the order's lock first (a card payment expires them under
 * it): taking the reference's lock first here could make the two wait on each other, and PostgreSQL would abort
 * one of them (a deadlock).
 */
async function lockReference(tx: DbOrTx, providerId: string, reference: string) {
  const named = and(eq(paymentReferences.reference, reference), eq(paymentReferences.provider, providerId));
  const [found] = await tx.select({ orderId: paymentReferences.orderId }).from(paymentReferences).where(named).limit(1);
  if (!found) return undefined;
  await lockOrder(tx, { orderId: found.orderId });
  const [ref] = await tx.select().from(paymentReferences).where(named).limit(1).for('update');
  return ref;
}

/** Why the ledger did not take money, as suspense and payment_notifications name it. */
const holdReasons: Partial<Record<string, string>> = {
  paymentAboveCeiling: 'amount_above_ceiling',
  loanNotDisbursed: 'order_not_disbursed',
  paymentDateInvalid: 'payment_date_invalid',
  orderNotFound: 'order_not_found',
};
