import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { addDays, todayIn } from '@presta/contract/dates';
import { formatMarketMoney } from '@presta/contract/markets';
import { borrowers, repaymentPlans, smsOutbox } from '../src/db/schema';
import type { Db } from '../src/db/database';
import { getLoanPosition, quoteExtension } from '../src/modules/ledger/ledger-position';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import type { ReminderHours } from '../src/modules/reminders/reminder-rules';
import { sendDueReminders } from '../src/modules/reminders/reminder-service';
import { createSmsProvider, type SmsProvider } from '../src/modules/sms/sms-provider';
import { connectTestDb } from './helpers';
import { makeLoan, ONE_DAY_FINE, ONE_INSTALMENT_TOTAL, type Status } from './repayment-fixtures';

/** The stand-in SMS gateway: records the outbox id of every message it is handed. */
const received: string[] = [];
const gateway = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(String(req.headers['idempotency-key']));
    res.end('{}');
  });
});
let db: Db;
let close: () => Promise<void>;
let sms: SmsProvider;

beforeAll(async () => {
  ({ db, close } = connectTestDb());
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  sms = createSmsProvider({ smsProvider: 'http', smsProviderUrl: url }, pino({ level: 'silent' }));
});
afterAll(async () => {
  await close();
  await new Promise<void>((r) => gateway.close(() => r()));
});

