import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { flag, idSchema, intField, marketSchema, textValueSchema } from './common';

/** Issue 38: a signed agreement as the borrower's pages offer it. */
export const signedAgreementLinkSchema = z.object({
  agreementNo: z.string(),
  /** When the borrower signed it (ISO 8601, UTC). */
  signedAt: z.string(),
  /** The PDF's address on the API's origin: /api/agreements/<agreementNo>.pdf (the session is needed). */
  pdfUrl: z.string(),
});
export type SignedAgreementLink = z.infer<typeof signedAgreementLinkSchema>;

/** Plan row of the confirmation (§3 repay_plans). amount in minor units. */
export const confirmPlanSchema = z.object({
  title: z.string(),
  description: z.string(),
  amount: z.number().int(),
  pay_time: z.string(),
});

const rate = { ratePpm: z.number().int(), /** As the agreement writes it, e.g. "0,05%", "18%". */ rate: z.string() };

/**
 * What the loan agreement states (issue 12): every rate, fee, tax, late
 * charge, penalty, extension and prepayment rule and the plan, from the
 * product (an offer) or the order's snapshot and its market's rules, built by
 * the pricing code. Rates in ppm with their display text; money in minor
 * units (the page writes it in the market's currency); the tax name in the
 * request's language.
 */
/**
 * The loan's annual cost as its market's regulator defines it (issue 13, packages/contract/src/annual-cost.ts):
 * Mexico's CAT (Banxico: effective annual, one decimal, without IVA), India's APR (RBI: the IRR per
 * repayment period × periods a year, two decimals, every charge). `sheet` is its computation: each cash
 * flow's day and amount (minor units) from the first day.
 */
export const annualCostSchema = z.object({
  kind: z.enum(['CAT', 'APR']),
  ...rate,
  /** The day it was computed (the quote's day; the order's start for an order). */
  computedOn: z.string(),
  /** Whether the market's tax is counted (APR: yes; the CAT is stated without IVA). */
  includesTax: z.boolean(),
  /** The unit of the rate's time: 'years' of 360 days (CAT), or repayment 'periods' of unitDays days (APR). */
  unit: z.enum(['years', 'periods']),
  unitDays: z.number().int(),
  /** APR: repayment periods in a year (365 / unitDays); CAT: 1. */
  periodsPerYear: z.number(),
  /** The IRR per unit, as a percentage with four decimals ("4,2263%"). */
  periodicRate: z.string(),
  sheet: z.array(z.object({ date: z.string(), day: z.number().int(), received: z.number().int(), paid: z.number().int() })),
});

export const agreementTermsSchema = z.object({
  market: marketSchema,
  currency: z.enum(['MXN', 'INR']),
  /** The lender (the market's legal entity). */
  lender: z.object({ name: z.string(), address: z.string() }),
  amount: z.number().int(),
  periods: z.number().int(),
  termUnitDays: z.number().int(),
  termDays: z.number().int(),
  /** Daily rate on the outstanding principal, and the annual rate = daily × yearDays. */
  interest: z.object({ daily: z.object(rate), annual: z.object(rate), yearDays: z.number().int() }),
  /** Commission (processing fee) on the principal, shared between the instalments. */
  commission: z.object({ ...rate, total: z.number().int() }),
  /** The market's tax on the charges in `base`. */
  tax: z.object({ name: z.string(), ...rate, base: z.array(z.enum(['interest', 'commission', 'extension_fee'])) }),
  lateCharges: z.object({
    rule: z.enum(['mx_daily_fine', 'in_tiered']),
    /** Daily rate on the unpaid instalment by days late (toDay null: until paid). */
    tiers: z.array(z.object({ fromDay: z.number().int(), toDay: z.number().int().nullable(), ...rate })),
    /** India's one-off default penalty (null for none); `applies`: this loan's, 0 until it is known (disbursal). */
    defaultPenalty: z.object({ newClient: z.number().int(), repeatClient: z.number().int(), applies: z.number().int() }).nullable(),
  }),
  /** One extension moves the due date by `days` (one term); its fee is one term's interest on the unpaid principal (feeOnPrincipal for the whole principal) with its tax. */
  extension: z.object({ available: z.boolean(), days: z.number().int(), feeOnPrincipal: z.number().int(), feeTaxOnPrincipal: z.number().int() }),
  /** Prepayment from `fromDay` days after disbursal (half the term, and not before minDays); fromDate once disbursed. */
  prepayment: z.object({ minDays: z.number().int(), fromDay: z.number().int(), fromDate: z.string() }),
  plan: z.array(
    z.object({
      seq: z.number().int(),
      dueDate: z.string(),
      principal: z.number().int(),
      interest: z.number().int(),
      commission: z.number().int(),
      tax: z.number().int(),
      total: z.number().int(),
    }),
  ),
  totals: z.object({ interest: z.number().int(), commission: z.number().int(), tax: z.number().int(), total: z.number().int(), received: z.number().int() }),
  /** The annual cost of this loan (issue 13): the CAT in Mexico, the APR in India. */
  annualCost: annualCostSchema,
});
export type AgreementTerms = z.infer<typeof agreementTermsSchema>;

