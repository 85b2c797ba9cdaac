import { markets } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';

/*
 * The UPI payment link of a reference (issue 32): NPCI's UPI Linking Specification (`upi://pay?…`), which
 * every UPI app opens from a link or reads from a QR code, with the payee, the amount and the reference
 * filled in, so the borrower types nothing. Parameters (Linking Specification 1.6, §1.2): `pa` the payee's
 * VPA, `pn` the payee's name, `am` the amount in rupees with two decimals, `cu` the currency (INR), `tn` the
 * transaction note, `tr` the transaction reference. The note is the payment reference, as the voucher
 * asks the borrower to type it; the reference names it too.
 */

export type UpiPayment = { vpa: string; payeeName: string; amount: Minor; reference: string };

/** Percent-encoding of a value (RFC 3986), keeping the "@" of a VPA as written. */
const encode = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/** Rupees with two decimals and a dot, no grouping: 2716798 → "27167.98" (the spec's `am`). */
export function upiAmount(minor: Minor): string {
  if (!Number.isSafeInteger(minor) || minor <= 0) throw new RangeError(`a UPI amount must be a positive whole number of paise: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…&tr=…` for one payment reference. */
export function upiPayUri(payment: UpiPayment): string {
  const params: [string, string][] = [
    ['pa', payment.vpa],
    ['pn', payment.payeeName],
    ['am', upiAmount(payment.amount)],
    ['cu', 'INR'],
    ['tn', payment.reference],
    ['tr', payment.reference],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}

/**
 * The link of a UPI payment reference: its VPA, the Indian lender as the payee (UPI is India's channel, paid
 * to the market's legal entity like every voucher), its amount and its reference.
 */
export function referenceUpiUri(ref: { vpa: string | null; voucherCode: string; amount: Minor; reference: string }): string {
  return upiPayUri({ vpa: ref.vpa ?? ref.voucherCode, payeeName: markets.IN.legalEntity.name, amount: ref.amount, reference: ref.reference });
}
