import { getSessionParams } from '@/shared/session/session-params';

export type LoanConfirmationQuery = {
  productId: string;
  /** The reload after the recalculation modal (§4 Confirmation) sends isType=1. */
  recalculated?: boolean;
  /** The amount and number of payments chosen on home's offers (issue 16), to quote instead of the offer's. */
  amount?: number;
  periods?: number;
};

/** The confirmation of a page address: the session's product ('' without one), and ?amount&periods when given. */
export function confirmationQueryOf(search: string): LoanConfirmationQuery {
  const query = new URLSearchParams(search);
  return {
    productId: getSessionParams(search).productId ?? '',
    amount: Number(query.get('amount')) || undefined,
    periods: Number(query.get('periods')) || undefined,
  };
}

/** The form body of POST /v3/loan-confirm/loan-detail-confirm (the page's call and the early entry's prefetch). */
export function loanConfirmationPayload(query: LoanConfirmationQuery): { productId: string; isType?: number; amount?: number; periods?: number } {
  return {
    productId: query.productId,
    ...(query.recalculated ? { isType: 1 } : {}),
    ...(query.amount ? { amount: query.amount } : {}),
    ...(query.periods ? { periods: query.periods } : {}),
  };
}
