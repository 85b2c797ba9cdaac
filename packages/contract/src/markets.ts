import type { Language } from './language';
import { formatMoney, formatPpmAsPercent, formatPpmAsRate, indianNumbers, specNumbers, type Minor, type NumberStyle } from './money';

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

/** The lender in a market: the party of the loan agreement and the payee of every voucher. */
export type LegalEntity = { name: string; address: string };

/** Customer service of a market (get-whatsapp: phone = WhatsApp, va = telephone, email). */
export type SupportContacts = { whatsapp: string; phone: string; email: string };

/**
 * The legal texts a borrower of a market reads besides the loan agreement
 * (apps/web/src/legal): Mexico's privacy notice (Mexican data-protection law),
 * India's loan terms (Indian applicants, rupees).
 */
export type LegalTextId = 'privacy-notice' | 'loan-terms';

export type Market = {
  code: MarketCode;
  currency: { code: CurrencyCode; sign: string };
  /**
   * How amounts and rates are written (decision 022): Mexico as §9 says ("$1.234,56", "43,36%"),
   * India as Indian readers do ("₹1,00,000.00", "43.36%"), whatever the page's language.
   */
  numbers: NumberStyle;
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
  /**
   * Days in the year the agreement's annual rate counts (annual = daily × yearDays):
   * Mexico's commercial year of 360 days (0,05 % a day = 18 % a year, the
   * agreement's figure), India's 365 (0,10 % a day = 36,5 %).
   */
  yearDays: 360 | 365;
  /** The lender: party of the promissory note, payee of the vouchers, named on the checkout page. */
  legalEntity: LegalEntity;
  /** Customer service (SUPPORT_* settings may replace them, docs/api.md). */
  support: SupportContacts;
  legalTexts: readonly LegalTextId[];
  /**
   * India (issue 13): the Key Facts Statement the borrower must read and acknowledge before applying
   * (RBI, 1 October 2024): how many working days it stays valid (3 for a tenor of 7 days or more, 1 when
   * shorter), the cooling-off days after disbursal, and the grievance redressal officer. Null: no KFS.
   */
  keyFacts: KeyFactsRules | null;
};

/** What a market's Key Facts Statement needs besides the loan's figures. */
export type KeyFactsRules = {
  /** Working days (Monday to Friday) a KFS stays valid after the day it is issued, by the loan's tenor. */
  validWorkingDays: { tenorFrom7Days: number; shorterTenor: number };
  /** Days after disbursal during which the borrower may leave the loan by paying back the principal and the interest of the days used, with no penalty. */
  coolingOffDays: number;
  /** The lender's grievance redressal officer (the demo's invented contact, decision 016). */
  grievanceOfficer: { name: string; phone: string; email: string };
};

export const markets: Record<MarketCode, Market> = {
  MX: {
    code: 'MX',
    currency: { code: 'MXN', sign: '$' },
    numbers: specNumbers,
    timeZone: 'America/Mexico_City',
    tax: { name: { es: 'IVA', en: 'VAT (IVA)' }, ratePpm: 160_000, base: ['interest', 'commission', 'extension_fee'] },
    lateRule: 'mx_daily_fine',
    paymentChannels: ['store', 'spei', 'card'],
    yearDays: 360,
    legalEntity: {
      name: 'Presta Servicios Financieros S.A. de C.V.',
      address: 'Av. Paseo de la Reforma 250, Juárez, 06600 Ciudad de México, CDMX',
    },
    support: { whatsapp: '+52 55 5000 4321', phone: '+52 55 5000 1234', email: 'ayuda@presta.example' },
    legalTexts: ['privacy-notice'],
    keyFacts: null,
  },
  IN: {
    code: 'IN',
    currency: { code: 'INR', sign: '₹' },
    numbers: indianNumbers,
    timeZone: 'Asia/Kolkata',
    tax: { name: { es: 'GST', en: 'GST' }, ratePpm: 180_000, base: ['commission'] },
    lateRule: 'in_tiered',
    paymentChannels: ['upi', 'bank_transfer'],
    yearDays: 365,
    // The demo's Indian lender (invented values, docs/decisions/014-markets.md).
    legalEntity: {
      name: 'Presta Finance India Private Limited',
      address: '4th Floor, 80 Feet Road, Koramangala 4th Block, Bengaluru 560034, Karnataka, India',
    },
    support: { whatsapp: '+91 80 4719 4321', phone: '+91 80 4719 1234', email: 'help.in@presta.example' },
    legalTexts: ['loan-terms'],
    keyFacts: {
      validWorkingDays: { tenorFrom7Days: 3, shorterTenor: 1 },
      coolingOffDays: 3,
      grievanceOfficer: { name: 'Meera Iyer, Grievance Redressal Officer', phone: '+91 80 4719 1200', email: 'grievance.in@presta.example' },
    },
  },
};

export const marketCodes = Object.keys(markets) as MarketCode[];

/** The market everything falls back to when nothing names one (the spec's default language's market). */
export const defaultMarket: MarketCode = 'MX';

export function isMarketCode(value: unknown): value is MarketCode {
  return typeof value === 'string' && Object.hasOwn(markets, value);
}

export function marketOf(code: string): Market {
  const market = markets[code as MarketCode];
  if (!market) throw new RangeError(`unknown market "${code}"`);
  return market;
}

const asMarket = (market: MarketCode | Market): Market => (typeof market === 'string' ? marketOf(market) : market);

/** Money as the loan's market writes it, whatever the language: "$1.234,56" for Mexico, "₹1,234.56" (lakh: "₹1,00,000.00") for India. */
export function formatMarketMoney(minor: Minor, market: MarketCode | Market): string {
  const m = asMarket(market);
  return formatMoney(minor, m.currency.sign, m.numbers);
}

/** A rate in ppm with `decimals` decimals as the market writes it: "0,05%" (Mexico), "0.05%" (India). */
export function formatMarketPercent(ppm: number, market: MarketCode | Market, decimals = 2): string {
  return formatPpmAsPercent(ppm, decimals, asMarket(market).numbers);
}

/** A rate in ppm with the decimals it needs (at most `maxDecimals`) as the market writes it: "36,5%" (Mexico), "36.5%" (India). */
export function formatMarketRate(ppm: number, market: MarketCode | Market, maxDecimals = 4): string {
  return formatPpmAsRate(ppm, maxDecimals, asMarket(market).numbers);
}

/**
 * A sentence that ends with `text`: a full stop added unless it already ends
 * with one ("… S.A. de C.V." stays as it is, never "S.A. de C.V..").
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
