import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { markets } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import type { Db, DbOrTx } from '../../db/database';
import { ledgerPayments, paymentNotifications, paymentReferences } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { KeyedGate } from '../../lib/keyed-gate';
import type { ApplyPaymentApplied, ApplyPaymentResult } from '../ledger/ledger-service';
import { lockOrder } from '../orders/order-service';
import {
  isBodyRefusal,
  type IncomingNotification,
  type NotificationRefusal,
  type PaymentEvent,
  type PaymentNotification,
  type PaymentProvider,
} from './payment-provider';
import { bodyText, countUnrecorded, recordNotification } from './notification-log';
import { currencyHolds, expiredHolds, paymentCeiling, pickReference, purposeFor, receivedAtFor, samePayment, type PaidAtClamp } from './notification-rules';
import { findSuspenseByEvent, holdInSuspense } from './suspense-service';
import { markPaidWhenCovered, type PaymentReference } from './payment-references';
import { recordPayment } from './record-payment';

/*
 * A provider's webhook, verified and posted to the ledger (docs/api.md "Payment notifications", decisions 015 and
 * 029). The provider verifies and reads it (handleWebhook) into events; each event is handled on its own, in order:
 * money paid ('paid') is never refused for a business reason: it is applied to its loan (credit beyond what is owed,
 * a settled loan included) or held in suspense for an operator; the other kinds are noted. Every verified event is
 * recorded in payment_notifications with what became of it. Only a bad signature, a malformed body, or a dedupe key
 * reused for another payment is refused.
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
   * The events this process is handling now, by provider, kind and dedupe key: the same body arriving again
   * meanwhile (a provider's retry storm) waits for the first one's outcome instead of doing the work again.
   */
  inFlight?: Map<string, { rawBody: string; outcome: Promise<NotificationOutcome> }>;
  now?: Date;
};

/**
 * The provider verifies the raw bytes, then reads the events (provider.handleWebhook; ProviderUnavailable when it
 * must ask the provider and cannot: the caller answers 503, nothing written): a bad signature is refused and not
 * stored (anyone can send one); a signed body that is malformed or names a field twice is refused and recorded for
 * review. Then each event, in order (receiveEvent), and the delivery is answered with the worst of their outcomes.
 * `log` is for the log line: references, amounts, order ids, never the body, the header or the secret.
 */
export async function receiveNotification(
  db: Db,
  provider: PaymentProvider,
  incoming: IncomingNotification,
  options: ReceiveOptions,
): Promise<NotificationOutcome> {
  const now = options.now ?? new Date();
  const handled = await provider.handleWebhook(incoming, now);
  if (!handled.ok) {
    const log = { reason: handled.reason, ...(handled.detail ? { detail: handled.detail.slice(0, 300) } : {}) };
    if (isBodyRefusal(handled.reason)) {
      // The signature was good: the provider really sent it.
      await recordNotification(db, provider.id, incoming.rawBody, { outcome: 'refused', reason: handled.reason, verification: provider.verification });
    } else countUnrecorded(provider.id, handled.reason);
    return { status: refusalStatus[handled.reason], body: { received: false, error: handled.reason }, log };
  }
  if (handled.events.length === 0) {
    // Verified, but about nothing the ledger follows (a test ping, an event type not read).
    await recordNotification(db, provider.id, incoming.rawBody, { outcome: 'noted', reason: 'no_event', verification: handled.verification });
    return { status: 200, body: { received: true, applied: false }, log: { events: 0 } };
  }
  const outcomes: NotificationOutcome[] = [];
  for (const event of handled.events) {
    outcomes.push(await receiveEvent(db, provider, { incoming, event, n: paymentOf(event), verification: handled.verification, now }, options));
  }
  return worstOf(outcomes);
}

/**
 * Several events in one delivery: answered with the worst status (a refusal's body, the first of it), every event's
 * log line kept. All received: applied when any was, held when any was (the first hold's reason).
 */
function worstOf(outcomes: NotificationOutcome[]): NotificationOutcome {
  if (outcomes.length === 1) return outcomes[0]!;
  const log = { events: outcomes.map((o) => o.log) };
  const worst = outcomes.reduce((w, o) => (o.status > w.status ? o : w));
  if (worst.status !== 200) return { ...worst, log };
  const held = outcomes.find((o) => o.status === 200 && o.body.held);
  const applied = outcomes.some((o) => o.status === 200 && o.body.applied);
  return { status: 200, body: { ...(held?.body ?? { received: true }), received: true, applied }, log };
}

