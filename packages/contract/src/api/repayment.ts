import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { idSchema, intField, marketSchema, textValueSchema } from './common';

/** A payment channel (§3): how to pay one reference. */
export const channelSchema = z.object({
  payCode: z.string(),
  logo: z.string(),
  desc: z.string(),
  /** Voucher code (reference number) to copy, '' if none yet. */
  vCode: z.string(),
  /** Barcode image URL, '' if the channel has none. */
  BARcodeImg: z.string(),
});
export const channelGroupSchema = z.object({ reviewer: z.string(), list: z.array(channelSchema) });

export const repaymentDataSchema = z.object({
  /** Amount due now, minor units. */
  repayAmount: z.number().int(),
  productName: z.string(),
  repayDate: z.string(),
  productLogo: z.string(),
  detail: z.array(textValueSchema),
  repayList: z.array(channelGroupSchema),
  noticeMsg: z.string(),
  /** The loan's market: the currency of the amounts (issue 12). */
  market: marketSchema,
});

export const repaymentDetail = endpoint({
  ...apiRoutes.loanPlayDetail,
  summary: 'Instalment repayment: amount due, date, detail and payment channels',
  request: z.object({ productId: idSchema.optional(), orderId: idSchema }),
  data: repaymentDataSchema,
});

export const extensionDataSchema = z.object({
  productLogo: z.string(),
  productName: z.string(),
  delayInfo: z.object({ reviewer: z.string(), delayAmount: z.number().int(), delayTime: z.string() }),
  repayPlan: z.array(z.object({ title: z.string(), amount: z.number().int(), remark: z.string(), time: z.string() })),
  repayList: z.array(z.object({ title: z.string(), list: z.array(channelSchema) })),
  noticeMsg: z.string(),
  note: z.string(),
  market: marketSchema,
});

export const extensionDetail = endpoint({
  ...apiRoutes.loanPlayDelayDetail,
  summary: 'Extension repayment: extension fee, new due date, plan and payment channels',
  request: z.object({ productId: idSchema.optional(), orderId: idSchema }),
  data: extensionDataSchema,
});

export const voucherDataSchema = z.object({
  topLogo: z.string(),
  repayDetail: z.object({
    amount: z.number().int(),
    repayTitle: z.string(),
    repayDes: z.string(),
    repayCode: z.string(),
    vCode: z.string(),
    companyName: z.string(),
  }),
  dataList: z.array(z.object({ title: z.string(), content: z.array(z.string()) })),
  imgList: z.object({ title: z.string(), eMail: z.string(), content: z.array(z.string()) }),
  bottomLogo: z.string(),
  market: marketSchema,
  /**
   * What the borrower enters to pay, in order (issue 12): e.g. SPEI the CLABE
   * (the account to transfer to) and the reference (the concept to type);
   * UPI the VPA and the reference (the remark); a bank transfer the account
   * number, the IFSC, the beneficiary and the reference. `copy` 1: the page
   * offers a copy button.
   */
  paymentDetails: z.array(z.object({ label: z.string(), value: z.string(), copy: z.union([z.literal(0), z.literal(1)]) })),
  /**
   * UPI (issue 32): the `upi://pay` link (NPCI's linking specification: payee, amount, note and
   * reference filled in) that opens the borrower's UPI app; `repayDetail.repayCode` is its QR code.
   * '' for other channels.
   */
  payLink: z.string(),
  /** A store voucher (issue 32): the stores whose tills take the reference, the provider's network; [] for other channels. */
  stores: z.array(z.string()),
});

export const paymentVoucher = endpoint({
  ...apiRoutes.generateVcode,
  summary: 'Payment reference (voucher) for a channel: normal repayment (1) or extension (2)',
  request: z.object({
    productId: idSchema.optional(),
    orderId: idSchema,
    amount: intField(1, 1_000_000_000),
    payCode: z.string().min(1).max(40),
    requestType: intField(1, 2),
  }),
  data: voucherDataSchema,
});
