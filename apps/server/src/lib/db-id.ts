/** The largest value of a PostgreSQL integer (int4) column, e.g. a product id. */
export const MAX_INT4 = 2_147_483_647;

/** A numeric id of the wire (digits) as a database id, or undefined when it cannot be one. */
export function toDbId(value: string | number | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const s = String(value).trim();
  if (!/^\d{1,18}$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : undefined;
}
