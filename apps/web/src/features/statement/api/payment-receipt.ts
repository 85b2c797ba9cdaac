import { apiRoutes } from '@presta/contract/api/api-routes';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { paymentReceipt } from '@presta/contract/api/statement';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';

export type PaymentReceipt = DataOf<typeof paymentReceipt>;

/** POST /v3/loan-details/payment-receipt: one payment of the borrower, with its allocation and the balance after it. */
export async function fetchPaymentReceipt(
  paymentId: string,
  opts: { silent?: boolean; signal?: AbortSignal } = {},
): Promise<Normalised<PaymentReceipt>> {
  const result = await callApi<typeof paymentReceipt>(apiRoutes.paymentReceipt, { paymentId }, opts);
  if (!result.success || !result.data) return { ...result, data: null };
  const data = result.data;
  return { ...result, data: { ...data, market: readMarket(data.market), allocations: Array.isArray(data.allocations) ? data.allocations : [] } };
}
