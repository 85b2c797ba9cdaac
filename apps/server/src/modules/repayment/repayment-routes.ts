import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractDetail } from '@presta/contract/api/loan';
import { generateVcode, loanPlayDelayDetail, loanPlayDetail } from '@presta/contract/api/repayment';
import { readSessionParams, sessionParamNames } from '@presta/contract/session-params';
import { DEV_SANDBOX_SECRET, type Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { GateFull, KeyedGate } from '../../lib/keyed-gate';
import { notFound, RETRY_AFTER_SECONDS } from '../../lib/app-error';
import { errorCodes } from '@presta/contract/error-codes';
import { openapiSecurity, refusalMedia } from '../../lib/openapi-document';
import { renderCode128Png, renderCode128Svg } from '../payments/barcode';
import type { PaymentProvider } from '../payments/payment-provider';
import { createSandboxProvider, SANDBOX_NOTIFICATION_PATH, sandboxNotificationBodySchema } from '../payments/sandbox-provider';
import { isValidStoreReference } from '../payments/store-reference';
import { getContractDetail } from './contract-service';
import { receiveNotification, type ReceiveOptions } from './notification-service';
import { accessKeyMatches, BARCODE_ROUTE_PREFIX, findReference, nextReferenceSeq } from './payment-references';
import { generateVoucher, getExtensionDetail, getRepaymentDetail } from './repayment-service';

export type RepaymentRoutesOptions = {
  config: Config;
  /** The payment provider; by default the sandbox with PAYMENT_SANDBOX_SECRET (tests may pass their own). */
  provider?: PaymentProvider;
};

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
 * Repayment (issue 3): the repayment and extension pages, payment vouchers,
 * the loan agreement fields, barcode images of store references and the
 * sandbox provider's payment notifications.
 */
export default async function repaymentRoutes(app: FastifyInstance, opts: RepaymentRoutesOptions) {
  let provider = opts.provider;
  if (!provider) {
    const secret = opts.config.paymentSandboxSecret;
    if (secret === DEV_SANDBOX_SECRET) {
      app.log.warn('PAYMENT_SANDBOX_SECRET is not set: sandbox notifications are checked with the public development secret');
    }
    provider = createSandboxProvider({ secret, nextSeq: () => nextReferenceSeq(app.db) });
  }
  const paymentProvider = provider;

  // --- Borrower calls of §7 (form client only, like the loan calls) ---------
  await app.register((borrowerCalls) => {
    borrowerCalls.removeContentTypeParser(['application/json', 'text/plain']);

    registerEndpoint(borrowerCalls, loanPlayDetail, {
      auth: 'borrower',
      tags: ['repayment'],
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
      handler: async (input, request) => getRepaymentDetail(app.db, request.borrower.id, input.orderId, request.lang),
    });

    registerEndpoint(borrowerCalls, loanPlayDelayDetail, {
      auth: 'borrower',
      tags: ['repayment'],
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
      handler: async (input, request) => getExtensionDetail(app.db, request.borrower.id, input.orderId, request.lang),
    });

    registerEndpoint(borrowerCalls, generateVcode, {
      auth: 'borrower',
      tags: ['repayment'],
      // Each call may make a reference: generous for a person, a brake on a loop.
      rateLimit: { max: 120, timeWindow: '1 minute' },
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition], 422: [errorCodes.outsideProductRules] },
      handler: async (input, request) =>
        generateVoucher(app.db, paymentProvider, (market) => opts.config.support[market], request.borrower.id, input, request.lang),
    });

    registerEndpoint(borrowerCalls, contractDetail, {
      auth: 'borrower',
      tags: ['loan'],
      refusals: { 404: [errorCodes.notFound] },
      handler: async (input, request) =>
        getContractDetail(app.db, request.borrower.id, input.orderNo, request.lang),
    });
  });

  // --- Barcode images of store references ------------------------------------
  const barcode = (ext: 'png' | 'svg') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { reference } = request.params as { reference: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const ref = isValidStoreReference(reference) ? await findReference(app.db, reference) : undefined;
    if (!ref || ref.channel !== 'store') throw notFound('referenceNotFound');

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
    if (ext === 'png') return reply.type('image/png').send(await renderCode128Png(ref.reference));
    return reply
      .type('image/svg+xml')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderCode128Svg(ref.reference));
  };
  for (const ext of ['png', 'svg'] as const) {
    app.route({
      method: 'GET',
      url: `${BARCODE_ROUTE_PREFIX}/:reference/barcode.${ext}`,
      config: {
        auth: 'public',
        rateLimit: { max: 600, timeWindow: '1 minute' },
        openapi: {
          security: openapiSecurity.referenceTokenOrSession,
          refusals: { 401: [errorCodes.sessionInvalid], 404: [errorCodes.notFound] },
          responses: {
            200: {
              description: `The Code 128 barcode of a store reference (${ext.toUpperCase()}); private, cacheable for an hour.`,
              content: { [ext === 'png' ? 'image/png' : 'image/svg+xml']: { schema: { type: 'string', format: 'binary' } } },
            },
          },
        },
      },
      schema: {
        summary: `The barcode image of a store reference (${ext.toUpperCase()}): with the URL's token, or the owner's session`,
        tags: ['repayment'],
      },
      handler: barcode(ext),
    });
  }

  // --- Payment notifications of the sandbox provider -------------------------
  await app.register((notifications) => {
    // The signature covers the raw bytes: keep them, parse nothing here.
    notifications.removeAllContentTypeParsers();
    notifications.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // No rate limit (money must never be dropped, and nothing here depends on Redis): a bad signature costs
    // one HMAC. The gate keeps a burst for one reference to one connection and all of them to a few.
    const gate = new KeyedGate(notificationConcurrency(opts.config.databasePoolMax), NOTIFICATIONS_WAITING_MAX);
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
            ceilingPercent: opts.config.paymentCeilingPercent,
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
  });
}
