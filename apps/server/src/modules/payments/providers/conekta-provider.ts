import { createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { markets } from '@presta/contract/markets';
import { isValidClabe } from '../clabe';
import type { SignatureFailure } from '../notification-signature';
import {
  createReferenceInputSchema,
  headerValue,
  ProviderUnavailable,
  type CreateReferenceInput,
  type CreatedReference,
  type IncomingNotification,
  type PaymentEvent,
  type PaymentProvider,
  type ReferenceStatus,
  type WebhookResult,
} from '../payment-provider';
import { readSignedBody } from '../signed-body';
import { newStoreReference } from '../store-reference';

/*
 * Conekta (Mexico): cash references paid at the tills of Conekta's store network, and SPEI transfers to a CLABE
 * Conekta opens for the order (docs/providers/conekta.md). One Conekta order per payment reference, made through its
 * orders API (developers.conekta.com, API v2.3.0: POST /orders with one charge, `cash` or `spei`); our reference
 * travels in the order's metadata, the Conekta order id is the provider reference its events name.
 *
 * Webhooks carry the header `digest`: base64 of an RSA signature (PKCS#1 v1.5, SHA-256) of the raw body, made with
 * the private half of the account's webhook key (POST /webhook_keys, "Verificar firmas" in Conekta's docs); we
 * verify it with the public half (CONEKTA_WEBHOOK_PUBLIC_KEY). Conekta signs no timestamp: a replayed delivery
 * verifies, and is stopped by its dedupe key (the charge id), which the notification log applies once.
 */

const CONEKTA_PROVIDER_ID = 'conekta';
/** The API version Conekta answers in (its Accept header; the official SDKs send the same). */
const CONEKTA_ACCEPT = 'application/vnd.conekta-v2.3.0+json';
const CONEKTA_SIGNATURE_HEADER = 'digest';
const VERIFICATION = 'RSA-SHA256 digest (Conekta webhook key)';
/** Waits before the second and third attempt of a call (network error, 5xx, 429). */
const RETRY_DELAYS_MS = [250, 1_000];

export type ConektaOptions = {
  /** https://api.conekta.io, or a mock's address. */
  apiUrl: string;
  /** The account's private API key (key_…), sent as a bearer token. */
  privateKey: string;
  /** PEM of the account's webhook key (its public half): verifies the `digest` header. */
  webhookPublicKey: string;
  /** The store chains whose tills take the account's cash references (CONEKTA_STORES). */
  stores: readonly string[];
  nextSeq: () => number | Promise<number>;
  /** Longest wait for one attempt of a call. */
  timeoutMs: number;
  log?: FastifyBaseLogger;
};

export function createConektaProvider(opts: ConektaOptions): PaymentProvider {
  if (!opts.privateKey) throw new RangeError('Conekta needs its private API key (CONEKTA_PRIVATE_KEY)');
  const webhookKey = rsaPublicKey(opts.webhookPublicKey);
  const api = conektaApi(opts);
  return {
    id: CONEKTA_PROVIDER_ID,
    channels: ['store', 'spei'],
    stores: opts.stores,
    verification: VERIFICATION,
    createReference: (input) => createReference(api, opts, input),
    handleWebhook: (incoming) => Promise.resolve(readWebhook(webhookKey, incoming)),
    fetchStatus: (orderId) => fetchStatus(api, orderId),
  };
}

/** The webhook key as an RSA public key; a bad PEM stops the server at start-up rather than refusing every payment. */
function rsaPublicKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new RangeError('CONEKTA_WEBHOOK_PUBLIC_KEY is not a PEM public key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new RangeError('CONEKTA_WEBHOOK_PUBLIC_KEY is not an RSA key');
  return key;
}

// ---------------------------------------------------------------------------------------------------------------
// Calls to Conekta's API
// ---------------------------------------------------------------------------------------------------------------

type ConektaCall = { name: string; method: 'GET' | 'POST'; path: string; body?: string; idempotencyKey?: string };
type ConektaAnswer = { status: number; body: unknown };
type ConektaApi = (call: ConektaCall) => Promise<ConektaAnswer>;
type Attempt = { kind: 'answer'; answer: ConektaAnswer } | { kind: 'retry'; reason: string } | { kind: 'refused'; status: number };

/**
 * Conekta's one way to call: each attempt with a time limit; a network error, no answer in time, 429 or 5xx tried
 * again (three attempts in all, the same body and the same Idempotency-Key), then ProviderUnavailable. 401/403 are our
 * key's fault: logged as an error, unavailable at once. Log lines name the call, its status and reason: never a body
 * (an order carries the payer's name and phone) nor a key.
 */
function conektaApi(opts: ConektaOptions): ConektaApi {
  const base = opts.apiUrl.replace(/\/+$/, '');
  return async (call) => {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await attemptCall(base, opts, call);
      if (outcome.kind === 'answer') return outcome.answer;
      const line = { conekta: { call: call.name, attempt: attempt + 1 } };
      if (outcome.kind === 'refused') {
        opts.log?.error({ conekta: { ...line.conekta, status: outcome.status } }, 'conekta refused our credentials: check CONEKTA_PRIVATE_KEY');
        throw new ProviderUnavailable(CONEKTA_PROVIDER_ID, `${call.name}: http_${outcome.status}`);
      }
      opts.log?.warn({ conekta: { ...line.conekta, reason: outcome.reason } }, 'conekta did not answer');
      const wait = RETRY_DELAYS_MS[attempt];
      if (wait === undefined) throw new ProviderUnavailable(CONEKTA_PROVIDER_ID, `${call.name}: ${outcome.reason}`);
      await new Promise((r) => setTimeout(r, wait));
    }
  };
}

