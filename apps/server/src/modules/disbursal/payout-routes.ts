import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { RETRY_AFTER_SECONDS } from '../../lib/app-error';
import { openapiSecurity } from '../../lib/openapi-document';
import { ProviderUnavailable } from '../payments/payment-provider';
import type { PayoutProviderId } from '../../db/schema';
import type { PayoutProvider } from '../payments/payouts/payout-provider';
import { applyPayoutEvents } from './disbursal-service';

/** Where a payout provider's callbacks arrive (H2/H3's mocks post here). */
export const payoutNotificationPathOf = (provider: PayoutProviderId) => `/api/payouts/notifications/${provider}`;

const BODY_LIMIT = 64 * 1024;

/**
 * The payout providers' callbacks (docs/disbursal.md "Callbacks"): POST /api/payouts/notifications/:provider. The
 * raw bytes go to the provider's handleWebhook (its signature covers them); its events are applied once each.
 * Refusals as payments' webhooks: 401 for an unauthenticated delivery, 400 for a bad body; 503 when the provider
 * could not confirm it now (it retries); the answer's shape is the provider's (provider.answer).
 */
const json = { 'application/json': { schema: { type: 'object', additionalProperties: true } } } as const;
const callbackResponses = {
  200: { description: 'Received (applied, or a repeat).', content: json },
  400: { description: 'Not a valid event.', content: json },
  401: { description: 'Not authenticated (bad signature, stale, unknown sender).', content: json },
  503: { description: 'The provider could not confirm it now: it retries.', content: json },
};
const callbackTexts: Record<PayoutProviderId, string> = {
  stp: "STP's payout state change (LIQUIDACION, DEVOLUCION, CANCELACION), from an address of STP_ALLOWED_ADDRESSES and confirmed by STP's signed order query.",
  razorpayx: "RazorpayX's payout.* and fund_account.validation.* webhooks, verified by `X-Razorpay-Signature` (HMAC-SHA256 of the raw body with the webhook secret).",
};

/**
 * The payout providers' callbacks (docs/disbursal.md "Callbacks"): POST /api/payouts/notifications/<provider>, one
 * route per provider in use. The raw bytes go to the provider's handleWebhook (its signature covers them); its events
 * are applied once each. Refusals as payments' webhooks: 401 for an unauthenticated delivery, 400 for a bad body;
 * 503 when the provider could not confirm it now (it retries); the answer's shape is the provider's (provider.answer).
 */
export default async function payoutRoutes(app: FastifyInstance, opts: { config: Config }) {
  await app.register((callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    for (const provider of app.payouts.all()) {
      callbacks.route({
        method: 'POST',
        url: payoutNotificationPathOf(provider.id),
        bodyLimit: BODY_LIMIT,
        config: {
          auth: 'public',
          openapi: {
            operationId: `${provider.id}PayoutNotification`,
            description: `${callbackTexts[provider.id]} Not a borrower call: answers the provider. docs/disbursal.md.`,
            security: openapiSecurity.public,
            consumes: ['application/json'],
            responses: callbackResponses,
          },
        },
        schema: { summary: "A payout provider's callback (payout settled, returned, failed; account validation)", tags: ['payments'] },
        handler: async (request, reply) => receive(app, opts.config, provider, request, reply),
      });
    }
  });
}

/** One callback: verified, its events applied once each, answered the provider's way. */
async function receive(app: FastifyInstance, config: Config, provider: PayoutProvider, request: FastifyRequest, reply: FastifyReply) {
  const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const now = new Date();
  const send = (ok: boolean, status: number, body: unknown) => {
    const answer = provider.answer?.(ok) ?? { status, body };
    return reply.status(ok ? answer.status : status).send(ok ? answer.body : body);
  };
  try {
    const result = await provider.handleWebhook({ rawBody, headers: request.headers, sourceAddress: request.ip }, now);
    if (!result.ok) {
      request.log.warn({ provider: provider.id, reason: result.reason }, 'payout callback refused');
      const status = result.reason === 'invalid_body' || result.reason === 'duplicate_keys' ? 400 : 401;
      return send(false, status, { received: false, error: result.reason });
    }
    const outcomes = await applyPayoutEvents({ db: app.db, payouts: app.payouts, log: request.log, config }, result.events, now);
    request.log.info({ provider: provider.id, outcomes }, 'payout callback');
    return send(true, 200, { received: true });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    request.log.warn({ provider: provider.id, detail: error.message.slice(0, 200) }, 'payout callback deferred: the provider cannot confirm it now');
    return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ received: false, error: 'provider_unavailable' });
  }
}
