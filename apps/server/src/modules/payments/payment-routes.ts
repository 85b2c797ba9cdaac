import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSessionParams, sessionParamNames } from '@presta/contract/session-params';
import { errorCodes } from '@presta/contract/error-codes';
import { DEV_SANDBOX_SECRET, type Config } from '../../config';
import { GateFull, KeyedGate } from '../../lib/keyed-gate';
import { notFound, RETRY_AFTER_SECONDS } from '../../lib/app-error';
import { openapiSecurity, refusalMedia, type RouteDocs } from '../../lib/openapi-document';
import { renderCode128Png, renderCode128Svg, renderQrPng, renderQrSvg } from './barcode';
import { receiveNotification, type NotificationOutcome, type ReceiveOptions } from './notification-service';
import { accessKeyMatches, BARCODE_ROUTE_PREFIX, findReference, type PaymentReference } from './payment-references';
import { ProviderUnavailable, type PaymentProvider } from './payment-provider';
import { SANDBOX_NOTIFICATION_PATH, SANDBOX_PROVIDER_ID, sandboxNotificationBodySchema } from './sandbox-provider';
import { isValidStoreReference } from './store-reference';
import { referenceUpiUri } from './upi-link';

export type PaymentRoutesOptions = { config: Config };

/** Where a provider's webhooks arrive: /api/payments/notifications/<id> (the sandbox's is SANDBOX_NOTIFICATION_PATH). */
export const notificationPathOf = (providerId: string) => `/api/payments/notifications/${providerId}`;

/** Largest notification body taken: the sandbox's is ~150 bytes; a provider's event (a Conekta order with its charges) a few KB. */
const NOTIFICATION_BODY_LIMIT = 8 * 1024;
const PROVIDER_NOTIFICATION_BODY_LIMIT = 64 * 1024;
/** The notification's answers (docs/api.md "Payment notifications"), for the OpenAPI document. */
const notificationAnswer = (description: string, properties: Record<string, unknown>, required: string[]) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', properties, required } } },
});
const refusedBody = (errors: string[]) => ({
  received: { type: 'boolean', enum: [false] },
  error: { type: 'string', enum: errors },
});
const notificationResponses = {
  200: notificationAnswer(
    'Received: applied, a repeat of an event already received (applied false), or held in suspense (held, reason).',
    {
      received: { type: 'boolean', enum: [true] },
      applied: { type: 'boolean' },
      held: { type: 'string', enum: ['suspense'] },
      reason: { type: 'string', description: 'Why it is held: unknown_reference, amount_above_ceiling, order_not_disbursed, …' },
    },
    ['received', 'applied'],
  ),
  400: notificationAnswer('A signed body that is not a valid event, or names a key twice (recorded for review).', refusedBody(['invalid_body', 'duplicate_keys']), ['received', 'error']),
  401: notificationAnswer(
    'Missing, malformed, bad or expired signature; a sender not in the allowed addresses, or a deposit the provider does not confirm (not recorded).',
    refusedBody(['missing', 'malformed', 'bad_signature', 'expired', 'unknown_source', 'not_confirmed']),
    ['received', 'error'],
  ),
  409: notificationAnswer('The same event id naming another reference or amount (recorded for review; nothing applied).', refusedBody(['event_conflict']), ['received', 'error']),
  503: {
    description:
      'Too many notifications waiting ({received: false, error: "busy"}), the provider could not confirm the event now ({received: false, error: "provider_unavailable"}), ' +
      'or the database cannot answer (the wrapper, code 503001): the provider retries.',
    content: {
      'application/json': {
        schema: {
          oneOf: [
            { type: 'object', properties: refusedBody(['busy', 'provider_unavailable']), required: ['received', 'error'] },
            refusalMedia([errorCodes.serviceUnavailable]).schema,
          ],
        },
      },
    },
    headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } },
  },
};

/** Notifications waiting in one process beyond this are answered 503 (the provider retries). */
const NOTIFICATIONS_WAITING_MAX = 2_000;
/** Database connections notifications may hold at once: a quarter of the pool, at least one. */
export const notificationConcurrency = (poolMax: number) => Math.max(1, Math.floor(poolMax / 4));

/**
 * The payment providers' routes (docs/payments.md): the barcode and QR images of references and each provider's
 * webhook (app.payments: the providers in use). The borrower's repayment calls that make references are repayment's.
 */
