/*
 * SPEI CLABE (Clave Bancaria Estandarizada), the 18-digit account number every
 * SPEI transfer in Mexico is addressed to:
 *
 *   BBB PPP AAAAAAAAAAA C
 *   bank plaza account    check digit
 *   (3)  (3)   (11)      (1)
 *
 * Check digit (Banxico rule): weights 3, 7, 1 repeated over the first 17
 * digits; each product taken mod 10; the products summed;
 * check = (10 − (sum mod 10)) mod 10. Weights 3, 7 and 1 are coprime to 10,
 * so every single-digit substitution changes the check digit; adjacent
 * transpositions are NOT always caught (e.g. digits differing by 5 under
 * weights 3 and 7).
 */

export const CLABE_ACCOUNT_LENGTH = 11;
const WEIGHTS = [3, 7, 1] as const;

/** The lender's collection account at a SPEI participant (e.g. STP: bank 646, plaza 180). */
export type ClabeIssuer = {
  /** 3-digit bank code (ABM / Banxico participant code), e.g. '646' for STP. */
  bankCode: string;
  /** 3-digit plaza (city) code, e.g. '180'. */
  plaza: string;
};

export type ClabeParts = ClabeIssuer & { account: string; checkDigit: number };

/** Check digit of a CLABE from its first 17 digits. Throws RangeError unless given exactly 17 ASCII digits. */
export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new RangeError(`a CLABE check digit needs exactly 17 digits, got "${first17}"`);
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

/** True for exactly 18 ASCII digits whose last digit is the check digit of the first 17. No spaces, no separators. */
export function isValidClabe(s: string): boolean {
  return /^\d{18}$/.test(s) && clabeCheckDigit(s.slice(0, 17)) === Number(s[17]);
}

/** The parts of a valid CLABE; null when `s` is not a valid CLABE. */
export function parseClabe(s: string): ClabeParts | null {
  if (!isValidClabe(s)) return null;
  return { bankCode: s.slice(0, 3), plaza: s.slice(3, 6), account: s.slice(6, 17), checkDigit: Number(s[17]) };
}

function assertIssuer({ bankCode, plaza }: ClabeIssuer): void {
  if (!/^\d{3}$/.test(bankCode)) throw new RangeError(`CLABE bank code must be 3 digits, got "${bankCode}"`);
  if (!/^\d{3}$/.test(plaza)) throw new RangeError(`CLABE plaza must be 3 digits, got "${plaza}"`);
}

/** Largest order id that has its own CLABE: the 11-digit account is the zero-padded order id. */
export const MAX_CLABE_ORDER_ID = 10 ** CLABE_ACCOUNT_LENGTH - 1;

/**
 * The order's own CLABE at the lender's collection account: bank code + plaza +
 * the order id zero-padded to 11 digits + check digit. Deterministic and
 * injective (two orders never share a CLABE) for 0 ≤ orderId ≤ 99 999 999 999,
 * and reversible with orderIdFromClabe, so an incoming SPEI deposit names its
 * order. Throws RangeError for any other id or a malformed issuer.
 */
export function clabeForOrder(orderId: number, issuer: ClabeIssuer): string {
  assertIssuer(issuer);
  if (!Number.isSafeInteger(orderId) || orderId < 0 || orderId > MAX_CLABE_ORDER_ID) {
    throw new RangeError(`order id must be an integer from 0 to ${MAX_CLABE_ORDER_ID} for a CLABE, got ${orderId}`);
  }
  const first17 = `${issuer.bankCode}${issuer.plaza}${String(orderId).padStart(CLABE_ACCOUNT_LENGTH, '0')}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

/**
 * The order id a CLABE made by clabeForOrder belongs to; null when the CLABE is
 * invalid or belongs to another bank or plaza.
 */
export function orderIdFromClabe(clabe: string, issuer: ClabeIssuer): number | null {
  assertIssuer(issuer);
  const parts = parseClabe(clabe);
  if (!parts || parts.bankCode !== issuer.bankCode || parts.plaza !== issuer.plaza) return null;
  return Number(parts.account);
}

/*
 * A lender's CLABE range at a SPEI participant (STP gives each company one): the first 10 digits are fixed — bank
 * 646, plaza 180 and the company's 4-digit prefix ("prefijo") — and the company numbers its accounts in the 7
 * digits that remain before the check digit:
 *
 *   646 180 PPPP AAAAAAA C
 *   bank plaza prefix account check digit
 *   (3)  (3)   (4)    (7)    (1)
 */

export const CLABE_RANGE_PREFIX_LENGTH = 10;
export const CLABE_RANGE_ACCOUNT_LENGTH = 7;

/** Largest order id that has its own CLABE in a 10-digit range: the 7-digit account is the zero-padded order id. */
export const MAX_RANGE_CLABE_ORDER_ID = 10 ** CLABE_RANGE_ACCOUNT_LENGTH - 1;

function assertRangePrefix(prefix: string): void {
  if (!/^\d{10}$/.test(prefix)) throw new RangeError(`a CLABE range prefix must be 10 digits, got "${prefix}"`);
}

/**
 * The order's own CLABE in a lender's range: the 10-digit prefix + the order id zero-padded to 7 digits + check
 * digit. Deterministic and injective for 0 ≤ orderId ≤ 9 999 999, and reversible with orderIdFromRangeClabe.
 * Throws RangeError for an id that does not fit in 7 digits (never truncated: two orders must never share a CLABE)
 * or a prefix that is not 10 digits.
 */
export function clabeForOrderInRange(orderId: number, prefix: string): string {
  assertRangePrefix(prefix);
  if (!Number.isSafeInteger(orderId) || orderId < 0 || orderId > MAX_RANGE_CLABE_ORDER_ID) {
    throw new RangeError(`order id must be an integer from 0 to ${MAX_RANGE_CLABE_ORDER_ID} for a CLABE in a range, got ${orderId}`);
  }
  const first17 = `${prefix}${String(orderId).padStart(CLABE_RANGE_ACCOUNT_LENGTH, '0')}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

/** The order id a CLABE made by clabeForOrderInRange belongs to; null when the CLABE is invalid or outside the range. */
export function orderIdFromRangeClabe(clabe: string, prefix: string): number | null {
  assertRangePrefix(prefix);
  if (!isValidClabe(clabe) || !clabe.startsWith(prefix)) return null;
  return Number(clabe.slice(CLABE_RANGE_PREFIX_LENGTH, 17));
}
