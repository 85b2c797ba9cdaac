import type { Language } from './language';
import { formatMoney, type Minor } from './money';

/*
 * Markets (issue 12, docs/decisions/014-markets.md): everything a borrower sees
 * about a loan, and every rule the ledger applies to it, comes from the
 * market of the product that priced it, whatever the page's language (the
 * language chooses the words only). One module, shared by the server and the
 * pages; products name their market (`products.market`).
 */

export type MarketCode = 'MX' | 'IN';
export type CurrencyCode = 'MXN' | 'INR';

/** The parts of an instalment's charges a tax may apply to. */
export type TaxableCharge = 'interest' | 'commission' | 'extension_fee';

/** Payment channels a borrower may use; each market offers some (the payment provider makes the references). */
export type PaymentChannelId = 'store' | 'spei' | 'card' | 'upi' | 'bank_transfer';

export type Market = {
  code: MarketCode;
  currency: { code: CurrencyCode; sign: string };
  /** The lender's calendar: due dates, the start of a day, reminders. */
  timeZone: string;
  /**
   * The tax on the loan's charges: its name, the rate in ppm of the charges in
   * `base` (rounded HALF_UP per instalment and per extension). Mexico: IVA 16 %
   * of interest and commission (and of the extension fee, an interest charge);
   * India: GST 18 % of the processing fee only (interest, late interest and the
   * default penalty are outside GST).
   */
  tax: { name: Record<Language, string>; ratePpm: number; base: readonly TaxableCharge[] };
  /** The late-charge rule of the ledger (docs/ledger.md). */
  lateRule: 'mx_daily_fine' | 'in_tiered';
  /** The channels the repayment page offers, in this order. */
  paymentChannels: readonly PaymentChannelId[];
};

export const markets: Record<MarketCode, Market> = {
  MX: {
    code: 'MX',
    currency: { code: 'MXN', sign: '$' },
    timeZone: 'America/Mexico_City',
    tax: { name: { es: 'IVA', en: 'VAT (IVA)' }, ratePpm: 160_000, base: ['interest', 'commission', 'extension_fee'] },
    lateRule: 'mx_daily_fine',
    paymentChannels: ['store', 'spei', 'card'],
  },
  IN: {
    code: 'IN',
    currency: { code: 'INR', sign: '₹' },
    timeZone: 'Asia/Kolkata',
    tax: { name: { es: 'GST', en: 'GST' }, ratePpm: 180_000, base: ['commission'] },
    lateRule: 'in_tiered',
    paymentChannels: ['upi', 'bank_transfer'],
  },
};

export const marketCodes = Object.keys(markets) as MarketCode[];

export function marketOf(code: string): Market {
  const market = markets[code as MarketCode];
  if (!market) throw new RangeError(`unknown market "${code}"`);
  return market;
}

/** Money as the loan's market writes it, whatever the language: "$1.234,56" for Mexico, "₹1.234,56" for India. */
export function formatMarketMoney(minor: Minor, market: MarketCode | Market): string {
  return formatMoney(minor, (typeof market === 'string' ? marketOf(market) : market).currency.sign);
}
