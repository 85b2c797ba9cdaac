import { callApi } from '@/shared/http/api-client';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { loanDetailPush, LoanConfirmData } from '@presta/contract/api/loan';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';

/** The figures the borrower confirms: what the agreement is rendered for and the order is made of. */
export type LoanFigures = Pick<LoanConfirmData, 'amount' | 'periods' | 'termUnit'> & {
  productId: string;
  /** India (issue 13): the acknowledged Key Facts Statement's proposal number. */
  proposalNo?: string | undefined;
};
export type LoanSubmission = LoanFigures & {
  /** Issue 38: the agreement signed for exactly these figures (agreement-sign). */
  agreementNo: string;
};
export type LoanSubmitResult = DataOf<typeof loanDetailPush>;

/** The figures as the calls take them (no empty proposal number). */
export function figuresPayload({ amount, periods, termUnit, productId, proposalNo }: LoanFigures): LoanFigures {
  return proposalNo ? { amount, periods, termUnit, productId, proposalNo } : { amount, periods, termUnit, productId };
}

/**
 * POST /v3/loan-confirm/loan-detail-push: creates the order; answers with the address of its details page.
 * Without a signed agreement for these figures the server refuses it (409 agreementNotSigned). Failures are
 * not toasted: the signing dialog shows them.
 */
export function submitLoan(submission: LoanSubmission, loading: string): Promise<Normalised<LoanSubmitResult>> {
  const payload = { ...figuresPayload(submission), agreementNo: submission.agreementNo };
  return callApi<typeof loanDetailPush>(apiRoutes.loanDetailPush, payload, { loading, silent: true });
}
