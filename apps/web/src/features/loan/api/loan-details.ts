import { readMarket } from '@/shared/format/money';
import { apiQuery, type Query } from '@/shared/http/query';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { loanDetails, LoanDetailsData } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { orderPayload } from '@/shared/http/order-payload';
import type { LoanDetailsQuery } from './loan-details-prefetch';

export type { LoanDetailsQuery };

/**
 * POST /v3/loan-details/loan-details: one order's status, texts, rows and actions.
 * A silent load (automatic refreshes) keeps a failure from toasting every 10 s.
 */
export function loanDetailsQuery(query: LoanDetailsQuery): Query<LoanDetailsData> {
  return apiQuery<typeof loanDetails, LoanDetailsData>(apiRoutes.loanDetails, orderPayload(query), readLoanDetails);
}

/** An answer's data as the page uses it (the flags as numbers, the rows always a list…). */
function readLoanDetails(result: Normalised<LoanDetailsData>): Normalised<LoanDetailsData> {
  if (!result.success || !result.data) return result;
  const data = result.data;
  return {
    ...result,
    data: {
      ...data,
      orderStatus: String(data.orderStatus ?? ''),
      userOrderDetail: { detail: Array.isArray(data.userOrderDetail?.detail) ? data.userOrderDetail.detail : [] },
      isScore: Number(data.isScore) === 1 ? 1 : 0,
      isDelay: Number(data.isDelay) === 1 ? 1 : 0,
      market: readMarket(data.market),
      // §4: the loan-market flag is always turned off after load, so the actions area always shows.
      inside: 0,
    },
  };
}
