import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { receiptDataSchema, statementDataSchema, type StatementData, type StatementEvent } from '@presta/contract/api/statement';
import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import { markets, type MarketCode } from '@presta/contract/markets';
import { applyPpm } from '@presta/contract/money';
import { paymentReferences } from '../src/db/schema';
import { productCatalogue } from '../src/db/catalogue';
import { IN_DEFAULT_PENALTY, MX_DAILY_FINE_PPM } from '../src/modules/ledger/ledger-math/rules';
import { refreshLedgerStatus, refundCredit } from '../src/modules/ledger/ledger-credit';
import { getLoanPosition, quoteExtension } from '../src/modules/ledger/ledger-position';
import { applyPayment, middayOf, type ApplyPaymentApplied, type ApplyPaymentInput } from '../src/modules/ledger/ledger-service';
import { getLoanStatement } from '../src/modules/statement/statement-service';
import { buildTestApp, checked, injectAs, type TestApp } from './helpers';
import { call, data, endpoints, makeLoan, notify, read, urls, type Loan } from './repayment-fixtures';

/*
 * The loan statement and payment receipts (issue 12, docs/statement.md) through app.inject: every event of
 * the ledger in order with the running balance, totals equal to the ledger's position to the minor unit
 * (concrete Mexican and Indian loans, and random loans through the database), receipts, ownership and refusals.
 */

const statementUrl = '/v3/loan-details/loan-statement';
const receiptUrl = '/v3/loan-details/payment-receipt';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const catalogue = (market: MarketCode) => {
  const { code: _code, ...product } = productCatalogue.find((p) => p.market === market)!;
  return product;
};

async function statementOf(loan: Pick<Loan, 'sessionId' | 'orderId'>, language: '1' | '2' = '2'): Promise<StatementData> {
  const res = await injectAs(t.app, loan.sessionId, { url: statementUrl, payload: { orderId: loan.orderId }, query: { language } });
  return checked(await data(res), statementDataSchema);
}

async function receiptOf(loan: Pick<Loan, 'sessionId'>, paymentId: string | number, language: '1' | '2' = '2') {
  const res = await injectAs(t.app, loan.sessionId, { url: receiptUrl, payload: { paymentId }, query: { language } });
  return receiptDataSchema.parse(await data(res));
}

/** An instant on `day` after every instant this file gave before on it (postings of one day keep their order). */
let ticks = 0;
const at = (day: CalendarDate) => new Date(middayOf(day, new Date(Date.now() - 60_000)).getTime() + ++ticks * 10);

/** A payment through the ledger on `day`, applied as of that day (its `position` is the loan just after it). */
async function pay(loan: Loan, day: CalendarDate, amount: number, extra: Partial<ApplyPaymentInput> = {}): Promise<ApplyPaymentApplied> {
  const when = at(day);
  const r = await applyPayment(t.db, {
    orderId: Number(loan.orderId),
    amount,
    purpose: 'repayment',
    channel: 'store',
    provider: 'test',
    providerEventId: `stmt-${loan.orderId}-${day}-${amount}-${Math.random()}`,
    receivedAt: when,
    now: when,
    ...extra,
  });
  if (!r.applied) throw new Error('payment not applied');
  return r;
}

/** A store reference made through generate-vcode (what the borrower is shown) for the amount due now. */
async function storeReference(loan: Loan): Promise<string> {
  const plan = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
  const voucher = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: plan.repayAmount, payCode: 'store', requestType: 1 }), endpoints.voucher);
  const [ref] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.voucherCode, voucher.repayDetail.vCode)).orderBy(desc(paymentReferences.id)).limit(1);
  return ref!.reference;
}

