import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSessionParams, sessionParamNames } from '@presta/contract/session-params';
import { errorCodes } from '@presta/contract/error-codes';
import { DEV_SANDBOX_SECRET, type Config } from '../../config';
import type { Db } from '../../db/database';
import { GateFull, KeyedGate } from '../../lib/keyed-gate';
import { notFound, RETRY_AFTER_SECONDS } from '../../lib/app-error';
import { openapiSecurity, refusalMedia } from '../../lib/openapi-document';
import { renderCode128Png, renderCode128Svg, renderQrPng, renderQrSvg } from './barcode';
import { receiveNotification, type ReceiveOptions } from './notification-service';
import { accessKeyMatches, BARCODE_ROUTE_PREFIX, findReference, referenceSeqSource, type PaymentReference } from './payment-references';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider, SANDBOX_NOTIFICATION_PATH, sandboxNotificationBodySchema } from './sandbox-provider';
import { isValidStoreReference } from './store-reference';
import { referenceUpiUri } from './upi-link';

export type PaymentRoutesOptions = {
  config: Config;
  /** The payment provider; by default the sandbox with PAYMENT_SANDBOX_SECRET (tests may pass their own). */
  provider?: PaymentProvider;
};

/** The payment provider of the server: the sandbox, with PAYMENT_SANDBOX_SECRET, its references numbered by the database sequence (a block per round trip). */
export function sandboxProviderOf(db: Db, config: Config): PaymentProvider {
  return createSandboxProvider({ secret: config.paymentSandboxSecret, nextSeq: referenceSeqSource(db) });
}

/** Largest notification body taken (the sandbox's is ~150 bytes). */
const NOTIFICATION_BODY_LIMIT = 8 * 1024;
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
  401: notificationAnswer('Missing, malformed, bad or expired (±300 s) signature (not recorded).', refusedBody(['missing', 'malformed', 'bad_signature', 'expired']), ['received', 'error']),
  409: notificationAnswer('The same event id naming another reference or amount (recorded for review; nothing applied).', refusedBody(['event_conflict']), ['received', 'error']),
  503: {
    description: 'Too many notifications waiting ({received: false, error: "busy"}), or the database cannot answer (the wrapper, code 503001): the provider retries.',
    content: {
      'application/json': {
        schema: {
          oneOf: [
            { type: 'object', properties: refusedBody(['busy']), required: ['received', 'error'] },
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
 * The payment provider's routes (docs/payments.md): the barcode images of store references and the sandbox
 * provider's payment notifications. The borrower's repayment calls that make references are repayment's.
 */
export default async function paymentRoutes(app: FastifyInstance, opts: PaymentRoutesOptions) {
  if (!opts.provider && opts.config.paymentSandboxSecret === DEV_SANDBOX_SECRET) {
    app.log.warn('PAYMENT_SANDBOX_SECRET is not set: sandbox notifications are checked with the public development secret');
  }
  const paymentProvider = opts.provider ?? sandboxProviderOf(app.db, opts.config);
  registerBarcodeRoutes(app);
  await app.register((notifications) => registerNotificationRoute(app, notifications, paymentProvider, opts.config));
}

/** The images a voucher shows: a store reference's Code 128 barcode, a UPI reference's QR code of its payment link (issue 32). */
const referenceImages = [
  { name: 'barcode', channel: 'store', what: 'The Code 128 barcode of a store reference' },
  { name: 'qr', channel: 'upi', what: 'The QR code of a UPI reference’s payment link (upi://pay)' },
] as const;
type ReferenceImage = (typeof referenceImages)[number];

async function drawImage(image: ReferenceImage, ref: PaymentReference, ext: 'png' | 'svg'): Promise<Buffer | string> {
  if (image.name === 'qr') return ext === 'png' ? await renderQrPng(referenceUpiUri(ref)) : renderQrSvg(referenceUpiUri(ref));
  return ext === 'png' ? await renderCode128Png(ref.reference) : renderCode128Svg(ref.reference);
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

/** The sandbox provider's payment notifications: the raw bytes kept for the signature, a gate per reference, no rate limit. */
function registerNotificationRoute(app: FastifyInstance, notifications: FastifyInstance, paymentProvider: PaymentProvider, config: Config): void {
  // The signature covers the raw bytes: keep them, parse nothing here.
  notifications.removeAllContentTypeParsers();
  notifications.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // No rate limit (money must never be dropped, and nothing here depends on Redis): a bad signature costs
  // one HMAC. The gate keeps a burst for one reference to one connection and all of them to a few.
  const gate = new KeyedGate(notificationConcurrency(config.databasePoolMax), NOTIFICATIONS_WAITING_MAX);
  const inFlight: NonNullable<ReceiveOptions['inFlight']> = new Map();
  notifications.route({
    method: 'POST',
    url: SANDBOX_NOTIFICATION_PATH,
    bodyLimit: NOTIFICATION_BODY_LIMIT,
    config: {
      auth: 'public',
      openapi: {
        operationId: 'sandboxPaymentNotification',
        description:
          'Not a borrower call: answers plain JSON, not the wrapper. Signed over the raw bytes; money a correctly signed ' +
          'notification reports is never refused for a business reason (held in suspense instead). docs/api.md "Payment notifications".',
        security: openapiSecurity.paymentSignature,
        body: sandboxNotificationBodySchema,
        consumes: ['application/json'],
        responses: notificationResponses,
      },
    },
    schema: { summary: "The sandbox payment provider's notification of a payment to a reference", tags: ['payments'] },
    handler: async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // Answered meanwhile (the request deadline's 503): a notification still waiting for its turn is dropped (the provider retries).
      const answered = new AbortController();
      reply.raw.once('close', () => answered.abort(new GateFull()));
      let outcome;
      try {
        outcome = await receiveNotification(app.db, paymentProvider, { rawBody, headers: request.headers }, {
          ceilingPercent: config.paymentCeilingPercent,
          gate,
          inFlight,
          signal: answered.signal,
        });
      } catch (error) {
        if (!(error instanceof GateFull)) throw error;
        if (reply.sent) return reply; // the request deadline answered it already
        request.log.warn({ waiting: gate.size }, 'payment notification deferred: too many waiting');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ received: false, error: 'busy' });
      }
      if (outcome.status === 200) request.log.info({ notification: outcome.log }, 'payment notification');
      else request.log.warn({ notification: outcome.log, status: outcome.status }, 'payment notification refused');
      return reply.status(outcome.status).send(outcome.body);
    },
  });
}
