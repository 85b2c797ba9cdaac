import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { ledgerPayments, paymentNotifications, paymentReferences, paymentSuspense } from '../src/db/schema';
import { startStpMock, type StpDeposit, type StpMock } from '../src/modules/demo/payment-mocks/stp-mock';
import { clabeForOrderInRange, isValidClabe } from '../src/modules/payments/clabe';
import { buildTestApp, type TestApp } from './helpers';
import { call, endpoints, makeLoan, ONE_INSTALMENT_TOTAL, read, urls, type Loan } from './repayment-fixtures';

/*
 * STP through the real app (docs/providers/stp.md): PAYMENT_CHANNELS=MX.spei=stp pointed at a started STP mock. The
 * deposits are the mock's abono bodies, posted as STP posts them with the sender's address; the adapter asks the
 * mock's consultaOrden (signed) before anything is written.
 */

let mock: StpMock;
let t: TestApp;

beforeAll(async () => {
  // The mock's own deliveries are not used here: each test posts the deposit through app.inject.
  mock = await startStpMock({ webhookUrl: 'http://127.0.0.1:9/api/payments/notifications/stp' });
  t = await buildTestApp({ payments: loadConfig({ ...process.env, PAYMENT_CHANNELS: 'MX.spei=stp', ...mock.env }).payments });
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

const STP_PATH = '/api/payments/notifications/stp';
const post = (rawBody: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: STP_PATH, headers: { 'content-type': 'application/json' }, payload: rawBody, remoteAddress });
const dedupeKey = (d: StpDeposit) => `${d.claveRastreo}:${d.fechaOperacion}`;

const voucherOf = async (loan: Loan, amount = ONE_INSTALMENT_TOTAL, requestType: 1 | 2 = 1) =>
  read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode: 'spei', requestType }), endpoints.voucher);
const refsOf = (loan: Loan) =>
  t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId))).orderBy(asc(paymentReferences.id));
const paymentsOf = (loan: Loan) => t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
const notificationsOf = (d: StpDeposit) =>
  t.db.select().from(paymentNotifications).where(and(eq(paymentNotifications.provider, 'stp'), eq(paymentNotifications.eventId, dedupeKey(d))));
const suspenseOf = (d: StpDeposit) => t.db.select().from(paymentSuspense).where(and(eq(paymentSuspense.provider, 'stp'), eq(paymentSuspense.eventId, dedupeKey(d))));

/** A disbursed one-instalment loan with its SPEI voucher: the loan's CLABE in the mock's range. */
async function loanWithClabe() {
  const loan = await makeLoan(t.db, { status: '174' });
  const voucher = await voucherOf(loan);
  return { loan, voucher, clabe: clabeForOrderInRange(Number(loan.orderId), mock.clabePrefix) };
}

describe('the SPEI voucher: the loan’s own CLABE in the lender’s range', () => {
  it('shows the CLABE with nothing to type as a reference; a second voucher of the loan shows the same CLABE', async () => {
    const asked = mock.requests.length;
    const { loan, voucher, clabe } = await loanWithClabe();
    expect(isValidClabe(clabe)).toBe(true);
    expect(clabe.startsWith(mock.clabePrefix)).toBe(true);
    expect(voucher.repayDetail.vCode).toBe(clabe);
    expect(voucher.paymentDetails.map((d) => d.label)).toEqual(['CLABE: la cuenta a la que transfiere', 'Banco', 'Beneficiario', 'Este pago es para']);
    expect(voucher.repayDetail.repayDes).toContain('no necesita escribir ninguna referencia');
    expect(JSON.stringify(voucher.dataList)).not.toContain('Concepto de pago');

    // The extension's voucher: another reference, another amount, the same CLABE.
    const extension = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail);
    const second = await voucherOf(loan, extension.delayInfo.delayAmount, 2);
    expect(second.repayDetail.vCode).toBe(clabe);
    const refs = await refsOf(loan);
    expect(refs).toHaveLength(2);
    for (const ref of refs) expect(ref).toMatchObject({ provider: 'stp', providerReference: clabe, clabe, loanAccount: true, payerTypesReference: false });
    expect(refs[0]!.reference).not.toBe(refs[1]!.reference);
    // No call to STP to make a reference: the CLABE is the account.
    expect(mock.requests.length).toBe(asked);
  });
});

