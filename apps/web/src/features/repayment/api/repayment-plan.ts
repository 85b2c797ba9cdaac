import { apiRoutes } from '@presta/contract/api/api-routes';
import type { repaymentDetail } from '@presta/contract/api/repayment';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { apiQuery, type Query } from '@/shared/http/query';
import { orderPayload } from '@/shared/http/order-payload';
import { readText } from '@/shared/http/read-text';
import { readChannelGroups, type ChannelGroup } from '../utils/channels';

export type RepaymentQuery = { orderId: string; productId?: string };

type RepaymentAnswer = DataOf<typeof repaymentDetail>;

/** The instalment repayment data, its channel groups read into { title, channels }. */
export type RepaymentPlan = Omit<RepaymentAnswer, 'repayList'> & { channelGroups: ChannelGroup[] };

/** POST /v3/installment/loan-play-detail: amount due, date, detail rows and payment channels of an order. */
export function repaymentPlanQuery(query: RepaymentQuery): Query<RepaymentPlan> {
  return apiQuery<typeof repaymentDetail, RepaymentPlan>(apiRoutes.loanPlayDetail, orderPayload(query), readRepaymentPlan);
}

function readRepaymentPlan(result: Normalised<DataOf<typeof repaymentDetail>>): Normalised<RepaymentPlan> {
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
