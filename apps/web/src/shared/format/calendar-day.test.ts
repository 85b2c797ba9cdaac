import { describe, expect, it } from 'vitest';
import { monthNames, readableDay, readableMonth } from './calendar-day';

describe('readableDay', () => {
  it('writes the day in the language, never moved by a time zone', () => {
    expect(readableDay('2027-03-01', 'es')).toBe('1 de marzo de 2027');
    expect(readableDay('2027-03-01', 'en')).toBe('March 1, 2027');
    expect(readableDay('2026-12-31', 'en')).toBe('December 31, 2026');
  });

  it('leaves a text that is not a day as it is', () => {
    expect(readableDay('soon', 'en')).toBe('soon');
  });
});

describe('monthNames', () => {
  it('names the twelve months, January first', () => {
    expect(monthNames('es')).toHaveLength(12);
    expect(monthNames('es')[0]).toBe('enero');
    expect(monthNames('en')[11]).toBe('December');
  });
});

describe('readableMonth', () => {
  it('writes a month and its year in the language', () => {
    expect(readableMonth('2019-03', 'es')).toBe('marzo de 2019');
    expect(readableMonth('2019-03', 'en')).toBe('March 2019');
    expect(readableMonth('2019-', 'en')).toBe('2019-');
  });
});
