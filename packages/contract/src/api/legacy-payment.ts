import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';

export const legacyPaymentBase = '/api/v1/youmi/youmi-api/service/loan';

export const legacyPaymentCodes = {
  ok: '00',
  wrongVerificationCode: '800006',
  repeatPaymentRequest: '800005',
} as const;

export const bankCardSchema = z.object({ id: z.string(), bankName: z.string(), cardNo: z.string(), bankCode: z.string() });

export const repaymentWay = endpoint({
  ...apiRoutes.repaymentWay,
  summary: "The borrower's cards and a repay token",
  request: z.object({ orderId: z.string().max(20).optional() }).loose(),
  data: z.object({ alipay: z.string(), repayToken: z.string(), bankCards: z.array(bankCardSchema) }),
});

export const repaymentCommit = endpoint({
  ...apiRoutes.repaymentCommit,
  summary: "Commit a card repayment; answers '800005' for a repeated request",
  request: z.object({
    amount: z.union([z.string(), z.number()]),
    bankName: z.string().max(64).optional(),
    cardId: z.string().max(20),
    cardNo: z.string().max(32).optional(),
    couponId: z.string().max(20).optional(),
    orderId: z.string().max(20),
    repayToken: z.string().max(64),
    bankCode: z.string().max(16).optional(),
    sendMsg: z.union([z.string(), z.number()]).optional(),
  }),
  data: z.object({ needValid: z.number().int(), repayRecordId: z.string() }),
});

export const repaymentConfirm = endpoint({
  ...apiRoutes.repaymentConfirm,
  summary: "Confirm a card repayment with the SMS code ('800006' wrong code)",
  request: z.object({ orderId: z.string().max(20), verifyCode: z.string().max(8), repaymentRecordId: z.string().max(20) }),
  data: z.unknown(),
});

export const repaymentHuichao = endpoint({
  ...apiRoutes.repaymentHuichao,
  summary: 'Hosted card payment page address',
  request: z.object({ userId: z.string().max(20).optional(), orderId: z.string().max(20), amount: z.union([z.string(), z.number()]) }),
  data: z.object({ url: z.string() }),
});
