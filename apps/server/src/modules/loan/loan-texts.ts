import type { TextValue } from '@presta/contract/api/common';
import type { Language } from '@presta/contract/language';
import type { MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { routes } from '@presta/contract/routes';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn, taxedAmount, taxLabel } from '../../i18n/market-texts';
import type { LoanTax } from '../pricing/loan-quote';

/*
 * What the loan pages share: the addresses they link to and the rows both the confirmation and loan-details show.
 */

/**
 * Loan agreement page (same-origin path): of an order, or of a product's quote
 * (the amount and instalments quoted, so the page states that quote's plan).
 */
export function agreementUrl(productId: number, orderId?: number, quote?: { amount: Minor; periods: number }): string {
  const order = orderId === undefined ? '' : `&orderId=${orderId}`;
  const quoted = quote ? `&amount=${quote.amount}&periods=${quote.periods}` : '';
  return `${routes.loanAgreement}?productId=${productId}${order}${quoted}`;
}

export function loanDetailsUrl(orderId: number, productId: number): string {
  return `${routes.loanDetails}?orderId=${orderId}&productId=${productId}`;
}

export function repaymentUrl(orderId: number, productId: number): string {
  return `${routes.repayment}?orderId=${orderId}&productId=${productId}`;
}

export const row = (lang: Language, key: MessageKey, value: string): TextValue => ({ text: translate(lang, key), value });

/**
 * The interest rows (issue 32): "Interés" is the interest charged; with a coupon, what it was before the coupon,
 * the coupon and what is charged after it, so the three read as one subtraction (the plan, the repayment page and
 * the agreement show the interest charged).
 */
export function interestRows(lang: Language, money: (m: Minor) => string, x: { interest: Minor; coupon: Minor }): TextValue[] {
  if (x.coupon <= 0) return [row(lang, 'detailInterest', money(x.interest))];
  return [
    row(lang, 'detailInterestBeforeCoupon', money(x.interest + x.coupon)),
    row(lang, 'detailCoupon', money(-x.coupon)),
    row(lang, 'detailInterestAfterCoupon', money(x.interest)),
  ];
}

/** The plan's tax row: labelled with the charges it is on and their sum (the interest after any coupon), valued at the plan's tax. */
export function taxRow(lang: Language, market: MarketCode, tax: LoanTax, x: { interest: Minor; commission: Minor; vat: Minor; couponApplied: Minor }): TextValue {
  const label = taxLabel(lang, market, tax, { couponApplied: x.couponApplied > 0, amount: taxedAmount(tax, x) });
  return { text: label, value: moneyIn(market)(x.vat) };
}
