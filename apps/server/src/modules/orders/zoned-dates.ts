import type { CalendarDate } from '@presta/contract/dates';

/**
 * Calendar days in a time zone, with one cached Intl.DateTimeFormat per zone
 * (building a formatter costs ~0.2 ms; the contract's todayIn/formatDate build
 * one per call, too slow for the benchmarked loan-details). Same results as
 * todayIn / formatDate(…, { timeZone }).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day of an instant in a time zone, 'YYYY-MM-DD'. */
export function calendarDateIn(timeZone: string, instant: Date): CalendarDate {
  let y = '';
  let m = '';
  let d = '';
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type === 'year') y = part.value;
    else if (part.type === 'month') m = part.value;
    else if (part.type === 'day') d = part.value;
  }
  return `${y}-${m}-${d}`;
}

/** Today in a time zone. */
export function todayInZone(timeZone: string, now: Date = new Date()): CalendarDate {
  return calendarDateIn(timeZone, now);
}
