import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { idSchema, marketSchema } from './common';
import { annualCostSchema, signedAgreementLinkSchema } from './loan';

/*
 * The loan statement and payment receipts (issue 12, beyond the spec; docs/statement.md).
 * Money in integer minor units, in the currency of the loan's market (`market`, `currency`),
 * whatever the page's language; calendar days 'YYYY-MM-DD', instants 'YYYY-MM-DD hh:mm:ss'
 * in the market's time zone (`timeZone`).
 */

const minor = z.number().int();
const day = z.string();

/**
 * Where money went: an instalment's component (`seq` its number) or a loan-level one (`seq` null):
 * `tax` is the market's tax (IVA, GST), `credit` what a payment left as the borrower's credit,
 * `extension_fee` / `extension_tax` the price of an extension.
 */
export const allocationComponents = [
  'default_penalty',
  'late_fee',
  'commission',
  'tax',
  'interest',
  'principal',
  'extension_fee',
  'extension_tax',
  'credit',
] as const;
export type AllocationComponent = (typeof allocationComponents)[number];

export const allocationSchema = z.object({
  seq: z.number().int().nullable(),
  component: z.enum(allocationComponents),
  amount: minor,
});
export type StatementAllocation = z.infer<typeof allocationSchema>;

/**
 * What every event carries: its day (a payment: the day and time received), its amount (positive; the
 * kind says whether it adds to what is owed or pays it), and after it what the borrower owes
 * (`balance`) and the credit held (`credit`).
 */
const event = {
  date: z.string(),
  amount: minor,
  balance: minor,
  credit: minor,
};

/** Accrued through the statement's day (`asOf`) but not yet posted to the ledger (docs/statement.md). */
const pending = z.boolean();

export const statementEventSchema = z.discriminatedUnion('kind', [
  /** The principal paid out. */
  z.object({ kind: z.literal('disbursal'), ...event }),
  /** An instalment's scheduled charges (amount = interest + commission + tax), due on `dueDate` as disbursed. */
  z.object({
    kind: z.literal('instalment'),
    ...event,
    seq: z.number().int(),
    dueDate: day,
    principal: minor,
    interest: minor,
    commission: minor,
    tax: minor,
  }),
  /** Late charges of one instalment over days `from`..`through` at `ratePpm` a day of `base`. */
  z.object({
    kind: z.literal('late_charge'),
    ...event,
    seq: z.number().int(),
    from: day,
    through: day,
    days: z.number().int(),
    base: minor,
    ratePpm: z.number().int(),
    pending,
  }),
  /** The one-off default penalty (India), charged on the first late day of instalment `seq`. */
  z.object({ kind: z.literal('default_penalty'), ...event, seq: z.number().int(), pending }),
  /** An extension bought by payment `paymentId`: its fee and tax (amount = fee + tax), the due dates moved. */
  z.object({
    kind: z.literal('extension'),
    ...event,
    paymentId: z.string(),
    fromDueDate: day,
    toDueDate: day,
    shiftDays: z.number().int(),
    fee: minor,
    tax: minor,
  }),
  /** Money received: how, the payment reference it named (null: none), and where it went. */
  z.object({
    kind: z.literal('payment'),
    ...event,
    paymentId: z.string(),
    purpose: z.enum(['repayment', 'extension']),
    channel: z.string(),
    reference: z.string().nullable(),
    valueDate: day,
    allocations: z.array(allocationSchema),
  }),
  /** Credit applied by itself to what fell due (docs/ledger.md "Credit"). */
  z.object({ kind: z.literal('credit_applied'), ...event, allocations: z.array(allocationSchema), pending }),
  /** Credit paid back to the borrower. */
  z.object({ kind: z.literal('refund'), ...event }),
  /**
   * What a cooling-off exit waived when payment `paymentId` carried it out (India's KFS: the processing fee, its
   * tax and the interest beyond the days used; docs/ledger.md "Cooling-off exit"): lowers what is owed.
   */
  z.object({ kind: z.literal('waiver'), ...event, paymentId: z.string(), allocations: z.array(allocationSchema) }),
]);
export type StatementEvent = z.infer<typeof statementEventSchema>;

/** What the statement adds up to: the ledger's position on `asOf`, to the minor unit (docs/statement.md). */
export const statementTotalsSchema = z.object({
  principal: minor,
  interest: minor,
  commission: minor,
  tax: minor,
  lateCharges: minor,
  defaultPenalty: minor,
  extensionFees: minor,
  extensionTax: minor,
  /** Everything above. */
  charged: minor,
  /** Of the late charges and penalty: accrued since the ledger's last posting, not yet posted. */
  pendingCharges: minor,
  /** Money received (every payment). */
  received: minor,
  /** Waived by a cooling-off exit. */
  waived: minor,
  /** Paid to the loan: by payments and by credit applied (charged − waived − outstanding). */
  paid: minor,
  creditApplied: minor,
  refunded: minor,
  /** Credit held now. */
  credit: minor,
  /** What the borrower owes now. */
  outstanding: minor,
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

const loanFacts = {
  orderId: z.string(),
  orderNo: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  market: marketSchema,
  currency: z.enum(['MXN', 'INR']),
  /** The lender (the market's legal entity). */
  lender: z.object({ name: z.string(), address: z.string() }),
  /** The market's time zone, in which every date and time is written. */
  timeZone: z.string(),
};

export const statementDataSchema = z.object({
  ...loanFacts,
  status: z.string(),
  disbursedOn: day,
  /** The day the statement is drawn up to (today in the market's time zone). */
  asOf: day,
  periods: z.number().int(),
  events: z.array(statementEventSchema),
  totals: statementTotalsSchema,
  /** The loan's annual cost (issue 13): Mexico's CAT, India's APR, of the plan as disbursed, computed on `asOf`. */
  annualCost: annualCostSchema,
  /** Issue 38: the loan's signed agreement (its PDF needs the session), or null for a loan without one. */
  signedAgreement: signedAgreementLinkSchema.nullable(),
});
export type StatementData = z.infer<typeof statementDataSchema>;

export const loanStatement = endpoint({
  ...apiRoutes.loanStatement,
  summary: "The loan's statement: every event of the ledger in order with the running balance, and its totals",
  request: z.object({ productId: idSchema.optional(), orderId: idSchema }),
  data: statementDataSchema,
});

export const receiptDataSchema = z.object({
  ...loanFacts,
  paymentId: z.string(),
  amount: minor,
  /** Day and time received. */
  receivedAt: z.string(),
  valueDate: day,
  purpose: z.enum(['repayment', 'extension']),
  channel: z.string(),
  reference: z.string().nullable(),
  allocations: z.array(allocationSchema),
  /** The extension the payment bought, if any. */
  extension: z
    .object({ fromDueDate: day, toDueDate: day, shiftDays: z.number().int(), fee: minor, tax: minor })
    .nullable(),
  /** What a cooling-off exit this payment carried out waived (0 for any other payment). */
  waived: minor,
  /** What the borrower owed, and the credit held, just after this payment (and the waiver it brought). */
  balanceAfter: minor,
  creditAfter: minor,
  /** Nothing was owed after this payment: it settled the loan. */
  settled: z.boolean(),
});
export type ReceiptData = z.infer<typeof receiptDataSchema>;

export const paymentReceipt = endpoint({
  ...apiRoutes.paymentReceipt,
  summary: 'The receipt of one payment of the borrower: amount, time, channel, reference, allocation and balance after it',
  request: z.object({ paymentId: idSchema }),
  data: receiptDataSchema,
});
