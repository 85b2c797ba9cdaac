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
  it('validates calendar dates', () => {
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-1-1')).toBe(false);
  });
});
