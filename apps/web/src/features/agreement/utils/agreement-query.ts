import { getSessionParams } from '@/shared/session/session-params';
import type { OrderAgreementQuery, OfferQuery } from '../api/agreement-detail';

/** What the address names: an order (?orderNo=, else the session's orderId), else a product's quote (productId, amount, periods), else nothing. */
export type AgreementQuery = { kind: 'order'; query: OrderAgreementQuery } | { kind: 'offer'; query: OfferQuery } | { kind: 'none' };

const positiveInt = (value: string | null): number | undefined => (value && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : undefined);

export function agreementQueryOf(search: string): AgreementQuery {
  const params = new URLSearchParams(search);
  const orderNo = (params.get('orderNo') ?? '').trim();
  if (orderNo) return { kind: 'order', query: { orderNo } };
  const { orderId, productId } = getSessionParams(search);
  if (orderId) return { kind: 'order', query: { orderId, productId } };
  if (productId) {
    const amount = positiveInt(params.get('amount'));
    const periods = positiveInt(params.get('periods'));
    return { kind: 'offer', query: { productId, ...(amount ? { amount } : {}), ...(periods ? { periods } : {}) } };
  }
  return { kind: 'none' };
}
