import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { ledgerPayments, paymentNotifications, paymentReferences, paymentSuspense } from '../src/db/schema';
import { startConektaMock } from '../src/modules/demo/payment-mocks/conekta-mock';
import type { ProviderMock } from '../src/modules/demo/payment-mocks/mock-kit';
import { isValidClabe } from '../src/modules/payments/clabe';
import { buildTestApp, type TestApp } from './helpers';
import { call, decodeBarcode, endpoints, makeLoan, ONE_INSTALMENT_TOTAL, read, urls, type Loan } from './repayment-fixtures';

/*
 * Conekta through the real app: vouchers made at a started Conekta mock (PAYMENT_CHANNELS=MX.store=conekta,
 * MX.spei=conekta), and webhooks in Conekta's documented shape signed here with the account's webhook key (a key pair
 * this test makes), posted to POST /api/payments/notifications/conekta.
 */

const webhookKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const NOTIFY = '/api/payments/notifications/conekta';

let t: TestApp;
let mock: ProviderMock;

beforeAll(async () => {
  mock = await startConektaMock({ webhookUrl: 'http://127.0.0.1:9/unused' });
  const env = {
    ...process.env,
    PAYMENT_CHANNELS: 'MX.store=conekta,MX.spei=conekta',
    CONEKTA_API_URL: mock.env.CONEKTA_API_URL,
    CONEKTA_PRIVATE_KEY: mock.env.CONEKTA_PRIVATE_KEY,
    CONEKTA_WEBHOOK_PUBLIC_KEY: webhookKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  t = await buildTestApp({ payments: loadConfig(env).payments });
});
afterAll(async () => {
  await t.close();
  await mock.close();
});

/** A voucher for the loan made through Conekta: its payment reference row and the voucher data. */
async function voucher(loan: Loan, payCode: 'store' | 'spei' = 'store', amount = ONE_INSTALMENT_TOTAL) {
  const d = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode, requestType: 1 }), endpoints.voucher);
  const [row] = await t.db.select().from(paymentReferences).where(and(eq(paymentReferences.orderId, Number(loan.orderId)), eq(paymentReferences.voucherCode, d.repayDetail.vCode)));
  return { row: row!, d };
}

/** Conekta's order as the mock keeps it (GET /orders/{id} with the account's key). */
async function conektaOrder(id: string): Promise<{ metadata: Record<string, string>; amount: number; charges: { data: { id: string }[] } }> {
  const res = await fetch(`${mock.url}/orders/${id}`, { headers: { authorization: `Bearer ${mock.env.CONEKTA_PRIVATE_KEY}`, accept: 'application/vnd.conekta-v2.3.0+json' } });
  return (await res.json()) as never;
}

type Paid = { orderId: string; chargeId?: string; amount: number; paidAt?: Date; eventId?: string };
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const hex = () => randomBytes(12).toString('hex');

/** A charge as Conekta's events carry it (developers.conekta.com, charge object of API v2.3.0). */
function chargeJson(p: Paid & { chargeId: string }) {
  const paidAt = seconds(p.paidAt ?? new Date());
  return {
    id: p.chargeId, livemode: false, created_at: paidAt - 600, currency: 'MXN',
    payment_method: { service_name: 'Cash', object: 'cash_payment', type: 'cash', reference: '10001140326893401915', product_type: 'cash_in' },
    object: 'charge', description: 'Payment from order', status: 'paid', amount: p.amount, paid_at: paidAt, fee: 58, customer_id: '', order_id: p.orderId,
  };
}

/** charge.paid and order.paid of one payment, each the exact bytes Conekta would post. */
function paidEvents(p: Paid): { charge: string; order: string } {
  const q = { ...p, chargeId: p.chargeId ?? hex() };
  const charge = chargeJson(q);
  const envelope = (type: string, object: unknown, previous: unknown) =>
    JSON.stringify({
      data: { object, previous_attributes: previous }, livemode: false, webhook_status: 'pending',
      webhook_logs: [{ id: `webhl_${hex()}`, url: `https://presta.example${NOTIFY}`, failed_attempts: 0, last_http_response_status: -1, object: 'webhook_log', last_attempted_at: 0 }],
      id: p.eventId ?? hex(), object: 'event', type, created_at: charge.paid_at + 5,
    });
  const order = { livemode: false, amount: p.amount, currency: 'MXN', payment_status: 'paid', amount_refunded: 0, object: 'order', id: p.orderId, metadata: {}, created_at: charge.created_at, updated_at: charge.paid_at, charges: { object: 'list', has_more: false, total: 1, data: [charge] } };
  return { charge: envelope('charge.paid', charge, { status: 'pending_payment' }), order: envelope('order.paid', order, { payment_status: 'pending_payment' }) };
}

