import type { FastifyInstance } from 'fastify';
import { loanStatement, paymentReceipt } from '@presta/contract/api/statement';
import { errorCodes } from '@presta/contract/error-codes';
import { registerEndpoint } from '../../lib/endpoint-route';
import { borrowerContext } from '../../plugins/app/repositories';
import { getLoanStatement, getPaymentReceipt } from './statement-service';

/**
 * The loan statement and payment receipts (issue 12, ours: docs/statement.md). Each call reads the whole
 * ledger of a loan, so it is limited per borrower: far above what a person reading pages does, a brake on a
 * loop or a scraper walking payment ids.
 */
export default function statementRoutes(app: FastifyInstance): Promise<void> {
  // The pages post these calls with the form client (§7), like the loan calls.
  app.removeContentTypeParser(['application/json', 'text/plain']);

  registerEndpoint(app, loanStatement, {
    auth: 'borrower',
    tags: ['statement'],
    rateLimit: { max: 60, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => getLoanStatement(borrowerContext(app, request), { orderId: input.orderId }),
  });

  registerEndpoint(app, paymentReceipt, {
    auth: 'borrower',
    tags: ['statement'],
    rateLimit: { max: 60, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => getPaymentReceipt(borrowerContext(app, request), input),
  });
  return Promise.resolve();
}
