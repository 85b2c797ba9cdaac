import { apiRoutes } from '@presta/contract/api/api-routes';
import type { repaymentConfirm } from '@presta/contract/api/legacy-payment';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';

export type CardPaymentConfirm = { orderId: string; verifyCode: string; repaymentRecordId: string };

/**
 * POST repayment-confirm: confirms a card payment with its SMS code ('00'
 * paid, '800006' wrong code, '800005' already paid). Silent: the page shows
 * the §8 messages of each code.
 */
export function confirmCardPayment(
  payload: CardPaymentConfirm,
  opts: { loading?: string } = {},
): Promise<Normalised<DataOf<typeof repaymentConfirm>>> {
  return callApi<typeof repaymentConfirm>(apiRoutes.repaymentConfirm, payload, { ...opts, silent: true });
}
