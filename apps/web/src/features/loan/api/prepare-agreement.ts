import { apiRoutes } from '@presta/contract/api/api-routes';
import type { agreementPrepare } from '@presta/contract/api/agreement';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi, type RequestOptions } from '@/shared/http/api-client';
import { figuresPayload, type LoanFigures } from './submit-loan';

export type PreparedAgreement = DataOf<typeof agreementPrepare>;

/**
 * POST /v3/loan-confirm/agreement-prepare (issue 38): the agreement rendered for the confirmed figures (a new
 * document only when a figure changed) and its signing code sent by SMS. Asked again, it sends another code.
 */
export function prepareAgreement(figures: LoanFigures, opts: RequestOptions): Promise<Normalised<PreparedAgreement>> {
  return callApi<typeof agreementPrepare>(apiRoutes.agreementPrepare, figuresPayload(figures), opts);
}
