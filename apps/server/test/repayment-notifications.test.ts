import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '@presta/contract/dates';
import { repoRoot } from '../src/config';
import { ledgerPayments, orders, paymentReferences } from '../src/db/schema';
import { DEV_SANDBOX_SECRET } from '../src/config';
import { sandboxPay } from '../src/modules/payments/sandbox-provider';
import { newStoreReference } from '../src/modules/payments/store-reference';
import { buildTestApp, checked, injectAs, testDatabaseUrl, type TestApp } from './helpers';
import { call, decodeBarcode, endpoints, makeLoan, notify, ONE_DAY_FINE, ONE_INSTALMENT_TOTAL, read, urls, type Loan } from './repayment-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const paymentsOf = async (orderId: string) =>
  (await t.db.select({ n: count() }).from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(orderId))))[0]!.n;
const statusOf = async (orderId: string) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, Number(orderId))))[0]!.s;
const referenceRow = async (reference: string) =>
  (await t.db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference)))[0]!;
const detailsOf = async (loan: Loan) => read(await call(t.app, loan.sessionId, urls.details, { orderId: loan.orderId }), endpoints.details);
const valueOf = (d: { userOrderDetail: { detail: { text: string; value: string }[] } }, text: string) =>
  d.userOrderDetail.detail.find((r) => r.text === text)?.value;

/** A voucher for the loan; answers the reference number and the voucher data. */
async function voucher(loan: Loan, amount: number, opts: { payCode?: 'store' | 'spei'; requestType?: 1 | 2 } = {}) {
  const d = read(
    await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode: opts.payCode ?? 'store', requestType: opts.requestType ?? 1 }), endpoints.voucher);
  const row = (await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId)))).find(
    (r) => r.voucherCode === d.repayDetail.vCode && r.amount === amount,
  )!;
  return { reference: row.reference, voucher: d };
}