export const loanConfirmDataSchema = z.object({
  /** Due date of the first instalment, YYYY-MM-DD. */
  firstPayTime: z.string(),
  /** Principal in minor units. */
  amount: z.number().int(),
  /** Number of instalments. */
  periods: z.number().int(),
  /** Days per instalment; the loan term is periods × termUnit days. */
  termUnit: z.number().int(),
  /** 1: the offer is being re-evaluated; the page shows the countdown modal and reloads with isType=1. */
  isNeedPop: flag,
  /** 1: submitting needs an SMS code (not used by the demo lender). */
  sendSms: flag,
  details: z.array(textValueSchema),
  repay_plans: z.array(confirmPlanSchema),
  /** Daily interest rate as text, e.g. "0,10%". */
  loanRate: z.string(),
  ratemsg: z.string(),
  amountDec: z.string(),
  /** Contract (loan agreement) URL, '' if none. */
  isNewContract: z.string(),
  messageType: z.number().int(),
  comProductLogo: z.string(),
  comProductName: z.string(),
  /** Coupon discount in minor units, 0 for none. */
  couNum: z.number().int(),
  /** Product rules, so a page can offer other amounts and terms. */
  amountMin: z.number().int(),
  amountMax: z.number().int(),
  amountStep: z.number().int(),
  periodsMin: z.number().int(),
  periodsMax: z.number().int(),
  /** The product's market: the currency of every amount (issue 12). */
  market: marketSchema,
  /** The loan agreement of this quote (the agreement page opened from the confirmation shows it). */
  terms: agreementTermsSchema,
  /** India (issue 13): this offer's Key Facts Statement, to read and acknowledge before applying; null elsewhere. */
  keyFacts: z
    .object({ proposalNo: z.string(), validUntil: z.string(), acknowledged: z.boolean(), url: z.string() })
    .nullable(),
});
export type LoanConfirmData = z.infer<typeof loanConfirmDataSchema>;

export const loanDetailConfirm = endpoint({
  ...apiRoutes.loanDetailConfirm,
  summary: 'Loan confirmation data: quote, plan and contract link for a product offered to the borrower',
  request: z.object({
    productId: idSchema,
    /** 1 on the reload after the recalculation modal. */
    isType: intField(0, 1).optional(),
    /** Optional amount and instalment count to quote instead of the offer's. */
    amount: intField(1, 1_000_000_000).optional(),
    periods: intField(1, 120).optional(),
  }),
  data: loanConfirmDataSchema,
});

export const loanDetailPush = endpoint({
  ...apiRoutes.loanDetailPush,
  summary: 'Submit the loan: creates the order in status 21 (idempotent per borrower and product)',
  request: z.object({
    productId: idSchema,
    amount: intField(1, 1_000_000_000),
    periods: intField(1, 120),
    termUnit: intField(1, 400),
    /** India (issue 13): the proposal number of the Key Facts Statement the borrower acknowledged. */
    proposalNo: z.string().max(40).optional(),
    /**
     * Issue 38: the agreement the borrower signed for exactly these figures (agreement-sign). Without it, or with
     * one for other figures, the submission is refused (409 agreementNotSigned).
     */
    agreementNo: z.string().max(20).optional(),
  }),
  data: z.object({ lendDetailsUrl: z.string(), orderId: z.string(), orderNo: z.string() }),
});

