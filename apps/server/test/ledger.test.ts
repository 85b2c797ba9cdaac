import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { addDays, formatDate, todayIn } from '@presta/contract/dates';
import type { Db } from '../src/db/database';
import {
  ledgerAllocations,
  ledgerExtensions,
  ledgerLateCharges,
  ledgerPayments,
  orders,
  orderStatusHistory,
  products,
  repaymentPlans,
} from '../src/db/schema';
import { translate } from '../src/i18n/messages';
import { AppError } from '../src/lib/app-error';
import { makeOrderInStatus } from '../src/modules/demo/demo-orders';
import { getLoanPosition, quoteExtension } from '../src/modules/ledger/ledger-position';
import { applyPayment, middayOf, type ApplyPaymentApplied, type ApplyPaymentInput } from '../src/modules/ledger/ledger-service';
import { positionAsOf } from '../src/modules/ledger/ledger-math/position';
import { applyPaymentEvent, replayPayments, settleCreditThrough } from '../src/modules/ledger/ledger-math/replay';
import { defaultPenaltyFor } from '../src/modules/ledger/ledger-math/rules';
import { initialState } from '../src/modules/ledger/ledger-math/state';
import { createOrder, refreshOverdue, transitionOrder } from '../src/modules/orders/order-service';
import { borrowerWithOffer, connectTestDb, createBorrower, offerProduct } from './helpers';

let db: Db;
let close: () => Promise<void>;

beforeAll(() => {
  ({ db, close } = connectTestDb());
});
afterAll(async () => {
  await close();
});

/** The Indian product's shape (helpers.seedProduct is Mexican): GST 18 % of the processing fee (decision 014). */
const inProduct = {
  market: 'IN' as const,
  vatPpm: 180_000,
  currency: 'INR' as const,
  timeZone: 'Asia/Kolkata',
  amountMin: 500_000,
  amountMax: 10_000_000,
  amountStep: 100_000,
  periodsMax: 4,
  termUnitDays: 91,
  commissionPpm: 30_000,
  lateRule: 'in_tiered' as const,
};

type LoanOpts = {
  amount?: number;
  periods?: number;
  /** Disbursed this many days before today (product time zone). */
  daysAgo: number;
  product?: Partial<typeof products.$inferInsert>;
  borrowerId?: number;
  productId?: number;
};

/** An order approved and disbursed `daysAgo` days ago (plan re-dated from then). */
async function disbursedLoan(opts: LoanOpts) {
  let borrowerId = opts.borrowerId;
  let productId = opts.productId;
  if (borrowerId === undefined || productId === undefined) {
    const made = await borrowerWithOffer(db, { limit: 2_000_000, product: opts.product });
    borrowerId = made.borrower.id;
    productId = made.product.id;
  }
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const created = await createOrder(db, {
    borrowerId,
    productId,
    amount: opts.amount ?? 100_000,
    periods: opts.periods ?? 1,
    termUnit: product!.termUnitDays,
  });
  await transitionOrder(db, { orderId: created.orderId, action: 'approve', actor: 'operator' });
  const today = todayIn(product!.timeZone);
  const disbursedOn = addDays(today, -opts.daysAgo);
  await transitionOrder(db, { orderId: created.orderId, action: 'disburse', actor: 'operator', disbursedOn });
  return { ...created, borrowerId, product: product!, today, disbursedOn };
}

let eventSeq = 0;
const eventId = () => `evt-${process.pid}-${Date.now()}-${++eventSeq}`;

function payment(orderId: number, amount: number, extra: Partial<ApplyPaymentInput> = {}): ApplyPaymentInput {
  return { orderId, amount, purpose: 'repayment', channel: 'spei', provider: 'test-psp', providerEventId: eventId(), ...extra };
}

async function applied(input: ApplyPaymentInput): Promise<ApplyPaymentApplied> {
  const r = await applyPayment(db, input);
  if (!r.applied) throw new Error('expected the payment to be applied');
  return r;
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, code: err.code, message: translate('en', err.messageKey, err.vars) };
    throw err;
  }
  throw new Error('expected a refusal');
}

