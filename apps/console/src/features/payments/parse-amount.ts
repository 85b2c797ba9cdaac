/*
 * An amount typed in major units ("1234.5", "1234,56", "0,29") as integer minor units, read from the digits
 * themselves: never through a float (0.29 × 100 is 28.999…). Digits, then a decimal point or comma and one or two
 * digits. No thousands separators: "1.500" could be fifteen hundred or one and a half, and money is not guessed.
 */

const amountPattern = /^(\d+)(?:[.,](\d{1,2}))?$/;

/** Minor units of an amount typed in major units, or undefined when it is not one (or beyond a safe integer). */
export function minorFromMajor(typed: string): number | undefined {
  const match = amountPattern.exec(typed.trim());
  if (!match) return undefined;
  const minor = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : undefined;
}
