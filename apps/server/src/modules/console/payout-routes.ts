import type { FastifyInstance } from 'fastify';
import { consolePayoutCancel, consolePayoutRetry, consolePayouts } from '@presta/contract/api/console/payouts';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { cancelPayout, retryPayout, type DisbursalContext } from '../disbursal/disbursal-service';
import { listPayoutViews } from '../disbursal/payout-repository';
import { staffCall } from '../staff/staff-call';

/**
 * The disbursal screen's payouts (issue 37, docs/back-office.md "Disbursal"): the attempts with their state,
 * provider reference and reason; finance retries or cancels them, each audited as the member.
 */
export default function consolePayoutRoutes(app: FastifyInstance, opts: { config: Config }) {
  const ctx = (log: DisbursalContext['log']): DisbursalContext => ({ db: app.db, payouts: app.payouts, log, config: opts.config });

  registerEndpoint(app, consolePayouts, {
    ...staffCall('payouts.read'),
    handler: async (input) => ({ payouts: await listPayoutViews(app.db, { ...(input.orderNo ? { orderNo: input.orderNo } : {}), state: input.state, limit: input.limit }) }),
  });

  registerEndpoint(app, consolePayoutRetry, {
    ...staffCall('payouts.retry'),
    refusals: { 403: [errorCodes.forbidden], 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition], 503: [errorCodes.serviceUnavailable] },
    handler: async (input, request) => ({ payout: await retryPayout(ctx(request.log), { orderNo: input.orderNo, audit: request.staff.actor }) }),
  });

  registerEndpoint(app, consolePayoutCancel, {
    ...staffCall('payouts.cancel'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition], 503: [errorCodes.serviceUnavailable] },
    handler: async (input, request) => ({ payout: await cancelPayout(ctx(request.log), { orderNo: input.orderNo, reason: input.reason, audit: request.staff.actor }) }),
  });
}