const statusOf = async (id: number) => (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const planOf = (id: number) => db.select().from(repaymentPlans).where(eq(repaymentPlans.orderId, id)).orderBy(asc(repaymentPlans.seq));
async function ledgerCounts(orderId: number) {
  const n = async (t: typeof ledgerPayments | typeof ledgerAllocations | typeof ledgerLateCharges | typeof ledgerExtensions) =>
    (await db.select({ n: count() }).from(t).where(eq(t.orderId, orderId)))[0]!.n;
  return {
    payments: await n(ledgerPayments),
    allocations: await n(ledgerAllocations),
    charges: await n(ledgerLateCharges),
    extensions: await n(ledgerExtensions),
  };
}
async function sums(orderId: number) {
  const [p] = await db.select({ s: sql<string>`coalesce(sum(${ledgerPayments.amount}), 0)` }).from(ledgerPayments).where(eq(ledgerPayments.orderId, orderId));
  // The allocations of payments (credit events allocate the credit those payments left: issue 12).
  const [a] = await db
    .select({ s: sql<string>`coalesce(sum(${ledgerAllocations.amount}), 0)` })
    .from(ledgerAllocations)
    .where(and(eq(ledgerAllocations.orderId, orderId), isNotNull(ledgerAllocations.paymentId)));
  return { payments: Number(p!.s), allocations: Number(a!.s) };
}

// 100 000 over 1 × 15 days at the test product's 0,10 %/day: 1 500 interest, 5 000 commission, 1 040 VAT → 107 540.
const ONE_INSTALMENT_TOTAL = 107_540;

describe('applyPayment: recorded once', () => {
  it('the same provider event delivered twice changes the ledger once', async () => {
    const loan = await disbursedLoan({ daysAgo: 18 }); // due 3 days ago
    const input = payment(loan.orderId, 10_000);
    const first = await applied(input);
    const before = await ledgerCounts(loan.orderId);
    const positionBefore = (await getLoanPosition(db, loan.orderId)).position;
    const again = await applyPayment(db, input);
    expect(again).toEqual({ applied: false, duplicate: true, paymentId: first.paymentId, orderId: loan.orderId });
    expect(await ledgerCounts(loan.orderId)).toEqual(before);
    expect((await getLoanPosition(db, loan.orderId)).position).toEqual(positionBefore);
    expect(before).toMatchObject({ payments: 1, charges: 1 });
  });

  it('two (five) deliveries of the same event at once: applied exactly once', async () => {
    const loan = await disbursedLoan({ daysAgo: 18 });
    const input = payment(loan.orderId, 50_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => applyPayment(db, input)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(results.filter((r) => !r.applied && r.duplicate)).toHaveLength(4);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(await sums(loan.orderId)).toEqual({ payments: 50_000, allocations: 50_000 });
    expect((await ledgerCounts(loan.orderId)).payments).toBe(1);
  });

  it('50 distinct payments at once on one order: no lost update, the ledger adds up and equals the pure replay', async () => {
    const loan = await disbursedLoan({ amount: 300_000, periods: 3, daysAgo: 40 }); // window open (day 23), two instalments late
    const amounts = Array.from({ length: 50 }, (_, i) => 1_000 + i * 397);
    const results = await Promise.all(amounts.map((a) => applyPayment(db, payment(loan.orderId, a))));
    expect(results.every((r) => r.applied)).toBe(true);
    const total = amounts.reduce((a, b) => a + b, 0);
    expect(await sums(loan.orderId)).toEqual({ payments: total, allocations: total });
    // every payment's allocations add up to it
    const perPayment = await db.execute(sql`
      select p.id, p.amount, coalesce(sum(a.amount), 0)::bigint as allocated
      from ledger_payments p left join ledger_allocations a on a.payment_id = p.id
      where p.order_id = ${loan.orderId} group by p.id, p.amount having p.amount <> coalesce(sum(a.amount), 0)`);
    expect(perPayment).toHaveLength(0);
    const { position } = await getLoanPosition(db, loan.orderId);
    expect(position.totals.paidTotal + position.credit).toBe(total);
    expect(position.totals.paidTotal).toBe(Math.min(total, position.totals.owedTotal));

    // The stored ledger is the pure replay of the payments in the order they were applied.
    const plan = await planOf(loan.orderId);
    const rows = await db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, loan.orderId)).orderBy(asc(ledgerPayments.id));
    const s0 = initialState(
      {
        disbursedOn: loan.disbursedOn,
        periods: 3,
        termUnitDays: 15,
        dailyRatePpm: 1_000,
        tax: { ratePpm: 160_000, base: ['interest', 'commission', 'extension_fee'] },
        lateRule: 'mx_daily_fine',
        defaultPenalty: defaultPenaltyFor('mx_daily_fine', false),
        extensionEnabled: true,
      },
      plan,
    );
    const replay = replayPayments(s0, rows.map((r) => ({ amount: r.amount, purpose: r.purpose, date: r.valueDate })));
    expect(positionAsOf(replay.state, loan.today)).toEqual(position);
  });
});