export default async function paymentRoutes(app: FastifyInstance, opts: PaymentRoutesOptions) {
  if (app.payments.byId(SANDBOX_PROVIDER_ID) && opts.config.paymentSandboxSecret === DEV_SANDBOX_SECRET) {
    app.log.warn('PAYMENT_SANDBOX_SECRET is not set: sandbox notifications are checked with the public development secret');
  }
  registerBarcodeRoutes(app);
  await app.register((notifications) => registerNotificationRoutes(app, notifications, opts.config));
}

/** The images a voucher shows: a store reference's Code 128 barcode, a UPI reference's QR code of its payment link (issue 32). */
const referenceImages = [
  { name: 'barcode', channel: 'store', what: 'The Code 128 barcode of a store reference' },
  { name: 'qr', channel: 'upi', what: 'The QR code of a UPI reference’s payment link (upi://pay)' },
] as const;
type ReferenceImage = (typeof referenceImages)[number];

/** A store reference's barcode carries what the till reads (the provider's reference, voucherCode); a UPI QR its payment link. */
async function drawImage(image: ReferenceImage, ref: PaymentReference, ext: 'png' | 'svg'): Promise<Buffer | string> {
  if (image.name === 'qr') {
    const link = ref.payLink ?? referenceUpiUri(ref);
    return ext === 'png' ? await renderQrPng(link) : renderQrSvg(link);
  }
  return ext === 'png' ? await renderCode128Png(ref.voucherCode) : renderCode128Svg(ref.voucherCode);
}

/** The images of references: with the URL's token, or the owner's session. */
function registerBarcodeRoutes(app: FastifyInstance): void {
  const imageHandler = (image: ReferenceImage, ext: 'png' | 'svg') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { reference } = request.params as { reference: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const ref = isValidStoreReference(reference) ? await findReference(app.db, reference) : undefined;
    if (!ref || ref.channel !== image.channel) throw notFound('referenceNotFound');

    let allowed: boolean;
    if (query.token !== undefined) {
      // The URL the API handed out: valid while the reference is payable.
      allowed = accessKeyMatches(ref, query.token) && ref.expiresAt.getTime() > Date.now();
    } else {
      // Otherwise the owner's session, like every borrower call.
      const params = readSessionParams(query);
      const header = request.headers[sessionParamNames.sessionId];
      const sessionId = params.sessionId ?? (typeof header === 'string' && header !== '' ? header : undefined);
      allowed = (await app.sessionBorrower(request, sessionId)).id === ref.borrowerId;
    }
    if (!allowed) throw notFound('referenceNotFound');

    reply
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `inline; filename="${ref.reference}.${ext}"`);
    const drawn = await drawImage(image, ref, ext);
    if (ext === 'png') return reply.type('image/png').send(drawn);
    return reply.type('image/svg+xml').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(drawn);
  };
  for (const image of referenceImages) {
    for (const ext of ['png', 'svg'] as const) {
      app.route({
        method: 'GET',
        url: `${BARCODE_ROUTE_PREFIX}/:reference/${image.name}.${ext}`,
        config: {
          auth: 'public',
          rateLimit: { max: 600, timeWindow: '1 minute' },
          openapi: {
            security: openapiSecurity.referenceTokenOrSession,
            refusals: { 401: [errorCodes.sessionInvalid], 404: [errorCodes.notFound] },
            responses: {
              200: {
                description: `${image.what} (${ext.toUpperCase()}); private, cacheable for an hour.`,
                content: { [ext === 'png' ? 'image/png' : 'image/svg+xml']: { schema: { type: 'string', format: 'binary' } } },
              },
            },
          },
        },
        schema: {
          summary: `${image.what} (${ext.toUpperCase()}): with the URL's token, or the owner's session`,
          tags: ['repayment'],
        },
        handler: imageHandler(image, ext),
      });
    }
  }
}

