/**
 * Dates are shown as year-month-day, optionally with hours:minutes:seconds.
 * A calendar date travels as the string 'YYYY-MM-DD'; instants as ISO strings.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export type CalendarDate = string; // 'YYYY-MM-DD'

/** One formatter per time zone: building an Intl.DateTimeFormat is far dearer than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Formats a Date (or ISO string / epoch ms) in the given IANA time zone. */
export function formatDate(input: Date | string | number, opts: { withTime?: boolean; timeZone?: string } = {}): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const p of formatterFor(opts.timeZone ?? 'UTC').formatToParts(date)) parts[p.type] = p.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return opts.withTime ? `${day} ${parts.hour}:${parts.minute}:${parts.second}` : day;
}

/** The day of the last todayIn call per zone, reused within the same minute. */
const todayMemo = new Map<string, { minute: number; day: CalendarDate }>();

/** Today's calendar date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  const minute = Math.floor(now.getTime() / 60_000);
  const memo = todayMemo.get(timeZone);
  if (memo && memo.minute === minute) return memo.day;
  const day = formatDate(now, { timeZone });
  todayMemo.set(timeZone, { minute, day });
  return day;
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
