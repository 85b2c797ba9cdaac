import { z } from 'zod';
import { headerValue, type IncomingNotification } from '../payment-provider';
import { RAZORPAY_SIGNATURE_HEADER, verifyRazorpaySignature } from '../providers/razorpay-webhook';
import { readSignedBody } from '../signed-body';
import type { PayoutEvent, PayoutWebhookResult } from './payout-provider';
import { payoutEntity, payoutStateOf, validationEntity, validationReferenceOf, validationStateOf } from './razorpayx-entities';

/*
 * RazorpayX's webhooks (docs/providers/razorpayx.md "Webhooks"): signed as Razorpay's are (X-Razorpay-Signature, hex
 * HMAC-SHA256 of the raw body with the webhook secret; "Validate and Test Webhooks"), an envelope
 * {entity: "event", event, contains, payload: {payout: {entity}}, created_at}.
 *
 *   payout.*                              → one event per payout of ours (reference_id = our idempotency key),
 *                                           dedupe key "<pout id>:<status>" as RazorpayX advises ("Payouts Best
 *                                           Practices": deduplicate on the payout id and its status); payout.updated
 *                                           carrying a UTR adds it (the UTR may come after the processed event).
 *   fund_account.validation.completed|failed → one validation event (notes.reference = our reference).
 *
 * Events arrive in any order ("Subscribe to Webhooks"): the disbursal never lets a pending one undo a final one.
 */

export const RAZORPAYX_VERIFICATION = 'HMAC-SHA256 X-Razorpay-Signature';
const PROVIDER = 'razorpayx';

const envelopeSchema = z.object({
  event: z.string().regex(/^[a-z_]{1,40}(\.[a-z_]{1,40}){1,3}$/),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.number().int().nonnegative().optional(),
});
type Envelope = z.infer<typeof envelopeSchema>;

type Read = { ok: true; events: PayoutEvent[] } | { ok: false; detail: string };

function entityOf<S extends z.ZodType>(envelope: Envelope, name: string, schema: S): { ok: true; value: z.infer<S> } | { ok: false; detail: string } {
  const parsed = z.object({ entity: schema }).safeParse(envelope.payload[name]);
  if (!parsed.success) return { ok: false, detail: `${name}: ${z.prettifyError(parsed.error).slice(0, 300)}` };
  return { ok: true, value: (parsed.data as { entity: z.infer<S> }).entity };
}

function payoutEvents(envelope: Envelope, occurredAt: Date): Read {
  const read = entityOf(envelope, 'payout', payoutEntity);
  if (!read.ok) return read;
  const payout = read.value;
  // A payout made otherwise (the dashboard, another product on the account) names no key of ours.
  if (!payout.reference_id) return { ok: true, events: [] };
  const utr = envelope.event === 'payout.updated' && payout.utr ? `:${payout.utr}` : '';
  const state = payoutStateOf(payout, occurredAt);
  return { ok: true, events: [{ provider: PROVIDER, dedupeKey: `${payout.id}:${payout.status}${utr}`, type: envelope.event, idempotencyKey: payout.reference_id, state, occurredAt }] };
}

function validationEvents(envelope: Envelope, occurredAt: Date): Read {
  const read = entityOf(envelope, 'fund_account.validation', validationEntity);
  if (!read.ok) return read;
  const reference = validationReferenceOf(read.value);
  if (!reference) return { ok: true, events: [] };
  const validation = validationStateOf(read.value, reference);
  const event: PayoutEvent = {
    provider: PROVIDER,
    dedupeKey: `${read.value.id}:${read.value.status}`,
    type: envelope.event,
    idempotencyKey: reference,
    // Not a payout: no payout's state. The validation says what happened.
    state: { status: 'unknown', providerReference: read.value.id },
    occurredAt,
    validation,
  };
  return { ok: true, events: [event] };
}

/** Verifies a RazorpayX webhook on its raw bytes and reads its events. Never throws. */
export function readRazorpayxWebhook(incoming: IncomingNotification, secret: string, now: Date): PayoutWebhookResult {
  const check = verifyRazorpaySignature(secret, headerValue(incoming.headers, RAZORPAY_SIGNATURE_HEADER), incoming.rawBody);
  if (!check.ok) return { ok: false, reason: 'bad_signature', detail: check.reason };
  const body = readSignedBody(incoming.rawBody);
  if (!body.ok) return { ok: false, reason: body.reason, detail: body.detail };
  const parsed = envelopeSchema.safeParse(body.json);
  if (!parsed.success) return { ok: false, reason: 'invalid_body', detail: z.prettifyError(parsed.error).slice(0, 300) };
  const envelope = parsed.data;
  const occurredAt = envelope.created_at === undefined ? now : new Date(envelope.created_at * 1000);
  let read: Read = { ok: true, events: [] };
  if (envelope.event.startsWith('payout.') && envelope.payload.payout !== undefined) read = payoutEvents(envelope, occurredAt);
  else if (envelope.event.startsWith('fund_account.validation.')) read = validationEvents(envelope, occurredAt);
  if (!read.ok) return { ok: false, reason: 'invalid_body', detail: `${envelope.event}: ${read.detail}` };
  return { ok: true, events: read.events, verification: RAZORPAYX_VERIFICATION };
}
