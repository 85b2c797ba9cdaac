/**
 * Dates are shown as year-month-day, optionally with hours:minutes:seconds.
 * A calendar date travels as the string 'YYYY-MM-DD'; instants as ISO strings.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export type CalendarDate = string; // 'YYYY-MM-DD'

/** Formats a Date (or ISO string / epoch ms) in the given IANA time zone. */
export function formatDate(input: Date | string | number, opts: { withTime?: boolean; timeZone?: string } = {}): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: opts.timeZone ?? 'UTC',
    year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  return opts.withTime ? `${day} ${get('hour')}:${get('minute')}:${get('second')}` : day;
}

/** Today's calendar date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  return formatDate(now, { timeZone });
}

/** Adds whole days to a calendar date (no time zone involved). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  const toUtc = (s: CalendarDate) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

export function isCalendarDate(value: string): value is CalendarDate {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}
