/** The URL parameter of the receipt page (/payment-receipt?paymentId=…). */
export const paymentIdParam = 'paymentId';

/** The payment id of a page query string: 1 to 18 digits (as the contract's idSchema takes it), else null. */
export function readPaymentId(search: string): string | null {
  const value = new URLSearchParams(search).get(paymentIdParam)?.trim() ?? '';
  return /^\d{1,18}$/.test(value) ? value : null;
}
