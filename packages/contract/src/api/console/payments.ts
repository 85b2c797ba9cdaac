import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { orderNoField } from './fields';

/* Payments (finance): suspense, credit refunds, the provider's notifications. */

const noteField = z.string().trim().max(500).optional();

export const suspenseEntrySchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  paidAt: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  provider: z.string(),
  eventId: z.string(),
  reference: z.string(),
  channel: z.string().nullable(),
  /** The order the reference named, if any (the money is not applied to it until assigned). */
  orderNo: z.string().nullable(),
});

export const consoleSuspense = endpoint({
  ...apiRoutes.consoleSuspense,
  summary: 'Money held in suspense: the open entries, oldest first',
  request: z.object({}),
  data: z.object({ entries: z.array(suspenseEntrySchema) }),
});

export const consoleSuspenseAssign = endpoint({
  ...apiRoutes.consoleSuspenseAssign,
  summary: "Assign an open suspense entry to an order: it becomes that order's ledger payment, once",
  request: z.object({ id: z.coerce.number().int().positive(), orderNo: orderNoField, note: noteField }),
  data: z.object({ id: z.number().int(), orderNo: z.string(), paymentId: z.number().int(), credited: z.number().int(), statusFrom: z.string(), statusTo: z.string() }),
});

export const consoleSuspenseRefund = endpoint({
  ...apiRoutes.consoleSuspenseRefund,
  summary: "Record an open suspense entry's money as paid back to the payer, once",
  request: z.object({ id: z.coerce.number().int().positive(), note: noteField }),
  data: z.object({ id: z.number().int(), amount: z.number().int() }),
});

export const consoleCreditRefund = endpoint({
  ...apiRoutes.consoleCreditRefund,
  summary: "Pay back part or all of a settled loan's credit (minor units)",
  request: z.object({ orderNo: orderNoField, amount: z.coerce.number().int().positive().max(1e12), note: noteField }),
  data: z.object({ orderNo: z.string(), amount: z.number().int(), valueDate: z.string(), creditLeft: z.number().int(), creditEventId: z.number().int() }),
});

export const consoleNotifications = endpoint({
  ...apiRoutes.consoleNotifications,
  summary: "The payment providers' notifications, newest first, with how each was verified and its outcome; review=open: those an operator must look at",
  request: z.object({ review: z.enum(['open', 'all']).default('all'), limit: z.coerce.number().int().min(1).max(500).default(50) }),
  data: z.object({
    notifications: z.array(
      z.object({
        id: z.number().int(),
        receivedAt: z.string(),
        provider: z.string(),
        /** The dedupe key of the event (the provider's id of the money movement). */
        eventId: z.string().nullable(),
        reference: z.string().nullable(),
        amount: z.number().int().nullable(),
        /** How the sender was verified (the provider's scheme); null when the notification was refused before (an old row). */
        verification: z.string().nullable(),
        /** The provider's name of the event ('order.paid', 'payment.failed', 'abono') and its kind ('paid', 'failed', 'expired', 'pending', 'refunded'). */
        eventType: z.string().nullable(),
        kind: z.string().nullable(),
        /** The provider's id of the delivery's event (Conekta's event id, x-razorpay-event-id). */
        providerEventId: z.string().nullable(),
        outcome: z.string(),
        reason: z.string().nullable(),
        review: z.enum(['none', 'open', 'resolved']),
        orderNo: z.string().nullable(),
        /** A refused notification's review resolved through the console: when, by whom (e-mail), the note. */
        reviewedAt: z.string().nullable(),
        reviewedBy: z.string().nullable(),
        reviewNote: z.string().nullable(),
      }),
    ),
  }),
});

export const consoleNotificationResolve = endpoint({
  ...apiRoutes.consoleNotificationResolve,
  summary:
    "Resolve the open review of a refused notification, with a note of what was done (a held one's review closes with its suspense entry); recorded in the audit trail",
  request: z.object({ id: z.coerce.number().int().positive(), note: z.string().trim().min(3).max(500) }),
  data: z.object({ id: z.number().int(), review: z.literal('resolved'), reviewedAt: z.string(), reviewedBy: z.string(), reviewNote: z.string() }),
});
