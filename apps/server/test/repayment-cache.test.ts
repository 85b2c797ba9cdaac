import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanStatement } from '@presta/contract/api/statement';
import { eq } from 'drizzle-orm';
import { borrowers, paymentReferences } from '../src/db/schema';
import { addDays } from '@presta/contract/dates';
import { extensionQuote, getLoanPosition, loanPosition, quoteExtension } from '../src/modules/ledger/ledger-position';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import { generateVoucher } from '../src/modules/repayment/voucher-service';
import type { MarketCode } from '@presta/contract/markets';
import { buildCachingTestApp, connectTestDb, dataOf, type TestApp } from './helpers';
import { call, endpoints, makeLoan, ONE_DAY_FINE, ONE_INSTALMENT_TOTAL, urls } from './repayment-fixtures';

/**
 * loan-details reads the ledger from its cached order snapshot, the repayment
 * pages and the voucher from the cached ledger reads and open references
 * (decision 007): a payment written by another process (another connection
 * here) must show on the next reads, through the change notifications of the
 * ledger tables and of payment_references.
 */
let t: TestApp;
let other: ReturnType<typeof connectTestDb>;

beforeAll(async () => {
  t = await buildCachingTestApp();
  other = connectTestDb();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const amountDue = (d: { userOrderDetail: { detail: { text: string; value: string }[] } }) =>
  d.userOrderDetail.detail.find((r) => r.text === 'Monto a pagar')?.value;

describe('loan-details with the cache on', () => {
  it('a payment from another process updates the cached amount due, then the status', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 17 }); // 2 days late
    const read = async () => dataOf(await call(t.app, loan.sessionId, urls.details, { orderId: loan.orderId }), endpoints.details);
    const owed = ONE_INSTALMENT_TOTAL + 2 * ONE_DAY_FINE;
    await expect.poll(async () => amountDue(await read()), { timeout: 5_000, interval: 20 }).toBe('$1.139,92');
    await expect.poll(() => t.app.repos.orderDetails.cache.get(Number(loan.orderId)) !== undefined, { timeout: 5_000, interval: 20 }).toBe(true);

    const pay = (amount: number, n: number) =>
      applyPayment(other.db, { orderId: Number(loan.orderId), amount, purpose: 'repayment', channel: 'store', provider: 'cache-test', providerEventId: `cache-${loan.orderId}-${n}` });
    await pay(40_000, 1);
    await expect.poll(async () => amountDue(await read()), { timeout: 5_000, interval: 20 }).toBe('$739,92');
    await pay(owed - 40_000, 2);
    await expect.poll(async () => (await read()).orderStatus, { timeout: 5_000, interval: 20 }).toBe('200');
    expect(amountDue(await read())).toBe('');
  });
});

describe('the repayment page and the voucher with the cache on', () => {
  const pay = (orderId: string, amount: number, n: number) =>
    applyPayment(other.db, { orderId: Number(orderId), amount, purpose: 'repayment', channel: 'store', provider: 'cache-test', providerEventId: `cache-rp-${orderId}-${n}` });

  it('loan-play-detail shows a payment from another process; another borrower still gets 404 for the cached order', async () => {
    const loan = await makeLoan(t.db, { status: '174' }); // due today
    const stranger = await makeLoan(t.db, { status: '174' });
    const read = async () => dataOf(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect((await read()).repayAmount).toBe(ONE_INSTALMENT_TOTAL);
    await expect.poll(() => t.app.repos.ledgers.reads.get(Number(loan.orderId)) !== undefined, { timeout: 5_000, interval: 20 }).toBe(true);

    const foreign = await call(t.app, stranger.sessionId, urls.repaymentDetail, { orderId: loan.orderId });
    expect(foreign.statusCode).toBe(404);

    await pay(loan.orderId, 40_000, 1);
    await expect.poll(async () => (await read()).repayAmount, { timeout: 5_000, interval: 20 }).toBe(ONE_INSTALMENT_TOTAL - 40_000);
  });

  it('a voucher is reused from the cache; after a payment from another process expires it, the next voucher is a new reference', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const voucher = async (amount: number) =>
      dataOf(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode: 'store', requestType: 1 }), endpoints.voucher);
    const first = await voucher(ONE_INSTALMENT_TOTAL);
    // Once the insert's announcement has arrived, the next call reads the open reference into the cache.
    await expect
      .poll(async () => ((await voucher(ONE_INSTALMENT_TOTAL)).repayDetail.vCode === first.repayDetail.vCode ? t.app.repos.paymentReferences.openReferences.get(Number(loan.orderId))?.length : -1), {
        timeout: 5_000,
        interval: 20,
      })
      .toBe(1);
    expect((await voucher(ONE_INSTALMENT_TOTAL)).repayDetail.vCode).toBe(first.repayDetail.vCode);

    // A payment expires every open reference of the order (recordPayment); the page then quotes the rest.
    await pay(loan.orderId, 7_540, 1);
    const rest = ONE_INSTALMENT_TOTAL - 7_540;
    await expect.poll(async () => (dataOf(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail)).repayAmount, {
      timeout: 5_000,
      interval: 20,
    }).toBe(rest);
    const second = await voucher(rest);
    expect(second.repayDetail.vCode).not.toBe(first.repayDetail.vCode);
    expect(second.repayDetail.amount).toBe(rest);
  });
});

