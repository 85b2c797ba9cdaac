import { repayableStatuses } from '@presta/contract/order-status';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CalendarDate } from '@presta/contract/dates';
import type { MarketCode } from '@presta/contract/markets';
import type { Db } from '../../db/database';
import { borrowers, orders, products, repaymentPlans } from '../../db/schema';
import { getLoanPosition } from '../ledger/ledger-position';
import { deliverQueuedSms } from '../sms/sms-delivery';
import type { SmsProvider } from '../sms/sms-provider';
import { outboxSmsSender, usedDedupeKeys } from '../sms/sms-sender';
import {
  inReminderHours,
  localClock,
  REMINDER_HOURS,
  reminderDedupeKey,
  reminderDueDates,
  reminderExpiry,
  reminderPurpose,
  reminderText,
  type ReminderHours,
  type ReminderKind,
} from './reminder-rules';

/*
 * Reminder texts before and after an instalment falls due (docs/scheduled-work.md
 * "Reminders"): for every disbursed loan (174, 180) of a time zone whose local
 * clock is in the sending hours, the instalments due in 3 days, tomorrow, or
 * yesterday that are not paid off get their text, in the borrower's language,
 * with what the ledger says is outstanding on the instalment today. Each is
 * queued with a dedupe key (instalment, kind, due date), so it goes at most
 * once however often and wherever this runs, then delivered at once.
 */

export type ReminderRunCounts = {
  /** Time zones whose local clock was in the sending hours. */
  timeZones: number;
  /** Instalments due on a reminder day without a reminder yet. */
  candidates: number;
  /** Paid off meanwhile: no text. */
  paidOff: number;
  queued: number;
  sent: number;
  failed: number;
  expired: number;
  /** Loans whose position could not be read (logged by order id). */
  errors: number;
};

type Candidate = {
  instalmentId: number;
  orderId: number;
  dueDate: CalendarDate;
  phone: string;
  language: 'es' | 'en';
  market: MarketCode;
  kind: ReminderKind;
};

async function candidatesIn(db: Db, timeZone: string, today: CalendarDate): Promise<Candidate[]> {
  const days = reminderDueDates(today);
  const rows = await db
    .select({
      instalmentId: repaymentPlans.id,
      orderId: repaymentPlans.orderId,
      dueDate: repaymentPlans.dueDate,
      phone: borrowers.phone,
      language: borrowers.language,
      market: products.market,
    })
    .from(repaymentPlans)
    .innerJoin(orders, eq(orders.id, repaymentPlans.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
    .where(
      and(
        inArray(orders.status, repayableStatuses),
        eq(products.timeZone, timeZone),
        inArray(
          repaymentPlans.dueDate,
          days.map((d) => d.dueDate),
        ),
      ),
    );
  const kindOf = new Map(days.map((d) => [d.dueDate, d.kind]));
  return rows.map((r) => ({ ...r, kind: kindOf.get(r.dueDate)! }));
}

/**
 * Queues and sends the reminders due at `now` (default: the current time).
 * `hours` overrides the sending hours (tests); `signal` stops between loans.
 */
export async function sendDueReminders(
  db: Db,
  deps: { sms: SmsProvider; brandName: string; log?: FastifyBaseLogger },
  opts: { now?: Date; hours?: ReminderHours; signal?: AbortSignal } = {},
): Promise<ReminderRunCounts> {
  const now = opts.now ?? new Date();
  const hours = opts.hours ?? REMINDER_HOURS;
  const counts: ReminderRunCounts = { timeZones: 0, candidates: 0, paidOff: 0, queued: 0, sent: 0, failed: 0, expired: 0, errors: 0 };
  const zones = await db.selectDistinct({ timeZone: products.timeZone }).from(products);
  const queued: number[] = [];

  for (const { timeZone } of zones) {
    const clock = localClock(now, timeZone);
    if (!inReminderHours(clock.minuteOfDay, hours)) continue;
    counts.timeZones++;
    const all = await candidatesIn(db, timeZone, clock.today);
    const used = await usedDedupeKeys(
      db,
      all.map((c) => reminderDedupeKey(c.instalmentId, c.kind, c.dueDate)),
    );
    const todo = all.filter((c) => !used.has(reminderDedupeKey(c.instalmentId, c.kind, c.dueDate)));
    counts.candidates += todo.length;
    const expiresAt = reminderExpiry(now, clock.minuteOfDay, hours);

    for (const orderId of new Set(todo.map((c) => c.orderId))) {
      if (opts.signal?.aborted) break;
      try {
        const { position } = await getLoanPosition(db, orderId, clock.today);
        for (const c of todo.filter((x) => x.orderId === orderId)) {
          const instalment = position.instalments.find((x) => x.id === c.instalmentId);
          // Paid off, or the borrower's credit will pay it by itself when it falls due: nothing to remind of.
          if (!instalment || instalment.paidOff || instalment.dueAfterCredit === 0) {
            counts.paidOff++;
            continue;
          }
          const id = await outboxSmsSender.send(db, {
            phone: c.phone,
            purpose: reminderPurpose(c.kind),
            body: reminderText(c.language, c.kind, { brand: deps.brandName, amount: instalment.dueAfterCredit, market: c.market, dueDate: c.dueDate }),
            expiresAt,
            dedupeKey: reminderDedupeKey(c.instalmentId, c.kind, c.dueDate),
          });
          if (id !== undefined) queued.push(id);
        }
      } catch (err) {
        counts.errors++;
        deps.log?.error({ err, orderId }, 'reminders: the loan position could not be read');
      }
    }
  }

  counts.queued = queued.length;
  const delivered = await deliverQueuedSms(db, deps.sms, queued, deps.log);
  return { ...counts, ...delivered };
}
