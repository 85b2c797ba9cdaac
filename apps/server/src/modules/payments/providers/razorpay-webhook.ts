import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SignatureFailure } from '../notification-signature';
import { readSignedBody } from '../signed-body';
import { headerValue, type IncomingNotification, type PaymentEvent, type WebhookResult } from '../payment-provider';

/*
 * Razorpay's webhooks (docs/providers/razorpay.md), read from their documentation (razorpay.com/docs/webhooks:
 * "Validate and Test Webhooks", the sample payloads of payments, QR codes, Smart Collect, payment links, refunds).
 *
 *   X-Razorpay-Signature: hex HMAC-SHA256 of the raw body, keyed with the webhook secret
 *   x-razorpay-event-id:  unique per event (a retry of one event carries the same id)
 *
 * No timestamp is signed: a replayed delivery is authentic, and harmless because each payment is applied once by
 * its dedupe key (the payment id) and each delivery is known by its event id. Razorpay escapes "/" as "\/" in its
 * bodies (the docs' Node sample re-adds the escapes before checking): verifying the raw bytes is the only sound way.
 * Bodies are the provider's PHP's JSON: an empty `notes` is `[]`, a QR code's `close_by` is sometimes a string,
 * a payment's `currency` sometimes "".
 */

export const RAZORPAY_SIGNATURE_HEADER = 'X-Razorpay-Signature';
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';
export const RAZORPAY_VERIFICATION = 'HMAC-SHA256 X-Razorpay-Signature';
const PROVIDER = 'razorpay';

/**
 * Checks X-Razorpay-Signature against the raw body in constant time: absent or empty 'missing'; given twice or
 * not 64 hex digits 'malformed'; another HMAC 'bad_signature'.
 */
export function verifyRazorpaySignature(
  secret: string,
  header: string | readonly string[] | undefined,
  rawBody: string | Uint8Array,
): { ok: true } | { ok: false; reason: SignatureFailure } {
  if (Array.isArray(header) && header.length > 1) return { ok: false, reason: 'malformed' };
  const value = (typeof header === 'string' ? header : header?.[0])?.trim();
  if (!value) return { ok: false, reason: 'missing' };
  if (!/^[0-9a-fA-F]{64}$/.test(value)) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(value, 'hex'), expected) ? { ok: true } : { ok: false, reason: 'bad_signature' };
}

// ---- The documented entities, as much of them as the ledger needs ----

