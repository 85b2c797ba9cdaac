import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { AppError, notFound } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { findNamedReference, type PaymentReference } from '../payments/payment-references';
import { sandboxPay } from '../payments/sandbox-provider';
import type { MockedProvider } from './payment-mocks/payment-mocks';
import type { ProviderMock } from './payment-mocks/mock-kit';

/*
 * Paying a reference in the demo the way its provider would (docs/payments.md "Mocks"): the sandbox's by a signed
 * notification (sandboxPay), any other provider's through its local mock, which sends that provider's own webhooks.
 */

/** The mocks running in this process, by provider (PAYMENT_PROVIDER_MOCKS=1: server.ts starts them). */
export type RunningMocks = Partial<Record<MockedProvider, ProviderMock>>;

export type DemoPayment = {
  reference: string;
  voucherCode: string;
  provider: string;
  channel: string;
  amount: number;
  /** The notification's answer (the sandbox), or each webhook's answers per attempt (a mock). */
  status: number | null;
  body: unknown;
  eventIds: string[];
  delivered: boolean;
};

/** Pays `amount` of a reference through the provider that made it. `baseUrl`: this server, where the sandbox's notification goes. */
export async function payThroughProvider(
  ref: PaymentReference,
  amount: number,
  setting: { baseUrl: string; sandboxSecret: string; mocks: RunningMocks },
): Promise<DemoPayment> {
  const about = { reference: ref.reference, voucherCode: ref.voucherCode, provider: ref.provider, channel: ref.channel, amount };
  if (ref.provider === 'sandbox') {
    const result = await sandboxPay({ baseUrl: setting.baseUrl, secret: setting.sandboxSecret, reference: ref.reference, amount });
    return { ...about, status: result.status, body: result.body, eventIds: [result.eventId], delivered: result.status === 200 };
  }
  const mock = setting.mocks[ref.provider as MockedProvider];
  if (!mock) throw new AppError(409, errorCodes.invalidTransition, 'demoPaymentNoMock', { provider: ref.provider });
  const { eventIds, logs } = await mock.pay({ providerReference: ref.providerReference, reference: ref.reference, channel: ref.channel, amount });
  const delivered = logs.every((l) => l.delivered);
  return { ...about, status: logs.at(-1)?.attempts.at(-1) ?? null, body: logs, eventIds, delivered };
}

/** Where this server listens, for the sandbox's notification to itself; PUBLIC_BASE_URL when it does not (yet). */
function ownBaseUrl(app: FastifyInstance, config: Config): string {
  const address: AddressInfo | string | null = app.server.address();
  return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : config.publicBaseUrl;
}

const demoPaymentSchema = z.object({
  reference: z.string(),
  voucherCode: z.string(),
  provider: z.string(),
  channel: z.string(),
  amount: z.number(),
  status: z.number().nullable(),
  body: z.unknown(),
  eventIds: z.array(z.string()),
  delivered: z.boolean(),
});

/** POST /api/dev/payments/pay {reference, amount?}: a reference (or a voucher's code) paid through its provider. */
export function registerDemoPayRoute(fastify: FastifyInstance, opts: { config: Config; mocks: RunningMocks }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/dev/payments/pay',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' }, openapi: { refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] } } },
      schema: {
        summary:
          'Demo only: pays a payment reference — by its number or by what the voucher shows (a VPA, a CLABE, a store reference, an account number) — ' +
          'through the provider that made it (the sandbox by a signed notification, the others through their mock); the amount defaults to the reference\'s',
        tags: ['demo'],
        body: z.object({ reference: z.string().min(1).max(80), amount: z.coerce.number().int().positive().max(1e12).optional() }),
        response: { 200: envelopeSchema(demoPaymentSchema) },
      },
    },
    async (request) => {
      const ref = await findNamedReference(app.db, request.body.reference);
      if (!ref) throw notFound('referenceNotFound');
      const paid = await payThroughProvider(ref, request.body.amount ?? ref.amount, {
        baseUrl: ownBaseUrl(app, opts.config),
        sandboxSecret: opts.config.paymentSandboxSecret,
        mocks: opts.mocks,
      });
      request.log.info({ reference: paid.reference, provider: paid.provider, amount: paid.amount, delivered: paid.delivered }, 'demo payment');
      return ok(request, paid);
    },
  );
}
