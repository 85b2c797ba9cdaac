import { callApi } from '@/shared/http/api-client';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { keyFactsAcknowledge } from '@presta/contract/api/key-facts';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';

/** POST /v3/loan-confirm/key-facts-acknowledge: the borrower has read and understood the offer's KFS (India, issue 13). */
export function acknowledgeKeyFacts(proposalNo: string, loading: string): Promise<Normalised<DataOf<typeof keyFactsAcknowledge>>> {
  return callApi<typeof keyFactsAcknowledge>(apiRoutes.keyFactsAcknowledge, { proposalNo }, { loading });
}
