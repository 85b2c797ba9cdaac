import { apiRoutes } from '@presta/contract/api/api-routes';
import type { BankCard, repaymentCommit } from '@presta/contract/api/legacy-payment';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import { readText } from '@/shared/http/read-text';

export type CardPaymentCommit = {
  orderId: string;
  /** Minor units. */
  amount: number;
  card: BankCard;
  repayToken: string;
  /** true: send the SMS code again (same repay token and card), allowed 60 s after the last one. */
  resend?: boolean;
};

/** needValid 0: the card was charged; 1: an SMS code was sent, confirm it with repayRecordId. */
export type CommitAnswer = { needValid: number; repayRecordId: string };

/**
 * POST repayment-commit: charges the card, or sends the SMS code the charge
 * needs (sendMsg 0), or sends it again (sendMsg 1). Silent: the page shows
 * the §8 messages of each code.
 */
export async function commitCardPayment(
  { orderId, amount, card, repayToken, resend = false }: CardPaymentCommit,
  opts: { loading?: string } = {},
): Promise<Normalised<CommitAnswer>> {
  const payload = {
    amount,
    bankName: card.bankName,
    cardId: card.id,
    cardNo: card.cardNo,
    bankCode: card.bankCode,
    orderId,
    repayToken,
    sendMsg: resend ? 1 : 0,
  };
  const result = await callApi<typeof repaymentCommit>(apiRoutes.repaymentCommit, payload, { ...opts, silent: true });
  if (!result.success || !result.data) return { ...result, data: null };
  return { ...result, data: { needValid: Number(result.data.needValid), repayRecordId: readText(result.data.repayRecordId) } };
}
