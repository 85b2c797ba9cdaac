/*
 * Cash-at-store payment reference: what the cashier scans (Code 128 barcode) or
 * types on a numeric keypad. One per payment reference record.
 *
 *   80 SSSSSSSSSSS C      14 digits, all numeric
 *   │  │           └ Luhn check digit over the first 13 digits
 *   │  └ the record's sequence number, zero-padded to 11 digits
 *   └ fixed prefix: never a leading zero (spreadsheets and keypads drop it)
 *
 * Luhn catches every single-digit typo and every adjacent transposition except
 * 09 ↔ 90. An even length lets Code 128 encode it compactly (code set C: two
 * digits per symbol).
 */

export const STORE_REFERENCE_PREFIX = '80';
export const STORE_REFERENCE_SEQ_DIGITS = 11;
export const STORE_REFERENCE_LENGTH = STORE_REFERENCE_PREFIX.length + STORE_REFERENCE_SEQ_DIGITS + 1;
/** Largest sequence number a store reference can carry. */
export const MAX_STORE_REFERENCE_SEQ = 10 ** STORE_REFERENCE_SEQ_DIGITS - 1;

const PATTERN = new RegExp(`^${STORE_REFERENCE_PREFIX}\\d{${STORE_REFERENCE_SEQ_DIGITS + 1}}$`);

/** Luhn (mod 10) check digit to append to `digits` (ASCII digits, at least one). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`Luhn needs ASCII digits, got "${digits}"`);
  let sum = 0;
  // Double every second digit counting from the right, starting with the rightmost payload digit.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of `digits` is the Luhn check digit of the rest. */
export function isLuhnValid(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * The store reference of payment reference record number `seq`
 * (1 ≤ seq ≤ 99 999 999 999): '80' + seq zero-padded to 11 digits + Luhn digit.
 * Deterministic and injective. Throws RangeError for any other seq.
 */
export function newStoreReference(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq > MAX_STORE_REFERENCE_SEQ) {
    throw new RangeError(`store reference sequence must be an integer from 1 to ${MAX_STORE_REFERENCE_SEQ}, got ${seq}`);
  }
  const payload = `${STORE_REFERENCE_PREFIX}${String(seq).padStart(STORE_REFERENCE_SEQ_DIGITS, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** True for a canonical store reference: 14 ASCII digits, prefix '80', valid Luhn digit, sequence ≥ 1. No spaces or separators. */
export function isValidStoreReference(s: string): boolean {
  return PATTERN.test(s) && isLuhnValid(s) && storeReferenceSeqUnchecked(s) >= 1;
}

/** The sequence number inside a valid store reference; null when invalid. */
export function storeReferenceSeq(s: string): number | null {
  return isValidStoreReference(s) ? storeReferenceSeqUnchecked(s) : null;
}

function storeReferenceSeqUnchecked(s: string): number {
  return Number(s.slice(STORE_REFERENCE_PREFIX.length, -1));
}
