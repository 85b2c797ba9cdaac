import { describe, expect, it } from 'vitest';
import { inReminderHours, localClock, reminderDedupeKey, reminderDueDates, reminderExpiry, reminderText } from './reminder-rules';

describe('reminder rules', () => {
  it('on a day: instalments due in 3 days, tomorrow, and yesterday (the first overdue day)', () => {
    expect(reminderDueDates('2025-02-27')).toEqual([
      { kind: 'due_in_3_days', dueDate: '2025-03-02' },
      { kind: 'due_tomorrow', dueDate: '2025-02-28' },
      { kind: 'overdue', dueDate: '2025-02-26' },
    ]);
  });

  it('one key per instalment, kind and due date', () => {
    expect(reminderDedupeKey(42, 'due_tomorrow', '2025-03-01')).toBe('reminder:42:due_tomorrow:2025-03-01');
  });

  it("the local day and hour are the product's time zone's", () => {
    const now = new Date('2025-03-01T04:30:00Z');
    expect(localClock(now, 'America/Mexico_City')).toEqual({ today: '2025-02-28', minuteOfDay: 22 * 60 + 30 });
    expect(localClock(now, 'Asia/Kolkata')).toEqual({ today: '2025-03-01', minuteOfDay: 10 * 60 });
    expect([9 * 60 + 59, 10 * 60, 19 * 60 + 59, 20 * 60].map((m) => inReminderHours(m))).toEqual([false, true, true, false]);
    expect(reminderExpiry(now, 10 * 60)).toEqual(new Date('2025-03-01T15:30:00Z')); // 21:00 in Kolkata
  });

  it("the amount in the loan's currency whatever the language; Spanish in usted", () => {
    const input = { brand: 'Presta', amount: 107_540, dueDate: '2025-03-02' };
    expect(reminderText('en', 'due_in_3_days', { ...input, market: 'MX' })).toBe(
      'Presta: your instalment of $1.075,40 is due on 2025-03-02, in 3 days. Pay on time in the app to avoid late charges.',
    );
    expect(reminderText('es', 'overdue', { ...input, market: 'IN' })).toBe(
      'Presta: su cuota venció ayer, 2025-03-02. Hoy debe ₹1,075.40. Pague cuanto antes desde la app para detener los cargos por atraso.',
    );
  });
});
