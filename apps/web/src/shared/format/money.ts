import { defaultMarket, formatMarketMoney, isMarketCode, type MarketCode } from '@presta/contract/markets';

/*
 * Money on the pages (issue 12, decision 014): in the currency of the loan's
 * market, which every answer that carries amounts names (`market`), whatever
 * the page's language, written as that market writes numbers (decision 022): "$1.234,56", "₹1,00,000.00".
 */

/** The market an answer names; Mexico when it names none (the default market, like the contacts'). */
export function readMarket(value: unknown): MarketCode {
  return isMarketCode(value) ? value : defaultMarket;
}

/** Minor units in the market's currency. */
export function marketMoney(market: MarketCode): (minor: number) => string {
  return (minor: number) => formatMarketMoney(minor, market);
}
