import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';
import { firstAnswer } from '@/shared/http/api-request';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { loanDetailConfirm, LoanConfirmData } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { loanConfirmationPayload, type LoanConfirmationQuery } from './loan-confirmation-query';

export type { LoanConfirmationQuery };

/** POST /v3/loan-confirm/loan-detail-confirm: quote, plan and contract link of a product. */
export async function fetchLoanConfirmation(
  query: LoanConfirmationQuery,
  opts: { signal?: AbortSignal } = {},
): Promise<Normalised<LoanConfirmData>> {
  const result = await callApi<typeof loanDetailConfirm>(apiRoutes.loanDetailConfirm, loanConfirmationPayload(query), { signal: opts.signal });
  return readLoanConfirmation(result);
}

/** The quote the server sent with the page (first-view.ts), read as fetchLoanConfirmation reads its answer; null when it sent none. */
export function firstLoanConfirmation(query: LoanConfirmationQuery): Normalised<LoanConfirmData> | null {
  const first = firstAnswer<LoanConfirmData>(apiRoutes.loanDetailConfirm, loanConfirmationPayload(query));
  return first && readLoanConfirmation(first);
}

function readLoanConfirmation(result: Normalised<LoanConfirmData>): Normalised<LoanConfirmData> {
  if (!result.success || !result.data) return result;
  const data = result.data;
  // The answer is typed but not validated at run time: lists and the coupon amount are read defensively.
  return {
    ...result,
    data: {
      ...data,
      details: Array.isArray(data.details) ? data.details : [],
      repay_plans: Array.isArray(data.repay_plans) ? data.repay_plans : [],
      isNewContract: typeof data.isNewContract === 'string' ? data.isNewContract : '',
      couNum: Number(data.couNum) || 0,
      isNeedPop: Number(data.isNeedPop) === 1 ? 1 : 0,
      market: readMarket(data.market),
      keyFacts: data.keyFacts && typeof data.keyFacts.proposalNo === 'string' ? data.keyFacts : null,
    },
  };
}
