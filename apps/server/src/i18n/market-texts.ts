import type { Language } from '@presta/contract/language';
import { formatMarketMoney, formatMarketRate, marketOf, type MarketCode, type TaxableCharge } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { translate, type MessageKey } from './messages';

/*
 * The texts a loan's market decides (issue 12, decision 014): money in the
 * market's currency whatever the language, the tax's name, rate and base.
 * The language chooses the words only.
 */

/** Money as the loan's market writes it: `moneyIn('IN')(96800)` → "₹968.00", in any language. */
export const moneyIn =
  (market: MarketCode) =>
  (minor: Minor): string =>
    formatMarketMoney(minor, market);

const baseKeys: Record<TaxableCharge, MessageKey> = {
  interest: 'taxBaseInterest',
  commission: 'taxBaseCommission',
  extension_fee: 'taxBaseExtensionFee',
};

/** "a, b y c" / "a, b and c". */
export function listText(lang: Language, items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${translate(lang, 'listAnd')}${items.at(-1)}`;
}

/** The charges a tax applies to, in words: "interés, comisión y comisión de extensión" / "commission". */
export function taxBaseText(lang: Language, base: readonly TaxableCharge[]): string {
  return listText(
    lang,
    base.map((c) => translate(lang, baseKeys[c])),
  );
}

/**
 * The tax row's label of a loan: "IVA del 16% sobre interés, comisión y
 * comisión de extensión", "GST at 18% of commission". Rate and base are the loan's (its
 * order's snapshot; the market's for an offer).
 */
export function taxLabel(lang: Language, market: MarketCode, tax: { ratePpm: number; base: readonly TaxableCharge[] }): string {
  return translate(lang, 'detailTax', {
    tax: marketOf(market).tax.name[lang],
    rate: formatMarketRate(tax.ratePpm, market),
    base: taxBaseText(lang, tax.base),
  });
}

/** The tax's name in the market: "IVA", "VAT (IVA)", "GST". */
export const taxName = (lang: Language, market: MarketCode): string => marketOf(market).tax.name[lang];