describe('payment notifications (sandbox)', () => {
  it('a store payment of the full amount due settles a one-instalment loan: loan-details reads 200, the reference is paid', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const res = await notify(t.app, { reference, amount: ONE_INSTALMENT_TOTAL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: true });
    expect(await statusOf(loan.orderId)).toBe('200');
    const details = await detailsOf(loan);
    expect(details).toMatchObject({ orderStatus: '200', noticeStatusText: 'Liquidado', h5Url: '', isDelay: 0 });
    expect(valueOf(details, 'Monto a pagar')).toBe('');
    const row = await referenceRow(reference);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    const [payment] = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
    expect(payment).toMatchObject({ amount: ONE_INSTALMENT_TOTAL, purpose: 'repayment', channel: 'store', provider: 'sandbox', referenceId: row.id });
    // Settled: no more repayment page.
    expect((await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId })).statusCode).toBe(409);
  });

  it('the same event twice: applied once, the second answers applied: false', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const body = { eventId: `evt-twice-${loan.orderId}`, reference, amount: 50_000, paidAt: new Date().toISOString() };
    const first = await notify(t.app, body);
    const second = await notify(t.app, body);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toEqual({ received: true, applied: true });
    expect(second.json()).toEqual({ received: true, applied: false });
    expect(await paymentsOf(loan.orderId)).toBe(1);
  });

  it('20 concurrent deliveries of the same event: applied exactly once', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const body = { eventId: `evt-burst-${loan.orderId}`, reference, amount: ONE_INSTALMENT_TOTAL, paidAt: new Date().toISOString() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(t.app, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => checked(a.json(), z.object({ applied: z.boolean() })).applied)).toHaveLength(1);
    expect(await paymentsOf(loan.orderId)).toBe(1);
    expect(await statusOf(loan.orderId)).toBe('200');
  });

  it('a partial payment: the rest is what loan-play-detail asks for; the old reference is withdrawn', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    expect((await notify(t.app, { reference, amount: 40_000 })).json()).toEqual({ received: true, applied: true });
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(d.repayAmount).toBe(ONE_INSTALMENT_TOTAL - 40_000);
    const rows = Object.fromEntries(d.detail.map((r: { text: string; value: string }) => [r.text, r.value]));
    expect(rows['Ya pagado']).toBe('$400,00');
    // Allocation order: commission 5 000, VAT 1 040, interest 1 500, then principal 32 460.
    expect(rows).toMatchObject({ Capital: '$675,40', 'Comisión': '$0,00', 'Interés': '$0,00', 'Total a pagar hoy': '$675,40' });
    expect(d.repayList[0]!.list[0]!.vCode).toBe(''); // the open reference is for the old amount
    // Priced before the payment: no longer offered (a store would collect the old amount).
    expect((await referenceRow(reference)).status).toBe('expired');
    expect(await statusOf(loan.orderId)).toBe('174');
    expect(valueOf(await detailsOf(loan), 'Monto a pagar')).toBe('$675,40');
  });

  it('an extension payment on a 180 order: back to 174 with the new due date', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 20 });
    expect(await statusOf(loan.orderId)).toBe('180');
    const extensionOffer = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail);
    const newDue = addDays(loan.today, 15);
    expect(extensionOffer.delayInfo).toMatchObject({ delayAmount: 5 * ONE_DAY_FINE + 3_480, delayTime: newDue });
    const { reference } = await voucher(loan, extensionOffer.delayInfo.delayAmount, { requestType: 2, payCode: 'spei' });
    const res = await notify(t.app, { reference, amount: extensionOffer.delayInfo.delayAmount });
    expect(res.json()).toEqual({ received: true, applied: true });
    expect(await statusOf(loan.orderId)).toBe('174');
    const details = await detailsOf(loan);
    expect(details.orderStatus).toBe('174');
    expect(valueOf(details, 'Próximo vencimiento')).toBe(newDue);
    expect(valueOf(details, 'Monto a pagar')).toBe('$1.058,00'); // 100 000 + 5 000 + 800 left
    expect(details.noticeDesText).toBe(`El dinero está en su cuenta. Pague su cuota antes de ${newDue}.`);
    const [payment] = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
    expect(payment).toMatchObject({ purpose: 'extension', channel: 'spei', extended: true });
    expect((await referenceRow(reference)).status).toBe('paid');
  });

  it('bad or expired signature → 401, nothing applied', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const body = { reference, amount: ONE_INSTALMENT_TOTAL };
    const cases = [
      await notify(t.app, body, { secret: 'not-the-secret' }),
      await notify(t.app, body, { signedAt: new Date(Date.now() - 301_000) }),
      await notify(t.app, body, { signedAt: new Date(Date.now() + 301_000) }),
      await notify(t.app, body, { header: null }),
      await notify(t.app, body, { header: 't=abc,v1=zz' }),
    ];
    expect(cases.map((c) => c.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(cases.map((c) => checked(c.json(), z.object({ error: z.string() })).error)).toEqual(['bad_signature', 'expired', 'expired', 'missing', 'malformed']);
    // Signed, then the body changed on the way.
    const raw = JSON.stringify({ eventId: 'evt-tamper', reference, amount: 1, paidAt: new Date().toISOString() });
    const { signNotification, unixSeconds } = await import('../src/modules/payments/notification-signature');
    const header = signNotification(DEV_SANDBOX_SECRET, raw, unixSeconds());
    const tampered = await notify(t.app, { reference, amount: 0 }, { header, rawBody: raw.replace('"amount":1', `"amount":${ONE_INSTALMENT_TOTAL}`) });
    expect(tampered.statusCode).toBe(401);
    expect(await paymentsOf(loan.orderId)).toBe(0);
    expect(await statusOf(loan.orderId)).toBe('174');
  });

  it('unknown reference → 200, held in suspense (issue 12: was 404); zero, negative or non-integer amounts and broken JSON → 400; nothing applied', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const unknown = await notify(t.app, { reference: newStoreReference(99_999_999_999), amount: 1_000 });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, applied: false, held: 'suspense', reason: 'unknown_reference' });
    for (const amount of [0, -5, 150.5, '15050']) {
      const res = await notify(t.app, { reference, amount });
      expect({ amount, status: res.statusCode, body: res.json<unknown>() }).toEqual({ amount, status: 400, body: { received: false, error: 'invalid_body' } });
    }
    const broken = await notify(t.app, { reference, amount: 1 }, { rawBody: '{"eventId":' });
    expect(broken.statusCode).toBe(400);
    const notAReference = await notify(t.app, { reference: '12345', amount: 1_000 });
    expect(notAReference.statusCode).toBe(400);
    const text = await t.app.inject({ method: 'POST', url: urls.notify, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    const big = await notify(t.app, { reference, amount: 1 }, { rawBody: JSON.stringify({ pad: 'x'.repeat(10_000) }) });
    expect(big.statusCode).toBe(413);
    expect(await paymentsOf(loan.orderId)).toBe(0);
  });

  it('a payment made after the reference\'s time is held in suspense (issue 36: was applied; before issue 12 refused 409); one made before it is applied', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    // Made ten minutes ago, payable until a minute ago.
    const expiredAt = new Date(Date.now() - 60_000);
    await t.db.update(paymentReferences).set({ createdAt: new Date(Date.now() - 600_000), expiresAt: expiredAt }).where(eq(paymentReferences.reference, reference));
    const late = await notify(t.app, { reference, amount: 50_000 });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ received: true, applied: false, held: 'suspense', reason: 'reference_expired' });
    expect(await paymentsOf(loan.orderId)).toBe(0);
    const inTime = await notify(t.app, { reference, amount: ONE_INSTALMENT_TOTAL, paidAt: new Date(expiredAt.getTime() - 30_000).toISOString() });
    expect(inTime.json()).toEqual({ received: true, applied: true });
    expect(await paymentsOf(loan.orderId)).toBe(1);
    expect(await statusOf(loan.orderId)).toBe('200');
  });

  it('a different event on a paid reference is still money received: recorded as credit, never lost', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    await notify(t.app, { reference, amount: ONE_INSTALMENT_TOTAL });
    const again = await notify(t.app, { reference, amount: 1_000 });
    expect(again.json()).toEqual({ received: true, applied: true });
    expect(await paymentsOf(loan.orderId)).toBe(2);
    expect(await statusOf(loan.orderId)).toBe('200');
  });

  it('sandboxPay over real HTTP, and `npm run demo -- pay <reference>`', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const partial = await sandboxPay({ baseUrl: address, secret: DEV_SANDBOX_SECRET, reference, amount: 7_540 });
    expect(partial).toMatchObject({ status: 200, body: { received: true, applied: true } });

    const run = promisify(execFile);
    const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), PUBLIC_BASE_URL: address, PAYMENT_SANDBOX_SECRET: '' };
    const cli = path.join(repoRoot, 'apps/server/src/cli/demo.ts');
    const paid = await run(tsx, [cli, 'pay', reference, '--amount', '100000'], { env, cwd: repoRoot });
    expect(JSON.parse(paid.stdout)).toMatchObject({ reference, amount: 100_000, status: 200, body: { received: true, applied: true } });
    expect(await statusOf(loan.orderId)).toBe('200');

    // An unknown reference: the money is held in suspense (issue 12: was refused 404), the answer printed.
    const held = await run(tsx, [cli, 'pay', newStoreReference(99_999_999_998), '--amount', '100'], { env, cwd: repoRoot });
    expect(JSON.parse(held.stdout)).toMatchObject({ status: 200, body: { received: true, applied: false, held: 'suspense', reason: 'unknown_reference' } });
    // Default amount: the reference's, read from the database.
    const other = await makeLoan(t.db, { status: '174' });
    const second = await voucher(other, ONE_INSTALMENT_TOTAL);
    const byDefault = await run(tsx, [cli, 'pay', second.reference], { env, cwd: repoRoot });
    expect(JSON.parse(byDefault.stdout)).toMatchObject({ amount: ONE_INSTALMENT_TOTAL, status: 200 });
    expect(await statusOf(other.orderId)).toBe('200');
  }, 60_000);
});