describe('applyPayment against the pure replay (fast-check)', () => {
  it('random loans and payment sequences, each delivered 1–3 times, some at once: the ledger is the replay of the distinct payments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          market: fc.constantFrom('MX', 'IN'),
          periods: fc.integer({ min: 1, max: 3 }),
          steps: fc.integer({ min: 0, max: 10 }),
          daysAgo: fc.integer({ min: 0, max: 120 }),
          batches: fc.array(
            fc.array(
              fc.record({
                advance: fc.integer({ min: 0, max: 30 }),
                amount: fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 1_500_000 })),
                purpose: fc.constantFrom<'repayment' | 'extension'>('repayment', 'repayment', 'extension'),
                copies: fc.integer({ min: 1, max: 3 }),
              }),
              { minLength: 1, maxLength: 3 },
            ),
            { maxLength: 5 },
          ),
        }),
        async ({ market, periods, steps, daysAgo, batches }) => {
          const isIn = market === 'IN';
          const loan = await disbursedLoan({
            amount: isIn ? 500_000 + steps * 100_000 : 100_000 + steps * 50_000,
            periods,
            daysAgo,
            product: isIn ? inProduct : {},
          });
          const tz = loan.product.timeZone;
          let day = loan.disbursedOn;
          for (const batch of batches) {
            const deliveries = batch.flatMap((e) => {
              day = addDays(day, e.advance) > loan.today ? loan.today : addDays(day, e.advance);
              const input = payment(loan.orderId, e.amount, { purpose: e.purpose, receivedAt: middayOf(day) });
              return Array.from({ length: e.copies }, () => input);
            });
            const results = await Promise.all(deliveries.map((d) => applyPayment(db, d)));
            expect(results.filter((r) => r.applied)).toHaveLength(batch.length);
          }
          const rows = await db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, loan.orderId)).orderBy(asc(ledgerPayments.id));
          expect(rows).toHaveLength(batches.flat().length);
          const total = rows.reduce((acc, r) => acc + r.amount, 0);
          expect(await sums(loan.orderId)).toEqual({ payments: total, allocations: total });

          // the pure replay from the ORIGINAL plan, payments in the order they were applied, their received day
          const [order] = await db.select().from(orders).where(eq(orders.id, loan.orderId));
          const s0 = initialState(
            {
              disbursedOn: loan.disbursedOn,
              periods,
              termUnitDays: loan.product.termUnitDays,
              dailyRatePpm: order!.dailyRatePpm,
              tax: { ratePpm: order!.vatPpm, base: order!.taxBase },
              lateRule: loan.product.lateRule,
              defaultPenalty: defaultPenaltyFor(loan.product.lateRule, false),
              extensionEnabled: loan.product.extensionEnabled,
            },
            (await planOf(loan.orderId)).map((p, i) => ({ ...p, dueDate: addDays(loan.disbursedOn, (i + 1) * loan.product.termUnitDays) })),
          );
          // Each payment, then (issue 12) the credit applications it leaves due through today, crystallised with it.
          let replayed = s0;
          const valueDates: string[] = [];
          const extended: boolean[] = [];
          for (const r of rows) {
            const one = applyPaymentEvent(replayed, { amount: r.amount, purpose: r.purpose, date: formatDate(r.receivedAt, { timeZone: tz }) });
            valueDates.push(one.applied.valueDate);
            extended.push(one.applied.extension !== undefined);
            replayed = settleCreditThrough(one.state, loan.today)?.state ?? one.state;
          }
          expect(valueDates).toEqual(rows.map((r) => r.valueDate));
          expect(extended).toEqual(rows.map((r) => r.extended));
          const { position } = await getLoanPosition(db, loan.orderId);
          expect(position).toEqual(positionAsOf(replayed, loan.today));
          // no balance negative; the order reads 200 exactly when nothing is owed
          for (const x of position.instalments) for (const v of Object.values(x.outstanding)) expect(v).toBeGreaterThanOrEqual(0);
          await refreshOverdue(db, { orderId: loan.orderId });
          expect(await statusOf(loan.orderId)).toBe(position.expectedStatus);
          expect((await statusOf(loan.orderId)) === '200').toBe(position.totals.outstandingTotal === 0);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('applyPayment: balances and status', () => {
  it('a partial payment 3 days late pays the fine first and leaves the right balance (174 → 180)', async () => {
    const loan = await disbursedLoan({ daysAgo: 18 });
    expect(await statusOf(loan.orderId)).toBe('174'); // nobody has looked since it fell due
    const r = await applied(payment(loan.orderId, 10_000));
    // 3 days × HALF_UP(107 540 × 3 %) = 3 × 3 226 = 9 678
    expect(r.charges).toMatchObject([{ kind: 'late_fee', days: 3, base: ONE_INSTALMENT_TOTAL, ratePpm: 30_000, amount: 9_678 }]);
    expect(r.allocations.map((a) => [a.component, a.amount])).toEqual([
      ['late_fee', 9_678],
      ['commission', 322],
    ]);
    expect(r.position.totals.outstandingTotal).toBe(ONE_INSTALMENT_TOTAL + 9_678 - 10_000);
    expect(r.position.daysLate).toBe(3);
    expect(r).toMatchObject({ statusFrom: '174', statusTo: '180', credited: 0 });
    expect(await statusOf(loan.orderId)).toBe('180');
    // the next day one more day of fine on the reduced base: HALF_UP((107 540 − 322) × 3 %) = 3 217
    const tomorrow = (await getLoanPosition(db, loan.orderId, addDays(loan.today, 1))).position;
    expect(tomorrow.totals.outstanding.late_fee).toBe(3_217);
  });

  it('an overpayment settles the loan (180 → 200) and is recorded as credit', async () => {
    const loan = await disbursedLoan({ daysAgo: 18 });
    await refreshOverdue(db, { orderId: loan.orderId });
    expect(await statusOf(loan.orderId)).toBe('180');
    const owed = (await getLoanPosition(db, loan.orderId)).position.payableNow;
    expect(owed).toBe(ONE_INSTALMENT_TOTAL + 9_678);
    const r = await applied(payment(loan.orderId, owed + 5_000));
    expect(r).toMatchObject({ statusFrom: '180', statusTo: '200', credited: 5_000 });
    expect(r.allocations.at(-1)).toMatchObject({ instalmentId: null, component: 'overpayment', amount: 5_000 });
    expect(r.position).toMatchObject({ expectedStatus: '200', credit: 5_000 });
    expect(r.position.totals.outstandingTotal).toBe(0);
    expect(await statusOf(loan.orderId)).toBe('200');
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, loan.orderId)).orderBy(asc(orderStatusHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: '180', toStatus: '200', actor: 'system' });
    // a later payment on the settled loan is credit too
    const later = await applied(payment(loan.orderId, 700));
    expect(later).toMatchObject({ statusFrom: '200', statusTo: '200', credited: 700, transitions: [] });
    expect((await getLoanPosition(db, loan.orderId)).position.credit).toBe(5_700);
  });

  it('paying what is due cures 180 → 174; refreshOverdue then looks at the earliest UNPAID instalment; early money is credit', async () => {
    const loan = await disbursedLoan({ amount: 300_000, periods: 3, daysAgo: 20 }); // due −5, +10, +25; window from day 23
    await refreshOverdue(db, { orderId: loan.orderId });
    expect(await statusOf(loan.orderId)).toBe('180');
    const before = (await getLoanPosition(db, loan.orderId)).position;
    expect(before).toMatchObject({ prepaymentAllowed: false, nextDueDate: addDays(loan.today, -5), daysLate: 5 });
    const r = await applied(payment(loan.orderId, before.amountDueNow));
    expect(r).toMatchObject({ statusFrom: '180', statusTo: '174', credited: 0 });
    expect(r.transitions).toMatchObject([{ action: 'cure', from: '180', to: '174' }]);
    expect(await refreshOverdue(db, { orderId: loan.orderId })).toEqual([]);
    expect(await statusOf(loan.orderId)).toBe('174');
    // before the prepayment window the rest cannot be prepaid: recorded as credit, nothing allocated
    const early = await applied(payment(loan.orderId, 50_000));
    expect(early.allocations).toEqual([{ instalmentId: null, seq: null, component: 'overpayment', amount: 50_000 }]);
    expect(early.position).toMatchObject({ nextDueDate: addDays(loan.today, 10), credit: 50_000, expectedStatus: '174' });
  });

  it('refreshOverdue: instalment 1 paid on its due date keeps the order in 174 after that date', async () => {
    const loan = await disbursedLoan({ amount: 200_000, periods: 2, daysAgo: 16 }); // due yesterday and in 14 days
    const dueDay = addDays(loan.today, -1);
    const { position } = await getLoanPosition(db, loan.orderId, dueDay);
    const r = await applied(payment(loan.orderId, position.amountDueNow, { receivedAt: middayOf(dueDay) }));
    expect(r.valueDate).toBe(dueDay);
    expect(r.charges).toEqual([]);
    expect(r).toMatchObject({ statusFrom: '174', statusTo: '174' });
    expect(await refreshOverdue(db, { orderId: loan.orderId })).toEqual([]);
    expect(await statusOf(loan.orderId)).toBe('174');
    // the sweep of every order agrees
    expect((await refreshOverdue(db)).map((m) => m.orderId)).not.toContain(loan.orderId);
  });

  it('settles in full inside the prepayment window (174 → 200)', async () => {
    const loan = await disbursedLoan({ amount: 300_000, periods: 3, daysAgo: 30 }); // due −15, today, +15; window open
    await refreshOverdue(db, { orderId: loan.orderId });
    const { position } = await getLoanPosition(db, loan.orderId);
    expect(position.prepaymentAllowed).toBe(true);
    expect(position.payableNow).toBe(position.totals.outstandingTotal);
    const r = await applied(payment(loan.orderId, position.payableNow));
    expect(r).toMatchObject({ statusFrom: '180', statusTo: '200', credited: 0 });
    expect(await statusOf(loan.orderId)).toBe('200');
  });
});

