import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { marketSchema } from '../common';
import { calendarDay, orderNoField } from './fields';
import { payoutViewSchema } from './payouts';

/* The review queue and disbursal (reviewer: approve, reject; finance: disburse). */

/** Where an order's signed agreement stands for its disbursal (issue 38). */
export const agreementStates = ['signed', 'unsigned', 'awaiting_timestamp'] as const;
export type AgreementState = (typeof agreementStates)[number];

/** An application in the review queue: the order, the borrower, the account it would pay, their record with us. */
export const applicationSchema = z.object({
  orderNo: z.string(),
  status: z.enum(['21', '151']),
  appliedAt: z.string(),
  product: z.object({ code: z.string(), name: z.string(), market: marketSchema, currency: z.string() }),
  /** Minor units of the product's currency. */
  principal: z.number().int(),
  totalOwed: z.number().int(),
  periods: z.number().int(),
  termUnitDays: z.number().int(),
  /** The borrower's offer on this product (minor units), the most they may take. */
  offerLimit: z.number().int().nullable(),
  borrower: z.object({ id: z.number().int(), fullName: z.string(), maskedPhone: z.string(), language: z.enum(['es', 'en']) }),
  /** The account a disbursal would pay (masked), or null: it cannot be disbursed yet. */
  bankAccount: z.object({ bankName: z.string(), masked: z.string() }).nullable(),
  /** Their other loans with us: how many, settled, overdue now, rejected. */
  record: z.object({ loans: z.number().int(), settled: z.number().int(), overdueNow: z.number().int(), rejected: z.number().int() }),
  /** 151: the order's latest payout attempt (live: "disbursing"; reversed/failed: its reason), or null: none yet. */
  payout: payoutViewSchema.nullable(),
  /**
   * Issue 38: the loan agreement the borrower submitted with. signed: signed and time-stamped (it can be disbursed);
   * awaiting_timestamp: signed, its time-stamp not kept yet (asked for again every minute; disbursal waits);
   * unsigned: none (an order from before issue 38): it cannot be disbursed.
   */
  agreement: z.enum(agreementStates),
});

export const consoleApplications = endpoint({
  ...apiRoutes.consoleApplications,
  summary: 'The review queue: applications under review (21) or approved and waiting for their disbursal (151), oldest first',
  request: z.object({ status: z.enum(['21', '151']).default('21'), limit: z.coerce.number().int().min(1).max(200).default(50) }),
  data: z.object({ applications: z.array(applicationSchema) }),
});

const transitionSchema = z.object({ orderNo: z.string(), from: z.string(), to: z.string() });

export const consoleApprove = endpoint({
  ...apiRoutes.consoleApprove,
  summary: 'Approve an application (21 → 151); recorded in the audit trail',
  request: z.object({ orderNo: orderNoField }),
  data: transitionSchema,
});

export const consoleReject = endpoint({
  ...apiRoutes.consoleReject,
  summary: 'Reject an application (21 or 151 → 110) with the reason the borrower is told; recorded in the audit trail',
  request: z.object({ orderNo: orderNoField, reason: z.string().trim().min(3).max(500) }),
  data: transitionSchema,
});

export const consoleDisburse = endpoint({
  ...apiRoutes.consoleDisburse,
  summary:
    "Disburse one or several approved orders (151): each gets a payout of its \"amount you receive\" to the borrower's verified active account, on the market's payout provider. The order turns 174 when the provider confirms (its value date is the disbursal day)",
  request: z.object({
    orderNos: z.array(orderNoField).min(1).max(50),
    /** Deprecated (issue 37) and ignored: the disbursal day is the provider's value date. Accepted until the console drops its day picker. */
    on: calendarDay.optional(),
  }),
  data: z.object({
    /** The payouts started, one per order, in their state now (usually pending: the provider's confirmation settles them). */
    started: z.array(payoutViewSchema),
    /** Those of them the provider paid at once (the order is 174 already), as before issue 37. */
    disbursed: z.array(z.object({ orderNo: z.string(), disbursedOn: z.string(), bankAccount: z.object({ bankName: z.string(), masked: z.string() }) })),
    /** Orders not started, each with the reason in the caller's language (the others are). */
    refused: z.array(z.object({ orderNo: z.string(), message: z.string() })),
  }),
});
