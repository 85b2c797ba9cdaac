import type { FastifyInstance } from 'fastify';
import { loanStatement, paymentReceipt } from '@presta/contract/api/statement';
import { errorCodes } from '@presta/contract/error-codes';
import { registerEndpoint } from '../../lib/endpoint-route';
import { VersionedCache } from '../../lib/versioned-cache';
import { dropStaleStatements, getLoanStatement, getPaymentReceipt, type StatementCache } from './statement-service';

declare module '../../plugins/app/change-feed' {
  interface AppCaches {
    /** Loan statements built, by order id and day, dropped on a change to the order. */
    statements: StatementCache;
  }
}

/**
 * The loan statement and payment receipts (issue 12, ours: docs/statement.md). Each call reads the whole
 * ledger of a loan, so it is limited per borrower: far above what a person reading pages does, a brake on a
 * loop or a scraper walking payment ids.
 */
export default function statementRoutes(app: FastifyInstance): Promise<void> {
  // The pages post these calls with the form client (§7), like the loan calls.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const statements: StatementCache = new VersionedCache({ ttlMs: app.changeFeed.ttlMs, maxEntries: 20_000 });
  app.changeFeed.register('statements', statements, (change) => dropStaleStatements(statements, change));

  registerEndpoint(app, loanStatement, {
    auth: 'borrower',
    tags: ['statement'],
    rateLimit: { max: 60, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => getLoanStatement(app.db, request.borrower.id, input.orderId, undefined, app.caches),
  });

  registerEndpoint(app, paymentReceipt, {
    auth: 'borrower',
    tags: ['statement'],
    rateLimit: { max: 60, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => getPaymentReceipt(app.db, request.borrower.id, input.paymentId),
  });
  return Promise.resolve();
}