async function attemptCall(base: string, opts: ConektaOptions, call: ConektaCall): Promise<Attempt> {
  const headers: Record<string, string> = { accept: CONEKTA_ACCEPT, authorization: `Bearer ${opts.privateKey}`, 'accept-language': 'es' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  // In a version of Conekta's OpenAPI description of POST /orders (not its SDKs yet): a retry under it answers the first order.
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`${base}${call.path}`, { method: call.method, headers, body: call.body, signal: AbortSignal.timeout(opts.timeoutMs) });
  } catch (error) {
    return { kind: 'retry', reason: error instanceof Error ? error.name : 'network' };
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    return { kind: 'refused', status: res.status };
  }
  if (res.status >= 500 || res.status === 429) {
    await res.body?.cancel();
    return { kind: 'retry', reason: `http_${res.status}` };
  }
  try {
    return { kind: 'answer', answer: { status: res.status, body: await res.json() } };
  } catch {
    return { kind: 'retry', reason: `http_${res.status}_unreadable` };
  }
}

/** Conekta's error object names a type and codes (its `message`s may quote what we sent: not logged). */
function errorSummary(body: unknown): string {
  const error = z.object({ type: z.string().optional(), details: z.array(z.object({ code: z.string().optional() })).optional() }).safeParse(body);
  if (!error.success) return 'unreadable error';
  return [error.data.type, ...(error.data.details ?? []).map((d) => d.code)].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// createReference: POST /orders
// ---------------------------------------------------------------------------------------------------------------

const CHARGE_TYPE = { store: 'cash', spei: 'spei' } as const;

/** What we read of an order Conekta answers: its id and its one charge's payment method. */
const createdOrderSchema = z.object({
  id: z.string().regex(/^[\x21-\x7e]{1,100}$/),
  charges: z.object({
    data: z
      .array(
        z.object({
          payment_method: z.object({
            reference: z.string().regex(/^\d{6,30}$/).optional(),
            clabe: z.string().optional(),
            expires_at: z.number().int().positive().optional(),
          }),
        }),
      )
      .min(1),
  }),
});

async function createReference(api: ConektaApi, opts: ConektaOptions, input: CreateReferenceInput): Promise<CreatedReference> {
  const parsed = createReferenceInputSchema.safeParse(input);
  if (!parsed.success) throw new RangeError(`invalid reference request: ${z.prettifyError(parsed.error)}`);
  const { channel, expiresAt } = parsed.data;
  if (channel !== 'store' && channel !== 'spei') throw new RangeError(`Conekta collects store and spei, not ${channel}`);
  if ((parsed.data.currency ?? 'MXN') !== 'MXN') throw new RangeError('Conekta collects Mexican pesos only');
  // The key is made from our reference: a retry after a lost answer cannot open a second order.
  const reference = newStoreReference(await opts.nextSeq());
  const answer = await api({ name: 'create order', method: 'POST', path: '/orders', body: JSON.stringify(orderBody(input, reference)), idempotencyKey: `presta-${reference}` });
  if (answer.status !== 200 && answer.status !== 201) {
    // A 4xx is a request Conekta will never take (our settings or the payer's data): the operator must look.
    const error = errorSummary(answer.body);
    opts.log?.error({ conekta: { call: 'create order', status: answer.status, error, reference } }, 'conekta refused the order');
    throw new ProviderUnavailable(CONEKTA_PROVIDER_ID, `create order: http_${answer.status} ${error}`);
  }
  const order = createdOrderSchema.safeParse(answer.body);
  const method = order.success ? order.data.charges.data[0]!.payment_method : undefined;
  const code = channel === 'store' ? method?.reference : method?.clabe;
  if (!order.success || !code || (channel === 'spei' && !isValidClabe(code))) {
    throw new ProviderUnavailable(CONEKTA_PROVIDER_ID, `create order: the answer names no ${channel === 'store' ? 'cash reference' : 'valid CLABE'}`);
  }
  // The earlier of what we asked and what Conekta set: a till refuses the reference after Conekta's time.
  const conektaEnd = method?.expires_at === undefined ? expiresAt : new Date(method.expires_at * 1000);
  const common = { reference, providerReference: order.data.id, loanAccount: false, payerTypesReference: false, voucherCode: code };
  const end = conektaEnd < expiresAt ? conektaEnd : expiresAt;
  return channel === 'store' ? { ...common, barcodeText: code, expiresAt: end } : { ...common, clabe: code, expiresAt: end };
}

/**
 * The order Conekta is asked for: one line for the amount, one charge of the channel's type that expires when the
 * reference does (unix seconds, rounded down), our reference in the metadata. Conekta requires a name, a phone and an
 * e-mail; a borrower without an e-mail gets the lender's support address (Conekta e-mails its receipt there).
 */
function orderBody(input: CreateReferenceInput, reference: string) {
  const support = markets.MX.support;
  const loan = input.orderNo ?? String(input.orderId);
  return {
    currency: 'MXN',
    customer_info: {
      name: input.payer?.name || `Préstamo ${loan}`,
      email: input.payer?.email || support.email,
      phone: input.payer?.phone || support.phone.replaceAll(' ', ''),
    },
    line_items: [{ name: `${input.purpose === 'extension' ? 'Extensión' : 'Pago'} del préstamo ${loan}`, unit_price: input.amount, quantity: 1 }],
    charges: [{ payment_method: { type: CHARGE_TYPE[input.channel as 'store' | 'spei'], expires_at: Math.floor(input.expiresAt.getTime() / 1000) } }],
    metadata: { reference, order_id: String(input.orderId), purpose: input.purpose },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks: the digest, then the event
// ---------------------------------------------------------------------------------------------------------------

/** A base64 signature of the key's size; anything else is not one. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function checkDigest(key: KeyObject, header: string | readonly string[] | undefined, body: Buffer): SignatureFailure | undefined {
  if (header === undefined) return 'missing';
  if (typeof header !== 'string') return 'malformed';
  const text = header.trim();
  const size = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
  if (text.length > 2_048 || !BASE64.test(text)) return 'malformed';
  const signature = Buffer.from(text, 'base64');
  if (signature.length !== size) return 'malformed';
  return verifySignature('sha256', body, key, signature) ? undefined : 'bad_signature';
}

/** Verifies the digest on the raw bytes, then reads the event. Never throws on bad input. */
function readWebhook(key: KeyObject, incoming: IncomingNotification): WebhookResult {
  const bytes = typeof incoming.rawBody === 'string' ? Buffer.from(incoming.rawBody, 'utf8') : Buffer.from(incoming.rawBody);
  const failure = checkDigest(key, headerValue(incoming.headers, CONEKTA_SIGNATURE_HEADER), bytes);
  if (failure) return { ok: false, reason: failure };
  const read = readSignedBody(bytes);
  if (!read.ok) return read;
  const events = eventsOf(read.json);
  if (typeof events === 'string') return { ok: false, reason: 'invalid_body', detail: events };
  return { ok: true, events, verification: VERIFICATION };
}

const conektaId = z.string().regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable ASCII characters');
const unixTime = z.number().int().positive().safe();
const minor = z.number().int().nonnegative().safe();
const currency = z.string().transform((c) => c.toUpperCase()).pipe(z.enum(['MXN', 'INR']));

const refundSchema = z.object({ id: conektaId, amount: z.number().int().safe(), created_at: unixTime.optional() });
const chargeSchema = z.object({
  id: conektaId,
  order_id: conektaId,
  amount: minor,
  currency,
  status: z.string(),
  paid_at: unixTime.nullish(),
  refunds: z.object({ data: z.array(refundSchema) }).nullish(),
});
const orderSchema = z.object({
  id: conektaId,
  amount: minor,
  currency,
  amount_refunded: minor.nullish(),
  charges: z.object({ data: z.array(chargeSchema) }).nullish(),
});
const eventSchema = z.object({ id: conektaId, type: z.string().max(100), created_at: unixTime, data: z.object({ object: z.unknown().optional() }) });

type Charge = z.infer<typeof chargeSchema>;
type Order = z.infer<typeof orderSchema>;
type Envelope = z.infer<typeof eventSchema>;

/** Each Conekta event type we act on: what its data.object is, and the events it makes. */
const eventKinds: Record<string, { object: 'order' | 'charge'; kind: PaymentEvent['kind'] }> = {
  'order.paid': { object: 'order', kind: 'paid' },
  'charge.paid': { object: 'charge', kind: 'paid' },
  'order.expired': { object: 'order', kind: 'expired' },
  'order.pending_payment': { object: 'order', kind: 'pending' },
  'order.refunded': { object: 'order', kind: 'refunded' },
  'order.partially_refunded': { object: 'order', kind: 'refunded' },
  'charge.refunded': { object: 'charge', kind: 'refunded' },
};

/** The events of a verified body, or why it is not a Conekta event. Other types (webhook_ping, order.created…): none. */
function eventsOf(json: unknown): PaymentEvent[] | string {
  const envelope = eventSchema.safeParse(json);
  if (!envelope.success) return z.prettifyError(envelope.error);
  const known = eventKinds[envelope.data.type];
  if (!known) return [];
  const object = (known.object === 'order' ? orderSchema : chargeSchema).safeParse(envelope.data.data.object);
  if (!object.success) return `data.object: ${z.prettifyError(object.error)}`;
  const e = envelope.data;
  if (known.object === 'charge') {
    const charge = object.data as Charge;
    return known.kind === 'paid' ? paidEvents(e, [charge]) : refundEvents(e, charge.order_id, [charge], undefined);
  }
  const order = object.data as Order;
  const charges = order.charges?.data ?? [];
  const base = { ...eventBase(e), reference: order.id, currency: order.currency };
  switch (known.kind) {
    case 'paid':
      return paidEvents(e, charges.filter((c) => c.status === 'paid' || (c.paid_at ?? 0) > 0));
    case 'expired':
      return [{ ...base, dedupeKey: `expired:${order.id}`, kind: 'expired', amount: 0 }];
    case 'pending':
      return [{ ...base, dedupeKey: `pending:${order.id}`, kind: 'pending', amount: order.amount }];
    default:
      return refundEvents(e, order.id, charges, order.amount_refunded ?? undefined);
  }
}

const eventBase = (e: Envelope) => ({ provider: CONEKTA_PROVIDER_ID, eventId: e.id, type: e.type, occurredAt: new Date(e.created_at * 1000) });

/** One 'paid' event per paid charge, keyed by the charge id: order.paid and charge.paid of one payment apply once. */
function paidEvents(e: Envelope, charges: Charge[]): PaymentEvent[] | string {
  if (charges.length === 0) return 'data.object: no paid charge';
  if (charges.some((c) => c.amount <= 0)) return 'data.object: a paid charge of no amount';
  return charges.map((c) => paidEvent(eventBase(e), c));
}

function paidEvent(base: Pick<PaymentEvent, 'provider' | 'eventId' | 'type' | 'occurredAt'>, c: Charge): PaymentEvent {
  const occurredAt = c.paid_at ? new Date(c.paid_at * 1000) : base.occurredAt;
  return { ...base, dedupeKey: c.id, kind: 'paid', reference: c.order_id, amount: c.amount, currency: c.currency, occurredAt };
}

/** One 'refunded' event per refund (Conekta writes refunds as negative amounts); the order's total when none is listed. */
function refundEvents(e: Envelope, orderId: string, charges: Charge[], orderRefunded: number | undefined): PaymentEvent[] {
  const refunds = charges.flatMap((c) => (c.refunds?.data ?? []).map((r) => ({ ...r, currency: c.currency })));
  const base = { ...eventBase(e), kind: 'refunded' as const, reference: orderId };
  if (refunds.length === 0) {
    const amount = orderRefunded ?? charges.reduce((sum, c) => sum + c.amount, 0);
    return [{ ...base, dedupeKey: `refund:${orderId}:${amount}`, amount, currency: charges[0]?.currency }];
  }
  return refunds.map((r) => ({
    ...base,
    dedupeKey: `refund:${r.id}`,
    amount: Math.abs(r.amount),
    currency: r.currency,
    occurredAt: new Date((r.created_at ?? e.created_at) * 1000),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// fetchStatus: GET /orders/{id}
// ---------------------------------------------------------------------------------------------------------------

const statusSchema = orderSchema.extend({ payment_status: z.string().optional() });
const ORDER_ID = /^ord_[A-Za-z0-9]{1,64}$/;

/** Conekta's payment_status in our words: refunded orders were paid; canceled or voided ones take no more money. */
function stateOf(paymentStatus: string | undefined): ReferenceStatus['state'] {
  if (paymentStatus === 'paid' || paymentStatus === 'partially_refunded' || paymentStatus === 'refunded') return 'paid';
  if (paymentStatus === 'pending_payment') return 'open';
  if (paymentStatus === 'expired' || paymentStatus === 'canceled' || paymentStatus === 'voided') return 'expired';
  return 'unknown';
}

async function fetchStatus(api: ConektaApi, orderId: string): Promise<ReferenceStatus> {
  const unknown: ReferenceStatus = { state: 'unknown', paidAmount: 0, events: [] };
  if (!ORDER_ID.test(orderId)) return unknown;
  const answer = await api({ name: 'get order', method: 'GET', path: `/orders/${orderId}` });
  if (answer.status === 404) return unknown;
  const order = statusSchema.safeParse(answer.body);
  if (answer.status !== 200 || !order.success) {
    throw new ProviderUnavailable(CONEKTA_PROVIDER_ID, `get order: http_${answer.status} ${order.success ? errorSummary(answer.body) : 'unreadable order'}`);
  }
  // Each paid charge as its charge.paid event would read (no event id: the status query is not a delivery).
  const paid = (order.data.charges?.data ?? []).filter((c) => (c.paid_at ?? 0) > 0 && c.amount > 0);
  const events = paid.map((c) => paidEvent({ provider: CONEKTA_PROVIDER_ID, type: 'charge.paid', occurredAt: new Date(c.paid_at! * 1000) }, c));
  return { state: stateOf(order.data.payment_status), paidAmount: paid.reduce((sum, c) => sum + c.amount, 0), events };
}
