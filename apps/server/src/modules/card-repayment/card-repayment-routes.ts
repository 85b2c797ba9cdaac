import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay } from '@presta/contract/api/legacy-payment';
import { legacyPaymentCodes } from '@presta/contract/legacy-payment-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { refusalMedia, type ResponseDoc } from '../../lib/openapi-document';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { createSandboxCardProcessor, type CardProcessor } from '../payments/card-processor';
import { outboxSmsSender, type SmsSender } from '../sms/sms-sender';
import { createSmsProvider } from '../sms/sms-provider';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { borrowerContext } from '../../plugins/app/repositories';
import { commitCardRepayment, confirmCardRepayment, repaymentWay as readRepaymentWay, type CardDeps } from './card-repayment-service';
import { CHECKOUT_PATH_PREFIX, createCheckout, payCheckout, renderCheckout } from './hosted-checkout';

export type CardRepaymentRoutesOptions = {
  config: Config;
  /** Default: the sandbox card processor. */
  processor?: CardProcessor;
  /** Default: the SMS outbox. */
  sms?: SmsSender;
};

/** Headers of the hosted checkout pages: the token is in the address, card data in the form. */
const checkoutHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/**
 * The legacy card repayment calls (§7) under /api/v1/youmi/youmi-api/service/loan/,
 * answered with code '00', and the card processor's hosted checkout page.
 */
export default async function cardRepaymentRoutes(app: FastifyInstance, opts: CardRepaymentRoutesOptions) {
  const provider = createSmsProvider(opts.config, app.log);
  const deps: CardDeps = {
    processor: opts.processor ?? createSandboxCardProcessor(),
    sms: opts.sms ?? outboxSmsSender,
    deliver: async (outboxIds: number[]) => {
      await deliverQueuedSms(app.db, provider, outboxIds, app.log);
    },
  };
  // Form bodies only (§7), as every borrower call.
  await app.register((calls) => {
    calls.removeContentTypeParser(['application/json', 'text/plain']);
    legacyCardCalls(calls, app, deps, opts.config);
  });
  checkoutPage(app);
  await app.register((form) => {
    form.removeContentTypeParser(['application/json', 'text/plain']);
    checkoutPayment(form, app, deps.processor);
  });
}

/** repayment-way, repayment-commit, repayment-confirm and repayment-huichao, each through registerEndpoint. */
function legacyCardCalls(calls: FastifyInstance, app: FastifyInstance, deps: CardDeps, config: Config): void {
  const common = { auth: 'borrower' as const, tags: ['card repayment'], successCode: legacyPaymentCodes.ok };

  registerEndpoint(calls, repaymentWay, {
    ...common,
    rateLimit: { max: 60, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => readRepaymentWay(borrowerContext(app, request), input.orderId),
  });

  registerEndpoint(calls, repaymentCommit, {
    ...common,
    rateLimit: { max: 20, timeWindow: '1 minute' },
    refusals: {
      402: [errorCodes.cardDeclined],
      404: [errorCodes.notFound],
      409: [errorCodes.invalidTransition, errorCodes.cardRepaymentClosed, legacyPaymentCodes.repeatPaymentRequest],
      422: [errorCodes.outsideProductRules],
    },
    handler: async (input, request) => commitCardRepayment(borrowerContext(app, request), deps, input),
  });

  registerEndpoint(calls, repaymentConfirm, {
    ...common,
    // Each attempt also closes after 5 wrong codes; this brakes guessing across attempts.
    rateLimit: { max: 20, timeWindow: '1 minute' },
    refusals: {
      400: [legacyPaymentCodes.wrongVerificationCode],
      402: [errorCodes.cardDeclined],
      404: [errorCodes.notFound],
      409: [errorCodes.cardRepaymentClosed],
    },
    handler: async (input, request) => confirmCardRepayment(borrowerContext(app, request), deps, input),
  });

  registerEndpoint(calls, repaymentHuichao, {
    ...common,
    rateLimit: { max: 20, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition], 422: [errorCodes.outsideProductRules] },
    handler: async (input, request) => createCheckout(borrowerContext(app, request), input, config.publicBaseUrl),
  });
}

// --- The card processor's hosted checkout page (sandbox) -------------------

const tokenParams = z.object({ token: z.string().max(64) });
const html = (description: string): ResponseDoc => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const checkoutPages = {
  404: html('Unknown checkout: a page saying so.'),
  410: html('The checkout expired or is closed: a page saying so.'),
};
const cardForm = z.record(z.string(), z.union([z.string().max(200), z.array(z.string().max(200)).max(4)]));

/** GET: the card form, or the outcome of a checkout already paid. */
function checkoutPage(app: FastifyInstance): void {
  app.get(
    `${CHECKOUT_PATH_PREFIX}/:token`,
    {
      schema: { summary: "The card processor's hosted checkout page (sandbox): the card form, or the payment's outcome", tags: ['card repayment'], params: tokenParams },
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute' },
        openapi: {
          operationId: 'cardCheckoutPage',
          description: 'HTML for a browser, not JSON; the token in the path (from repayment-huichao) is the only credential.',
          responses: { 200: html('The card form, or the page of a checkout already paid.'), ...checkoutPages },
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const out = await renderCheckout(app.db, token);
      return reply.code(out.status).headers(checkoutHeaders).send(out.html);
    },
  );
}

/** POST (a form body, in its own encapsulated context): the card charged, the outcome page or the form again. */
function checkoutPayment(form: FastifyInstance, app: FastifyInstance, processor: CardProcessor): void {
  form.post(
    `${CHECKOUT_PATH_PREFIX}/:token`,
    {
      schema: { summary: 'Pay on the hosted checkout page (sandbox): the card form posted', tags: ['card repayment'], params: tokenParams, body: cardForm },
      config: {
        rateLimit: { max: 20, timeWindow: '1 minute' },
        openapi: {
          operationId: 'cardCheckoutPay',
          description: 'HTML for a browser, not JSON: the outcome page, or the form again with what was wrong.',
          responses: {
            200: html('Paid, declined or failed: the outcome page.'),
            400: {
              description: 'The card data is not valid: the form again with the error (HTML); a body that is not a form of short fields: the wrapper, code 400001.',
              content: { 'text/html': { schema: { type: 'string' } }, 'application/json': refusalMedia([errorCodes.badRequest]) },
            },
            ...checkoutPages,
          },
        },
      },
      bodyLimit: 4096,
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const out = await payCheckout(app.db, processor, token, body);
      return reply.code(out.status).headers(checkoutHeaders).send(out.html);
    },
  );
}