describe('extension', () => {
  it('paying the extension amount late moves the due date, records the extension and cures 180 → 174', async () => {
    const loan = await disbursedLoan({ daysAgo: 18 });
    await refreshOverdue(db, { orderId: loan.orderId });
    const quote = await quoteExtension(db, loan.orderId);
    // late 3 days: fine 9 678 + interest 1 500 + its VAT 240 + fee 1 500 + fee VAT 240
    expect(quote).toMatchObject({ available: true, amount: 13_158, shiftDays: 18, fromDueDate: addDays(loan.today, -3), toDueDate: addDays(loan.today, 15) });
    const r = await applied(payment(loan.orderId, quote.amount, { purpose: 'extension' }));
    expect(r).toMatchObject({ extended: true, statusFrom: '180', statusTo: '174' });
    expect((await planOf(loan.orderId))[0]!.dueDate).toBe(addDays(loan.today, 15));
    const [ext] = await db.select().from(ledgerExtensions).where(eq(ledgerExtensions.orderId, loan.orderId));
    expect(ext).toMatchObject({ paymentId: r.paymentId, shiftDays: 18, lateCharges: 9_678, dueInterest: 1_500, dueInterestVat: 240, fee: 1_500, feeVat: 240 });
    const [p] = await db.select().from(ledgerPayments).where(eq(ledgerPayments.id, r.paymentId));
    expect(p).toMatchObject({ purpose: 'extension', extended: true });
    const after = (await getLoanPosition(db, loan.orderId)).position;
    expect(after).toMatchObject({ overdue: false, expectedStatus: '174', nextDueDate: addDays(loan.today, 15) });
    expect(after.totals.outstandingTotal).toBe(100_000 + 5_000 + 800);
    expect(await refreshOverdue(db, { orderId: loan.orderId })).toEqual([]);
  });

  it('before the due date it moves the date by one term; too little is applied as a repayment', async () => {
    const loan = await disbursedLoan({ daysAgo: 5 }); // due in 10 days
    const quote = await quoteExtension(db, loan.orderId);
    expect(quote).toMatchObject({ available: true, amount: 1_740, shiftDays: 15 });
    const short = await applied(payment(loan.orderId, 1_000, { purpose: 'extension' }));
    expect(short).toMatchObject({ extended: false, extensionRefused: 'amountTooLow', credited: 1_000 }); // nothing due yet: credit
    const ok = await applied(payment(loan.orderId, 1_740, { purpose: 'extension' }));
    expect(ok.extended).toBe(true);
    expect((await planOf(loan.orderId))[0]!.dueDate).toBe(addDays(loan.today, 25));
    expect(await statusOf(loan.orderId)).toBe('174');
  });

  it('not offered by the product: the quote says so and the money repays', async () => {
    const loan = await disbursedLoan({ daysAgo: 18, product: { extensionEnabled: false } });
    expect(await quoteExtension(db, loan.orderId)).toMatchObject({ available: false, reason: 'disabled' });
    const r = await applied(payment(loan.orderId, 20_000, { purpose: 'extension' }));
    expect(r).toMatchObject({ extended: false, extensionRefused: 'disabled' });
    expect(r.allocations[0]).toMatchObject({ component: 'late_fee' });
  });
});