/** The statement's totals against the ledger's own position (an independent read), to the minor unit. */
async function expectTiesToLedger(loan: Loan, d: StatementData) {
  const { position: p } = await getLoanPosition(t.db, Number(loan.orderId));
  expect(d.asOf).toBe(p.asOf);
  expect(d.totals).toEqual({
    principal: p.totals.owed.principal,
    interest: p.totals.owed.interest,
    commission: p.totals.owed.commission,
    tax: p.totals.owed.vat,
    lateCharges: p.totals.owed.late_fee,
    defaultPenalty: p.totals.owed.default_penalty,
    extensionFees: p.extensionFeePaid,
    extensionTax: p.extensionTaxPaid,
    charged: p.totals.owedTotal + p.extensionFeePaid + p.extensionTaxPaid,
    pendingCharges: expect.any(Number) as unknown,
    received: p.received,
    waived: p.totals.waivedTotal,
    paid: p.totals.paidTotal + p.extensionFeePaid + p.extensionTaxPaid,
    creditApplied: p.creditApplied,
    refunded: p.refunded,
    credit: p.credit,
    outstanding: p.totals.outstandingTotal,
  });
  // The money identities of docs/ledger.md, on the statement's figures.
  expect(d.totals.received).toBe(d.totals.paid - d.totals.creditApplied + d.totals.credit + d.totals.refunded + d.totals.creditApplied);
  expect(d.totals.charged - d.totals.waived - d.totals.paid).toBe(d.totals.outstanding);
  // The running figures end on the totals.
  expect(d.events.at(-1)).toMatchObject({ balance: d.totals.outstanding, credit: d.totals.credit });
  return p;
}

const kinds = (d: StatementData) => d.events.map((e) => e.kind);
const ofKind = <K extends StatementEvent['kind']>(d: StatementData, kind: K) => d.events.filter((e): e is Extract<StatementEvent, { kind: K }> => e.kind === kind);

