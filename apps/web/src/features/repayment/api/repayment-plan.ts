import { apiRoutes } from '@presta/contract/api/api-routes';
import type { loanPlayDetail } from '@presta/contract/api/repayment';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';
import { firstAnswer } from '@/shared/http/api-request';
import { orderPayload } from '@/shared/http/order-payload';
import { readText } from '@/shared/http/read-text';
import { readChannelGroups, type ChannelGroup } from '../utils/channels';

export type RepaymentQuery = { orderId: string; productId?: string };

type RepaymentAnswer = DataOf<typeof loanPlayDetail>;

/** The instalment repayment data, its channel groups read into { title, channels }. */
export type RepaymentPlan = Omit<RepaymentAnswer, 'repayList'> & { channelGroups: ChannelGroup[] };

/** POST /v3/installment/loan-play-detail: amount due, date, detail rows and payment channels of an order. */
export async function fetchRepaymentPlan(
  query: RepaymentQuery,
  opts: { silent?: boolean; signal?: AbortSignal } = {},
): Promise<Normalised<RepaymentPlan>> {
  const result = await callApi<typeof loanPlayDetail>(apiRoutes.loanPlayDetail, orderPayload(query), opts);
  return readRepaymentPlan(result);
}

/** The repayment data the server sent with the page (first-view.ts), read as fetchRepaymentPlan reads its answer; null when it sent none. */
export function firstRepaymentPlan(query: RepaymentQuery): Normalised<RepaymentPlan> | null {
  const first = firstAnswer<DataOf<typeof loanPlayDetail>>(apiRoutes.loanPlayDetail, orderPayload(query));
  return first && readRepaymentPlan(first);
}

function readRepaymentPlan(result: Normalised<DataOf<typeof loanPlayDetail>>): Normalised<RepaymentPlan> {
  if (!result.success || !result.data) return { ...result, data: null };
  const data = result.data;
  // The answer is typed but not validated at run time: lists and texts are read defensively.
  const { repayList, ...rest } = data;
  return {
    ...result,
    data: {
      ...rest,
      repayAmount: Number(data.repayAmount) || 0,
      productName: readText(data.productName),
      productLogo: readText(data.productLogo),
      repayDate: readText(data.repayDate),
      noticeMsg: readText(data.noticeMsg),
      market: readMarket(data.market),
      detail: Array.isArray(data.detail) ? data.detail : [],
      channelGroups: readChannelGroups(repayList, 'reviewer'),
    },
  };
}