describe('IN late charges', () => {
  it('tiered late interest and the one-off default penalty: Rs.1,000 new client, Rs.800 repeat client', async () => {
    // ₹5,000.00, 1 × 91 days at 0,10 %/day, 3 % commission: 45 500 + 15 000 + GST 18 % of the fee 2 700 → 563 200
    // (issue 12: until then 16 % IVA of interest + commission, 9 680, and 30 × 28 509 + 5 × 22 807 of late interest)
    const first = await disbursedLoan({ amount: 500_000, daysAgo: 91 + 35, product: inProduct });
    const p = (await getLoanPosition(db, first.orderId)).position;
    expect(p.daysLate).toBe(35);
    expect(p.instalments[0]!.owed).toMatchObject({ interest: 45_500, commission: 15_000, vat: 2_700 });
    expect(p.totals.owed.default_penalty).toBe(100_000);
    expect(p.totals.owed.late_fee).toBe(30 * 28_160 + 5 * 22_528);
    // pay it all: crystallised, settled
    const r = await applied(payment(first.orderId, p.payableNow, { channel: 'upi' }));
    expect(r.charges.map((c) => [c.kind, c.days, c.ratePpm])).toEqual([
      ['default_penalty', 1, null],
      ['late_fee', 30, 50_000],
      ['late_fee', 5, 40_000],
    ]);
    expect(r.statusTo).toBe('200');

    // the same borrower again: a repeat client
    const second = await disbursedLoan({ amount: 500_000, daysAgo: 92, borrowerId: first.borrowerId, productId: first.product.id });
    const repeat = await getLoanPosition(db, second.orderId);
    expect(repeat).toMatchObject({ lateRule: 'in_tiered', defaultPenalty: 80_000 });
    expect(repeat.position.totals.owed.default_penalty).toBe(80_000);

    // MX has no default penalty
    const mx = await disbursedLoan({ daysAgo: 40 });
    expect((await getLoanPosition(db, mx.orderId)).position.totals.owed.default_penalty).toBe(0);
  });
});