describe('a deposit STP posts', () => {
  it('is applied once and answered confirmar, after STP’s signed query listed it', async () => {
    const { loan, clabe } = await loanWithClabe();
    const deposit = mock.record({ clabe, amount: ONE_INSTALMENT_TOTAL });
    const asked = mock.requests.length;
    const res = await post(mock.abonoBody(deposit));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'confirmar' });
    expect(mock.requests.slice(asked).map((r) => r.path)).toEqual(['/efws/API/consultaOrden']);
    expect((await paymentsOf(loan)).map((p) => ({ amount: p.amount, provider: p.provider, channel: p.channel }))).toEqual([
      { amount: ONE_INSTALMENT_TOTAL, provider: 'stp', channel: 'spei' },
    ]);
    const [row] = await notificationsOf(deposit);
    expect(row).toMatchObject({ outcome: 'applied', eventType: 'abono', kind: 'paid', providerEventId: String(deposit.id), amount: ONE_INSTALMENT_TOTAL });
    expect(row!.verification).toContain('source address');
    // Sent again (STP repeats): confirmar, nothing applied twice.
    const again = await post(mock.abonoBody(deposit));
    expect([again.statusCode, again.json()]).toEqual([200, { mensaje: 'confirmar' }]);
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('the same deposit 50 times at once: applied once, every delivery answered confirmar', async () => {
    const { loan, clabe } = await loanWithClabe();
    const deposit = mock.record({ clabe, amount: 60_000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(mock.abonoBody(deposit))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    for (const a of answers) expect(a.json()).toEqual({ mensaje: 'confirmar' });
    const payments = await paymentsOf(loan);
    expect(payments.map((p) => p.amount)).toEqual([60_000]);
    const rows = await notificationsOf(deposit);
    expect(rows.filter((r) => r.outcome === 'applied')).toHaveLength(1);
  });

  it('its amount changed on the way (STP lists another) → 401, nothing written', async () => {
    const { loan, clabe } = await loanWithClabe();
    const deposit = mock.record({ clabe, amount: 100_000 });
    const tampered = mock.abonoBody(deposit).replace('"monto":1000.00', '"monto":1075.40');
    expect(tampered).not.toBe(mock.abonoBody(deposit));
    const res = await post(tampered);
    expect(res.statusCode).toBe(401);
    expect(res.json()).not.toHaveProperty('mensaje');
    expect(await paymentsOf(loan)).toEqual([]);
    expect(await notificationsOf(deposit)).toEqual([]);
    expect(await suspenseOf(deposit)).toEqual([]);
  });

  it('from an address not allowed → 401, STP not asked, nothing written', async () => {
    const { loan, clabe } = await loanWithClabe();
    const deposit = mock.record({ clabe, amount: ONE_INSTALMENT_TOTAL });
    const asked = mock.requests.length;
    for (const address of ['203.0.113.9', '::ffff:203.0.113.9', '2001:db8::1']) {
      const res = await post(mock.abonoBody(deposit), address);
      expect(res.statusCode).toBe(401);
    }
    expect(mock.requests.length).toBe(asked);
    expect(await paymentsOf(loan)).toEqual([]);
    expect(await notificationsOf(deposit)).toEqual([]);
  });

  it('from 127.0.0.1 in its IPv6-mapped form, as a dual-stack socket reports it: taken', async () => {
    const { loan, clabe } = await loanWithClabe();
    const deposit = mock.record({ clabe, amount: 20_000 });
    const res = await post(mock.abonoBody(deposit), '::ffff:127.0.0.1');
    expect([res.statusCode, res.json()]).toEqual([200, { mensaje: 'confirmar' }]);
    expect((await paymentsOf(loan)).map((p) => p.amount)).toEqual([20_000]);
  });
});

describe('money is never returned: held in suspense and answered confirmar', () => {
  it('a deposit to a CLABE of the range that no loan has', async () => {
    const deposit = mock.record({ clabe: clabeForOrderInRange(9_999_999, mock.clabePrefix), amount: 12_345 });
    const res = await post(mock.abonoBody(deposit));
    expect([res.statusCode, res.json()]).toEqual([200, { mensaje: 'confirmar' }]);
    const [held] = await suspenseOf(deposit);
    expect(held).toMatchObject({ amount: 12_345, reason: 'unknown_reference' });
    expect(await notificationsOf(deposit)).toMatchObject([{ outcome: 'held' }]);
  });

  it('an overpayment above the ceiling', async () => {
    const { loan, clabe } = await loanWithClabe();
    const deposit = mock.record({ clabe, amount: ONE_INSTALMENT_TOTAL * 3 });
    const res = await post(mock.abonoBody(deposit));
    expect([res.statusCode, res.json()]).toEqual([200, { mensaje: 'confirmar' }]);
    expect(await paymentsOf(loan)).toEqual([]);
    const [held] = await suspenseOf(deposit);
    expect(held).toMatchObject({ amount: ONE_INSTALMENT_TOTAL * 3, reason: 'amount_above_ceiling', orderId: Number(loan.orderId) });
  });
});

describe('the loan’s CLABE takes money while the loan lives', () => {
  it('a deposit long after its voucher’s time is applied', async () => {
    const { loan, clabe } = await loanWithClabe();
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await t.db
      .update(paymentReferences)
      .set({ createdAt: longAgo, expiresAt: new Date(longAgo.getTime() + 3 * 86_400_000) })
      .where(eq(paymentReferences.orderId, Number(loan.orderId)));
    const deposit = mock.record({ clabe, amount: 30_000 });
    const res = await post(mock.abonoBody(deposit));
    expect([res.statusCode, res.json()]).toEqual([200, { mensaje: 'confirmar' }]);
    expect((await paymentsOf(loan)).map((p) => ({ amount: p.amount, provider: p.provider }))).toEqual([{ amount: 30_000, provider: 'stp' }]);
    expect(await suspenseOf(deposit)).toEqual([]);
  });
});
