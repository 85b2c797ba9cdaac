import { addDays, formatDate, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import { formatMarketMoney, type MarketCode } from '@presta/contract/markets';
import type { Language } from '@presta/contract/language';
import { translate, type MessageKey } from '../../i18n/messages';
import type { SmsPurpose } from '../sms/sms-sender';

/*
 * Which reminder an instalment gets on a local day, and its text
 * (docs/scheduled-work.md "Reminders"). Pure: no database, no clock.
 */

/** 3 days before the due date, the day before, and the first overdue day (the day after). */
export type ReminderKind = 'due_in_3_days' | 'due_tomorrow' | 'overdue';

/** Days from the due date to the reminder's day, per kind. */
const offsetDays: Record<ReminderKind, number> = { due_in_3_days: -3, due_tomorrow: -1, overdue: 1 };

const purposes: Record<ReminderKind, SmsPurpose> = {
  due_in_3_days: 'reminder_due_in_3_days',
  due_tomorrow: 'reminder_due_tomorrow',
  overdue: 'reminder_overdue',
};

const messages: Record<ReminderKind, MessageKey> = {
  due_in_3_days: 'reminderDueIn3Days',
  due_tomorrow: 'reminderDueTomorrow',
  overdue: 'reminderOverdue',
};

/**
 * The civil hours of the product's time zone in which reminders are queued:
 * from 10:00 until 20:00 (the first run at or after 10:00 sends the day's
 * reminders; later runs catch up on what a stopped process missed). A text
 * not delivered by `expiresHour` (21:00) is dropped rather than sent at night.
 */
export type ReminderHours = { fromHour: number; untilHour: number; expiresHour: number };
export const REMINDER_HOURS: ReminderHours = { fromHour: 10, untilHour: 20, expiresHour: 21 };

/** The due dates whose instalments get a reminder on `today`, with the kind. */
export function reminderDueDates(today: CalendarDate): { kind: ReminderKind; dueDate: CalendarDate }[] {
  return (Object.keys(offsetDays) as ReminderKind[]).map((kind) => ({ kind, dueDate: addDays(today, -offsetDays[kind]) }));
}

/** At most one reminder of a kind per instalment and due date: an extension's new due date gets its own. */
export function reminderDedupeKey(instalmentId: number, kind: ReminderKind, dueDate: CalendarDate): string {
  return `reminder:${instalmentId}:${kind}:${dueDate}`;
}

export const reminderPurpose = (kind: ReminderKind): SmsPurpose => purposes[kind];

/** The local calendar day and the minutes since local midnight of `now` in a time zone. */
export function localClock(now: Date, timeZone: string): { today: CalendarDate; minuteOfDay: number } {
  const [day, time] = formatDate(now, { withTime: true, timeZone }).split(' ') as [CalendarDate, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return { today: day, minuteOfDay: h * 60 + m };
}

export function inReminderHours(minuteOfDay: number, hours: ReminderHours = REMINDER_HOURS): boolean {
  return minuteOfDay >= hours.fromHour * 60 && minuteOfDay < hours.untilHour * 60;
}

/** When a reminder queued at `now` (local minute `minuteOfDay`) stops being worth sending: today at expiresHour, local. */
export function reminderExpiry(now: Date, minuteOfDay: number, hours: ReminderHours = REMINDER_HOURS): Date {
  const start = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(start + (hours.expiresHour * 60 - minuteOfDay) * 60_000);
}

export function reminderText(
  lang: Language,
  kind: ReminderKind,
  input: { brand: string; amount: Minor; market: MarketCode; dueDate: CalendarDate },
): string {
  return translate(lang, messages[kind], {
    brand: input.brand,
    // The loan's market's currency, whatever the borrower's language (markets.ts).
    amount: formatMarketMoney(input.amount, input.market),
    date: input.dueDate,
  });
}