describe('barcode images', () => {
  it("the voucher's barcode URL serves a PNG that decodes to the reference, without the session", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { reference, voucher: v } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const res = await t.app.inject({ method: 'GET', url: v.repayDetail.repayCode });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(await decodeBarcode(res.rawPayload, 'png')).toBe(reference);

    const svg = await t.app.inject({ method: 'GET', url: v.repayDetail.repayCode.replace('barcode.png', 'barcode.svg') });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.body).toContain('<svg');
  });

  it("with the owner's session instead of the token; another borrower, a wrong token, no credentials, unknown → refused", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const { reference } = await voucher(loan, ONE_INSTALMENT_TOTAL);
    const url = `/api/payments/references/${reference}/barcode.png`;
    const own = await injectAs(t.app, loan.sessionId, { method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(await decodeBarcode(own.rawPayload, 'png')).toBe(reference);

    const foreign = await injectAs(t.app, other.sessionId, { method: 'GET', url });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, code: '404001', message: 'No encontramos esta referencia de pago.', data: null });
    expect((await t.app.inject({ method: 'GET', url: `${url}?token=${'0'.repeat(32)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}?token=short` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const bad of [newStoreReference(99_999_999_997), '80000000000012', 'abc', '..']) {
      const res = await injectAs(t.app, loan.sessionId, { method: 'GET', url: `/api/payments/references/${bad}/barcode.png` });
      expect(res.statusCode).toBe(404);
    }
  });

  it('no barcode for a SPEI reference; the token stops working once the reference expires', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const spei = await voucher(loan, ONE_INSTALMENT_TOTAL, { payCode: 'spei' });
    expect((await injectAs(t.app, loan.sessionId, { method: 'GET', url: `/api/payments/references/${spei.reference}/barcode.png` })).statusCode).toBe(404);
    const store = await voucher(loan, ONE_INSTALMENT_TOTAL);
    await t.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(paymentReferences.reference, store.reference));
    expect((await t.app.inject({ method: 'GET', url: store.voucher.repayDetail.repayCode })).statusCode).toBe(404);
    // The owner still sees it with the session.
    const own = await injectAs(t.app, loan.sessionId, { method: 'GET', url: `/api/payments/references/${store.reference}/barcode.png` });
    expect(own.statusCode).toBe(200);
  });
});
