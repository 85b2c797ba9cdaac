import { callApi } from '@/shared/http/api-client';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { googleScore } from '@presta/contract/api/loan';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';

/** POST /v3/loan-details/google-score: the borrower's 1–5 rating for an order. */
export function sendRating(score: number, orderId: string | undefined): Promise<Normalised<DataOf<typeof googleScore>>> {
  return callApi<typeof googleScore>(apiRoutes.googleScore, orderId ? { score, orderId } : { score });
}
