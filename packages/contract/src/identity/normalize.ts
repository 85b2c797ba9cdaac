/*
 * Shared helpers of the identity numbers' validators (CURP, RFC, PAN, Aadhaar): what the borrower typed is read in
 * capitals without spaces or dashes, and a birth date is a real calendar date.
 */

/** Upper case, spaces and dashes removed: "abcd 123-456" → "ABCD123456". */
export function normalizeIdentityNumber(s: string): string {
  return s.normalize('NFC').toUpperCase().replace(/[\s-]+/g, '');
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a day that exists (no 2023-02-29, no month 13). */
export function isCalendarDate(s: string): boolean {
  const m = CALENDAR_DATE.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' as year, month and day numbers (NaN where a part is missing). */
export function dateParts(date: string): [number, number, number] {
  const [y = '', m = '', d = ''] = date.split('-');
  return [Number(y), Number(m), Number(d)];
}

/** Whole years from the birth date to today (both 'YYYY-MM-DD'); one born on 29 February turns a year older on 1 March. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = dateParts(birthDate);
  const [ty, tm, td] = dateParts(today);
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
}

/**
 * A person's name as the registries compare it: capitals, accents removed (Ñ kept: CURP and RFC treat it apart),
 * only letters, spaces and the special characters the registries keep (/ - . ' &).
 */
export function normalizeName(s: string): string {
  return s
    .normalize('NFC')
    .toUpperCase()
    .normalize('NFD')
    // Decomposed, Ñ is N and a combining tilde: keep that pair, drop every other accent.
    .replace(/N\u0303/g, 'Ñ')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-ZÑ/\-.'& ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
