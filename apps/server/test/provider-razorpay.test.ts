import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { productCatalogue } from '../src/db/catalogue';
import { loadConfig } from '../src/config';
import { ledgerPayments, paymentNotifications, paymentReferences, paymentSuspense } from '../src/db/schema';
import { startMockServer } from '../src/modules/demo/payment-mocks/mock-kit';
import { startRazorpayMock, type RazorpayDelivery, type RazorpayMock } from '../src/modules/demo/payment-mocks/razorpay-mock';
import { buildTestApp, injectAs, without, type TestApp } from './helpers';
import { decodeBarcode, endpoints, makeLoan, read, urls, type Loan } from './repayment-fixtures';

/*
 * Razorpay through the real app (docs/providers/razorpay.md): PAYMENT_CHANNELS=IN.upi=razorpay,IN.bank_transfer=razorpay
 * pointing at the Razorpay mock; Indian loans' vouchers made by it; its webhooks (signed with its webhook secret, each
 * checked by the razorpay package too) posted to POST /api/payments/notifications/razorpay.
 */

const NOTIFY = '/api/payments/notifications/razorpay';
let t: TestApp;
let mock: RazorpayMock;
let forwarder: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  // The mock's webhooks reach the app through this forwarder (the app is not listening: app.inject).
  forwarder = await startMockServer(async (req) => {
    const pick = (name: string) => (typeof req.headers[name] === 'string' ? { [name]: req.headers[name] } : {});
    const headers = { 'content-type': 'application/json', ...pick('x-razorpay-signature'), ...pick('x-razorpay-event-id') };
    const res = await t.app.inject({ method: 'POST', url: NOTIFY, headers, payload: req.rawBody });
    return { status: res.statusCode, body: res.body };
  });
  mock = await startRazorpayMock({ webhookUrl: `${forwarder.url}${NOTIFY}`, delivery: { firstRetryMs: 5 } });
  const payments = loadConfig({ ...process.env, PAYMENT_CHANNELS: 'IN.upi=razorpay,IN.bank_transfer=razorpay', ...mock.env }).payments;
  t = await buildTestApp({ payments });
});
afterAll(async () => {
  await t.close();
  await mock.close();
  await forwarder.close();
});

const indianProduct = without(productCatalogue.find((p) => p.market === 'IN')!, 'code');
/** An Indian loan of the catalogue's product (₹5,000.00 over one 91-day instalment), due today. */
const indianLoan = () => makeLoan(t.db, { status: '174', product: indianProduct, amount: 500_000, daysAgo: 91 });

const as = (loan: Loan, url: string, payload: Record<string, string | number>) => injectAs(t.app, loan.sessionId, { url, payload, query: { language: '1' } });

/** A voucher of the loan for `channel` (the amount due, or the extension's), and its payment_references row. */
async function voucher(loan: Loan, channel: 'upi' | 'bank_transfer', purpose: 'repayment' | 'extension' = 'repayment') {
  const amount =
    purpose === 'repayment'
      ? read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail).repayAmount
      : read(await as(loan, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail).delayInfo.delayAmount;
  const requestType = purpose === 'repayment' ? 1 : 2;
  const d = read(await as(loan, urls.voucher, { orderId: loan.orderId, amount, payCode: channel, requestType }), endpoints.voucher);
  const rows = await t.db.select().from(paymentReferences).where(and(eq(paymentReferences.orderId, Number(loan.orderId)), eq(paymentReferences.channel, channel)));
  const row = rows.find((r) => r.amount === amount && r.purpose === purpose)!;
  return { d, row, amount };
}

/** Posts one delivery to the app as Razorpay would (its bytes, its signature, its event id). */
const post = (d: { rawBody: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: NOTIFY, headers: { 'content-type': 'application/json', ...d.headers }, payload: d.rawBody });