/**
 * One event of a verified delivery. Every database step waits its turn: one event per provider reference at a
 * time, a few in all (the gate), so a burst — retries of one event, or many events — never takes the pool from
 * other borrowers' calls. Money paid (receivePayment); any other kind noted (noteEvent).
 */
async function receiveEvent(db: Db, provider: PaymentProvider, delivery: Delivery, options: ReceiveOptions): Promise<NotificationOutcome> {
  const { event } = delivery;
  const log = { eventId: event.dedupeKey, ...(event.kind === 'paid' ? {} : { kind: event.kind }), reference: event.reference, amount: event.amount };
  const receive = () => (event.kind === 'paid' ? receivePayment(db, provider, delivery, options.ceilingPercent) : noteEvent(db, provider, delivery));
  const run = () => (options.gate ? options.gate.run(`${provider.id}:${event.reference}`, receive, options.signal) : receive());
  const key = `${provider.id}:${event.kind}:${event.dedupeKey}`;
  const outcome = options.inFlight ? await coalesced(options.inFlight, key, bodyText(delivery.incoming.rawBody), run) : await run();
  return { ...outcome, log: { ...log, ...outcome.log } };
}

/** Money paid: a repeat of an event already received answers with one read, no lock, no transaction; else applied or held. */
async function receivePayment(db: Db, provider: PaymentProvider, delivery: Delivery, ceilingPercent: number): Promise<NotificationOutcome> {
  const seen = await findReceived(db, provider.id, delivery.n.eventId);
  if (seen) return answerRepeat(db, provider.id, delivery, seen);
  return applyNotification(db, provider, delivery, ceilingPercent);
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

/** The first delivery of an event: applied to a ledger (its payment) or held in suspense; `reference` the provider's. */
type FirstDelivery = { reference: string; amount: Minor; orderId: number | null; held: boolean };

async function findReceived(db: DbOrTx, provider: string, eventId: string): Promise<FirstDelivery | undefined> {
  const held = await findSuspenseByEvent(db, provider, eventId);
  if (held) return { reference: held.reference, amount: held.amount, orderId: held.orderId, held: true };
  const [row] = await db
    .select({ orderId: ledgerPayments.orderId, amount: ledgerPayments.amount, reference: paymentReferences.providerReference })
    .from(ledgerPayments)
    .leftJoin(paymentReferences, eq(paymentReferences.id, ledgerPayments.referenceId))
    .where(and(eq(ledgerPayments.provider, provider), eq(ledgerPayments.providerEventId, eventId)))
    .limit(1);
  return row ? { reference: row.reference ?? '', amount: row.amount, orderId: row.orderId, held: false } : undefined;
}

/** What a delivery's event is recorded with: its payment, how it was verified, its type and kind. */
const recordedOf = ({ n, event, verification }: Delivery) => ({ notification: n, verification, event });

/** EVENT_ID_ONE_PAYMENT: a repeat naming the same payment answers as the first did; another payment is refused for review. */
async function answerRepeat(db: DbOrTx, provider: string, delivery: Delivery, first: FirstDelivery): Promise<NotificationOutcome> {
  const orderId = first.orderId ?? undefined;
  const { incoming, n } = delivery;
  if (!samePayment(first, n)) {
    await recordNotification(db, provider, incoming.rawBody, { outcome: 'refused', reason: 'event_conflict', orderId, ...recordedOf(delivery) });
    return { status: 409, body: { received: false, error: 'event_conflict' }, log: { refusal: 'event_conflict', ...(orderId ? { orderId } : {}) } };
  }
  await recordNotification(db, provider, incoming.rawBody, { outcome: 'duplicate', orderId, ...recordedOf(delivery) });
  const body: Received = first.held ? { received: true, applied: false, held: 'suspense' } : { received: true, applied: false };
  return { status: 200, body, log: { ...(orderId ? { orderId } : {}), applied: false } };
}

/** A verified event being handled: its bytes, the event, the payment it names (eventId its dedupe key), how it was verified, when it arrived. */
type Delivery = { incoming: IncomingNotification; event: PaymentEvent; n: PaymentNotification; verification: string; now: Date };

/** The payment an event names, as the ledger keeps it: the dedupe key as its event id, the provider reference, the paid time. */
const paymentOf = (event: PaymentEvent): PaymentNotification => ({ eventId: event.dedupeKey, reference: event.reference, amount: event.amount, paidAt: event.occurredAt });

/** Holds the money in suspense and records the notification as held (open for review). */
async function hold(
  tx: DbOrTx,
  provider: string,
  delivery: Delivery,
  reason: string,
  at: { receivedAt: Date; orderId?: number; referenceId?: number; channel?: string },
): Promise<NotificationOutcome> {
  const { n, now } = delivery;
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
  await recordNotification(tx, provider, delivery.incoming.rawBody, { outcome: 'held', reason, orderId: at.orderId, ...recordedOf(delivery) });
  return {
    status: 200,
    body: { received: true, applied: false, held: 'suspense', reason },
    log: { held: 'suspense', suspenseId: entry.id, reason, ...(at.orderId ? { orderId: at.orderId } : {}) },
  };
}

/**
 * In ONE transaction holding the event's advisory lock (two deliveries of one event never race, whatever their
 * reference; the repeat check runs again inside), the order and the reference row locked (lockReference): a provider
 * reference matching none, money in another currency (OTHER_CURRENCY_HOLDS_IN_SUSPENSE), paid after its reference's
 * time when that is not the loan's own account (EXPIRED_REFERENCE_HOLDS_IN_SUSPENSE), an amount above the ceiling and
 * anything the ledger cannot take are held in suspense (200, held: 'suspense'); else recordPayment with paidAt
 * clamped to the reference's creation and to now (idempotent by provider and dedupe key, the order row locked) — for
 * a settled loan or an extension reference already paid too — and the reference is marked paid once the payments
 * naming it cover its amount.
 */
async function applyNotification(db: Db, provider: PaymentProvider, delivery: Delivery, ceilingPercent: number): Promise<NotificationOutcome> {
  const { n, now, event } = delivery;
  return db.transaction(async (tx) => {
    // One delivery of an event at a time across processes, whatever its reference (EVENT_ID_ONE_PAYMENT).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notification:${provider.id}:${n.eventId}`}, 0))`);
    const seen = await findReceived(tx, provider.id, n.eventId);
    if (seen) return answerRepeat(tx, provider.id, delivery, seen);

    const locked = await lockReference(tx, provider.id, n, now);
    if (!locked) return hold(tx, provider.id, delivery, 'unknown_reference', { receivedAt: n.paidAt < now ? n.paidAt : now });
    const { ref, market } = locked;
    const { receivedAt, clamped } = receivedAtFor(n.paidAt, ref.createdAt, now);
    const where = { receivedAt, orderId: ref.orderId, referenceId: ref.id, channel: ref.channel };
    if (currencyHolds(event.currency, markets[market].currency.code)) return hold(tx, provider.id, delivery, 'currency_mismatch', where);
    if (expiredHolds(receivedAt, ref)) return hold(tx, provider.id, delivery, 'reference_expired', where);
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
    if (!result.applied) return answerRepeat(tx, provider.id, delivery, { reference: n.reference, amount: n.amount, orderId: ref.orderId, held: false });
    await markPaidWhenCovered(tx, ref, receivedAt);
    return applied(tx, provider.id, delivery, { ref, result, receivedAt, clamped });
  });
}

/** Records an applied payment and answers it; the log says what the ledger did and what was notable. */
async function applied(
  tx: DbOrTx,
  provider: string,
  delivery: Delivery,
  { ref, result, receivedAt, clamped }: { ref: PaymentReference; result: ApplyPaymentApplied; receivedAt: Date; clamped: PaidAtClamp | null },
): Promise<NotificationOutcome> {
  const { n } = delivery;
  // Only a loan's own account takes money past a reference's time (EXPIRED_REFERENCE_HOLDS_IN_SUSPENSE).
  const pastTime = receivedAt.getTime() > ref.expiresAt.getTime();
  const notes = [pastTime ? 'reference_expired' : '', clamped ? 'paid_at_clamped' : ''].filter(Boolean);
  await recordNotification(tx, provider, delivery.incoming.rawBody, {
    outcome: 'applied',
    orderId: ref.orderId,
    ...(notes.length > 0 ? { reason: notes.join(',') } : {}),
    ...recordedOf(delivery),
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
      ...(pastTime ? { referenceExpired: true, loanAccount: true } : {}),
      // PAID_AT_NOT_BEFORE_REFERENCE / PAID_AT_NOT_AFTER_NOW: what the provider said, and what the ledger took.
      ...(clamped ? { paidAtClamped: clamped, paidAt: n.paidAt.toISOString(), receivedAt: receivedAt.toISOString() } : {}),
    },
  };
}

/**
 * The reference an event's provider reference names, locked FOR UPDATE, after its order (orders' lockOrder), with
 * the order's market. Several references share a provider reference when it is the loan's own account (STP's CLABE, a
 * Smart Collect account): LOAN_ACCOUNT_PICKS_REFERENCE chooses, again once the order is locked. Every path that
 * writes an order's references while paying it takes the order's lock first (a card payment expires them under it):
 * taking the reference's lock first here could make the two wait on each other, and PostgreSQL would abort one of
 * them (a deadlock).
 */
async function lockReference(tx: DbOrTx, providerId: string, n: PaymentNotification, now: Date) {
  const at = n.paidAt < now ? n.paidAt : now;
  const named = and(eq(paymentReferences.provider, providerId), eq(paymentReferences.providerReference, n.reference));
  const candidates = (where: SQL | undefined) =>
    tx
      .select({ id: paymentReferences.id, orderId: paymentReferences.orderId, status: paymentReferences.status, amount: paymentReferences.amount, expiresAt: paymentReferences.expiresAt })
      .from(paymentReferences)
      .where(where)
      .orderBy(desc(paymentReferences.id))
      .limit(MAX_SHARED_REFERENCES);
  const first = pickReference(await candidates(named), n.amount, at);
  if (!first) return undefined;
  const order = await lockOrder(tx, { orderId: first.orderId });
  if (!order) return undefined;
  const picked = pickReference(await candidates(and(named, eq(paymentReferences.orderId, first.orderId))), n.amount, at) ?? first;
  const [ref] = await tx.select().from(paymentReferences).where(eq(paymentReferences.id, picked.id)).limit(1).for('update');
  return ref ? { ref, market: order.market } : undefined;
}

/** The references of one provider reference weighed by LOAN_ACCOUNT_PICKS_REFERENCE, newest first (a loan makes a few a day at most). */
const MAX_SHARED_REFERENCES = 200;

/** Why the ledger did not take money, as suspense and payment_notifications name it. */
const holdReasons: Partial<Record<string, string>> = {
  paymentAboveCeiling: 'amount_above_ceiling',
  loanNotDisbursed: 'order_not_disbursed',
  paymentDateInvalid: 'payment_date_invalid',
  orderNotFound: 'order_not_found',
};

/**
 * An event that moves no money, noted (outcome 'noted'): 'failed' changes nothing (a later capture may pay the
 * reference); 'expired' marks the provider reference's open references expired (its order locked first); 'refunded'
 * is open for review (the provider gave money back); 'pending' only recorded. A repeat of a noted event (same
 * provider, kind and dedupe key) is recorded as a duplicate.
 */
async function noteEvent(db: Db, provider: PaymentProvider, delivery: Delivery): Promise<NotificationOutcome> {
  const { event, n } = delivery;
  return db.transaction(async (tx) => {
    const refs = await tx
      .select({ id: paymentReferences.id, orderId: paymentReferences.orderId, status: paymentReferences.status })
      .from(paymentReferences)
      .where(and(eq(paymentReferences.provider, provider.id), eq(paymentReferences.providerReference, n.reference)))
      .orderBy(desc(paymentReferences.id))
      .limit(MAX_SHARED_REFERENCES);
    const orderId = refs[0]?.orderId;
    const [again] = await tx
      .select({ id: paymentNotifications.id })
      .from(paymentNotifications)
      .where(and(eq(paymentNotifications.provider, provider.id), eq(paymentNotifications.eventId, n.eventId), eq(paymentNotifications.kind, event.kind)))
      .limit(1);
    let expired = 0;
    if (!again && event.kind === 'expired') expired = await expireNamed(tx, refs);
    await recordNotification(tx, provider.id, delivery.incoming.rawBody, {
      outcome: again ? 'duplicate' : 'noted',
      ...(orderId ? { orderId } : {}),
      ...(orderId === undefined ? { reason: 'unknown_reference' } : {}),
      reviewOpen: !again && event.kind === 'refunded',
      ...recordedOf(delivery),
    });
    return { status: 200, body: { received: true, applied: false }, log: { noted: event.kind, ...(orderId ? { orderId } : {}), ...(expired ? { expired } : {}) } };
  });
}

/** The open ones of a provider reference's references become 'expired', each order locked first (lockReference's order). */
async function expireNamed(tx: DbOrTx, refs: { id: number; orderId: number; status: string }[]): Promise<number> {
  const open = refs.filter((r) => r.status === 'open');
  for (const orderId of [...new Set(open.map((r) => r.orderId))].sort((a, b) => a - b)) await lockOrder(tx, { orderId });
  if (open.length === 0) return 0;
  const rows = await tx
    .update(paymentReferences)
    .set({ status: 'expired' })
    .where(and(inArray(paymentReferences.id, open.map((r) => r.id)), eq(paymentReferences.status, 'open')))
    .returning({ id: paymentReferences.id });
  return rows.length;
}