export const loanDetailsDataSchema = z.object({
  orderStatus: z.string(),
  noticeStatusText: z.string(),
  noticeDesText: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  userOrderDetail: z.object({ detail: z.array(textValueSchema) }),
  /** 1: page opened from the lender's loan market; the page turns it off after load (§4). */
  inside: flag,
  /**
   * 1: ask the borrower for a rating: a disbursed or settled order (174, 200) not rated yet, with nothing to
   * pay today, whose borrower has not said "not now" in the last RATING_PROMPT_DEFERRAL_DAYS (issue 14).
   */
  isScore: flag,
  /** Repayment page address for the Repay button. */
  h5Url: z.string(),
  /**
   * 1: something can be paid now (a repayable order's Repay button shows). 0 otherwise; for a repayable order
   * (174) before payments open (nothing due, prepaying not allowed yet), noticeDesText says from when and how much.
   */
  payable: flag,
  /** 1: an extension can be bought. */
  isDelay: flag,
  isNewContract: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  productId: z.string(),
  /** The loan's market: the currency of the detail rows (issue 12). */
  market: marketSchema,
  /** Issue 38: the signed agreement's PDF (same origin, needs the session), or null for an order without one. */
  signedAgreement: signedAgreementLinkSchema.nullable(),
});
export type LoanDetailsData = z.infer<typeof loanDetailsDataSchema>;

export const loanDetails = endpoint({
  ...apiRoutes.loanDetails,
  summary: "One of the borrower's orders: status, texts, detail rows and available actions",
  request: z.object({ productId: idSchema.optional(), orderId: idSchema }),
  data: loanDetailsDataSchema,
});

export const googleScore = endpoint({
  ...apiRoutes.googleScore,
  summary: "The borrower's 1–5 rating of the service for an order",
  request: z.object({ score: intField(1, 5), /** Falls back to the orderId session parameter of the query. */ orderId: idSchema.optional() }),
  data: z.object({ success: z.boolean() }),
});

/** How long a "not now" to the rating prompt lasts (issue 14): loan-details answers isScore 0 meanwhile. */
export const RATING_PROMPT_DEFERRAL_DAYS = 30;

export const googleScoreLater = endpoint({
  ...apiRoutes.googleScoreLater,
  summary: `The borrower's "not now" to the rating prompt: not asked again, on any order, for ${RATING_PROMPT_DEFERRAL_DAYS} days`,
  request: z.object({}).loose(),
  data: z.object({
    success: z.boolean(),
    /** When the prompt may be shown again (ISO 8601, UTC). */
    askAgainAfter: z.string(),
  }),
});

export const agreementDataSchema = z.object({
  username: z.string(),
  userName: z.string(),
  productName: z.string(),
  mount: z.string(),
  amount: z.number().int(),
  bankNo: z.string(),
  daiDate: z.string(),
  planDate: z.string(),
  contractAmount: z.string(),
  commission: z.string(),
  Interest: z.string(),
  IVA: z.string(),
  giveAmount: z.string(),
  userAddress: z.string(),
  contractDate: z.string(),
  company: z.string(),
  /** The loan's market (issue 12): money fields are written in its currency; IVA holds its tax (GST in India). */
  market: marketSchema,
  /** Every figure the agreement states, from the order's pricing. */
  terms: agreementTermsSchema,
  /** India (issue 13): the Key Facts Statement the loan was applied for with (its summary box), null elsewhere or without one. */
  keyFacts: z.object({ proposalNo: z.string(), acknowledgedAt: z.string().nullable(), url: z.string() }).nullable(),
});
export type AgreementData = z.infer<typeof agreementDataSchema>;

export const loanAgreement = endpoint({
  ...apiRoutes.contractDetail,
  summary: 'Promissory note fields of an order',
  request: z.object({ orderNo: z.string().min(1).max(40) }),
  data: agreementDataSchema,
});
