import { formatDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { markets } from '@presta/contract/markets';
import { readableDay } from '@/shared/format/calendar-day';
import { marketMoney, readMarket } from '@/shared/format/money';
import type { LimitIncrease } from '../api/account-data';

/**
 * The words of a proposed higher limit (issue 35): the product, both limits in its market's currency, and the last
 * day it may be accepted (its expiry in the market's calendar) in the page's language.
 */
export function limitIncreaseFacts(proposal: LimitIncrease, lang: Language) {
  const market = readMarket(proposal.market);
  const money = marketMoney(market);
  const lastDay = formatDate(proposal.expiresAt, { timeZone: markets[market].timeZone });
  return { product: proposal.productName, current: money(proposal.currentLimit), proposed: money(proposal.proposedLimit), date: readableDay(lastDay, lang) };
}
