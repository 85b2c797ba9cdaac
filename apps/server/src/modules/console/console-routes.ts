import type { FastifyInstance } from 'fastify';
import { consoleApplications, consoleApprove, consoleDisburse, consoleReject } from '@presta/contract/api/console/review';
import { errorCodes } from '@presta/contract/error-codes';
import { translate } from '../../i18n/messages';
import { AppError } from '../../lib/app-error';
import { maskBankAccount } from '../../lib/bank-account';
import { registerEndpoint } from '../../lib/endpoint-route';
import { callContext } from '../../plugins/app/repositories';
import { staffCall } from '../staff/staff-call';
import { getOrderOverview } from '../orders/order-reads';
import { transitionOrder } from '../orders/order-service';

/**
 * The back office's review and disbursal calls (issue 17, decision 018; docs/back-office.md). Each names its action;
 * the staff plugin has checked the console session, the CSRF token and the member's roles before the handler runs,
 * and each change goes through the order service with the member as its audit actor.
 */
export default function consoleRoutes(app: FastifyInstance) {

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
      const disbursed: { orderNo: string; disbursedOn: string; bankAccount: { bankName: string; masked: string } }[] = [];
      const refused: { orderNo: string; message: string }[] = [];
      // Each order in its own transaction: one that cannot be disbursed leaves the others disbursed.
      for (const orderNo of [...new Set(input.orderNos)]) {
        try {
          const r = await transitionOrder(app.db, { orderNo, action: 'disburse', actor: 'operator', audit: request.staff.actor });
          const { disbursedTo } = await getOrderOverview(app.db, r.orderNo);
          disbursed.push({ orderNo: r.orderNo, disbursedOn: r.disbursedOn ?? '', bankAccount: { bankName: disbursedTo?.bankName ?? '', masked: maskBankAccount(disbursedTo?.accountNumber ?? '') } });
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          refused.push({ orderNo, message: translate(request.lang, error.messageKey, error.vars) });
        }
      }
      return { started: [], disbursed, refused };
    },
  });
}
