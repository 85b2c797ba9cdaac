import { apiRoutes } from '@presta/contract/api/api-routes';
import type { agreementSign } from '@presta/contract/api/agreement';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';

export type SignedAgreement = DataOf<typeof agreementSign>;

/**
 * POST /v3/loan-confirm/agreement-sign (issue 38): signs the prepared agreement with its SMS code. A wrong,
 * expired or used code is refused; the signing dialog shows the refusal (not toasted).
 */
export function signAgreement(payload: { agreementNo: string; code: string }, loading: string): Promise<Normalised<SignedAgreement>> {
  return callApi<typeof agreementSign>(apiRoutes.agreementSign, payload, { loading, silent: true });
}
