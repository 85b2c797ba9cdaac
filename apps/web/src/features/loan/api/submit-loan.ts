import { callApi } from '@/shared/http/api-client';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { loanDetailPush, LoanConfirmData } from '@presta/contract/api/loan';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';

export type LoanSubmission = Pick<LoanConfirmData, 'amount' | 'periods' | 'termUnit'> & {
  productId: string;
  /** India (issue 13): the acknowledged Key Facts Statement's proposal number. */
  proposalNo?: string | undefined;
};
export type LoanSubmitResult = DataOf<typeof loanDetailPush>;

/** POST /v3/loan-confirm/loan-detail-push: creates the order; answers with the address of its details page. */
export function submitLoan(submission: LoanSubmission, loading: string): Promise<Normalised<LoanSubmitResult>> {
  const { amount, periods, termUnit, productId, proposalNo } = submission;
  const payload = proposalNo ? { amount, periods, termUnit, productId, proposalNo } : { amount, periods, termUnit, productId };
  return callApi<typeof loanDetailPush>(apiRoutes.loanDetailPush, payload, { loading });
}
