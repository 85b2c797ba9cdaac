import type { FastifyInstance } from 'fastify';
import { consoleApplications, consoleApprove, consoleDisburse, consoleReject } from '@presta/contract/api/console/review';
import { errorCodes } from '@presta/contract/error-codes';
import { translate } from '../../i18n/messages';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/endpoint-route';
import { callContext } from '../../plugins/app/repositories';
import { staffCall } from '../staff/staff-call';
import { startDisbursal, type PayoutView } from '../disbursal/disbursal-service';
import type { Config } from '../../config';
import { transitionOrder } from '../orders/order-service';

/**
 * The back office's review and disbursal calls (issue 17, decision 018; docs/back-office.md). Each names its action;
 * the staff plugin has checked the console session, the CSRF token and the member's roles before the handler runs,
 * and each change goes through the order service with the member as its audit actor.
 */
export default function consoleRoutes(app: FastifyInstance, opts: { config: Config }) {

  registerEndpoint(app, consoleApplications, {
    ...staffCall('orders.read'),
    handler: async (input, request) => ({ applications: await callContext(app, request).repos.console.reviewQueue(input.status, input.limit) }),
  });

  registerEndpoint(app, consoleApprove, {
    ...staffCall('orders.approve'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      const r = await transitionOrder(app.db, { orderNo: input.orderNo, action: 'approve', actor: 'operator', audit: request.staff.actor });
      return { orderNo: r.orderNo, from: r.from, to: r.to };
    },
  });

  registerEndpoint(app, consoleReject, {
    ...staffCall('orders.reject'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      const r = await transitionOrder(app.db, { orderNo: input.orderNo, action: 'reject', actor: 'operator', reason: input.reason, audit: request.staff.actor });
      return { orderNo: r.orderNo, from: r.from, to: r.to };
    },
  });

  registerEndpoint(app, consoleDisburse, {
    ...staffCall('orders.disburse'),
    handler: async (input, request) => {
      const ctx = { db: app.db, payouts: app.payouts, log: request.log, config: opts.config };
      const started: PayoutView[] = [];
      const refused: { orderNo: string; message: string }[] = [];
      // Each order on its own: one that cannot be disbursed leaves the others going.
      for (const orderNo of [...new Set(input.orderNos)]) {
        try {
          started.push(await startDisbursal(ctx, { orderNo, audit: request.staff.actor }));
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          refused.push({ orderNo, message: translate(request.lang, error.messageKey, error.vars) });
        }
      }
      const disbursed = started.filter((p) => p.status === 'processed').map((p) => ({ orderNo: p.orderNo, disbursedOn: p.valueDate ?? '', bankAccount: p.bankAccount }));
      return { started, disbursed, refused };
    },
  });
}
