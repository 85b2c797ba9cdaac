import type { FastifyInstance } from 'fastify';
import { consoleLoan, consoleLoanSearch } from '@presta/contract/api/console/loans';
import { errorCodes } from '@presta/contract/error-codes';
import { registerEndpoint } from '../../lib/endpoint-route';
import { callContext } from '../../plugins/app/repositories';
import { findLoans, loanStory } from './loan-service';
import { staffCall } from '../staff/staff-call';

/**
 * The back office's loan calls (issue 17; docs/back-office.md "Loans over HTTP"): search, and a loan's whole story
 * (loan-service.ts).
 */
export default function consoleLoanRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleLoanSearch, {
    ...staffCall('orders.read'),
    handler: async (input, request) => ({ loans: await findLoans(callContext(app, request), input.q) }),
  });

  registerEndpoint(app, consoleLoan, {
    ...staffCall('orders.read'),
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => loanStory(callContext(app, request), input.orderNo),
  });
}