const byEvent = (deliveries: RazorpayDelivery[], event: string) => deliveries.find((d) => d.event === event)!;
const paymentsOf = async (loan: Loan) => (await t.db.select({ n: count() }).from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId))))[0]!.n;
const notificationCount = async () => (await t.db.select({ n: count() }).from(paymentNotifications))[0]!.n;
const suspenseOf = async (eventId: string) => (await t.db.select().from(paymentSuspense).where(and(eq(paymentSuspense.provider, 'razorpay'), eq(paymentSuspense.eventId, eventId))))[0];

/** A signed delivery of a documented qr_code.credited naming `qrId` (the mock's format, with its webhook secret). */
function qrCredited(qrId: string, payment: { id: string; amount: number; createdAt: number }): { rawBody: string; headers: Record<string, string> } {
  const rawBody = JSON.stringify({
    entity: 'event',
    account_id: 'acc_CJoeHMNpi0nC7k',
    event: 'qr_code.credited',
    contains: ['payment', 'qr_code'],
    payload: {
      payment: { entity: { id: payment.id, entity: 'payment', amount: payment.amount, currency: 'INR', status: 'captured', method: 'upi', captured: true, description: 'QRv2 Payment', vpa: 'gauri.kumar@okhdfcbank', notes: [], acquirer_data: { rrn: '116812981837' }, created_at: payment.createdAt } },
      qr_code: { entity: { id: qrId, entity: 'qr_code', usage: 'single_use', type: 'upi_qr', image_url: 'https://rzp.io/i/X6QM7LL', payment_amount: payment.amount, status: 'closed', fixed_amount: true, notes: [], close_by: payment.createdAt + 3600, closed_at: payment.createdAt, close_reason: 'paid' } },
    },
    created_at: payment.createdAt,
  }).replace(/\//g, '\\/');
  const signature = signWith(mock.webhookSecret, rawBody);
  expect(validateWebhookSignature(rawBody, signature, mock.webhookSecret)).toBe(true);
  return { rawBody, headers: { 'X-Razorpay-Signature': signature, 'x-razorpay-event-id': `evt${payment.id.slice(4)}` } };
}

/** Razorpay's scheme, written out here (not the adapter's code): hex HMAC-SHA256 of the raw body. */
const signWith = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('Razorpay through the app: vouchers', () => {
  it('UPI: the voucher’s payLink is the QR code’s upi://pay intent, its QR image decodes to it, the VPA is its pa', async () => {
    const loan = await indianLoan();
    const { d, row, amount } = await voucher(loan, 'upi');
    const qrAnswer = await fetch(`${mock.url}/v1/payments/qr_codes/${row.providerReference}`, {
      headers: { authorization: `Basic ${Buffer.from(`${mock.env.RAZORPAY_KEY_ID}:${mock.env.RAZORPAY_KEY_SECRET}`).toString('base64')}` },
    });
    const qr = (await qrAnswer.json()) as { image_content: string; payment_amount: number; usage: string; notes: Record<string, string> };
    expect(qr).toMatchObject({ payment_amount: amount, usage: 'single_use', notes: { reference: row.reference, order_id: loan.orderId } });
    expect(d.payLink).toBe(qr.image_content);
    expect(d.payLink).toMatch(/^upi:\/\/pay\?pa=rzr\.payto\d+@icici&/);
    const vpa = new URL(qr.image_content).searchParams.get('pa')!;
    expect(row).toMatchObject({ provider: 'razorpay', providerReference: expect.stringMatching(/^qr_/) as string, vpa, voucherCode: vpa, payLink: qr.image_content, loanAccount: false, payerTypesReference: false });
    expect(d.repayDetail.vCode).toBe(vpa);
    const png = await t.app.inject({ method: 'GET', url: d.repayDetail.repayCode.replace('qr.svg', 'qr.png') });
    expect(png.statusCode).toBe(200);
    expect(await decodeBarcode(png.rawPayload, 'png')).toBe(d.payLink);
  });

  it('bank transfer: the loan’s account and IFSC; the same account on its extension’s voucher, made once', async () => {
    const loan = await indianLoan();
    const first = await voucher(loan, 'bank_transfer');
    const second = await voucher(loan, 'bank_transfer', 'extension');
    expect(first.row).toMatchObject({ provider: 'razorpay', loanAccount: true, ifsc: 'RATN0VAAPIS', payerTypesReference: false });
    expect(first.row.accountNumber).toMatch(/^2223330\d{9}$/);
    expect(second.row).toMatchObject({ providerReference: first.row.providerReference, accountNumber: first.row.accountNumber, ifsc: 'RATN0VAAPIS' });
    expect(second.row.reference).not.toBe(first.row.reference);
    for (const { d } of [first, second]) {
      const values = d.paymentDetails.map((x: { value: string }) => x.value);
      expect(values).toContain(first.row.accountNumber);
      expect(values).toContain('RATN0VAAPIS');
      expect(d.repayDetail.vCode).toBe(first.row.accountNumber);
    }
    const made = mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/virtual_accounts' && (JSON.parse(r.rawBody.toString()) as { notes?: { order_id?: string } }).notes?.order_id === loan.orderId);
    expect(made).toHaveLength(1);
  });
});

describe('Razorpay through the app: payments', () => {
  it('the mock pays a UPI voucher (captured and credited, reverse order, retried, twice): applied once', async () => {
    const loan = await indianLoan();
    const { row, amount } = await voucher(loan, 'upi');
    const { logs } = await mock.pay({ providerReference: row.providerReference, reference: row.reference, channel: 'upi', amount });
    expect(logs.every((l) => l.delivered)).toBe(true);
    expect(await paymentsOf(loan)).toBe(1);
    const [payment] = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
    expect(payment).toMatchObject({ amount, provider: 'razorpay', channel: 'upi', referenceId: row.id, providerEventId: expect.stringMatching(/^pay_/) as string });
    const recorded = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderId, Number(loan.orderId)));
    expect(recorded.map((r) => r.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    expect(recorded.every((r) => r.verification === 'HMAC-SHA256 X-Razorpay-Signature')).toBe(true);
  });

  it('the same delivery 50 times in parallel: applied once', async () => {
    const loan = await indianLoan();
    const { row, amount } = await voucher(loan, 'upi');
    const deliveries = mock.deliveriesOf({ providerReference: row.providerReference, reference: row.reference, channel: 'upi', amount });
    const credited = byEvent(deliveries, 'qr_code.credited');
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(credited)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.json<{ applied: boolean }>().applied)).toHaveLength(1);
    expect(await paymentsOf(loan)).toBe(1);
    // The captured event of the same payment, also 50 times, changes nothing.
    const captured = await Promise.all(Array.from({ length: 50 }, () => post(byEvent(deliveries, 'payment.captured'))));
    expect(captured.every((a) => a.statusCode === 200 && a.json<{ applied: boolean }>().applied === false)).toBe(true);
    expect(await paymentsOf(loan)).toBe(1);
  });

  it('payment.failed, then the same payment captured: the reference stays payable, the payment applied once', async () => {
    const loan = await indianLoan();
    const { row, amount } = await voucher(loan, 'upi');
    const deliveries = mock.deliveriesOf({ providerReference: row.providerReference, reference: row.reference, channel: 'upi', amount }, { failFirst: true });
    expect(deliveries.map((d) => d.event)).toEqual(['payment.failed', 'payment.captured', 'qr_code.credited']);
    const failed = await post(byEvent(deliveries, 'payment.failed'));
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ received: true, applied: false });
    const [after] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.id, row.id));
    expect(after!.status).toBe('open');
    expect(await paymentsOf(loan)).toBe(0);
    // The voucher offered again is the same, still payable.
    const again = await voucher(loan, 'upi');
    expect(again.row.id).toBe(row.id);
    const captured = await post(byEvent(deliveries, 'payment.captured'));
    const credited = await post(byEvent(deliveries, 'qr_code.credited'));
    expect([captured.json(), credited.json()]).toEqual([{ received: true, applied: true }, { received: true, applied: false }]);
    expect(await paymentsOf(loan)).toBe(1);
    const [paid] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.id, row.id));
    expect(paid!.status).toBe('paid');
  });

  it('a tampered body or another secret: 401, nothing written', async () => {
    const loan = await indianLoan();
    const { row, amount } = await voucher(loan, 'upi');
    const credited = byEvent(mock.deliveriesOf({ providerReference: row.providerReference, reference: row.reference, channel: 'upi', amount }), 'qr_code.credited');
    const before = await notificationCount();
    const tampered = credited.rawBody.replace(`"amount":${amount}`, `"amount":${amount * 10}`);
    expect(tampered).not.toBe(credited.rawBody);
    expect(validateWebhookSignature(tampered, credited.headers['X-Razorpay-Signature']!, mock.webhookSecret)).toBe(false);
    const bad = await post({ rawBody: tampered, headers: credited.headers });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ received: false, error: 'bad_signature' });
    const otherSecret = signWith('not-the-webhook-secret', credited.rawBody);
    const wrong = await post({ rawBody: credited.rawBody, headers: { ...credited.headers, 'X-Razorpay-Signature': otherSecret } });
    expect(wrong.statusCode).toBe(401);
    const none = await post({ rawBody: credited.rawBody, headers: { 'x-razorpay-event-id': 'KMsAJZ2oXfUOiv' } });
    expect(none.json()).toEqual({ received: false, error: 'missing' });
    expect(await notificationCount()).toBe(before);
    expect(await paymentsOf(loan)).toBe(0);
  });

  it('an unknown QR code: held in suspense, answered 200', async () => {
    const d = qrCredited('qr_Zz9UnknownCode1', { id: 'pay_Zz9UnknownPay01', amount: 12_345, createdAt: Math.floor(Date.now() / 1000) });
    const res = await post(d);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, applied: false, held: 'suspense', reason: 'unknown_reference' });
    expect(await suspenseOf('pay_Zz9UnknownPay01')).toMatchObject({ amount: 12_345, reference: 'qr_Zz9UnknownCode1', reason: 'unknown_reference' });
  });

  it('a QR payment after its reference’s time: held in suspense, answered 200', async () => {
    const loan = await indianLoan();
    const { row, amount } = await voucher(loan, 'upi');
    await t.db.execute(sql`update payment_references set created_at = now() - interval '3 hours', expires_at = now() - interval '1 hour' where id = ${row.id}`);
    const res = await post(qrCredited(row.providerReference, { id: `pay_Late${row.id}x0000000`.slice(0, 18), amount, createdAt: Math.floor(Date.now() / 1000) }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, applied: false, held: 'suspense', reason: 'reference_expired' });
    expect(await paymentsOf(loan)).toBe(0);
  });

  it('an overpayment to the loan’s account: held in suspense, answered 200', async () => {
    const loan = await indianLoan();
    const { row, amount } = await voucher(loan, 'bank_transfer');
    const deliveries = mock.deliveriesOf({ providerReference: row.providerReference, reference: row.reference, channel: 'bank_transfer', amount: amount * 10 });
    const res = await post(byEvent(deliveries, 'virtual_account.credited'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, applied: false, held: 'suspense', reason: 'amount_above_ceiling' });
    expect(await paymentsOf(loan)).toBe(0);
  });

  it('a bank transfer to the loan’s account long after its voucher’s time: applied', async () => {
    const loan = await indianLoan();
    const { row } = await voucher(loan, 'bank_transfer');
    await t.db.execute(sql`update payment_references set created_at = now() - interval '40 days', expires_at = now() - interval '37 days' where id = ${row.id}`);
    const { logs } = await mock.pay({ providerReference: row.providerReference, reference: row.reference, channel: 'bank_transfer', amount: 20_000 });
    expect(logs.every((l) => l.delivered)).toBe(true);
    const payments = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 20_000, provider: 'razorpay', channel: 'bank_transfer' });
  });
});
