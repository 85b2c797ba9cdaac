import type { FastifyInstance } from 'fastify';
import { contractDetail } from '@presta/contract/api/loan';
import { generateVcode, loanPlayDelayDetail, loanPlayDetail } from '@presta/contract/api/repayment';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { errorCodes } from '@presta/contract/error-codes';
import type { PaymentProvider } from '../payments/payment-provider';
import { sandboxProviderOf } from '../payments/payment-routes';
import { getContractDetail } from './contract-service';
import { generateVoucher, getExtensionDetail, getRepaymentDetail } from './repayment-service';

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
}
