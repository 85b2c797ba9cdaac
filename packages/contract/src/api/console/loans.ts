import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { marketSchema } from '../common';
import { orderNoField } from './fields';
import { payoutViewSchema } from './payouts';

/* Loans: search and a loan's whole story. */

const loanRowSchema = z.object({
  orderNo: z.string(),
  status: z.string(),
  appliedAt: z.string(),
  product: z.object({ code: z.string(), name: z.string(), market: marketSchema, currency: z.string() }),
  principal: z.number().int(),
  borrower: z.object({ id: z.number().int(), fullName: z.string(), maskedPhone: z.string() }),
});

export const consoleLoanSearch = endpoint({
  ...apiRoutes.consoleLoanSearch,
  summary: "Find loans by order number, the borrower's phone (whole) or name (3+ characters); newest first, 50 at most. POST: a phone never travels in an address",
  request: z.object({ q: z.string().trim().min(3).max(80) }),
  data: z.object({ loans: z.array(loanRowSchema) }),
});

const allocationSchema = z.object({ seq: z.number().int().nullable(), component: z.string(), amount: z.number().int() });

export const consoleLoan = endpoint({
  ...apiRoutes.consoleLoan,
  summary: "A loan's whole story: the order and borrower, the account it paid, status history, plan, the ledger's position today, every payment and credit event with its allocation, the extensions bought and the complaints about it",
  request: z.object({ orderNo: orderNoField }),
  data: z.object({
    loan: loanRowSchema.extend({
      periods: z.number().int(),
      termUnitDays: z.number().int(),
      disbursedOn: z.string().nullable(),
      rejectReason: z.string().nullable(),
      disbursedTo: z.object({ bankName: z.string(), masked: z.string() }).nullable(),
    }),
    /** The order's payout attempts, newest first (issue 37): a live one on a 151 order reads "disbursing". */
    payouts: z.array(payoutViewSchema),
    history: z.array(z.object({ at: z.string(), from: z.string().nullable(), to: z.string(), actor: z.string(), reason: z.string() })),
    plan: z.array(z.object({ seq: z.number().int(), dueDate: z.string().nullable(), principal: z.number().int(), interest: z.number().int(), commission: z.number().int(), vat: z.number().int() })),
    /** The ledger today; null before the disbursal. */
    position: z
      .object({
        asOf: z.string(),
        owedTotal: z.number().int(),
        paidTotal: z.number().int(),
        waivedTotal: z.number().int(),
        outstandingTotal: z.number().int(),
        received: z.number().int(),
        credit: z.number().int(),
        refunded: z.number().int(),
        heldInSuspense: z.number().int(),
        daysLate: z.number().int(),
        nextPayment: z.object({ dueDate: z.string(), amount: z.number().int() }).nullable(),
        expectedStatus: z.string(),
      })
      .nullable(),
    events: z.array(
      z.object({
        kind: z.string(),
        id: z.number().int(),
        at: z.string(),
        valueDate: z.string(),
        amount: z.number().int(),
        /** A payment's channel, provider and event id; a credit event's actor and note. */
        source: z.string(),
        allocations: z.array(allocationSchema),
      }),
    ),
    /** The extensions bought, oldest first: the payment that bought it (an event above), the due date moved, the parts of its price. */
    extensions: z.array(
      z.object({
        at: z.string(),
        paymentId: z.number().int(),
        fromDueDate: z.string(),
        toDueDate: z.string(),
        shiftDays: z.number().int(),
        lateCharges: z.number().int(),
        dueInterest: z.number().int(),
        dueInterestTax: z.number().int(),
        fee: z.number().int(),
        feeTax: z.number().int(),
      }),
    ),
    /** The complaints about this loan, newest first (GET /console/api/complaints has their text and images). */
    complaints: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(['open', 'answered', 'closed']),
        typeValue: z.number().int(),
        subTypeValue: z.number().int().nullable(),
        /** The type's title in the caller's language (`language` header). */
        type: z.string(),
        createdAt: z.string(),
        repliedAt: z.string().nullable(),
        repliedBy: z.string().nullable(),
        score: z.number().int().nullable(),
      }),
    ),
  }),
});
