import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { orderNoField } from './fields';

/*
 * Payouts (issue 37, docs/disbursal.md): the attempts to pay an approved order out to the borrower's verified
 * account. Read by finance, admin and analysts; retried or cancelled by finance (each audited).
 */

export const payoutStatusValues = ['created', 'pending', 'processed', 'reversed', 'failed', 'cancelled'] as const;

/**
 * One payout attempt as staff see it. created: saved, the provider's answer not known yet (it is looked up, never
 * sent again under a new key); pending: the provider took it; processed: paid (the order turned 174 on valueDate);
 * reversed / failed: the money did not arrive (failureReason says why; the order stays 151); cancelled: staff gave up.
 */
export const payoutViewSchema = z.object({
  orderNo: z.string(),
  attempt: z.number().int(),
  status: z.enum(payoutStatusValues),
  /** Still paying or paid: created, pending or processed (at most one per order). */
  live: z.boolean(),
  provider: z.enum(['stp', 'razorpayx']),
  /** What the bank statement shows: STP's tracking key (claveRastreo), RazorpayX's UTR; null until known. */
  providerReference: z.string().nullable(),
  /** Minor units of `currency`: the loan's "amount you receive". */
  amount: z.number().int(),
  currency: z.enum(['MXN', 'INR']),
  failureReason: z.string().nullable(),
  /** processed: the day the money reached the account (the loan's disbursal day). */
  valueDate: z.string().nullable(),
  /** The account paid (masked). */
  bankAccount: z.object({ bankName: z.string(), masked: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PayoutViewData = z.infer<typeof payoutViewSchema>;

export const consolePayouts = endpoint({
  ...apiRoutes.consolePayouts,
  summary: "Payout attempts, newest first: one order's (orderNo), or those in a state (open: created/pending; problem: reversed/failed, the order still 151; all)",
  request: z.object({
    orderNo: orderNoField.optional(),
    state: z.enum(['open', 'problem', 'all']).default('all'),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  }),
  data: z.object({ payouts: z.array(payoutViewSchema) }),
});

export const consolePayoutRetry = endpoint({
  ...apiRoutes.consolePayoutRetry,
  summary:
    "Retry an order's payout: an attempt still open is asked again under the SAME key (looked up, or resent when the provider never took it); after a final failure a new attempt with a new key. Audited",
  request: z.object({ orderNo: orderNoField }),
  data: z.object({ payout: payoutViewSchema }),
});

export const consolePayoutCancel = endpoint({
  ...apiRoutes.consolePayoutCancel,
  summary: "Cancel an order's payout attempt the provider never took (created, not found there); the order stays 151. Audited with the reason",
  request: z.object({ orderNo: orderNoField, reason: z.string().trim().min(3).max(500) }),
  data: z.object({ payout: payoutViewSchema }),
});
