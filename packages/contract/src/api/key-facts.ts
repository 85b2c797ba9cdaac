import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { idSchema, marketSchema } from './common';
import { agreementTermsSchema } from './loan';

/*
 * India's Key Facts Statement (issue 13; RBI circular of 15 April 2024, in force 1 October 2024;
 * docs/key-facts.md): the standard statement of an offer, issued before the borrower applies, with a
 * unique proposal number, the APR and its computation sheet, the repayment schedule, every charge, how
 * long it is valid and the lender's grievance contact. Money in minor units (paise); days 'YYYY-MM-DD';
 * instants 'YYYY-MM-DD hh:mm:ss' in the market's time zone.
 */

/** What loan-detail-confirm says of an Indian offer's KFS (null for a market without one). */
export const keyFactsSummarySchema = z.object({
  proposalNo: z.string(),
  /** The last day it may be acknowledged and applied for. */
  validUntil: z.string(),
  acknowledged: z.boolean(),
  /** The readable page (same origin, /key-facts?proposalNo=). */
  url: z.string(),
});
export type KeyFactsSummary = z.infer<typeof keyFactsSummarySchema>;

/** Every charge the ledger can levy on the loan, as the KFS lists it (`charge` names the ledger's component). */
export const keyFactsChargeSchema = z.object({
  charge: z.enum(['interest', 'commission', 'tax', 'late_fee', 'default_penalty', 'extension_fee', 'extension_tax']),
  /** A rate (ppm) where the charge is one, e.g. late interest a day, the processing fee on the principal. */
  ratePpm: z.number().int().nullable(),
  rate: z.string(),
  /** The amount for this loan where it is known (minor units), null where it depends on days late or the unpaid principal. */
  amount: z.number().int().nullable(),
  /** Late interest: the days late it applies to (toDay null: until paid). */
  fromDay: z.number().int().nullable(),
  toDay: z.number().int().nullable(),
  /** One-time or recurring (Annex A's column), and whether it is contingent (levied only on a late payment or an extension). */
  frequency: z.enum(['one_time', 'per_instalment', 'per_day', 'per_extension']),
  contingent: z.boolean(),
});
export type KeyFactsCharge = z.infer<typeof keyFactsChargeSchema>;

export const keyFactsDataSchema = z.object({
  proposalNo: z.string(),
  market: marketSchema,
  currency: z.enum(['MXN', 'INR']),
  borrowerName: z.string(),
  productName: z.string(),
  /** The day it was issued and its instant. */
  issuedOn: z.string(),
  issuedAt: z.string(),
  /** Valid for `validWorkingDays` working days after issue: through `validUntil`. */
  validWorkingDays: z.number().int(),
  validUntil: z.string(),
  /** Past validUntil and not applied for: a new one must be read. */
  expired: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  /** The loan it became part of, once applied for. */
  orderNo: z.string().nullable(),
  orderId: z.string().nullable(),
  /** Disbursed: the cooling-off dates are this loan's. */
  disbursedOn: z.string().nullable(),
  coolingOff: z.object({ days: z.number().int(), until: z.string() }),
  /** Every figure of the loan (the agreement's terms: APR with its sheet, plan, charges' rules). */
  terms: agreementTermsSchema,
  charges: z.array(keyFactsChargeSchema),
  grievance: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  support: z.object({ whatsapp: z.string(), phone: z.string(), email: z.string() }),
});
export type KeyFactsData = z.infer<typeof keyFactsDataSchema>;

export const keyFacts = endpoint({
  ...apiRoutes.keyFacts,
  summary: "India's Key Facts Statement: of an offer (proposalNo) or of a loan (orderId)",
  request: z.object({
    proposalNo: z.string().regex(/^KFS\d{8}[0-9A-F]{8}$/).optional(),
    orderId: idSchema.optional(),
  }),
  data: keyFactsDataSchema,
});

export const keyFactsAcknowledge = endpoint({
  ...apiRoutes.keyFactsAcknowledge,
  summary: 'The borrower acknowledges having read and understood a Key Facts Statement (proposal number, time and session recorded)',
  request: z.object({ proposalNo: z.string().regex(/^KFS\d{8}[0-9A-F]{8}$/) }),
  data: z.object({ proposalNo: z.string(), acknowledgedAt: z.string(), validUntil: z.string() }),
});
