import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatDate, isCalendarDate, todayIn } from './dates';

describe('dates', () => {
  it('formats year-month-day, optionally with time', () => {
    const d = new Date('2026-03-05T07:08:09Z');
    expect(formatDate(d)).toBe('2026-03-05');
    expect(formatDate(d, { withTime: true })).toBe('2026-03-05 07:08:09');
    expect(formatDate(d, { withTime: true, timeZone: 'America/Mexico_City' })).toBe('2026-03-05 01:08:09');
    expect(formatDate('not a date')).toBe('');
  });
  it('knows the local day of a time zone', () => {
    const lateUtc = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('Asia/Kolkata', lateUtc)).toBe('2026-11-23');
    expect(todayIn('America/Mexico_City', lateUtc)).toBe('2026-11-22');
  });
  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2026-04-02')).toBe(91);
  });
  it('adds and counts days as the calendar does, 1900 to 2100 (fast-check, against Date.toISOString)', () => {
    const day = fc.integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2100, 11, 31) / 86_400_000 });
    const iso = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(day, fc.integer({ min: -20_000, max: 20_000 }), (from, days) => {
        expect(addDays(iso(from), days)).toBe(iso(from + days));
        expect(daysBetween(iso(from), iso(from + days))).toBe(days);
      }),
      { numRuns: 2_000 },
    );
  });
  it('validates calendar dates', () => {
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-1-1')).toBe(false);
  });

  describe('formatDate agrees with Intl in every zone, across offset changes', () => {
    const byIntl = (t: number, timeZone: string) => {
      const parts: Record<string, string> = {};
      const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      for (const p of f.formatToParts(t)) parts[p.type] = p.value;
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    };
    // Our markets' zones, half- and three-quarter-hour offsets, a 30-minute daylight saving, both hemispheres,
    // and Liberia's change of 1972 at 00:44:30 UTC (inside a quarter hour).
    const zones = ['UTC', 'America/Mexico_City', 'America/Tijuana', 'America/Cancun', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Sao_Paulo', 'Europe/London', 'Africa/Monrovia'];
    const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) });

    it('at any instant', () => {
      fc.assert(
        fc.property(instant, fc.constantFrom(...zones), (t, zone) => {
          expect(formatDate(t, { withTime: true, timeZone: zone })).toBe(byIntl(t, zone));
        }),
        { numRuns: 5000 },
      );
    });

    it('every second around daylight saving changes and the odd offset change of 1972', () => {
      const around = [
        ['America/Tijuana', '2026-03-08T10:00:00Z'],
        ['America/Tijuana', '2026-11-01T09:00:00Z'],
        ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
        ['Europe/London', '2026-10-25T01:00:00Z'],
        ['Africa/Monrovia', '1972-01-07T00:44:30Z'],
      ] as const;
      for (const [zone, at] of around) {
        const change = Date.parse(at);
        for (let t = change - 1_200_000; t <= change + 1_200_000; t += 1_000) {
          expect(formatDate(t, { withTime: true, timeZone: zone })).toBe(byIntl(t, zone));
        }
      }
    });

    it('keeps the milliseconds out (the second is not rounded up)', () => {
      expect(formatDate(Date.parse('2026-03-05T07:08:09.999Z'), { withTime: true, timeZone: 'Asia/Kolkata' })).toBe('2026-03-05 12:38:09');
    });
  });
});
