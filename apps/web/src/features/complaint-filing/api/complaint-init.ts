import { apiRoutes } from '@presta/contract/api/api-routes';
import type { problemInit } from '@presta/contract/api/complaint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import type { ComplaintInit, ComplaintOrder } from '../utils/complaint-types';
import { readOptions, readOrder } from '../utils/read-answer';

/**
 * POST /user-problem/problem-init: the question types, the sub-types of the
 * collection type, the order asked for (else the borrower's newest; null when
 * the borrower has none) and every order of the borrower. `orderId` is the
 * order of the page URL; a failure is toasted unless `silent`.
 */
export async function fetchComplaintInit(
  orderId: string | undefined,
  opts: { silent?: boolean; signal?: AbortSignal } = {},
): Promise<Normalised<ComplaintInit>> {
  const payload = orderId ? { orderId } : {};
  const result = await callApi<typeof problemInit>(apiRoutes.problemInit, payload, opts);
  if (!result.success || !result.data) return { ...result, data: null };
  const data = result.data as Record<string, unknown>;
  const orderList = (Array.isArray(data.orderList) ? data.orderList : []).map(readOrder).filter((o): o is ComplaintOrder => o !== null);
  return {
    ...result,
    data: {
      problemType: readOptions(data.problemType),
      problemSonType: readOptions(data.problemSonType),
      orderDetail: readOrder(data.orderDetail),
      orderList,
    },
  };
}
