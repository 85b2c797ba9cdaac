import type { FastifyInstance } from 'fastify';
import { keyFacts, keyFactsAcknowledge } from '@presta/contract/api/key-facts';
import { googleScore, googleScoreLater, loanDetailConfirm, loanDetailPush, loanDetails } from '@presta/contract/api/loan';
import type { Config } from '../../config';
import { errorCodes } from '@presta/contract/error-codes';
import { toDbId } from '../../lib/db-id';
import { registerEndpoint } from '../../lib/endpoint-route';
import { borrowerContext } from '../../plugins/app/repositories';
import { acknowledgeKeyFacts, getKeyFacts } from './key-facts-service';
import { getLoanConfirmation } from './loan-confirmation';
import { getLoanDetails } from './loan-details';
import { deferRatingPrompt, rateOrder, submitLoan } from './loan-service';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';

/**
 * The loan calls of §7: confirmation, submission, order details and rating,
 * and the rating prompt's "not now" (google-score-later, issue 14).
 */
export default function loanRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }) {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);
  // The pages post these calls with the form client (§7): a JSON or text body is
  // refused with 415 (wrapper code 400001), in this plugin's scope only.
  app.removeContentTypeParser(['application/json', 'text/plain']);

  registerEndpoint(app, loanDetailConfirm, {
    auth: 'borrower',
    tags: ['loan'],
    refusals: { 404: [errorCodes.notFound], 422: [errorCodes.outsideProductRules] },
    handler: async (input, request) => getLoanConfirmation(borrowerContext(app, request), input),
  });

  registerEndpoint(app, loanDetailPush, {
    auth: 'borrower',
    tags: ['loan'],
    refusals: {
      404: [errorCodes.notFound],
      409: [errorCodes.orderInProgress, errorCodes.keyFactsRequired, errorCodes.agreementNotSigned],
      422: [errorCodes.outsideProductRules],
    },
    handler: async (input, request) => {
      const link = { publicBaseUrl: opts.config.publicBaseUrl, brandName: opts.config.brand.brandName };
      const { data, outboxId } = await submitLoan(borrowerContext(app, request), input, link);
      // After the commit: the agreement's SMS is queued whatever the gateway does (the retry job sends it otherwise).
      if (outboxId !== undefined) await deliverQueuedSms(app.db, sms, [outboxId], request.log);
      return data;
    },
  });

  // India's Key Facts Statement (issue 13): read it (an offer's or a loan's), acknowledge it.
  registerEndpoint(app, keyFacts, {
    auth: 'borrower',
    tags: ['loan'],
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) =>
      getKeyFacts(app.db, request.borrower.id, { proposalNo: input.proposalNo, orderId: toDbId(input.orderId) }, request.lang),
  });

  registerEndpoint(app, keyFactsAcknowledge, {
    auth: 'borrower',
    tags: ['loan'],
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.keyFactsRequired] },
    handler: async (input, request) =>
      acknowledgeKeyFacts(app.db, {
        borrowerId: request.borrower.id,
        proposalNo: input.proposalNo,
        // The session that acknowledged, however the borrower signed in (address, header or cookie): its digest,
        // as the sessions table keeps it.
        sessionHash: request.borrowerSession.idHash,
        lang: request.lang,
      }),
  });

  registerEndpoint(app, loanDetails, {
    auth: 'borrower',
    tags: ['loan'],
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => getLoanDetails(borrowerContext(app, request), input.orderId),
  });

  registerEndpoint(app, googleScore, {
    auth: 'borrower',
    tags: ['loan'],
    refusals: { 404: [errorCodes.notFound], 422: [errorCodes.outsideProductRules] },
    handler: async (input, request) =>
      rateOrder(app.db, request.borrower.id, input.orderId ?? request.sessionParams.orderId, input.score),
  });

  registerEndpoint(app, googleScoreLater, {
    auth: 'borrower',
    tags: ['loan'],
    handler: async (_input, request) => deferRatingPrompt(borrowerContext(app, request)),
  });
}
