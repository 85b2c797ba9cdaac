import { describe, expect, it } from 'vitest';
import { ageOn, isCalendarDate, normalizeIdentityNumber, normalizeName } from './normalize';

describe('identity normalisation', () => {
  it('reads numbers in capitals without spaces or dashes', () => {
    expect(normalizeIdentityNumber(' hegg-560427 mvzrrl04 ')).toBe('HEGG560427MVZRRL04');
    expect(normalizeIdentityNumber('ñ')).toBe('Ñ');
  });

  it('knows calendar dates', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-04-31')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-1-01')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('counts whole years, one day before and on the birthday', () => {
    expect(ageOn('2000-06-15', '2018-06-14')).toBe(17);
    expect(ageOn('2000-06-15', '2018-06-15')).toBe(18);
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
  });

  it('reads names without accents, keeping Ñ and the special characters the registries keep', () => {
    expect(normalizeName('  José   Ñúñez d\'Ávila ')).toBe("JOSE ÑUÑEZ D'AVILA");
    expect(normalizeName('Gómez-Díaz')).toBe('GOMEZ-DIAZ');
  });
});
