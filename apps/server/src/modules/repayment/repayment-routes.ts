import type { FastifyInstance } from 'fastify';
import { loanAgreement } from '@presta/contract/api/loan';
import { paymentVoucher, extensionDetail, repaymentDetail } from '@presta/contract/api/repayment';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { borrowerContext } from '../../plugins/app/repositories';
import { getAgreement } from './agreement-service';
import { getExtensionDetail, getRepaymentDetail } from './repayment-service';
import { generateVoucher, type SupportDirectory } from './voucher-service';

export type RepaymentRoutesOptions = { config: Config };

/**
 * Repayment (issue 3): the repayment and extension details, payment vouchers and
 * the loan agreement. The barcode images and the provider's payment
 * notifications are payments' routes (payments/payment-routes.ts).
 */
export default async function repaymentRoutes(app: FastifyInstance, opts: RepaymentRoutesOptions) {
  // The channels offered and the provider making each one's references: app.payments (PAYMENT_CHANNELS).
  const payments = app.payments;
  const support: SupportDirectory = (market) => opts.config.support[market];

  // --- Borrower calls of §7 (form client only, like the loan calls) ---------
  await app.register((borrowerCalls) => {
    borrowerCalls.removeContentTypeParser(['application/json', 'text/plain']);

    registerEndpoint(borrowerCalls, repaymentDetail, {
      auth: 'borrower',
      tags: ['repayment'],
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
      handler: async (input, request) => getRepaymentDetail({ ...borrowerContext(app, request), payments }, input),
    });

    registerEndpoint(borrowerCalls, extensionDetail, {
      auth: 'borrower',
      tags: ['repayment'],
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
      handler: async (input, request) => getExtensionDetail({ ...borrowerContext(app, request), payments }, input),
    });

    registerEndpoint(borrowerCalls, paymentVoucher, {
      auth: 'borrower',
      tags: ['repayment'],
      // Each call may make a reference: generous for a person, a brake on a loop.
      rateLimit: { max: 120, timeWindow: '1 minute' },
      refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition], 422: [errorCodes.outsideProductRules, errorCodes.productUnavailable] },
      handler: async (input, request) => generateVoucher({ ...borrowerContext(app, request), payments, support }, input),
    });

    registerEndpoint(borrowerCalls, loanAgreement, {
      auth: 'borrower',
      tags: ['loan'],
      refusals: { 404: [errorCodes.notFound] },
      handler: async (input, request) => getAgreement(borrowerContext(app, request), input),
    });
  });
}
