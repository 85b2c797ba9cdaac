import { apiRoutes } from '@presta/contract/api/api-routes';
import type { extensionDetail } from '@presta/contract/api/repayment';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { apiQuery, type Query } from '@/shared/http/query';
import { orderPayload } from '@/shared/http/order-payload';
import { readText } from '@/shared/http/read-text';
import { readChannelGroups, type ChannelGroup } from '../utils/channels';
import type { RepaymentQuery } from './repayment-plan';

type ExtensionAnswer = DataOf<typeof extensionDetail>;

/** The extension data, its channel groups read into { title, channels }. */
export type ExtensionQuote = Omit<ExtensionAnswer, 'repayList'> & { channelGroups: ChannelGroup[] };

/** POST /v3/installment/loan-play-delay-detail: extension fee, new due date, plan and payment channels. */
export function extensionQuoteQuery(query: RepaymentQuery): Query<ExtensionQuote> {
  return apiQuery<typeof extensionDetail, ExtensionQuote>(apiRoutes.loanPlayDelayDetail, orderPayload(query), readExtensionQuote);
}

function readExtensionQuote(result: Normalised<DataOf<typeof extensionDetail>>): Normalised<ExtensionQuote> {
  if (!result.success || !result.data) return { ...result, data: null };
  const data = result.data;
  const { repayList, ...rest } = data;
  const info = (data.delayInfo ?? {}) as Partial<ExtensionAnswer['delayInfo']>;
  return {
    ...result,
    data: {
      ...rest,
      productName: readText(data.productName),
      productLogo: readText(data.productLogo),
      noticeMsg: readText(data.noticeMsg),
      note: readText(data.note),
      market: readMarket(data.market),
      delayInfo: {
        reviewer: readText(info.reviewer),
        delayAmount: Number(info.delayAmount) || 0,
        delayTime: readText(info.delayTime),
      },
      repayPlan: Array.isArray(data.repayPlan)
        ? data.repayPlan.map((plan) => ({
            title: readText(plan?.title),
            amount: Number(plan?.amount) || 0,
            remark: readText(plan?.remark),
            time: readText(plan?.time),
          }))
        : [],
      channelGroups: readChannelGroups(repayList, 'title'),
    },
  };
}