/** Each provider's webhook: the raw bytes kept for its verification, a gate per reference, no rate limit. */
function registerNotificationRoutes(app: FastifyInstance, notifications: FastifyInstance, config: Config): void {
  // The signature covers the raw bytes: keep them, parse nothing here. Every provider sends JSON.
  notifications.removeAllContentTypeParsers();
  notifications.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: PROVIDER_NOTIFICATION_BODY_LIMIT }, (_request, body, done) => done(null, body));
  // No rate limit (money must never be dropped, and nothing here depends on Redis): a bad signature costs one
  // verification. The gate keeps a burst for one reference to one connection and all of them to a few, whatever
  // the provider.
  const gate = new KeyedGate(notificationConcurrency(config.databasePoolMax), NOTIFICATIONS_WAITING_MAX);
  const inFlight: NonNullable<ReceiveOptions['inFlight']> = new Map();
  for (const provider of app.payments.all) {
    const sandbox = provider.id === SANDBOX_PROVIDER_ID;
    notifications.route({
      method: 'POST',
      url: sandbox ? SANDBOX_NOTIFICATION_PATH : notificationPathOf(provider.id),
      bodyLimit: sandbox ? NOTIFICATION_BODY_LIMIT : PROVIDER_NOTIFICATION_BODY_LIMIT,
      config: { auth: 'public', openapi: notificationDocs(provider) },
      schema: { summary: `${providerNames[provider.id]}'s notification of a payment (or another event) to a reference`, tags: ['payments'] },
      handler: async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // Answered meanwhile (the request deadline's 503): a notification still waiting for its turn is dropped (the provider retries).
        const answered = new AbortController();
        reply.raw.once('close', () => answered.abort(new GateFull()));
        let outcome: NotificationOutcome;
        try {
          const incoming = { rawBody, headers: request.headers, sourceAddress: request.ip };
          outcome = await receiveNotification(app.db, provider, incoming, { ceilingPercent: config.paymentCeilingPercent, gate, inFlight, signal: answered.signal });
        } catch (error) {
          if (reply.sent) return reply; // the request deadline answered it already
          if (error instanceof ProviderUnavailable) {
            request.log.warn({ provider: provider.id, detail: error.message.slice(0, 200) }, 'payment notification deferred: the provider cannot confirm it now');
            return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ received: false, error: 'provider_unavailable' });
          }
          if (!(error instanceof GateFull)) throw error;
          request.log.warn({ waiting: gate.size }, 'payment notification deferred: too many waiting');
          return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ received: false, error: 'busy' });
        }
        if (outcome.status === 200) request.log.info({ provider: provider.id, notification: outcome.log }, 'payment notification');
        else request.log.warn({ provider: provider.id, notification: outcome.log, status: outcome.status }, 'payment notification refused');
        const answer = provider.answer?.({ status: outcome.status, body: outcome.body }) ?? outcome;
        return reply.status(answer.status).send(answer.body);
      },
    });
  }
}

const providerNames: Record<PaymentProvider['id'], string> = { sandbox: 'The sandbox payment provider', conekta: 'Conekta', stp: 'STP', razorpay: 'Razorpay' };

/** What each provider's webhook route says in the OpenAPI document (docs/api.md "Payment notifications"). */
const providerRouteTexts: Record<Exclude<PaymentProvider['id'], 'sandbox'>, string> = {
  conekta: "Conekta's webhook (order.paid, charge.paid, order.expired, charge.refunded, ...), verified by the RSA `DIGEST` header over the raw body with the account's webhook key.",
  stp: "STP's deposit notification (abono, SPEI to the loan's CLABE), from an address of STP_ALLOWED_ADDRESSES and confirmed by STP's status query; answered {\"mensaje\": \"confirmar\"} (money is never refused).",
  razorpay: "Razorpay's webhook (payment.captured, payment.failed, qr_code.credited, virtual_account.credited, ...), verified by `X-Razorpay-Signature` (HMAC-SHA256 of the raw body with the webhook secret).",
};

function notificationDocs(provider: PaymentProvider): RouteDocs {
  const common =
    'Not a borrower call: answers the provider, not the wrapper. Verified over the raw bytes; money a verified event reports is never ' +
    'refused for a business reason (held in suspense instead). docs/api.md "Payment notifications".';
  if (provider.id === SANDBOX_PROVIDER_ID) {
    return {
      operationId: 'sandboxPaymentNotification',
      description: common,
      security: openapiSecurity.paymentSignature,
      body: sandboxNotificationBodySchema,
      consumes: ['application/json'],
      responses: notificationResponses,
    };
  }
  return {
    operationId: `${provider.id}PaymentNotification`,
    description: `${providerRouteTexts[provider.id]} ${common} docs/providers/${provider.id}.md.`,
    // Verified by the provider's own scheme, in the body's bytes or the sender's address: no credential of ours.
    security: openapiSecurity.public,
    body: { type: 'object', description: `The provider's event, exactly as ${providerNames[provider.id]} documents it.`, additionalProperties: true },
    consumes: ['application/json'],
    responses: notificationResponses,
  };
}
