import { z } from 'zod';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@presta/contract/envelope';
import { idSchema } from '@presta/contract/api/common';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { borrowers, creditApplications, orders, productOffers, products } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { sessionQueryParams } from './demo-links';
import { createSession } from '../session/session-service';
import { recentSms } from '../sms/sms-sender';
import { registerDemoPayRoute, type RunningMocks } from './demo-payments';
import { registerDemoPayoutRoute } from './demo-payouts';
import type { PayoutMocks } from './payout-mocks/payout-mocks';

const demoBorrowerSchema = z.object({
  borrowerId: z.string(),
  name: z.string(),
  phone: z.string(),
  language: z.enum(['es', 'en']),
  offers: z.array(z.object({ productId: z.string(), productName: z.string() })),
  orders: z.array(z.object({ orderId: z.string(), orderNo: z.string(), productId: z.string(), status: z.string() })),
  /** A demo applicant's credit application (npm run -s demo -- applicant): its number, market and state; null: none. */
  application: z.object({ applicationNo: z.string(), market: z.string(), status: z.string() }).nullable(),
});

/**
 * Demo tools for the test page (only with PRESTA_DEMO_TOOLS=1): the seeded
 * demo borrowers and the demo applicants, a fresh session for one of them, the SMS outbox, and a reference paid
 * through its provider (demo-payments.ts), a payout's answer played by its provider's mock (demo-payouts.ts).
 */
export default function demoRoutes(fastify: FastifyInstance, opts: { config: Config; paymentMocks?: RunningMocks; payoutMocks?: PayoutMocks['byProvider'] }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerDemoPayRoute(fastify, { config: opts.config, mocks: opts.paymentMocks ?? {} });
  registerDemoPayoutRoute(fastify, { mocks: opts.payoutMocks ?? {} });

  app.get(
    '/api/dev/demo-borrowers',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Demo only: the seeded demo borrowers with their offers and orders',
        tags: ['demo'],
        response: { 200: envelopeSchema(z.object({ borrowers: z.array(demoBorrowerSchema) })) },
      },
    },
    async (request) => ok(request, { borrowers: await demoBorrowers(app.db) }),
  );

  app.post(
    '/api/dev/demo-session',
    {
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' }, openapi: { refusals: { 404: [errorCodes.notFound] } } },
      schema: {
        summary:
          "Demo only: a new session for a demo borrower; answers the session query parameters, with the borrower's latest order (productId and orderId) or, without one, the first offer's productId",
        tags: ['demo'],
        body: z.object({ borrowerId: idSchema }),
        response: { 200: envelopeSchema(z.object({ params: z.record(z.string(), z.string()) })) },
      },
    },
    async (request) => {
      const id = Number(request.body.borrowerId);
      const [person] = await app.db.select().from(borrowers).where(eq(borrowers.id, id)).limit(1);
      if (!person || !person.isDemo) throw notFound();
      const sessionId = await createSession(app.db, { borrowerId: id, deviceId: 'demo-device', ttlHours: opts.config.sessionTtlHours });
      const opened = await pagesOpenedWith(app.db, id);
      return ok(request, { params: sessionQueryParams({ sessionId, language: person.language, ...opened }) });
    },
  );

  app.get(
    '/api/dev/sms-outbox',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Demo only: the latest text messages sent to a phone (the SMS outbox; no gateway in the demo)',
        tags: ['demo'],
        querystring: z.object({ phone: z.string().regex(/^\d{10,11}$/) }),
        response: {
          200: envelopeSchema(z.object({ messages: z.array(z.object({ body: z.string(), purpose: z.string(), createdAt: z.string() })) })),
        },
      },
    },
    async (request) => {
      const messages = await recentSms(app.db, request.query.phone);
      return ok(request, { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) });
    },
  );
}

/** The seeded demo borrowers, each with its offers and orders (oldest first). */
async function demoBorrowers(db: Db): Promise<z.input<typeof demoBorrowerSchema>[]> {
  const people = await db.select().from(borrowers).where(eq(borrowers.isDemo, true)).orderBy(asc(borrowers.id));
  const ids = people.map((p) => p.id);
  const offers = ids.length
    ? await db
        .select({ borrowerId: productOffers.borrowerId, productId: products.id, productName: products.name })
        .from(productOffers)
        .innerJoin(products, eq(products.id, productOffers.productId))
        .where(inArray(productOffers.borrowerId, ids))
    : [];
  const theirOrders = ids.length
    ? await db
        .select({ borrowerId: orders.borrowerId, id: orders.id, orderNo: orders.orderNo, productId: orders.productId, status: orders.status })
        .from(orders)
        .where(inArray(orders.borrowerId, ids))
        .orderBy(asc(orders.id))
    : [];
  const applications = ids.length
    ? await db
        .select({ borrowerId: creditApplications.borrowerId, applicationNo: creditApplications.applicationNo, market: creditApplications.market, status: creditApplications.status })
        .from(creditApplications)
        .where(inArray(creditApplications.borrowerId, ids))
        .orderBy(desc(creditApplications.id))
    : [];
  return people.map((p) => ({
    borrowerId: String(p.id),
    name: p.fullName,
    phone: p.phone,
    language: p.language,
    offers: offers.filter((o) => o.borrowerId === p.id).map((o) => ({ productId: String(o.productId), productName: o.productName })),
    orders: theirOrders
      .filter((o) => o.borrowerId === p.id)
      .map((o) => ({ orderId: String(o.id), orderNo: o.orderNo, productId: String(o.productId), status: o.status })),
    application: applications.filter((a) => a.borrowerId === p.id).map(({ applicationNo, market, status }) => ({ applicationNo, market, status }))[0] ?? null,
  }));
}

/**
 * The product and order a native host would open the pages with for this
 * borrower: the latest order (its product and id), or, before any order,
 * the product of the borrower's first offer. Every link of the test page's
 * list carries them (README "Walk the loan journey").
 */
async function pagesOpenedWith(db: Db, borrowerId: number): Promise<{ productId?: number; orderId?: number }> {
  const [latest] = await db
    .select({ id: orders.id, productId: orders.productId })
    .from(orders)
    .where(eq(orders.borrowerId, borrowerId))
    .orderBy(desc(orders.id))
    .limit(1);
  if (latest) return { productId: latest.productId, orderId: latest.id };
  const [offer] = await db
    .select({ productId: productOffers.productId })
    .from(productOffers)
    .where(eq(productOffers.borrowerId, borrowerId))
    .orderBy(asc(productOffers.id))
    .limit(1);
  return offer ? { productId: offer.productId } : {};
}
