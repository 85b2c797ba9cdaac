/*
 * India's collection addresses of one order (docs/payments.md "India"): a UPI
 * virtual payment address (VPA) and a virtual bank account (account number
 * and IFSC). Like the Mexican CLABE, each is the order's own, deterministic
 * and reversible, so a payment to it names its order; the payment reference
 * the borrower types as the remark names the purpose and amount.
 */

/** The lender's UPI collection handle: VPAs `<prefix>.<order id>@<handle>`. */
export type UpiIssuer = { prefix: string; handle: string };

/** The lender's virtual-account range at its collecting bank: `<prefix><order id, 12 digits>` at `ifsc`. */
export type VirtualAccountIssuer = { prefix: string; ifsc: string; bankName: string };

/** VPA: 2 to 256 characters of letters, digits, '.', '-' or '_', then '@' and a handle of 2 to 64 letters (NPCI). */
export function isValidVpa(s: string): boolean {
  return /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/.test(s);
}

/** IFSC: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export function isValidIfsc(s: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(s);
}

export const VIRTUAL_ACCOUNT_ID_DIGITS = 12;
export const MAX_INDIA_ORDER_ID = 10 ** VIRTUAL_ACCOUNT_ID_DIGITS - 1;

function assertOrderId(orderId: number): void {
  if (!Number.isSafeInteger(orderId) || orderId < 0 || orderId > MAX_INDIA_ORDER_ID) {
    throw new RangeError(`order id must be an integer from 0 to ${MAX_INDIA_ORDER_ID}, got ${orderId}`);
  }
}

function assertUpiIssuer({ prefix, handle }: UpiIssuer): void {
  if (!/^[a-z][a-z0-9]{1,19}$/.test(prefix)) throw new RangeError(`UPI prefix must be 2 to 20 lower-case letters and digits, got "${prefix}"`);
  if (!/^[a-z]{2,64}$/.test(handle)) throw new RangeError(`UPI handle must be 2 to 64 lower-case letters, got "${handle}"`);
}

function assertAccountIssuer({ prefix, ifsc, bankName }: VirtualAccountIssuer): void {
  if (!/^\d{2,6}$/.test(prefix)) throw new RangeError(`virtual account prefix must be 2 to 6 digits, got "${prefix}"`);
  if (!isValidIfsc(ifsc)) throw new RangeError(`not an IFSC: "${ifsc}"`);
  if (!bankName.trim()) throw new RangeError('the collecting bank needs a name');
}

/** The order's own VPA: `presta.1234@sbxupi`. Throws RangeError for a bad id or issuer. */
export function vpaForOrder(orderId: number, issuer: UpiIssuer): string {
  assertUpiIssuer(issuer);
  assertOrderId(orderId);
  return `${issuer.prefix}.${orderId}@${issuer.handle}`;
}

/** The order a VPA made by vpaForOrder belongs to; null for any other address. */
export function orderIdFromVpa(vpa: string, issuer: UpiIssuer): number | null {
  assertUpiIssuer(issuer);
  const match = /^([a-z0-9]+)\.(0|[1-9]\d{0,11})@([a-z]+)$/.exec(vpa);
  if (!match || match[1] !== issuer.prefix || match[3] !== issuer.handle) return null;
  return Number(match[2]);
}

/** The order's own virtual account number: the prefix and the order id zero-padded to 12 digits. */
export function virtualAccountForOrder(orderId: number, issuer: VirtualAccountIssuer): string {
  assertAccountIssuer(issuer);
  assertOrderId(orderId);
  return `${issuer.prefix}${String(orderId).padStart(VIRTUAL_ACCOUNT_ID_DIGITS, '0')}`;
}

/** The order a virtual account number made by virtualAccountForOrder belongs to; null otherwise. */
export function orderIdFromVirtualAccount(account: string, issuer: VirtualAccountIssuer): number | null {
  assertAccountIssuer(issuer);
  if (!/^\d+$/.test(account) || account.length !== issuer.prefix.length + VIRTUAL_ACCOUNT_ID_DIGITS || !account.startsWith(issuer.prefix)) return null;
  return Number(account.slice(issuer.prefix.length));
}
