import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';
import { payoutViewSchema } from '@presta/contract/api/console/payouts';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { payoutStateOf } from '../disbursal/disbursal-service';
import { latestPayoutOf } from '../disbursal/payout-repository';
import type { PayoutMocks } from './payout-mocks/payout-mocks';

/*
 * Playing a payout provider's answer in the demo (docs/disbursal.md "Demo"): the order's live payout is settled,
 * returned or failed by its provider's mock running in this server, which sends that provider's own callbacks.
 */

const outcomes = ['settled', 'returned', 'failed'] as const;

export function registerDemoPayoutRoute(fastify: FastifyInstance, opts: { mocks: PayoutMocks['byProvider'] }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/dev/payouts/play',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' }, openapi: { refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] } } },
      schema: {
        summary: "Demo only: the payout provider's answer to an order's live payout (settled, returned or failed), played by its mock: the provider's own callbacks",
        tags: ['demo'],
        body: z.object({ orderNo: z.string().min(1).max(40), outcome: z.enum(outcomes) }),
        response: { 200: envelopeSchema(z.object({ orderNo: z.string(), outcome: z.enum(outcomes), payout: payoutViewSchema.nullable() })) },
      },
    },
    async (request) => {
      const { orderNo, outcome } = request.body;
      const [order] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
      if (!order) throw notFound('orderNotFound');
      const payout = await latestPayoutOf(app.db, order.id);
      if (!payout || (payout.status !== 'created' && payout.status !== 'pending')) {
        throw new AppError(409, errorCodes.invalidTransition, 'demoPayoutNone', { orderNo });
      }
      const mock = opts.mocks[payout.provider];
      if (!mock) throw new AppError(409, errorCodes.invalidTransition, 'demoPayoutNoMock', { provider: payout.provider });
      await mock.play(payout.idempotencyKey, outcome);
      request.log.info({ orderNo, provider: payout.provider, outcome }, 'demo payout answer');
      return ok(request, { orderNo, outcome, payout: (await payoutStateOf(app.db, order.id)) ?? null });
    },
  );
}
