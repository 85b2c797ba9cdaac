import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, todayIn } from '@presta/contract/dates';
import { calendarDateIn, todayInZone } from './zoned-dates';

describe('zoned dates', () => {
  it('agree with the contract helpers in every zone we serve', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('America/Mexico_City', 'Asia/Kolkata', 'UTC', 'America/Tijuana', 'Pacific/Kiritimati'),
        (instant, zone) => {
          expect(calendarDateIn(zone, instant)).toBe(formatDate(instant, { timeZone: zone }));
          expect(todayInZone(zone, instant)).toBe(todayIn(zone, instant));
        },
      ),
    );
  });

  it('crosses midnight by zone', () => {
    const instant = new Date('2025-03-01T03:30:00Z');
    expect(calendarDateIn('UTC', instant)).toBe('2025-03-01');
    expect(calendarDateIn('America/Mexico_City', instant)).toBe('2025-02-28');
    expect(calendarDateIn('Asia/Kolkata', instant)).toBe('2025-03-01');
  });
});
