import { apiRoutes } from '@presta/contract/api/api-routes';
import type { contractDetail, ContractData, loanDetails } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';

/** Whose contract: an order number, or an order id whose number is looked up first. */
export type ContractQuery = { orderNo: string } | { orderId: string; productId?: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * POST /v3/loan-details/contract-detail: the promissory note fields of an
 * order. contract-detail takes the order number; the pages that link here
 * give the order id (loan details: /loan-agreement?productId&orderId), so
 * with an id the number is read from POST /v3/loan-details/loan-details first.
 */
export async function fetchContract(query: ContractQuery, opts: { signal?: AbortSignal } = {}): Promise<Normalised<ContractData>> {
  let orderNo: string;
  if ('orderNo' in query) {
    orderNo = query.orderNo;
  } else {
    const payload = query.productId ? { productId: query.productId, orderId: query.orderId } : { orderId: query.orderId };
    const order = await callApi<typeof loanDetails>(apiRoutes.loanDetails, payload, { signal: opts.signal });
    if (!order.success || !order.data) return { ...order, data: null };
    orderNo = text(order.data.orderNo);
    if (!orderNo) return { success: false, code: 'invalid_response', message: '', data: null, raw: order.raw };
  }
  const result = await callApi<typeof contractDetail>(apiRoutes.contractDetail, { orderNo }, { signal: opts.signal });
  if (!result.success || !result.data) return result;
  const d = result.data;
  // Typed but not validated at run time: every field read as text (amount as a number).
  return {
    ...result,
    data: {
      username: text(d.username),
      userName: text(d.userName),
      productName: text(d.productName),
      mount: text(d.mount),
      amount: Number(d.amount) || 0,
      bankNo: text(d.bankNo),
      daiDate: text(d.daiDate),
      planDate: text(d.planDate),
      contractAmount: text(d.contractAmount),
      commission: text(d.commission),
      Interest: text(d.Interest),
      IVA: text(d.IVA),
      giveAmount: text(d.giveAmount),
      userAddress: text(d.userAddress),
      contractDate: text(d.contractDate),
      company: text(d.company),
    },
  };
}