describe('a reopened voucher with the cache on', () => {
  it('is the same answer, kept with its JSON, in its language; another language has its own', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const payments = t.app.payments;
    const support = (market: MarketCode) => t.config.support[market];
    const input = { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 };
    const open = (lang: 'es' | 'en') =>
      generateVoucher({ db: t.db, repos: t.app.repos, lang, now: new Date(), borrowerId: loan.borrower.id, payments, support }, input);
    const made = await open('es');
    // Once the cache holds the open reference (its insert announced), a reopened voucher is the kept answer.
    await expect.poll(async () => (await open('es')) === (await open('es')), { timeout: 5_000, interval: 20 }).toBe(true);
    const kept = await open('es');
    expect(Object.isFrozen(kept)).toBe(true);
    expect(kept).toEqual(made);
    const english = await open('en');
    expect(english).not.toBe(kept);
    expect(english.repayDetail.vCode).toBe(kept.repayDetail.vCode);
    expect(english.dataList[1]!.title).not.toBe(kept.dataList[1]!.title);
    // The HTTP answer is the same text each time.
    const body = async () => (await call(t.app, loan.sessionId, urls.voucher, { ...input })).body;
    expect(await body()).toBe(await body());
  });
});

describe('a new reference with the cache on', () => {
  it("drops only the order's open references: its cached ledger read stays (a reference is not part of the ledger)", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const orderId = Number(loan.orderId);
    expect((await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId })).statusCode).toBe(200);
    await expect.poll(() => t.app.repos.ledgers.reads.get(orderId) !== undefined, { timeout: 5_000, interval: 20 }).toBe(true);
    const ledgerRead = t.app.repos.ledgers.reads.get(orderId);
    // The voucher reads the order's open references (none: kept in the cache), then makes one, which is announced.
    const voucher = await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 });
    expect(voucher.statusCode).toBe(200);
    // Another process's write to the reference is announced the same way (made by this one above, changed by another here).
    await other.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() + 3_600_000) }).where(eq(paymentReferences.voucherCode, dataOf(voucher, endpoints.voucher).repayDetail.vCode));
    await expect.poll(() => t.app.repos.paymentReferences.openReferences.get(orderId), { timeout: 5_000, interval: 20 }).toBeUndefined();
    expect(t.app.repos.ledgers.reads.get(orderId)).toBe(ledgerRead);
  });
});