describe('refusals', () => {
  it('zero, negative or fractional amounts, missing source, future dates, unknown and undisbursed orders', async () => {
    const loan = await disbursedLoan({ daysAgo: 5 });
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      expect(await refusal(applyPayment(db, payment(loan.orderId, amount)))).toMatchObject({ status: 400, code: '400001' });
    }
    expect((await refusal(applyPayment(db, payment(loan.orderId, 100, { providerEventId: ' ' })))).message).toBe(
      'A payment must name its channel, provider and provider event id.',
    );
    expect(await refusal(applyPayment(db, payment(loan.orderId, 100, { receivedAt: new Date(Date.now() + 3_600_000) })))).toMatchObject({
      status: 400,
    });
    expect(await refusal(applyPayment(db, payment(loan.orderId, 100, { receivedAt: middayOf(addDays(loan.disbursedOn, -2)) })))).toMatchObject({
      status: 400,
    });
    expect(await refusal(applyPayment(db, payment(987_654_321, 100)))).toMatchObject({ status: 404, code: '404001' });
    const { product, borrower } = await borrowerWithOffer(db);
    const pending = await createOrder(db, { borrowerId: borrower.id, productId: product.id, amount: 100_000, periods: 1 });
    expect(await refusal(applyPayment(db, payment(pending.orderId, 100)))).toMatchObject({
      status: 409,
      message: `Loan ${pending.orderNo} is in status 21: it does not take payments yet.`,
    });
    expect((await refusal(getLoanPosition(db, pending.orderId))).status).toBe(409);
    expect(await ledgerCounts(loan.orderId)).toEqual({ payments: 0, allocations: 0, charges: 0, extensions: 0 });
  });

  it('the ledger tables are append-only', async () => {
    const loan = await disbursedLoan({ daysAgo: 18 });
    const r = await applied(payment(loan.orderId, 1_000));
    await expect(db.update(ledgerPayments).set({ amount: 1 }).where(eq(ledgerPayments.id, r.paymentId))).rejects.toThrow();
    await expect(db.delete(ledgerAllocations).where(eq(ledgerAllocations.paymentId, r.paymentId))).rejects.toThrow();
  });
});

describe('demo', () => {
  it('a settled demo loan is repaid through the ledger (provider demo), one payment per instalment on its due date', async () => {
    const borrower = await createBorrower(db);
    const { product } = await borrowerWithOffer(db);
    await offerProduct(db, borrower.id, product.id, 300_000);
    const created = await makeOrderInStatus(db, { borrowerId: borrower.id, productId: product.id, status: '200', lang: 'es' });
    expect(await statusOf(created.orderId)).toBe('200');
    const rows = await db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, created.orderId)).orderBy(asc(ledgerPayments.id));
    const plan = await planOf(created.orderId);
    expect(rows.map((r) => [r.provider, r.valueDate])).toEqual(plan.map((p) => ['demo', p.dueDate]));
    const { position } = await getLoanPosition(db, created.orderId);
    expect(position).toMatchObject({ expectedStatus: '200', credit: 0 });
    expect(position.totals.owed.late_fee).toBe(0);
  });
});
