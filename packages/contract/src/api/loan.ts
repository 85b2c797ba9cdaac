import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { flag, idSchema, intField, textValueSchema } from './common';

/** Plan row of the confirmation (§3 repay_plans). amount in minor units. */
export const confirmPlanSchema = z.object({
  title: z.string(),
  description: z.string(),
  amount: z.number().int(),
  pay_time: z.string(),
});

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
  /** 1: ask the borrower for a rating. */
  isScore: flag,
  /** Repayment page address for the Repay button. */
  h5Url: z.string(),
  /** 1: an extension can be bought. */
  isDelay: flag,
  isNewContract: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  productId: z.string(),
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

export const contractDataSchema = z.object({
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
});
export type ContractData = z.infer<typeof contractDataSchema>;

export const contractDetail = endpoint({
  ...apiRoutes.contractDetail,
  summary: 'Promissory note fields of an order',
  request: z.object({ orderNo: z.string().min(1).max(40) }),
  data: contractDataSchema,
});