const digest = (body: string, key = webhookKey.privateKey) => sign('sha256', Buffer.from(body, 'utf8'), key).toString('base64');
const post = (body: string, header: string | null = digest(body)) =>
  t.app.inject({ method: 'POST', url: NOTIFY, headers: { 'content-type': 'application/json', ...(header === null ? {} : { digest: header }) }, payload: body });

const paymentsOf = async (orderId: string) => (await t.db.select({ n: count() }).from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(orderId))))[0]!.n;
const notificationsOf = async (providerReference: string) =>
  t.db.select().from(paymentNotifications).where(and(eq(paymentNotifications.provider, 'conekta'), eq(paymentNotifications.reference, providerReference)));

describe('Conekta vouchers', () => {
  it('store: Conekta\'s reference as the code, its barcode, and Conekta\'s stores; the order carries our reference', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row, d } = await voucher(loan, 'store');
    expect(row).toMatchObject({ provider: 'conekta', channel: 'store', amount: ONE_INSTALMENT_TOTAL, loanAccount: false, payerTypesReference: false });
    expect(row.providerReference).toMatch(/^ord_/);
    expect(d.repayDetail.vCode).toMatch(/^\d{20}$/);
    expect(d.paymentDetails[0]).toEqual({ label: 'Número de referencia', value: d.repayDetail.vCode, copy: 1 });
    expect(d.stores).toEqual(t.config.payments.conekta.stores);
    expect(d.stores).toContain('7-Eleven');
    expect(d.dataList[0]!.content[0]).toContain('7-Eleven');
    const barcode = await t.app.inject({ method: 'GET', url: d.repayDetail.repayCode });
    expect(barcode.statusCode).toBe(200);
    expect(await decodeBarcode(barcode.rawPayload, 'png')).toBe(d.repayDetail.vCode);
    const order = await conektaOrder(row.providerReference);
    expect([order.metadata.reference, order.metadata.order_id, order.amount]).toEqual([row.reference, loan.orderId, ONE_INSTALMENT_TOTAL]);
  });

  it('SPEI: the CLABE Conekta opened for the order, with no reference to type', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row, d } = await voucher(loan, 'spei');
    expect(isValidClabe(d.repayDetail.vCode)).toBe(true);
    expect(row).toMatchObject({ provider: 'conekta', channel: 'spei', clabe: d.repayDetail.vCode, payerTypesReference: false });
    expect(d.paymentDetails[0]).toEqual({ label: 'CLABE: la cuenta a la que transfiere', value: d.repayDetail.vCode, copy: 1 });
    expect(JSON.stringify(d.paymentDetails)).not.toContain(row.reference);
    expect(JSON.stringify(d)).not.toMatch(/Concepto de pago: escriba/);
    expect(d.stores).toEqual([]);
  });
});