describe('a Mexican loan: late days, a partial payment, an extension, an overpayment at a store and a refund', () => {
  it('lists every event in order with the running balance, and its totals are the ledger position', async () => {
    // $3.000,00 over 2 × 15 days on the Mexican product, disbursed 40 days ago: due on day 15 and day 30.
    const loan = await makeLoan(t.db, { status: '174', product: catalogue('MX'), amount: 300_000, periods: 2, daysAgo: 40 });
    const d0 = addDays(loan.today, -40);
    const partial = await pay(loan, addDays(d0, 18), 50_000); // 3 days late on instalment 1
    const quote = await quoteExtension(t.db, Number(loan.orderId), addDays(d0, 20));
    const extension = await pay(loan, addDays(d0, 20), quote.amount, { purpose: 'extension', channel: 'spei' });
    expect(extension.extended).toBe(true);
    // Today, 5 days after the extended due date (day 35): everything and $100,00 more, at a store.
    const reference = await storeReference(loan);
    const owed = (await getLoanPosition(t.db, Number(loan.orderId))).position.totals.outstandingTotal;
    expect((await notify(t.app, { reference, amount: owed + 10_000 })).json()).toEqual({ received: true, applied: true });
    await refundCredit(t.db, { orderNo: loan.orderNo, amount: 6_000 });

    const d = await statementOf(loan);
    const p = await expectTiesToLedger(loan, d);
    expect(d).toMatchObject({ market: 'MX', currency: 'MXN', status: '200', disbursedOn: d0, asOf: loan.today, periods: 2, timeZone: 'America/Mexico_City' });
    expect(d.lender).toEqual(markets.MX.legalEntity);
    expect(kinds(d)).toEqual([
      'disbursal', 'instalment', 'instalment',
      'late_charge', 'payment', // day 18: 3 days of fine crystallised, then the partial payment
      'late_charge', 'extension', 'payment', // day 20: 2 more days, the extension's fee and tax, the payment that bought it
      'late_charge', 'payment', // today: 5 days late after the extended due date, the store payment
      'refund',
    ]);
    const [disbursal, first, second] = d.events;
    expect(disbursal).toMatchObject({ date: d0, amount: 300_000, balance: 300_000, credit: 0 });
    // The plan as disbursed: due on days 15 and 30 (the extension moved them since), 16 % IVA of interest + commission.
    expect(first).toMatchObject({ seq: 1, dueDate: addDays(d0, 15), principal: 150_000, interest: 2_250, commission: 7_500, tax: 1_560, amount: 11_310, balance: 311_310 });
    expect(second).toMatchObject({ seq: 2, dueDate: addDays(d0, 30), principal: 150_000, interest: 1_125, commission: 7_500, tax: 1_380, amount: 10_005, balance: 321_315 });
    const [late1, late2, late3] = ofKind(d, 'late_charge');
    // MX_DAILY_FINE_3PCT on the unpaid instalment: 3 × HALF_UP(161 310 × 3 %) = 3 × 4 839.
    expect(late1).toMatchObject({ seq: 1, from: addDays(d0, 16), through: addDays(d0, 18), days: 3, base: 161_310, ratePpm: MX_DAILY_FINE_PPM, amount: 14_517, balance: 335_832, pending: false });
    expect(late2).toMatchObject({ from: addDays(d0, 19), through: addDays(d0, 20), days: 2, base: 125_827, amount: 7_550 });
    // After the extension instalment 1 fell due on day 35: days 36..40.
    expect(late3).toMatchObject({ from: addDays(d0, 36), through: loan.today, days: 5, base: 125_827, amount: 18_875 });
    const [partialRow, extensionPayment, storePayment] = ofKind(d, 'payment');
    expect(partialRow).toMatchObject({ paymentId: String(partial.paymentId), amount: 50_000, channel: 'store', reference: null, valueDate: addDays(d0, 18), balance: 285_832, credit: 0 });
    expect(partialRow!.date).toMatch(new RegExp(`^${addDays(d0, 18)} \\d{2}:\\d{2}:\\d{2}$`));
    // The allocation is the ledger's, component by component.
    expect(partialRow!.allocations).toEqual(
      partial.allocations.map((a) => ({ seq: a.seq, component: a.component === 'vat' ? 'tax' : a.component, amount: a.amount })),
    );
    expect(ofKind(d, 'extension')).toEqual([
      expect.objectContaining({ paymentId: String(extension.paymentId), date: addDays(d0, 20), fromDueDate: addDays(d0, 15), toDueDate: addDays(d0, 35), shiftDays: 20, fee: quote.fee, tax: quote.feeTax, amount: quote.fee + quote.feeTax }),
    ]);
    expect(extensionPayment).toMatchObject({ purpose: 'extension', channel: 'spei', amount: quote.amount, balance: 285_832 });
    expect(storePayment).toMatchObject({ channel: 'store', reference, amount: owed + 10_000, balance: 0, credit: 10_000 });
    expect(storePayment!.allocations.at(-1)).toEqual({ seq: null, component: 'credit', amount: 10_000 });
    expect(d.events.at(-1)).toMatchObject({ kind: 'refund', date: loan.today, amount: 6_000, balance: 0, credit: 4_000 });
    expect(d.totals).toEqual({
      principal: 300_000,
      interest: 3_375,
      commission: 15_000,
      tax: 2_940,
      lateCharges: 40_942,
      defaultPenalty: 0,
      extensionFees: quote.fee,
      extensionTax: quote.feeTax,
      charged: 321_315 + 40_942 + quote.fee + quote.feeTax,
      pendingCharges: 0,
      received: 50_000 + quote.amount + owed + 10_000,
      waived: 0,
      paid: 321_315 + 40_942 + quote.fee + quote.feeTax,
      creditApplied: 0,
      refunded: 6_000,
      credit: 4_000,
      outstanding: 0,
    });
    expect(p.expectedStatus).toBe('200');

    // The store payment's receipt: the same row, with the lender of the market.
    const receipt = await receiptOf(loan, storePayment!.paymentId);
    expect(receipt).toMatchObject({
      paymentId: storePayment!.paymentId,
      orderNo: loan.orderNo,
      market: 'MX',
      currency: 'MXN',
      lender: markets.MX.legalEntity,
      amount: owed + 10_000,
      receivedAt: storePayment!.date,
      valueDate: loan.today,
      channel: 'store',
      reference,
      allocations: storePayment!.allocations,
      extension: null,
      balanceAfter: 0,
      creditAfter: 10_000,
    });
    // The extension's receipt names the extension it bought.
    expect(await receiptOf(loan, extension.paymentId)).toMatchObject({
      purpose: 'extension',
      extension: { fromDueDate: addDays(d0, 15), toDueDate: addDays(d0, 35), shiftDays: 20, fee: quote.fee, tax: quote.feeTax },
      balanceAfter: 285_832,
    });
  });
});

