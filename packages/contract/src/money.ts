/**
 * Money is an integer number of minor units (centavos, paise) everywhere in
 * code and in the database. It is shown divided by 100 with 2 decimals, the
 * thousands grouped with a dot and the decimals after a comma: 123456 → "1.234,56".
 */
export type Minor = number;

export function assertMinor(value: number): asserts value is Minor {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of minor units: ${value}`);
}

/** Groups the digits of a non-negative integer string by thousands with a dot. */
export function groupThousands(digits: string | number): string {
  return String(digits).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 123456 → "1.234,56"; -5 → "-0,05". */
export function formatMinor(minor: Minor): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${groupThousands(units)},${String(cents).padStart(2, '0')}`;
}

/** formatMinor with a currency sign in front: "$1.234,56". */
export function formatMoney(minor: Minor, currencySign: string): string {
  const text = formatMinor(minor);
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

/** "0,05%" style text for a rate given in parts per million (ppm / 10 000 = percent). */
export function formatPpmAsPercent(ppm: number, decimals = 2): string {
  const scale = 10 ** decimals;
  const scaled = Number(divideHalfUp(BigInt(ppm) * BigInt(scale), 10_000n));
  const units = Math.floor(scaled / scale);
  const frac = String(scaled % scale).padStart(decimals, '0');
  return decimals > 0 ? `${units},${frac}%` : `${units}%`;
}

/**
 * A rate in ppm as a percentage with as few decimals as it needs (at most
 * `maxDecimals`): 180 000 → "18%", 365 000 → "36,5%", 650 → "0,065%".
 */
export function formatPpmAsRate(ppm: number, maxDecimals = 4): string {
  for (let decimals = 0; decimals < maxDecimals; decimals++) {
    if ((ppm * 10 ** decimals) % 10_000 === 0) return formatPpmAsPercent(ppm, decimals);
  }
  return formatPpmAsPercent(ppm, maxDecimals);
}
