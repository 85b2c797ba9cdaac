import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { getWhatsapp } from '@presta/contract/api/support';
import { defaultMarket, type MarketCode } from '@presta/contract/markets';
import { readSessionParams, sessionParamNames } from '@presta/contract/session-params';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { orders, products } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { MAX_INT4, toDbId } from '../../lib/db-id';
import { registerEndpoint } from '../../lib/endpoint-route';
import { openapiSecurity } from '../../lib/openapi-document';
import { borrowerMarket } from '../session/borrower-profile';

/**
 * Whose customer service a get-whatsapp call reaches (issue 12, decision 014):
 * the market of the loan the page is about. In order: the session's borrower's
 * order named by `orderId` in the query; the product named by `productId` in
 * the query (a product's market is public); the borrower's market (newest
 * order, else first offer: the session module's borrowerMarket); else Mexico.
 * The session is the address's or header's, else a plain browser's cookie on a
 * same-origin call (decision 017), as on every borrower call. A session that is
 * not valid is ignored here (the call is public), though it counts like any
 * unknown session id (guess limits).
 */
export async function supportMarketOf(app: FastifyInstance, request: FastifyRequest): Promise<MarketCode> {
  const params = readSessionParams((request.query ?? {}) as Record<string, unknown>);
  const header = request.headers[sessionParamNames.sessionId];
  const sessionId = params.sessionId ?? (typeof header === 'string' && header !== '' ? header : undefined);
  let borrowerId: number | undefined;
  try {
    borrowerId = (await app.sessionBorrower(request, sessionId)).id;
  } catch (error) {
    if (!(error instanceof AppError && error.status === 401)) throw error;
  }
  const orderId = toDbId(params.orderId);
  if (borrowerId !== undefined && orderId !== undefined) {
    const market = await orderMarket(app.db, borrowerId, orderId);
    if (market) return market;
  }
  const productId = toDbId(params.productId, MAX_INT4);
  if (productId !== undefined) {
    const [product] = await app.db.select({ market: products.market }).from(products).where(eq(products.id, productId)).limit(1);
    if (product) return product.market;
  }
  return borrowerId === undefined ? defaultMarket : borrowerMarket(app.db, borrowerId);
}

/** The market of one of the borrower's orders. */
async function orderMarket(db: Db, borrowerId: number, orderId: number): Promise<MarketCode | undefined> {
  const [row] = await db
    .select({ market: products.market })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.id, orderId), eq(orders.borrowerId, borrowerId)))
    .limit(1);
  return row?.market;
}

/**
 * Customer service (§7 get-whatsapp): the WhatsApp number (phone), the
 * telephone (va) and the e-mail of the market the page is about
 * (supportMarketOf), read from configuration (SUPPORT_* for Mexico,
 * SUPPORT_IN_* for India; defaults: the brand's and the Indian market's
 * contacts). Public: visitors and borrowers both reach customer service;
 * limited per address (per borrower when a session comes along).
 */
export default async function supportRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { support } = opts.config;

  await app.register((calls) => {
    // A form body (the pages send type=30) or none at all; JSON is refused (415) like the other form calls.
    calls.removeContentTypeParser(['application/json', 'text/plain']);
    calls.addHook('preValidation', (request, _reply, done) => {
      if (request.body === undefined || request.body === null) request.body = {};
      done();
    });

    registerEndpoint(calls, getWhatsapp, {
      auth: 'public',
      tags: ['support'],
      rateLimit: { max: 60, timeWindow: '1 minute' },
      // Public; a session that comes along chooses the market (supportMarketOf).
      security: openapiSecurity.optionalSession,
      handler: async (_input, request) => {
        const market = await supportMarketOf(app, request);
        const contacts = support[market];
        return { phone: contacts.whatsapp, va: contacts.phone, email: contacts.email, market };
      },
    });
  });
}