const entityId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{4,40}$`), `must be a Razorpay ${prefix}_ id`);
/** Unix seconds, as a number or (in some of Razorpay's samples) a string of digits. */
const unixSeconds = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,12}$/).transform(Number)]).transform((s) => new Date(s * 1000));
const paise = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Razorpay's PHP writes an empty notes object as []. */
export const notesSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(0).transform((): Record<string, unknown> => ({}))]).nullish();

export const paymentEntitySchema = z.object({
  id: entityId('pay'),
  amount: paise,
  currency: z.string().max(3).nullish(),
  status: z.string().max(40).nullish(),
  method: z.string().max(40).nullish(),
  notes: notesSchema,
  created_at: unixSeconds,
});
export type RazorpayPayment = z.infer<typeof paymentEntitySchema>;

/** What a payment is made to (a QR code, a Smart Collect account, a payment link), and when it closed. */
const targetEntity = (prefix: string) =>
  z.object({ id: entityId(prefix), closed_at: unixSeconds.nullish(), expired_at: unixSeconds.nullish(), cancelled_at: unixSeconds.nullish() });
const qrCodeEntity = targetEntity('qr');
const virtualAccountEntity = targetEntity('va');
const paymentLinkEntity = targetEntity('plink');
const bankTransferEntity = z.object({ virtual_account_id: entityId('va') });
const refundEntity = z.object({ id: entityId('rfnd'), amount: paise, currency: z.string().max(3).nullish(), payment_id: entityId('pay'), created_at: unixSeconds });

const envelopeSchema = z.object({
  event: z.string().regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/),
  payload: z.record(z.string(), z.unknown()),
  created_at: unixSeconds.optional(),
});
type Envelope = z.infer<typeof envelopeSchema>;

class BodyProblem extends Error {}

/** `payload.<name>.entity` read with its schema; undefined when the payload does not contain it; BodyProblem when malformed. */
function entity<S extends z.ZodType>(envelope: Envelope, name: string, schema: S): z.infer<S> | undefined {
  const wrapper = envelope.payload[name];
  if (wrapper === undefined || wrapper === null) return undefined;
  const parsed = z.object({ entity: schema }).safeParse(wrapper);
  if (!parsed.success) throw new BodyProblem(`${name}: ${z.prettifyError(parsed.error)}`);
  return (parsed.data as { entity: z.infer<S> }).entity;
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new BodyProblem(`the payload names no ${name}`);
  return value;
}

/** INR as Razorpay names it; '' or none: the loan's own; any other: the body is not one of our payments. */
function currencyOf(raw: string | null | undefined): 'INR' | undefined {
  if (!raw) return undefined;
  if (raw === 'INR') return 'INR';
  throw new BodyProblem(`currency ${raw.slice(0, 3)}: UPI and bank transfers are in INR`);
}

type Read = { ok: true; envelope: Envelope } | { ok: false; reason: 'invalid_body' | 'duplicate_keys'; detail: string };

/** The signed body as a Razorpay event envelope: UTF-8 JSON, no NUL, not too deep, no key twice. */
function readEnvelope(rawBody: string | Uint8Array): Read {
  const read = readSignedBody(rawBody);
  if (!read.ok) return read;
  const envelope = envelopeSchema.safeParse(read.json);
  if (!envelope.success) return { ok: false, reason: 'invalid_body', detail: z.prettifyError(envelope.error) };
  return { ok: true, envelope: envelope.data };
}

/**
 * The id of what a payment was made to (a QR code `qr_…`, a Smart Collect account `va_…`), found by asking Razorpay:
 * a `payment.*` or `refund.*` event carries the payment alone. Undefined when it was made to none of them (a payment
 * of another product on the same account). Rejects with ProviderUnavailable.
 */
export type PaymentTarget = (payment: RazorpayPayment) => Promise<string | undefined>;

type Normalised = Omit<PaymentEvent, 'provider' | 'eventId' | 'type'>;

const paid = (payment: RazorpayPayment, reference: string): Normalised => ({
  dedupeKey: payment.id,
  kind: 'paid',
  reference,
  amount: payment.amount,
  currency: currencyOf(payment.currency),
  occurredAt: payment.created_at,
});

type Handler = (envelope: Envelope, target: PaymentTarget) => Normalised[] | Promise<Normalised[]>;

const paymentOf = (envelope: Envelope) => required(entity(envelope, 'payment', paymentEntitySchema), 'payment');
/** The first time given, else the event's own time. */
const timeOf = (envelope: Envelope, ...times: (Date | null | undefined)[]) =>
  times.find((t): t is Date => t instanceof Date) ?? envelope.created_at ?? new Date(0);

/** A closing event ('expired'): its dedupe key names the event and the object, never a payment. */
const closed =
  (name: string, schema: ReturnType<typeof targetEntity>): Handler =>
  (envelope) => {
    const object = required(entity(envelope, name, schema), name);
    const occurredAt = timeOf(envelope, object.closed_at, object.expired_at, object.cancelled_at);
    return [{ dedupeKey: `${envelope.event}:${object.id}`, kind: 'expired', reference: object.id, amount: 0, occurredAt }];
  };

/**
 * What each event means for the ledger; an event not named here means nothing to it (payment.authorized,
 * order.paid, qr_code.created, virtual_account.created…: the captured and credited events of the same payment say it).
 */
const handlers: Record<string, Handler> = {
  // Each of these carries the payment AND what it was paid to; one payment's events share its id as dedupe key.
  'qr_code.credited': (e) => [paid(paymentOf(e), required(entity(e, 'qr_code', qrCodeEntity), 'qr_code').id)],
  'virtual_account.credited': (e) => {
    const account = entity(e, 'virtual_account', virtualAccountEntity)?.id ?? entity(e, 'bank_transfer', bankTransferEntity)?.virtual_account_id;
    return [paid(paymentOf(e), required(account, 'virtual_account'))];
  },
  'payment_link.paid': (e) => [paid(paymentOf(e), required(entity(e, 'payment_link', paymentLinkEntity), 'payment_link').id)],
  'payment.captured': async (e, target) => {
    const payment = paymentOf(e);
    const reference = await target(payment);
    return reference ? [paid(payment, reference)] : [];
  },
  // A failure never closes a reference: Razorpay may capture the same payment later (a late authorisation). Its
  // dedupe key is not the payment's, so that the capture is applied whatever the order the two arrive in.
  'payment.failed': async (e, target) => {
    const payment = paymentOf(e);
    const reference = await target(payment);
    if (!reference) return [];
    return [{ dedupeKey: `payment.failed:${payment.id}`, kind: 'failed', reference, amount: payment.amount, currency: currencyOf(payment.currency), occurredAt: payment.created_at }];
  },
  'refund.processed': async (e, target) => {
    const refund = required(entity(e, 'refund', refundEntity), 'refund');
    const payment = entity(e, 'payment', paymentEntitySchema);
    const reference = payment ? await target(payment) : undefined;
    if (!reference) return [];
    return [{ dedupeKey: refund.id, kind: 'refunded', reference, amount: refund.amount, currency: currencyOf(refund.currency), occurredAt: timeOf(e, e.created_at, refund.created_at) }];
  },
  // Razorpay sends qr_code.closed only for a code closed on demand, not one past its close_by.
  'qr_code.closed': closed('qr_code', qrCodeEntity),
  'virtual_account.closed': closed('virtual_account', virtualAccountEntity),
  'payment_link.expired': closed('payment_link', paymentLinkEntity),
  'payment_link.cancelled': closed('payment_link', paymentLinkEntity),
};

/** The event id of a delivery (printable ASCII, for the log and the review); undefined when absent or odd. */
function eventIdOf(incoming: IncomingNotification): string | undefined {
  const value = headerValue(incoming.headers, RAZORPAY_EVENT_ID_HEADER);
  return typeof value === 'string' && /^[\x21-\x7e]{1,100}$/.test(value) ? value : undefined;
}

/**
 * Verifies a Razorpay webhook on its raw bytes and reads its events. Never throws on bad input (a refusal);
 * rejects with ProviderUnavailable only when `target` must ask Razorpay and cannot.
 */
export async function readRazorpayWebhook(incoming: IncomingNotification, secret: string, target: PaymentTarget): Promise<WebhookResult> {
  const check = verifyRazorpaySignature(secret, headerValue(incoming.headers, RAZORPAY_SIGNATURE_HEADER), incoming.rawBody);
  if (!check.ok) return check;
  const read = readEnvelope(incoming.rawBody);
  if (!read.ok) return read;
  const { envelope } = read;
  let normalised: Normalised[];
  try {
    normalised = Object.hasOwn(handlers, envelope.event) ? await handlers[envelope.event]!(envelope, target) : [];
  } catch (error) {
    if (error instanceof BodyProblem) return { ok: false, reason: 'invalid_body', detail: `${envelope.event}: ${error.message}` };
    throw error;
  }
  const eventId = eventIdOf(incoming);
  const events = normalised.map((e) => ({ provider: PROVIDER, ...(eventId ? { eventId } : {}), type: envelope.event, ...e }));
  return { ok: true, events, verification: RAZORPAY_VERIFICATION };
}