const MX = { timeZone: 'America/Mexico_City' } as const;
/** India: GST 18 % of the processing fee only (decision 014): 100 000 + 1 500 interest + 5 000 fee + 900 GST = 107 400 (issue 12: was 107 540 with 16 % on interest too). */
const IN = { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered', vatPpm: 180_000 } as const;
/** Any hour: these tests run at whatever time it is (the sending hours have their own test). */
const allDay: ReminderHours = { fromHour: 0, untilHour: 24, expiresHour: 24 };
const run = (opts: { now?: Date; hours?: ReminderHours } = {}) => sendDueReminders(db, { sms, brandName: 'Presta' }, { hours: allDay, ...opts });

/** A one-instalment loan (107 540 owed) due `dueIn` days from today in its product's time zone. */
async function loanDueIn(dueIn: number, opts: { product?: typeof MX | typeof IN; language?: 'es' | 'en'; status?: Status; periods?: number } = {}) {
  const loan = await makeLoan(db, { status: opts.status ?? '174', daysAgo: 15 - dueIn, product: opts.product ?? MX, periods: opts.periods });
  if (opts.language) await db.update(borrowers).set({ language: opts.language }).where(eq(borrowers.id, loan.borrower.id));
  const plan = await db.select().from(repaymentPlans).where(eq(repaymentPlans.orderId, Number(loan.orderId))).orderBy(asc(repaymentPlans.seq));
  return { ...loan, due: addDays(loan.today, dueIn), plan };
}
const textsTo = (phone: string) => db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(asc(smsOutbox.id));

describe('reminders', () => {
  it("3 days and 1 day before the due date and on the first overdue day: the borrower's language, the loan's currency, what is owed", async () => {
    const mxEs = await loanDueIn(3, { language: 'es' });
    const inEn = await loanDueIn(1, { product: IN, language: 'en' });
    const mxEnLate = await loanDueIn(-1, { language: 'en', status: '180' });
    const inEs = await loanDueIn(3, { product: IN, language: 'es' });
    const quiet = await Promise.all([2, 0, -2].map((d) => loanDueIn(d)));

    await run();

    const [a] = await textsTo(mxEs.borrower.phone);
    expect(a).toMatchObject({
      purpose: 'reminder_due_in_3_days',
      body: `Presta: su cuota de $1.075,40 vence el ${mxEs.due}, en 3 días. Pague a tiempo desde la app y evite cargos por atraso.`,
      dedupeKey: `reminder:${mxEs.plan[0]!.id}:due_in_3_days:${mxEs.due}`,
      status: 'sent',
    });
    const [b] = await textsTo(inEn.borrower.phone);
    expect(b).toMatchObject({
      purpose: 'reminder_due_tomorrow',
      body: `Presta: your instalment of ₹1,074.00 is due tomorrow, ${inEn.due}. Pay today in the app to avoid late charges.`,
      status: 'sent',
    });
    const [c] = await textsTo(mxEnLate.borrower.phone);
    expect(ONE_INSTALMENT_TOTAL + ONE_DAY_FINE).toBe(110_766);
    expect(c).toMatchObject({
      purpose: 'reminder_overdue',
      body: `Presta: your instalment was due yesterday, ${mxEnLate.due}. You now owe $1.107,66. Please pay as soon as possible in the app to stop late charges.`,
      status: 'sent',
    });
    const [d] = await textsTo(inEs.borrower.phone);
    expect(d!.body).toBe(`Presta: su cuota de ₹1,074.00 vence el ${inEs.due}, en 3 días. Pague a tiempo desde la app y evite cargos por atraso.`);
    for (const m of [a, b, c, d]) expect(received.filter((k) => k === `sms-${m!.id}`)).toHaveLength(1);
    for (const q of quiet) expect(await textsTo(q.borrower.phone)).toEqual([]);
  });

  it('at most once: runs again, and two at once, queue nothing new', async () => {
    const loan = await loanDueIn(1);
    await run();
    await Promise.all([run(), run()]);
    await run();
    const texts = await textsTo(loan.borrower.phone);
    expect(texts).toHaveLength(1);
    expect(received.filter((k) => k === `sms-${texts[0]!.id}`)).toHaveLength(1);
  });

  it('nothing for a paid instalment or a settled loan', async () => {
    const settled = await loanDueIn(3, { status: '200' });
    const paid = await loanDueIn(-1, { periods: 2 });
    const { position } = await getLoanPosition(db, Number(paid.orderId), paid.today);
    await applyPayment(db, { orderId: Number(paid.orderId), amount: position.amountDueNow, purpose: 'repayment', channel: 'demo', provider: 'test', providerEventId: randomUUID() });
    const after = await getLoanPosition(db, Number(paid.orderId), paid.today);
    expect(after.position.instalments.map((x) => x.paidOff)).toEqual([true, false]);
    expect(after.status).toBe('174');

    const counts = await run();
    expect(counts.paidOff).toBeGreaterThanOrEqual(1);
    expect(await textsTo(settled.borrower.phone)).toEqual([]);
    expect(await textsTo(paid.borrower.phone)).toEqual([]);
  });

  it('issue 12: the credit held pays the next instalment by itself — no reminder when it covers it, what it leaves otherwise', async () => {
    // 5 × 15 days (prepayment from day 38); instalment 1 was due 12 days ago, instalment 2 falls due in 3 days.
    const loanWithCredit = async (extra: number) => {
      const loan = await makeLoan(db, { status: '174', amount: 500_000, periods: 5, daysAgo: 27, product: MX });
      const dueDay = addDays(loan.today, -12);
      const { position } = await getLoanPosition(db, Number(loan.orderId), dueDay);
      await applyPayment(db, {
        orderId: Number(loan.orderId),
        amount: position.amountDueNow + extra,
        purpose: 'repayment',
        channel: 'demo',
        provider: 'test',
        providerEventId: randomUUID(),
        receivedAt: new Date(`${dueDay}T18:00:00.000Z`),
      });
      return { loan, second: position.instalments[1]!.totalOutstanding };
    };
    const covered = await loanWithCredit(200_000);
    const partly = await loanWithCredit(10_000);
    await run();
    expect(await textsTo(covered.loan.borrower.phone)).toEqual([]);
    const [text] = await textsTo(partly.loan.borrower.phone);
    expect(text!.body).toContain(`su cuota de ${formatMarketMoney(partly.second - 10_000, 'MX')} vence el ${addDays(partly.loan.today, 3)}`);
  });

  it('an extension moves the due date: the new due date gets its own reminders', async () => {
    const loan = await loanDueIn(3);
    await run();
    const quote = await quoteExtension(db, Number(loan.orderId), loan.today);
    await applyPayment(db, { orderId: Number(loan.orderId), amount: quote.amount, purpose: 'extension', channel: 'demo', provider: 'test', providerEventId: randomUUID() });
    const [moved] = await db.select().from(repaymentPlans).where(eq(repaymentPlans.orderId, Number(loan.orderId)));
    expect(moved!.dueDate).toBe(addDays(loan.due, 15));
    await run();
    expect(await textsTo(loan.borrower.phone)).toHaveLength(1);

    // 15 days on, the new due date is 3 days away.
    const later = new Date(Date.now() + 15 * 86_400_000);
    expect(todayIn(MX.timeZone, later)).toBe(addDays(loan.today, 15));
    await run({ now: later });
    const texts = await textsTo(loan.borrower.phone);
    expect(texts.map((t) => t.dedupeKey)).toEqual([
      `reminder:${moved!.id}:due_in_3_days:${loan.due}`,
      `reminder:${moved!.id}:due_in_3_days:${moved!.dueDate}`,
    ]);
    expect(texts[1]!.body).toContain(`vence el ${moved!.dueDate}`);
  });

  it('sending hours: none before 10:00 or from 20:00 local; at 10:00 the texts go, to be dropped if not delivered by 21:00', async () => {
    const loan = await loanDueIn(3);
    const at = (time: string) => new Date(`${loan.today}T${time}-06:00`); // Mexico City: UTC−6 all year
    await sendDueReminders(db, { sms, brandName: 'Presta' }, { now: at('09:59:00') });
    await sendDueReminders(db, { sms, brandName: 'Presta' }, { now: at('20:00:00') });
    expect(await textsTo(loan.borrower.phone)).toEqual([]);
    await sendDueReminders(db, { sms, brandName: 'Presta' }, { now: at('10:00:00') });
    const [text] = await textsTo(loan.borrower.phone);
    expect(text!.purpose).toBe('reminder_due_in_3_days');
    expect(text!.expiresAt).toEqual(at('21:00:00'));
  });
});