describe('an Indian loan: the default penalty, tiered late interest, a partial payment, an extension, an overpayment and a refund', () => {
  it('in rupees, read in English or Spanish, tied to the ledger', async () => {
    // ₹10,000.00 over 2 × 91 days on the Indian product, disbursed 200 days ago: due on day 91 and day 182.
    const loan = await makeLoan(t.db, { status: '174', product: catalogue('IN'), amount: 1_000_000, periods: 2, daysAgo: 200 });
    const d0 = addDays(loan.today, -200);
    const partial = await pay(loan, addDays(d0, 95), 100_000, { channel: 'upi' });
    const quote = await quoteExtension(t.db, Number(loan.orderId), addDays(d0, 100));
    const extension = await pay(loan, addDays(d0, 100), quote.amount, { purpose: 'extension', channel: 'bank_transfer' });
    const owedThen = (await getLoanPosition(t.db, Number(loan.orderId), addDays(d0, 195))).position.totals.outstandingTotal;
    const last = await pay(loan, addDays(d0, 195), owedThen + 5_000, { channel: 'upi' });
    await refundCredit(t.db, { orderNo: loan.orderNo, amount: 3_000 });

    const d = await statementOf(loan, '1');
    await expectTiesToLedger(loan, d);
    // The market decides, not the language: the same data read in Spanish.
    expect(await statementOf(loan, '2')).toEqual(d);
    expect(d).toMatchObject({ market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', status: '200', lender: markets.IN.legalEntity });
    expect(kinds(d)).toEqual([
      'disbursal', 'instalment', 'instalment',
      'default_penalty', 'late_charge', 'payment', // day 95: the one-off penalty on the first late day, 4 days at 5 %, the partial payment
      'late_charge', 'extension', 'payment', // day 100: 5 more days, the extension bought
      'late_charge', 'payment', // day 195: 4 days late after the extended due date (day 191), everything and ₹50.00 more
      'refund',
    ]);
    // GST 18 % of the processing fee only (decision 014): 3 % of ₹5,000.00 = ₹150.00, its GST ₹27.00.
    expect(ofKind(d, 'instalment').map((x) => [x.seq, x.dueDate, x.principal, x.commission, x.tax])).toEqual([
      [1, addDays(d0, 91), 500_000, 15_000, 2_700],
      [2, addDays(d0, 182), 500_000, 15_000, 2_700],
    ]);
    expect(ofKind(d, 'default_penalty')).toEqual([expect.objectContaining({ seq: 1, date: addDays(d0, 92), amount: IN_DEFAULT_PENALTY.newClient, pending: false })]);
    const [first, second, third] = ofKind(d, 'late_charge');
    // LATE_BASE_UNPAID_SCHEDULED: the whole unpaid instalment (principal + interest + commission + GST), the penalty not in it.
    const instalment1 = ofKind(d, 'instalment')[0]!;
    const base1 = instalment1.principal + instalment1.interest + instalment1.commission + instalment1.tax;
    expect(first).toMatchObject({ from: addDays(d0, 92), through: addDays(d0, 95), days: 4, base: base1, ratePpm: 50_000, amount: 4 * applyPpm(base1, 50_000) });
    expect(second).toMatchObject({ from: addDays(d0, 96), through: addDays(d0, 100), days: 5, ratePpm: 50_000, base: base1 });
    expect(third).toMatchObject({ from: addDays(d0, 192), through: addDays(d0, 195), days: 4, ratePpm: 50_000 });
    const [partialRow, extensionRow, lastRow] = ofKind(d, 'payment');
    // The partial payment went to the penalty first (the allocation order).
    expect(partialRow).toMatchObject({ paymentId: String(partial.paymentId), channel: 'upi', allocations: [{ seq: 1, component: 'default_penalty', amount: 100_000 }] });
    expect(ofKind(d, 'extension')).toEqual([
      expect.objectContaining({ paymentId: String(extension.paymentId), fromDueDate: addDays(d0, 91), toDueDate: addDays(d0, 191), shiftDays: 100, fee: quote.fee, tax: 0 }),
    ]);
    expect(extensionRow).toMatchObject({ channel: 'bank_transfer', purpose: 'extension' });
    expect(lastRow).toMatchObject({ paymentId: String(last.paymentId), balance: 0, credit: 5_000 });
    expect(d.events.at(-1)).toMatchObject({ kind: 'refund', amount: 3_000, credit: 2_000 });
    expect(d.totals).toMatchObject({ defaultPenalty: 100_000, extensionTax: 0, tax: 5_400, refunded: 3_000, credit: 2_000, outstanding: 0 });
    expect(await receiptOf(loan, last.paymentId, '1')).toMatchObject({ market: 'IN', currency: 'INR', lender: markets.IN.legalEntity, channel: 'upi', reference: null, balanceAfter: 0, creditAfter: 5_000 });
  });

  it('an open loan: late interest accrued since the last payment is in the statement, marked pending, and in its totals', async () => {
    // ₹5,000.00 in one 91-day instalment, disbursed 100 days ago: 9 days late today; paid ₹2,000.00 on day 95.
    const loan = await makeLoan(t.db, { status: '174', product: catalogue('IN'), amount: 500_000, periods: 1, daysAgo: 100 });
    const d0 = addDays(loan.today, -100);
    await pay(loan, addDays(d0, 95), 200_000, { channel: 'upi' });
    const d = await statementOf(loan, '1');
    const p = await expectTiesToLedger(loan, d);
    expect(p.totals.outstandingTotal).toBeGreaterThan(0);
    const pending = d.events.filter((e) => 'pending' in e && e.pending);
    // Days 96..100 at 5 % of what instalment 1 still owes: not posted yet (no payment since), owed all the same.
    expect(pending).toEqual([expect.objectContaining({ kind: 'late_charge', from: addDays(d0, 96), through: loan.today, days: 5, ratePpm: 50_000, pending: true })]);
    expect(d.totals.pendingCharges).toBe(pending[0]!.amount);
    expect(d.events.at(-1)).toBe(d.events.find((e) => e.kind === 'late_charge' && e.pending));
    expect(d.totals.outstanding).toBe(p.totals.outstandingTotal);
  });
});

describe('credit applied by itself', () => {
  it('shows as its own event, pending until the sweep posts it, then posted; the totals agree either way', async () => {
    // $3.000,00 over 2 × 15 days, disbursed 40 days ago; $2.000,00 paid on day 5 (nothing payable yet: all credit).
    const loan = await makeLoan(t.db, { status: '174', product: catalogue('MX'), amount: 300_000, periods: 2, daysAgo: 40 });
    const d0 = addDays(loan.today, -40);
    const early = await pay(loan, addDays(d0, 5), 200_000);
    expect(early.credited).toBe(200_000);

    const before = await statementOf(loan);
    await expectTiesToLedger(loan, before);
    expect(ofKind(before, 'payment')[0]).toMatchObject({ credit: 200_000, allocations: [{ seq: null, component: 'credit', amount: 200_000 }] });
    // Day 15: instalment 1 falls due and prepayment opens: the credit pays instalment 1, then part of 2.
    const [applied] = ofKind(before, 'credit_applied');
    expect(applied).toMatchObject({ date: addDays(d0, 15), amount: 200_000, credit: 0, pending: true });
    expect(applied!.allocations.filter((a) => a.seq === 1).reduce((a, x) => a + x.amount, 0)).toBe(161_310);
    // Instalment 2's rest fell due on day 30: 10 days of fine since, pending.
    expect(ofKind(before, 'late_charge')).toEqual([expect.objectContaining({ seq: 2, from: addDays(d0, 31), through: loan.today, days: 10, pending: true })]);

    await refreshLedgerStatus(t.db, { orderId: Number(loan.orderId) });
    const after = await statementOf(loan);
    await expectTiesToLedger(loan, after);
    expect(ofKind(after, 'credit_applied')).toEqual([{ ...applied, pending: false }]);
    expect(after.totals).toEqual(before.totals);
  });

  it('a backdated payment posted today: the credit it left and applied since comes after it', async () => {
    const loan = await makeLoan(t.db, { status: '174', product: catalogue('MX'), amount: 300_000, periods: 2, daysAgo: 40 });
    const d0 = addDays(loan.today, -40);
    // Received on day 5, posted now: the ledger crystallises what its credit did by itself since (day 15) with it.
    const r = await applyPayment(t.db, {
      orderId: Number(loan.orderId),
      amount: 200_000,
      purpose: 'repayment',
      channel: 'spei',
      provider: 'test',
      providerEventId: `stmt-backdated-${loan.orderId}`,
      receivedAt: middayOf(addDays(d0, 5)),
    });
    expect(r.applied && r.creditApplications.map((a) => a.day)).toEqual([addDays(d0, 15)]);
    const d = await statementOf(loan);
    await expectTiesToLedger(loan, d);
    expect(kinds(d)).toEqual(['disbursal', 'instalment', 'instalment', 'payment', 'credit_applied', 'late_charge']);
    expect(d.events.slice(3).map((e) => [e.kind, e.date.slice(0, 10), e.credit, 'pending' in e ? e.pending : null])).toEqual([
      ['payment', addDays(d0, 5), 200_000, null],
      ['credit_applied', addDays(d0, 15), 0, false],
      ['late_charge', loan.today, 0, true],
    ]);
  });
});

describe('random loans through the database (fast-check)', () => {
  type Step = { advance: number; kind: 'pay' | 'extend' | 'sweep'; amount: number };
  it('the running balance after each payment is the ledger just after it; the totals are its position today; nothing goes negative or back in time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          market: fc.constantFrom<MarketCode>('MX', 'IN'),
          periods: fc.integer({ min: 1, max: 3 }),
          termUnitDays: fc.constantFrom(7, 15, 30),
          daysAgo: fc.integer({ min: 0, max: 120 }),
          steps: fc.array(
            fc.record({
              advance: fc.integer({ min: 0, max: 30 }),
              kind: fc.constantFrom<Step['kind']>('pay', 'pay', 'extend', 'sweep'),
              amount: fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 1_500_000 })),
            }),
            { maxLength: 6 },
          ),
          refund: fc.integer({ min: 1, max: 100 }),
        }),
        async ({ market, periods, termUnitDays, daysAgo, steps, refund }) => {
          const product = { ...catalogue(market), termUnitDays, periodsMax: 3 };
          const loan = await makeLoan(t.db, { status: '174', product, amount: product.amountMin, periods, daysAgo });
          const orderId = Number(loan.orderId);
          let day = addDays(loan.today, -daysAgo);
          const after = new Map<string, { balance: number; credit: number }>();
          const postedTodayIds = new Set<string>();
          for (const step of steps) {
            day = daysBetween(addDays(day, step.advance), loan.today) < 0 ? loan.today : addDays(day, step.advance);
            if (step.kind === 'sweep') {
              await refreshLedgerStatus(t.db, { orderId, today: day, now: at(day) });
              continue;
            }
            const quote = step.kind === 'extend' ? await quoteExtension(t.db, orderId, day) : undefined;
            const amount = quote?.available ? quote.amount : step.amount;
            // Posted on its day (its position is the loan just after it), or received that day and posted today.
            const postedToday = step.advance % 3 === 2;
            const r = await pay(loan, day, amount, { purpose: step.kind === 'extend' ? 'extension' : 'repayment', ...(postedToday ? { now: new Date() } : {}) });
            if (!postedToday) after.set(String(r.paymentId), { balance: r.position.totals.outstandingTotal, credit: r.position.credit });
            else postedTodayIds.add(String(r.paymentId));
          }
          const { position } = await getLoanPosition(t.db, orderId);
          if (position.expectedStatus === '200' && position.credit > 0) {
            await refundCredit(t.db, { orderNo: loan.orderNo, amount: Math.max(1, Math.floor((position.credit * refund) / 100)) });
          }

          const d = await getLoanStatement({ db: t.db, repos: t.app.repos, lang: 'es', now: new Date(), borrowerId: loan.borrower.id }, { orderId: loan.orderId });
          await expectTiesToLedger(loan, d);
          for (const e of ofKind(d, 'payment')) {
            if (!postedTodayIds.has(e.paymentId)) expect({ balance: e.balance, credit: e.credit }).toEqual(after.get(e.paymentId));
            expect(e.allocations.reduce((acc, a) => acc + a.amount, 0)).toBe(e.amount);
          }
          const effectiveDay = (e: StatementEvent) => (e.kind === 'payment' ? e.valueDate : e.date.slice(0, 10));
          for (const [i, e] of d.events.entries()) {
            expect(e.balance).toBeGreaterThanOrEqual(0);
            expect(e.credit).toBeGreaterThanOrEqual(0);
            if (i > 0) expect(effectiveDay(e) >= effectiveDay(d.events[i - 1]!)).toBe(true);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('ownership and refusals', () => {
  it("another borrower's order or payment answers exactly like an unknown one (404 404001), in either language", async () => {
    const mine = await makeLoan(t.db, { status: '174' });
    const theirs = await makeLoan(t.db, { status: '180', daysAgo: 20 });
    const theirPayment = await pay(theirs, theirs.today, 10_000);
    // Their statement and receipt exist for them.
    expect((await statementOf(theirs)).events.length).toBeGreaterThan(0);
    expect((await receiptOf(theirs, theirPayment.paymentId)).amount).toBe(10_000);

    for (const [language, orderMessage, paymentMessage] of [
      ['2', 'No encontramos este pedido.', 'No encontramos este pago.'],
      ['1', 'We could not find this order.', 'We could not find this payment.'],
    ] as const) {
      for (const orderId of [theirs.orderId, '987654321', '999999999999999999']) {
        const res = await injectAs(t.app, mine.sessionId, { url: statementUrl, payload: { orderId }, query: { language } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, code: '404001', message: orderMessage, data: null });
      }
      for (const paymentId of [String(theirPayment.paymentId), '987654321', '999999999999999999']) {
        const res = await injectAs(t.app, mine.sessionId, { url: receiptUrl, payload: { paymentId }, query: { language } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, code: '404001', message: paymentMessage, data: null });
      }
    }
  });

  it('an order not disbursed yet has no statement: 409 with a message saying when it will have one', async () => {
    for (const status of ['21', '151', '110'] as const) {
      const loan = await makeLoan(t.db, { status });
      const res = await injectAs(t.app, loan.sessionId, { url: statementUrl, payload: { orderId: loan.orderId } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: '409001',
        message: `El estado de cuenta del pedido ${loan.orderNo} estará disponible cuando se desembolse el préstamo.`,
        data: null,
      });
    }
  });

  it('a disbursed loan without payments has a statement: the plan, and what it owes', async () => {
    const loan = await makeLoan(t.db, { status: '174', daysAgo: 3 });
    const d = await statementOf(loan);
    expect(kinds(d)).toEqual(['disbursal', 'instalment']);
    await expectTiesToLedger(loan, d);
  });

  it('bad input is a 400, no session a 401, a JSON body a 415 (form client only), never a 500', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    for (const payload of [{}, { orderId: 'abc' }, { orderId: '-1' }, { orderId: '1'.repeat(19) }]) {
      expect((await call(t.app, loan.sessionId, statementUrl, payload)).statusCode).toBe(400);
    }
    for (const payload of [{}, { paymentId: 'x' }, { paymentId: '1.5' }, { paymentId: '' }]) {
      expect((await call(t.app, loan.sessionId, receiptUrl, payload)).statusCode).toBe(400);
    }
    expect((await call(t.app, undefined, statementUrl, { orderId: loan.orderId })).json()).toMatchObject({ code: '401001' });
    expect((await call(t.app, undefined, receiptUrl, { paymentId: '1' })).json()).toMatchObject({ code: '401001' });
    const json = await t.app.inject({
      method: 'POST',
      url: statementUrl,
      query: { swift: loan.sessionId },
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ orderId: loan.orderId }),
    });
    expect(json.statusCode).toBe(415);
  });

  it('is rate limited per borrower (60 a minute): the 61st call answers 429', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const codes: number[] = [];
    for (let i = 0; i < 61; i += 1) codes.push((await call(t.app, loan.sessionId, statementUrl, { orderId: loan.orderId })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    // Another borrower is not affected.
    const other = await makeLoan(t.db, { status: '174' });
    expect((await call(t.app, other.sessionId, statementUrl, { orderId: other.orderId })).statusCode).toBe(200);
  });
});
