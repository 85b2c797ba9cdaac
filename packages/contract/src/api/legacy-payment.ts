import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { marketSchema } from './common';

/*
 * The legacy card repayment calls (§4 "Legacy repayment by card", §7, §8),
 * all POST under /api/v1/youmi/youmi-api/service/loan (api-routes.ts), answered in the §3 wrapper with code '00'
 * on success. Amounts are integer minor units, like every other call.
 * See docs/card-repayment.md for the flow and its rules.
 */

/** A card on file: only its masked number ('**** **** **** 4242') ever leaves the server. */
export const bankCardSchema = z.object({ id: z.string(), bankName: z.string(), cardNo: z.string(), bankCode: z.string() });
export type BankCard = z.infer<typeof bankCardSchema>;

const minorAmount = z.coerce.number().int().positive().max(1_000_000_000_00);
const idString = z.coerce.string().trim().min(1).max(20);

export const repaymentWay = endpoint({
  ...apiRoutes.repaymentWay,
  summary: "The borrower's cards on file and a single-use repay token for this order",
  request: z.object({ orderId: idString }).loose(),
  /** alipay is always '' (no wallet channel); repayToken is single-use, valid 30 minutes. */
  /** market: the loan's (the currency the card page shows the amount in). */
  data: z.object({ alipay: z.string(), repayToken: z.string(), bankCards: z.array(bankCardSchema), market: marketSchema }),
});

export const repaymentCommit = endpoint({
  ...apiRoutes.repaymentCommit,
  summary:
    "Commit a card repayment. needValid 0: charged at once; 1: an SMS code was sent, confirm it. sendMsg 1 with the same repayToken resends the code (after 60 s). A second commit for the same instalment answers '800005' and charges nothing.",
  request: z.object({
    amount: minorAmount,
    bankName: z.string().max(64).optional(),
    cardId: idString,
    cardNo: z.string().max(32).optional(),
    couponId: z.string().max(20).optional(),
    orderId: idString,
    repayToken: z.string().trim().min(1).max(64),
    bankCode: z.string().max(16).optional(),
    sendMsg: z.coerce.number().int().min(0).max(1).optional(),
  }),
  data: z.object({ needValid: z.number().int(), repayRecordId: z.string() }),
});

export const repaymentConfirm = endpoint({
  ...apiRoutes.repaymentConfirm,
  summary: "Confirm a card repayment with the SMS code ('800006' wrong code, '800005' already paid)",
  request: z.object({ orderId: idString, verifyCode: z.string().trim().max(8), repaymentRecordId: idString }),
  data: z.object({ repayRecordId: z.string(), amount: z.number().int() }),
});

export const repaymentHuichao = endpoint({
  ...apiRoutes.repaymentHuichao,
  summary: "Address of the card processor's hosted payment page for this order and amount (another card)",
  request: z.object({ userId: z.string().max(20).optional(), orderId: idString, amount: minorAmount }),
  data: z.object({ url: z.string() }),
});