describe('Conekta notifications', () => {
  it('a valid delivery: applied once, recorded with its verification and event', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row } = await voucher(loan);
    const chargeId = hex();
    const { order } = paidEvents({ orderId: row.providerReference, chargeId, amount: ONE_INSTALMENT_TOTAL });
    const res = await post(order);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, applied: true }]);
    const [payment] = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
    expect(payment).toMatchObject({ provider: 'conekta', providerEventId: chargeId, amount: ONE_INSTALMENT_TOTAL, channel: 'store', referenceId: row.id });
    const [note] = await notificationsOf(row.providerReference);
    expect(note).toMatchObject({ outcome: 'applied', kind: 'paid', eventType: 'order.paid', eventId: chargeId, verification: 'RSA-SHA256 digest (Conekta webhook key)' });
    expect(note!.body).not.toContain('Ana Prueba');
  });

  it('the same delivery 50 times at once: applied exactly once', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row } = await voucher(loan);
    const { order } = paidEvents({ orderId: row.providerReference, amount: ONE_INSTALMENT_TOTAL });
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(order)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.json<{ applied: boolean }>().applied)).toHaveLength(1);
    expect(await paymentsOf(loan.orderId)).toBe(1);
  });

  it('order.paid and charge.paid of one payment, in either order: applied once', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row } = await voucher(loan);
    const { charge, order } = paidEvents({ orderId: row.providerReference, amount: 50_000 });
    expect((await post(order)).json()).toEqual({ received: true, applied: true });
    expect((await post(charge)).json()).toEqual({ received: true, applied: false });
    expect(await paymentsOf(loan.orderId)).toBe(1);
  });

  it('a tampered body or another key: 401, nothing written', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row } = await voucher(loan);
    const { order } = paidEvents({ orderId: row.providerReference, amount: ONE_INSTALMENT_TOTAL });
    const tampered = await post(order.replace(`"amount":${ONE_INSTALMENT_TOTAL}`, '"amount":9'), digest(order));
    const stranger = await post(order, digest(order, otherKey.privateKey));
    const unsigned = await post(order, null);
    expect([tampered.statusCode, stranger.statusCode, unsigned.statusCode]).toEqual([401, 401, 401]);
    expect(await notificationsOf(row.providerReference)).toEqual([]);
    expect(await paymentsOf(loan.orderId)).toBe(0);
  });

  it('an unknown Conekta order: held in suspense, answered 200', async () => {
    const orderId = `ord_unknown${hex()}`;
    const res = await post(paidEvents({ orderId, amount: 12_345 }).order);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, applied: false, held: 'suspense', reason: 'unknown_reference' }]);
    const [held] = await t.db.select().from(paymentSuspense).where(and(eq(paymentSuspense.provider, 'conekta'), eq(paymentSuspense.reference, orderId)));
    expect(held).toMatchObject({ amount: 12_345, reason: 'unknown_reference', orderId: null });
  });

  it('paid after the reference\'s time (a late delivery): held in suspense, not applied', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row } = await voucher(loan);
    // The reference made two hours ago for one hour; Conekta says it was paid half an hour ago. Not a loan account: held.
    const hour = 3_600_000;
    await t.db.update(paymentReferences).set({ createdAt: new Date(Date.now() - 2 * hour), expiresAt: new Date(Date.now() - hour) }).where(eq(paymentReferences.id, row.id));
    const res = await post(paidEvents({ orderId: row.providerReference, amount: ONE_INSTALMENT_TOTAL, paidAt: new Date(Date.now() - hour / 2) }).order);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, applied: false, held: 'suspense', reason: 'reference_expired' }]);
    expect(await paymentsOf(loan.orderId)).toBe(0);
  });

  it('an overpayment above PAYMENT_CEILING_PERCENT: held in suspense, answered 200', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row } = await voucher(loan);
    const tooMuch = Math.floor((ONE_INSTALMENT_TOTAL * t.config.paymentCeilingPercent) / 100) + 100_000;
    const res = await post(paidEvents({ orderId: row.providerReference, amount: tooMuch }).order);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, applied: false, held: 'suspense', reason: 'amount_above_ceiling' }]);
    expect(await paymentsOf(loan.orderId)).toBe(0);
  });

  it('order.expired: noted, and the order\'s open reference expired', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { row } = await voucher(loan);
    const expired = JSON.stringify({
      data: { object: { livemode: false, amount: ONE_INSTALMENT_TOTAL, currency: 'MXN', payment_status: 'expired', object: 'order', id: row.providerReference, metadata: {}, charges: { object: 'list', has_more: false, total: 1, data: [] } }, previous_attributes: { payment_status: 'pending_payment' } },
      livemode: false, webhook_status: 'pending', webhook_logs: [], id: hex(), object: 'event', type: 'order.expired', created_at: seconds(new Date()),
    });
    const res = await post(expired);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, applied: false }]);
    expect((await notificationsOf(row.providerReference)).map((n) => [n.outcome, n.kind])).toEqual([['noted', 'expired']]);
    const [after] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.id, row.id));
    expect(after!.status).toBe('expired');
  });
});
