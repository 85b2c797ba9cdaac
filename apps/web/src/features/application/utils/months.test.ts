import { describe, expect, it } from 'vitest';
import { firstYearOf, joinMonth, monthHint, sentMonth, splitMonth } from './months';

describe('the month picker’s value', () => {
  it('keeps a half-chosen month and sends only a whole one', () => {
    expect(joinMonth('2019', '')).toBe('2019-');
    expect(joinMonth('', '03')).toBe('-03');
    expect(joinMonth('', '')).toBe('');
    expect(splitMonth('-03')).toEqual({ year: '', month: '03' });
    expect(splitMonth('')).toEqual({ year: '', month: '' });
    expect(sentMonth('2019-')).toBe('');
    expect(sentMonth('2019-03')).toBe('2019-03');
    expect(sentMonth('2019-13')).toBe('');
  });

  it('starts the years at the birth year, or a hundred years back before it is known', () => {
    expect(firstYearOf('1992-03-08', '2026-11-30')).toBe(1992);
    expect(firstYearOf('', '2026-11-30')).toBe(1926);
  });
});

describe('monthHint (as the server checks at final=1)', () => {
  const today = '2026-11-30';
  it('asks for both halves', () => {
    expect(monthHint('', today)?.key).toBe('required');
    expect(monthHint('2019-', today)?.key).toBe('monthIncomplete');
    expect(monthHint('-03', today)?.key).toBe('monthIncomplete');
  });

  it('refuses a month to come; this month is fine', () => {
    expect(monthHint('2026-12', today)?.key).toBe('monthInFuture');
    expect(monthHint('2026-11', today)).toBeUndefined();
  });

  it('refuses a month before the birth; the month of birth is fine', () => {
    expect(monthHint('1992-02', today, '1992-03-08')?.key).toBe('monthBeforeBirth');
    expect(monthHint('1992-03', today, '1992-03-08')).toBeUndefined();
    expect(monthHint('1950-01', today, '')).toBeUndefined();
  });
});
