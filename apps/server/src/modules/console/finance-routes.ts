import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleCreditRefund, consoleNotificationResolve, consoleNotifications, consoleSuspense, consoleSuspenseAssign, consoleSuspenseRefund } from '@presta/contract/api/console/payments';
import { errorCodes } from '@presta/contract/error-codes';
import { registerEndpoint } from '../../lib/endpoint-route';
import { staffCall } from '../staff/staff-call';
import { refundCredit } from '../ledger/ledger-credit';
import { recentNotifications, resolveRefusedReview } from '../payments/notification-log';
import { assignSuspense, openSuspense, refundSuspense } from '../payments/suspense-service';

/**
 * Finance's payment calls (issue 17; docs/back-office.md "Payments over HTTP"): money in suspense and its
 * resolution (assign to an order through the ledger, or record the refund to the payer), refunds of a settled
 * loan's credit, and the provider's notifications with their outcome (a refused one's review resolved with a note).
 * Each change is audited as the member.
 */
export default function financeRoutes(app: FastifyInstance) {
  /** The suspense and ledger tables' `actor` column: the member's e-mail (the audit trail has the rest). */
  const by = (request: FastifyRequest) => request.staff.member.email;

  registerEndpoint(app, consoleSuspense, {
    ...staffCall('payments.read'),
    handler: async () => ({
      entries: (await openSuspense(app.db)).map((e) => ({
        id: e.id,
        receivedAt: e.createdAt.toISOString(),
        paidAt: e.paidAt.toISOString(),
        amount: e.amount,
        reason: e.reason,
        provider: e.provider,
        eventId: e.eventId,
        reference: e.reference,
        channel: e.channel,
        orderNo: e.orderNo,
      })),
    }),
  });

  registerEndpoint(app, consoleSuspenseAssign, {
    ...staffCall('suspense.assign'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      const r = await assignSuspense(app.db, { id: input.id, orderNo: input.orderNo, actor: by(request), note: input.note, audit: request.staff.actor });
      const p = r.payment;
      return { id: r.entry.id, orderNo: r.orderNo, paymentId: p.paymentId, credited: p.credited, statusFrom: p.statusFrom, statusTo: p.statusTo };
    },
  });

  registerEndpoint(app, consoleSuspenseRefund, {
    ...staffCall('suspense.refund'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      const r = await refundSuspense(app.db, { id: input.id, actor: by(request), note: input.note, audit: request.staff.actor });
      return { id: r.entry.id, amount: r.entry.amount };
    },
  });

  registerEndpoint(app, consoleCreditRefund, {
    ...staffCall('ledger.refund'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition], 422: [errorCodes.outsideProductRules] },
    handler: async (input, request) => {
      const r = await refundCredit(app.db, { orderNo: input.orderNo, amount: input.amount, note: input.note, audit: request.staff.actor });
      return { orderNo: r.orderNo, amount: r.amount, valueDate: r.valueDate, creditLeft: r.creditLeft, creditEventId: r.creditEventId };
    },
  });

  registerEndpoint(app, consoleNotifications, {
    ...staffCall('payments.read'),
    handler: async (input) => ({ notifications: await recentNotifications(app.db, { reviewOpen: input.review === 'open', limit: input.limit }) }),
  });

  registerEndpoint(app, consoleNotificationResolve, {
    ...staffCall('payments.resolveReview'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => resolveRefusedReview(app.db, { id: input.id, note: input.note, audit: request.staff.actor }),
  });
}
