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

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall clock of an instant in a time zone, by Intl. */
function wallClockByIntl(t: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(t)) parts[p.type] = p.value;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

const QUARTER_HOUR_MS = 900_000;
/** Instants of years 1000 to 9999 (Date.UTC reads years below 100 as 19xx; the format has four digits). */
const FAST_FROM_MS = Date.UTC(1000, 0, 1);
const FAST_TO_MS = Date.UTC(10000, 0, 1);
/** Quarter hours remembered per zone before its memo starts again. */
const OFFSETS_PER_ZONE = 4096;

/**
 * A zone's offset from UTC in ms for every instant of a quarter hour, asked of Intl once per quarter hour
 * (formatToParts is dear: a tenth of the server's time under the voucher's load, decision 019). Intl gives the offset at the
 * quarter's first and last second; when they differ (an offset change inside the quarter: none since
 * Liberia's of 1972) the quarter is marked NaN and its instants go to Intl one by one.
 */
const offsetMemo = new Map<string, Map<number, number>>();
function quarterOffset(t: number, timeZone: string): number {
  let zone = offsetMemo.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetMemo.set(timeZone, zone);
  }
  const quarter = Math.floor(t / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const first = quarter * QUARTER_HOUR_MS;
    const last = first + QUARTER_HOUR_MS - 1_000;
    const offsetAt = (at: number) => {
      const w = wallClockByIntl(at, timeZone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at;
    };
    const atFirst = offsetAt(first);
    offset = atFirst === offsetAt(last) ? atFirst : Number.NaN;
    if (zone.size >= OFFSETS_PER_ZONE) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** The wall clock of an instant in a time zone: its quarter hour's offset added, or Intl's answer. */
function wallClock(t: number, timeZone: string): WallClock {
  const offset = t >= FAST_FROM_MS && t < FAST_TO_MS ? quarterOffset(t, timeZone) : Number.NaN;
  if (Number.isNaN(offset)) return wallClockByIntl(t, timeZone);
  const w = new Date(t + offset);
  return { year: w.getUTCFullYear(), month: w.getUTCMonth() + 1, day: w.getUTCDate(), hour: w.getUTCHours(), minute: w.getUTCMinutes(), second: w.getUTCSeconds() };
}

/** Formats a Date (or ISO string / epoch ms) in the given IANA time zone. */
export function formatDate(input: Date | string | number, opts: { withTime?: boolean; timeZone?: string } = {}): string {
  const t = input instanceof Date ? input.getTime() : new Date(input).getTime();
  if (Number.isNaN(t)) return '';
  const w = wallClock(t, opts.timeZone ?? 'UTC');
  const day = `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  return opts.withTime ? `${day} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` : day;
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

const DAY_MS = 86_400_000;

/** A calendar date's midnight UTC in ms, read by position (a CalendarDate is YYYY-MM-DD): no array per call. */
const utcMidnight = (date: CalendarDate): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** Adds whole days to a calendar date (no time zone involved). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const t = new Date(utcMidnight(date) + days * DAY_MS);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

export function isCalendarDate(value: string): value is CalendarDate {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}
