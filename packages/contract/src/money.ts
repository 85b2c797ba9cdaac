/**
 * Money is an integer number of minor units (centavos, paise) everywhere in
 * code and in the database. It is shown divided by 100 with 2 decimals, in the
 * way the loan's market writes numbers (decision 022): Mexico as §9 says, the
 * thousands grouped with a dot and the decimals after a comma (123456 →
 * "1.234,56"); India as Indian readers do, the lakh and crore grouped with a
 * comma and the decimals after a dot (12345678 → "1,23,456.78").
 */
export type Minor = number;

/**
 * How a market writes numbers: the separators and the grouping. `thousands`
 * groups every 3 digits; `indian` groups the last 3, then every 2 (lakh, crore).
 * Written out here rather than with Intl, whose output depends on the ICU build.
 */
export type NumberStyle = { group: '.' | ','; decimal: ',' | '.'; grouping: 'thousands' | 'indian' };

/** §9's way, Mexico's: "1.234.567,89", "43,36%". */
export const specNumbers: NumberStyle = { group: '.', decimal: ',', grouping: 'thousands' };
/** India's way (en-IN): "12,34,567.89", "43.36%". */
export const indianNumbers: NumberStyle = { group: ',', decimal: '.', grouping: 'indian' };

export function assertMinor(value: number): asserts value is Minor {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of minor units: ${value}`);
}

/** Groups the digits of a non-negative integer: "1.234.567" (spec), "12,34,567" (Indian). */
export function groupThousands(digits: string | number, style: NumberStyle = specNumbers): string {
  const text = String(digits);
  if (style.grouping === 'thousands') return text.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  if (text.length <= 3) return text;
  const head = text.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, style.group);
  return `${head}${style.group}${text.slice(-3)}`;
}

/** 123456 → "1.234,56" (spec), "1,234.56" (Indian); -5 → "-0,05". */
export function formatMinor(minor: Minor, style: NumberStyle = specNumbers): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${groupThousands(units, style)}${style.decimal}${String(cents).padStart(2, '0')}`;
}

/** formatMinor with a currency sign in front: "$1.234,56", "₹1,00,000.00". */
export function formatMoney(minor: Minor, currencySign: string, style: NumberStyle = specNumbers): string {
  const text = formatMinor(minor, style);
  return text.startsWith('-') ? `-${currencySign}${text.slice(1)}` : `${currencySign}${text}`;
}

/**
 * Rounding rule HALF_UP: the exact quotient numerator/denominator (both
 * non-negative integers) rounded to the nearest integer, halves away from zero.
 * Done in BigInt so no floating point ever touches money.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  if (numerator < 0n) return -divideHalfUp(-numerator, denominator);
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Integer parts per million of a minor amount, rounded HALF_UP. */
export function applyPpm(minor: Minor, ppm: number): Minor {
  assertMinor(minor);
  return Number(divideHalfUp(BigInt(minor) * BigInt(ppm), 1_000_000n));
}

/** "0,05%" (spec) or "0.05%" (Indian) for a rate given in parts per million (ppm / 10 000 = percent); no space before "%". */
export function formatPpmAsPercent(ppm: number, decimals = 2, style: NumberStyle = specNumbers): string {
  const scale = 10 ** decimals;
  const scaled = Number(divideHalfUp(BigInt(ppm) * BigInt(scale), 10_000n));
  const units = Math.floor(scaled / scale);
  const frac = String(scaled % scale).padStart(decimals, '0');
  return decimals > 0 ? `${units}${style.decimal}${frac}%` : `${units}%`;
}

/**
 * A rate in ppm as a percentage with as few decimals as it needs (at most
 * `maxDecimals`): 180 000 → "18%", 365 000 → "36,5%" ("36.5%" Indian), 650 → "0,065%".
 */
export function formatPpmAsRate(ppm: number, maxDecimals = 4, style: NumberStyle = specNumbers): string {
  for (let decimals = 0; decimals < maxDecimals; decimals++) {
    if ((ppm * 10 ** decimals) % 10_000 === 0) return formatPpmAsPercent(ppm, decimals, style);
  }
  return formatPpmAsPercent(ppm, maxDecimals, style);
}
