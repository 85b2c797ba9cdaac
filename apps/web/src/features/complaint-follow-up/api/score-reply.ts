import { apiRoutes } from '@presta/contract/api/api-routes';
import type { problemScore } from '@presta/contract/api/complaint';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';

/**
 * POST /user-problem/problem-score: the borrower's 1–5 score of the support
 * reply (once, when answered; it closes the complaint). A refusal is toasted
 * with the server's message.
 */
export function scoreReply(
  payload: { problemId: string; score: number },
  opts: { loading?: string } = {},
): Promise<Normalised<DataOf<typeof problemScore>>> {
  return callApi<typeof problemScore>(apiRoutes.problemScore, { problemId: payload.problemId, score: payload.score }, opts);
}
