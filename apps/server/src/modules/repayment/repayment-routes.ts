import type { FastifyInstance } from 'fastify';
import { contractDetail } from '@presta/contract/api/loan';
import { generateVcode, loanPlayDelayDetail, loanPlayDetail } from '@presta/contract/api/repayment';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { VersionedCache } from '../../lib/versioned-cache';
import { errorCodes } from '@presta/contract/error-codes';
import { dropStaleLedgers, type LedgerCache } from '../ledger/ledger-read-model';
import type { PaymentProvider } from '../payments/payment-provider';
import { dropStaleOpenReferences, type OpenReferencesCache } from '../payments/payment-references';
import { sandboxProviderOf } from '../payments/payment-routes';
import { dropStaleContracts, getContractDetail, type ContractCaches } from './contract-service';
import { generateVoucher, getExtensionDetail, getRepaymentDetail } from './repayment-service';

declare module '../../plugins/app/change-feed' {
  interface AppCaches {
    /** Ledger reads by order id (the repayment pages, vouchers, the statement), dropped on a change to the order. */
    ledgers: LedgerCache;
    /** Orders' open payment references by order id, dropped on a change to the order. */
    openReferences: OpenReferencesCache;
    /** contract-detail's answers by order id and language, dropped on a change to the order, its borrower or product. */
    contracts: NonNullable<ContractCaches['contracts']>;
    /** Order numbers' order, borrower and product (never changing). */
    orderNumbers: NonNullable<ContractCaches['orderNumbers']>;
  }
}

export type RepaymentRoutesOptions = {
  config: Config;
  /** The payment provider; by default the sandbox with PAYMENT_SANDBOX_SECRET (tests may pass their own). */
  provider?: PaymentProvider;
};

/**
 * Repayment (issue 3): the repayment and extension pages, payment vouchers and
 * the loan agreement fields. The barcode images and the provider's payment
 * notifications are payments' routes (payments/payment-routes.ts).
 */
export default async function repaymentRoutes(app: FastifyInstance, opts: RepaymentRoutesOptions) {
  const paymentProvider = opts.provider ?? sandboxProviderOf(app.db, opts.config);
  const ledgers: LedgerCache = new VersionedCache({ ttlMs: app.changeFeed.ttlMs, maxEntries: 20_000 });
  app.changeFeed.register('ledgers', ledgers, (change) => dropStaleLedgers(ledgers, change));
  const openReferences: OpenReferencesCache = new VersionedCache({ ttlMs: app.changeFeed.ttlMs, maxEntries: 20_000 });
  app.changeFeed.register('openReferences', openReferences, (change) => dropStaleOpenReferences(openReferences, change));
  const contractCaches: Required<ContractCaches> = {
    contracts: new VersionedCache({ ttlMs: app.changeFeed.ttlMs, maxEntries: 20_000 }),
    orderNumbers: new VersionedCache({ ttlMs: app.changeFeed.ttlMs, maxEntries: 20_000 }),
  };
  app.changeFeed.register('contracts', contractCaches.contracts, (change) => dropStaleContracts(contractCaches, change));
  // Immutable facts: no change makes them stale (the feed still empties them on every reconnection).
  app.changeFeed.register('orderNumbers', contractCaches.orderNumbers, () => false);

  // --- Borrower calls of §7 (form client only, like the loan calls) ---------
  await app.register((borrowerCalls) => {
    borrowerCalls.removeContentTypeParser(['application/json', 'text/plain']);

    registerEndpoint(borrowerCalls, loanPlayDetail, {
      auth: 'borrower',
      tags: ['repayment'],
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
      handler: async (input, request) => getRepaymentDetail(app.db, request.borrower.id, input.orderId, request.lang, new Date(), app.caches),
    });

    registerEndpoint(borrowerCalls, loanPlayDelayDetail, {
      auth: 'borrower',
      tags: ['repayment'],
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
      handler: async (input, request) => getExtensionDetail(app.db, request.borrower.id, input.orderId, request.lang, new Date(), app.caches),
    });

    registerEndpoint(borrowerCalls, generateVcode, {
      auth: 'borrower',
      tags: ['repayment'],
      // Each call may make a reference: generous for a person, a brake on a loop.
      rateLimit: { max: 120, timeWindow: '1 minute' },
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition], 422: [errorCodes.outsideProductRules] },
      handler: async (input, request) =>
        generateVoucher(app.db, paymentProvider, (market) => opts.config.support[market], request.borrower.id, input, request.lang, new Date(), app.caches),
    });

    registerEndpoint(borrowerCalls, contractDetail, {
      auth: 'borrower',
      tags: ['loan'],
      refusals: { 404: [errorCodes.notFound] },
      handler: async (input, request) =>
        getContractDetail(app.db, request.borrower.id, input.orderNo, request.lang, app.caches),
    });
  });
}
