import type { Language } from '@presta/contract/language';
import { formatMarketMoney, formatMarketRate, marketOf, type MarketCode, type TaxableCharge } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { translate } from './messages';

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

/** The charges of an instalment a tax may apply to, in words (the extension fee has its own tax row where it is bought). */
type InstalmentCharge = Exclude<TaxableCharge, 'extension_fee'>;
const instalmentCharges: readonly InstalmentCharge[] = ['interest', 'commission'];

/** "a, b y c" / "a, b and c". */
export function listText(lang: Language, items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${translate(lang, 'listAnd')}${items.at(-1)}`;
}

/** What the instalments' tax row says of its base: the interest after the coupon when one was applied, and the amount taxed. */
export type TaxBaseFigures = { couponApplied: boolean; amount?: Minor };

/**
 * The tax row's label of a loan's instalments (issue 32): the rate and the charges the tax is really on, with
 * their sum when the row shows the whole plan's tax: "IVA del 16% sobre interés con el cupón aplicado y
 * comisión ($525,00)", "GST at 18% of commission (₹1,200.00)". The extension fee is not named: an instalment
 * never carries it (the extension's own tax is shown where it is bought, docs/ledger.md).
 */
export function taxLabel(
  lang: Language,
  market: MarketCode,
  tax: { ratePpm: number; base: readonly TaxableCharge[] },
  figures: TaxBaseFigures = { couponApplied: false },
): string {
  const words = instalmentCharges
    .filter((c) => tax.base.includes(c))
    .map((c) => translate(lang, c === 'commission' ? 'taxBaseCommission' : figures.couponApplied ? 'taxBaseInterestAfterCoupon' : 'taxBaseInterest'));
  const vars = { tax: marketOf(market).tax.name[lang], rate: formatMarketRate(tax.ratePpm, market), base: listText(lang, words) };
  return figures.amount === undefined
    ? translate(lang, 'detailTax', vars)
    : translate(lang, 'detailTaxOfAmount', { ...vars, amount: moneyIn(market)(figures.amount) });
}

/** The amount the instalments' tax is computed on: the sum of the charges in the tax's base (interest after the coupon). */
export function taxedAmount(tax: { base: readonly TaxableCharge[] }, charges: { interest: Minor; commission: Minor }): Minor {
  return instalmentCharges.reduce((acc, c) => acc + (tax.base.includes(c) ? charges[c] : 0), 0);
}

/** The tax's name in the market: "IVA", "VAT (IVA)", "GST". */
export const taxName = (lang: Language, market: MarketCode): string => marketOf(market).tax.name[lang];