describe("a cached ledger read's position", () => {
  it('is made once per day and read, equals the uncached one, and a payment gives a new one', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 17 }); // 2 days late
    const orderId = Number(loan.orderId);
    const ledgers = t.app.repos.ledgers;
    const read = async () => (await loanPosition(ledgers, orderId)).position;
    // Kept once the cache holds the read: a read overtaken by the announcements of the loan's own writes is not.
    await expect.poll(async () => (await read()) === (await read()), { timeout: 5_000, interval: 20 }).toBe(true);

    const first = await read();
    expect(first).toEqual((await getLoanPosition(t.db, orderId)).position);
    // Another day has its own: a day's late charge more.
    const tomorrow = addDays(first.asOf, 1);
    const later = (await loanPosition(ledgers, orderId, tomorrow)).position;
    expect(later).toEqual((await getLoanPosition(t.db, orderId, tomorrow)).position);
    expect(later.totals.owedTotal).toBe(first.totals.owedTotal + ONE_DAY_FINE);
    expect(await extensionQuote(ledgers, orderId)).toEqual(await quoteExtension(t.db, orderId));

    await applyPayment(other.db, { orderId, amount: 40_000, purpose: 'repayment', channel: 'store', provider: 'cache-test', providerEventId: `cache-pos-${orderId}` });
    await expect.poll(async () => (await loanPosition(ledgers, orderId)).position.totals.paidTotal, { timeout: 5_000, interval: 20 }).toBe(40_000);
    expect((await loanPosition(ledgers, orderId)).position).toEqual((await getLoanPosition(t.db, orderId)).position);
    expect(await extensionQuote(ledgers, orderId)).toEqual(await quoteExtension(t.db, orderId));
  });
});

describe('a voucher past its time with the cache on', () => {
  it('is marked expired and replaced by a new reference, not offered again', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const voucher = async () =>
      dataOf(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
    const first = await voucher();
    // Another process moves its end into the past (as time would): announced, so the cache reads it again.
    await other.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(paymentReferences.voucherCode, first.repayDetail.vCode));
    await expect.poll(() => t.app.repos.paymentReferences.openReferences.get(Number(loan.orderId)), { timeout: 5_000, interval: 20 }).toBeUndefined();
    const second = await voucher();
    expect(second.repayDetail.vCode).not.toBe(first.repayDetail.vCode);
    const [old] = await t.db.select({ status: paymentReferences.status }).from(paymentReferences).where(eq(paymentReferences.voucherCode, first.repayDetail.vCode));
    expect(old?.status).toBe('expired');
  });
});

describe('the agreement and the statement with the cache on', () => {
  it('contract-detail: a foreign borrower gets 404 for a cached agreement; a change to the borrower shows', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const stranger = await makeLoan(t.db, { status: '174' });
    const read = async () => dataOf(await call(t.app, loan.sessionId, urls.agreement, { orderNo: loan.orderNo }), endpoints.agreement);
    const before = await read();
    await expect.poll(() => t.app.repos.agreements.answers.size > 0 && t.app.repos.orders.orderNumbers.get(loan.orderNo) !== undefined, { timeout: 5_000, interval: 20 }).toBe(true);
    expect((await call(t.app, stranger.sessionId, urls.agreement, { orderNo: loan.orderNo })).statusCode).toBe(404);

    await other.db.update(borrowers).set({ fullName: 'Nombre Cambiado' }).where(eq(borrowers.id, loan.borrower.id));
    await expect.poll(async () => (await read()).username, { timeout: 5_000, interval: 20 }).toBe('Nombre Cambiado');
    expect(before.username).not.toBe('Nombre Cambiado');
  });

  it('loan-statement shows a payment from another process', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const read = async () => dataOf(await call(t.app, loan.sessionId, loanStatement.path, { orderId: loan.orderId }), loanStatement);
    const payments = async () => (await read()).events.filter((e) => e.kind === 'payment').length;
    expect(await payments()).toBe(0);
    await expect.poll(() => t.app.repos.statements.built.get(Number(loan.orderId)) !== undefined, { timeout: 5_000, interval: 20 }).toBe(true);
    await applyPayment(other.db, { orderId: Number(loan.orderId), amount: 10_000, purpose: 'repayment', channel: 'store', provider: 'cache-test', providerEventId: `cache-st-${loan.orderId}` });
    await expect.poll(payments, { timeout: 5_000, interval: 20 }).toBe(1);
  });
});
