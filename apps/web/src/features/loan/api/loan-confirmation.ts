import { readMarket } from '@/shared/format/money';
import { apiQuery, type Query } from '@/shared/http/query';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { loanDetailConfirm, LoanConfirmData } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { loanConfirmationPayload, type LoanConfirmationQuery } from './loan-confirmation-query';

export type { LoanConfirmationQuery };

/**
 * POST /v3/loan-confirm/loan-detail-confirm: quote, plan and contract link of
 * a product; a load on demand may ask for the recalculated quote. A silent
 * load still toasts its failure.
 */
export function loanConfirmationQuery(query: Omit<LoanConfirmationQuery, 'recalculated'>): Query<LoanConfirmData, { recalculated: boolean }> {
  const quote = (recalculated?: boolean) =>
    apiQuery<typeof loanDetailConfirm, LoanConfirmData>(apiRoutes.loanDetailConfirm, loanConfirmationPayload({ ...query, recalculated }), readLoanConfirmation);
  return {
    load: (opts, arg) => quote(arg?.recalculated).load({ signal: opts.signal }),
    initial: quote().initial,
  };
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
