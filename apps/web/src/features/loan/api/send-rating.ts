import { callApi } from '@/shared/http/api-client';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { googleScore, googleScoreLater } from '@presta/contract/api/loan';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';

/** POST /v3/loan-details/google-score: the borrower's 1–5 rating for an order. */
export function sendRating(score: number, orderId: string | undefined): Promise<Normalised<DataOf<typeof googleScore>>> {
  return callApi<typeof googleScore>(apiRoutes.googleScore, orderId ? { score, orderId } : { score });
}

/**
 * POST /v3/loan-details/google-score-later: the borrower's "not now" to the
 * rating prompt, remembered by the server for RATING_PROMPT_DEFERRAL_DAYS on
 * every order (issue 14). Silent: when it fails, the prompt may simply come back.
 */
export function deferRating(): Promise<Normalised<DataOf<typeof googleScoreLater>>> {
  return callApi<typeof googleScoreLater>(apiRoutes.googleScoreLater, {}, { silent: true });
}
