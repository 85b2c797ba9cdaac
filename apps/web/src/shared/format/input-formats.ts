/**
 * Input formats (§5 "Input formats"): formatters for controlled inputs.
 * Each takes whatever the user typed or pasted and returns the display value.
 */

/** Number type: digits only. */
export function formatDigits(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

/** Groups a digit string by the given group sizes, the last size repeating; groups joined by spaces. */
function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let index = 0;
  let sizeIndex = 0;
  while (index < digits.length) {
    const size = sizes[Math.min(sizeIndex, sizes.length - 1)]!;
    parts.push(digits.slice(index, index + size));
    index += size;
    sizeIndex += 1;
  }
  return parts.join(' ');
}

export const phoneMaxDigits = 11;

/** Phone type: non-digits stripped, at most 11 digits, shown 3-4-4: "138 0013 8000". */
export function formatPhone(value: string): string {
  return group(formatDigits(value, phoneMaxDigits), [3, 4, 4]);
}

/** Bank-card type: non-digits stripped, grouped by 4: "6222 0212 3456 7890". */
export function formatBankCard(value: string, maxDigits = 19): string {
  return group(formatDigits(value, maxDigits), [4]);
}

/** Money keyboard: truncated to its maximum length. */
export function truncateTo(value: string, maxLength: number): string {
  return value.slice(0, maxLength);
}

/** The raw digits of a formatted value ("138 0013 8000" → "13800138000"). */
export function unformat(value: string): string {
  return value.replace(/\D/g, '');
}
