import { apiRoutes } from '@presta/contract/api/api-routes';
import type { problemDetail } from '@presta/contract/api/complaint';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import { readText } from '@/shared/http/read-text';
import { readTextList } from '../utils/read';

export type ComplaintDetail = DataOf<typeof problemDetail>;

/**
 * POST /user-problem/problem-detail: one complaint of the borrower with the
 * support reply. Another borrower's or an unknown id answers 404 (code
 * 404001). Silent: the page shows a failure itself.
 */
export async function fetchComplaintDetail(
  problemId: string,
  opts: { signal?: AbortSignal } = {},
): Promise<Normalised<ComplaintDetail>> {
  const result = await callApi<typeof problemDetail>(apiRoutes.problemDetail, { problemId }, { silent: true, signal: opts.signal });
  if (!result.success || !result.data) return { ...result, data: null };
  const d = result.data;
  return {
    ...result,
    data: {
      type: readText(d.type),
      sonType: readText(d.sonType),
      problemId: readText(d.problemId) || problemId,
      content: readText(d.content),
      images: readTextList(d.images),
      disposeDetail: readText(d.disposeDetail),
      disposeImages: readTextList(d.disposeImages),
      isNeedScore: Number(d.isNeedScore) || 0,
    },
  };
}
