import type { Hint } from './hints';

/*
 * A month answered with the month picker (issue 35: "living here since", "with this employer since"): kept as
 * 'YYYY-MM' once both halves are chosen, as 'YYYY-' or '-MM' while one is, '' before. The server takes 'YYYY-MM'
 * or '' (a half-chosen month is saved as not answered yet).
 */

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The year and the month of a value, each '' when not chosen. */
export function splitMonth(value: string): { year: string; month: string } {
  const [year = '', month = ''] = value.split('-');
  return { year, month };
}

/** The value of a year and a month; '' when neither is chosen. */
export function joinMonth(year: string, month: string): string {
  return year || month ? `${year}-${month}` : '';
}

/** What is sent: the month once both halves are chosen, else ''. */
export function sentMonth(value: string): string {
  return monthPattern.test(value) ? value : '';
}

/**
 * The picker's early hint, as the server checks at final=1: required (both halves), not a month still to come
 * (`today` is the market's day, YYYY-MM-DD), and not before `earliest` (YYYY-MM: the applicant's birth) when given.
 */
export function monthHint(value: string, today: string, earliest?: string): Hint | undefined {
  if (!value) return { key: 'required' };
  if (!monthPattern.test(value)) return { key: 'monthIncomplete' };
  if (value > today.slice(0, 7)) return { key: 'monthInFuture' };
  if (earliest && /^\d{4}-\d{2}/.test(earliest) && value < earliest.slice(0, 7)) return { key: 'monthBeforeBirth' };
  return undefined;
}

/** The earliest year a picker offers: the applicant's birth year, or a hundred years back before it is known. */
export function firstYearOf(birthDate: string, today: string): number {
  const born = Number(birthDate.slice(0, 4));
  return Number.isInteger(born) && born > 1900 ? born : Number(today.slice(0, 4)) - 100;
}
