import { normalizeIdentityNumber } from './normalize';

/*
 * Aadhaar (UIDAI): 12 digits, the first not 0 or 1, the last a Verhoeff check digit of the 11 before it.
 * Verhoeff's scheme (dihedral group D5) catches every single-digit error and every swap of adjacent digits.
 * The full number is never kept (docs/identity-verification.md): only its last four and the verifier's reference.
 */

export type AadhaarFault = 'format' | 'checkDigit';

/** d: the group's multiplication table. */
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
/** p: the position's permutation, (1 5 8 9 4 2 7 0)(3 6) applied i mod 8 times. */
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Verhoeff's checksum of digits read right to left, starting at `offset` (1: the check digit still to come). */
function verhoeffSum(digits: string, offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** The check digit to append to the digits. */
export function verhoeffCheckDigit(digits: string): string {
  return String(INV[verhoeffSum(digits, 1)]);
}

const AADHAAR_FORMAT = /^[2-9]\d{11}$/;

/** null when the number (spaces and dashes allowed) has 12 digits, does not start with 0 or 1, and its check digit is right. */
export function checkAadhaar(n: string): AadhaarFault | null {
  const digits = normalizeIdentityNumber(n);
  if (!AADHAAR_FORMAT.test(digits)) return 'format';
  return verhoeffSum(digits, 0) === 0 ? null : 'checkDigit';
}

/** The form every answer and screen shows: 'XXXX XXXX 1234'. */
export function maskAadhaar(last4: string): string {
  return `XXXX XXXX ${last4}`;
}

/** A valid Aadhaar number for test data and the demo (the seed picks the 11 digits; the same seed, the same number). */
export function aadhaarFor(seed: number): string {
  let x = (Math.abs(Math.trunc(seed)) % 2_147_483_647) + 1;
  let digits = String(2 + (x % 8));
  while (digits.length < 11) {
    x = (x * 48_271) % 2_147_483_647;
    digits += String(x % 10);
  }
  return digits + verhoeffCheckDigit(digits);
}
