import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../src/config';
import { ledgerPayments, paymentNotifications, paymentReferences, paymentSuspense } from '../src/db/schema';
import { clabeForOrder } from '../src/modules/payments/clabe';
import {
  createReferenceInputSchema,
  headerValue,
  ProviderUnavailable,
  type CreateReferenceInput,
  type CreatedReference,
  type IncomingNotification,
  type PaymentChannel,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentProviderId,
  type WebhookResult,
} from '../src/modules/payments/payment-provider';
import { providersOf, PROVIDER_UNAVAILABLE_MS } from '../src/modules/payments/payment-providers';
import { newStoreReference } from '../src/modules/payments/store-reference';
import { buildTestApp, wrapper, type TestApp } from './helpers';
import { call, catalogueProduct, decodeBarcode, endpoints, makeLoan, ONE_INSTALMENT_TOTAL, read, urls, type Loan } from './repayment-fixtures';

/*
 * The core of issue 36 with stand-in providers (the real adapters have their own tests): the registry decides which
 * channels are offered and who makes each reference; the voucher shows what the provider made; an outage is a 422 and
 * a short breaker; each provider's webhook route takes several events, notes what moves no money, resolves a loan
 * account's references and holds another currency.
 */

/** A stand-in provider: its webhook is `{"events": [...]}` with `x-fake-signature: good`; what it makes is `made`. */
type Fake = PaymentProvider & {
  made: CreateReferenceInput[];
  down: boolean;
  webhookDown: boolean;
};

let seq = randomInt(10_000_000_000, 90_000_000_000);

function fakeProvider(
  id: PaymentProviderId,
  channels: PaymentChannel[],
  make: (input: CreateReferenceInput, reference: string) => Omit<CreatedReference, 'reference' | 'expiresAt'>,
  extra: Partial<Pick<PaymentProvider, 'answer' | 'stores'>> = {},
): Fake {
  const fake: Fake = {
    id,
    channels,
    stores: extra.stores ?? [],
    verification: `fake ${id} signature`,
    made: [],
    down: false,
    webhookDown: false,
    createReference(input) {
      createReferenceInputSchema.parse(input);
      if (fake.down) return Promise.reject(new ProviderUnavailable(id, 'timed out after 3 attempts'));
      fake.made.push(input);
      const reference = newStoreReference((seq += 1));
      return Promise.resolve({ reference, expiresAt: input.expiresAt, ...make(input, reference) });
    },
    handleWebhook(incoming: IncomingNotification): Promise<WebhookResult> {
      if (fake.webhookDown) return Promise.reject(new ProviderUnavailable(id, 'status query timed out'));
      if (headerValue(incoming.headers, 'x-fake-signature') !== 'good') return Promise.resolve({ ok: false, reason: 'bad_signature' });
      const body = JSON.parse(Buffer.from(incoming.rawBody).toString('utf8')) as { events: (Omit<PaymentEvent, 'provider' | 'occurredAt'> & { occurredAt?: string })[] };
      const events = body.events.map((e) => ({ ...e, provider: id, occurredAt: new Date(e.occurredAt ?? Date.now()) }));
      return Promise.resolve({ ok: true, events, verification: fake.verification });
    },
    fetchStatus: () => Promise.resolve({ state: 'unknown', paidAmount: 0, events: [] }),
    ...(extra.answer ? { answer: extra.answer } : {}),
  };
  return fake;
}

const conekta = fakeProvider('conekta', ['store', 'spei'], () => ({ providerReference: `ord_${randomUUID()}`, voucherCode: `93${String(randomInt(0, 1e12)).padStart(12, '0')}` }), {
  stores: ['OXXO', '7-Eleven'],
});
const stp = fakeProvider(
  'stp',
  ['spei'],
  (input) => {
    const clabe = clabeForOrder(input.orderId, { bankCode: '646', plaza: '180' });
    return { providerReference: clabe, loanAccount: true, payerTypesReference: false, clabe, voucherCode: clabe };
  },
  { answer: (outcome) => (outcome.status === 200 ? { status: 200, body: { mensaje: 'confirmar' } } : outcome) },
);
const razorpay = fakeProvider('razorpay', ['upi', 'bank_transfer'], (input, reference) => {
  const vpa = `rpy.qr${reference.slice(-6)}@icici`;
  return { providerReference: `qr_${randomUUID()}`, payerTypesReference: false, vpa, payLink: `upi://pay?pa=${vpa}&pn=Presta&am=${input.amount / 100}&cu=INR&tr=${reference}`, voucherCode: vpa };
});

const channels: Config['payments']['channels'] = { MX: { store: 'conekta', spei: 'stp' }, IN: { upi: 'razorpay' } };
let now = Date.now();
const payments = providersOf(channels, [conekta, stp, razorpay], () => now);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { payments });
});
afterAll(async () => {
  await t.close();
});

const voucherOf = async (loan: Loan, payCode: PaymentChannel, amount = ONE_INSTALMENT_TOTAL) =>
  call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode, requestType: 1 });
const refsOf = (loan: Loan) =>
  t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId))).orderBy(asc(paymentReferences.id));
const paymentsOf = (loan: Loan) => t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
const recorded = (provider: string, eventId: string) =>
  t.db.select().from(paymentNotifications).where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.eventId, eventId))).orderBy(asc(paymentNotifications.id));

type FakeEvent = { dedupeKey: string; type: string; kind: PaymentEvent['kind']; reference: string; amount: number; currency?: 'MXN' | 'INR'; eventId?: string };
const deliver = (provider: string, events: FakeEvent[], signature = 'good') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/notifications/${provider}`,
    headers: { 'content-type': 'application/json', 'x-fake-signature': signature },
    payload: JSON.stringify({ events }),
  });
const paid = (reference: string, amount: number, more: Partial<FakeEvent> = {}): FakeEvent => ({ dedupeKey: `chg_${randomUUID()}`, type: 'charge.paid', kind: 'paid', reference, amount, ...more });

describe('the channels offered follow the registry', () => {
  it('a market shows the channels a provider serves; a channel with none is refused like another market\'s', async () => {
    const mx = await makeLoan(t.db);
    const detail = read(await call(t.app, mx.sessionId, urls.repaymentDetail, { orderId: mx.orderId }), endpoints.repaymentDetail);
    expect(detail.repayList.flatMap((g) => g.list.map((c) => c.payCode))).toEqual(['store', 'spei', 'card']);

    const india = await makeLoan(t.db, { product: catalogueProduct('IN'), amount: 500_000, daysAgo: 91 });
    const inDetail = read(await call(t.app, india.sessionId, urls.repaymentDetail, { orderId: india.orderId }), endpoints.repaymentDetail);
    expect(inDetail.repayList.flatMap((g) => g.list.map((c) => c.payCode))).toEqual(['upi']);
    const refused = await voucherOf(india, 'bank_transfer', inDetail.repayAmount);
    expect(refused.statusCode).toBe(400);
    expect(wrapper(refused).message).toContain('upi');
    expect(razorpay.made).toEqual([]);
  });
});

describe('vouchers made by the channel\'s provider', () => {
  it('store: the provider\'s reference is what the voucher, its steps and its barcode carry; its stores are listed; the payer is told once', async () => {
    const loan = await makeLoan(t.db);
    const before = conekta.made.length;
    const v = read(await voucherOf(loan, 'store'), endpoints.voucher);
    const [ref] = await refsOf(loan);
    expect(ref).toMatchObject({ provider: 'conekta', channel: 'store', voucherCode: v.repayDetail.vCode });
    expect(v.repayDetail.vCode).toMatch(/^93\d{12}$/);
    expect(v.repayDetail.vCode).not.toBe(ref!.reference);
    expect(v.stores).toEqual(['OXXO', '7-Eleven']);
    expect(v.paymentDetails[0]!.value).toBe(v.repayDetail.vCode);
    expect(v.dataList[0]!.content.join(' ')).toContain(v.repayDetail.vCode);
    const image = await t.app.inject({ method: 'GET', url: v.repayDetail.repayCode });
    expect(image.statusCode).toBe(200);
    expect(await decodeBarcode(image.rawPayload, 'png')).toBe(v.repayDetail.vCode);
    expect(conekta.made.slice(before)).toEqual([
      expect.objectContaining({ orderId: Number(loan.orderId), orderNo: loan.orderNo, currency: 'MXN', payer: { name: loan.borrower.fullName, phone: loan.borrower.phone } }),
    ]);
    // Reopened: the same reference, the provider not asked again.
    read(await voucherOf(loan, 'store'), endpoints.voucher);
    expect(conekta.made.length).toBe(before + 1);
  });

  it('SPEI to the loan\'s own CLABE: no concept to type, and a deposit to it is applied and answered the provider\'s way', async () => {
    const loan = await makeLoan(t.db);
    const v = read(await voucherOf(loan, 'spei'), endpoints.voucher);
    const clabe = clabeForOrder(Number(loan.orderId), { bankCode: '646', plaza: '180' });
    expect(v.repayDetail.vCode).toBe(clabe);
    expect(v.paymentDetails.map((d) => d.label)).toEqual(['CLABE: la cuenta a la que transfiere', 'Banco', 'Beneficiario', 'Este pago es para']);
    expect(v.repayDetail.repayDes).toContain('no necesita escribir ninguna referencia');
    expect(JSON.stringify(v.dataList)).not.toContain('Concepto de pago');

    const res = await deliver('stp', [paid(clabe, ONE_INSTALMENT_TOTAL, { type: 'abono' })]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'confirmar' });
    expect((await paymentsOf(loan)).map((p) => ({ amount: p.amount, provider: p.provider, channel: p.channel }))).toEqual([
      { amount: ONE_INSTALMENT_TOTAL, provider: 'stp', channel: 'spei' },
    ]);
  });

  it('UPI by the provider\'s own link: payLink and the QR code are its intent; no note to type', async () => {
    const loan = await makeLoan(t.db, { product: catalogueProduct('IN'), amount: 500_000, daysAgo: 91 });
    const detail = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    const v = read(await voucherOf(loan, 'upi', detail.repayAmount), endpoints.voucher);
    const [ref] = await refsOf(loan);
    expect(ref!.payLink).toMatch(/^upi:\/\/pay\?pa=rpy\.qr/);
    expect(v.payLink).toBe(ref!.payLink);
    expect(razorpay.made.at(-1)).toMatchObject({ currency: 'INR', orderNo: loan.orderNo });
    expect(v.paymentDetails.map((d) => d.label)).not.toContain('Reference: type it as the payment note');
    expect(v.paymentDetails.some((d) => d.value === ref!.reference)).toBe(false);
    const qr = await t.app.inject({ method: 'GET', url: v.repayDetail.repayCode.replace('qr.svg', 'qr.png') });
    expect(await decodeBarcode(qr.rawPayload, 'png')).toBe(ref!.payLink);
  });
});

describe('a provider that cannot make a reference', () => {
  it('answers 422 channelUnavailable with Retry-After (never a 5xx), then at once for 60 s without asking it; then asks again', async () => {
    const loan = await makeLoan(t.db);
    conekta.down = true;
    try {
      const first = await voucherOf(loan, 'store');
      expect(first.statusCode).toBe(422);
      expect(wrapper(first)).toMatchObject({ code: '422002' });
      expect(wrapper(first).message).toBe('Pago en efectivo en tiendas no está disponible en este momento; inténtelo de nuevo en unos minutos o elija otra forma de pago.');
      expect(Number(first.headers['retry-after'])).toBe(PROVIDER_UNAVAILABLE_MS / 1000);
      expect(payments.unavailableFor('conekta')).toBe(60);
      // Back up, but the breaker is open: refused at once, the provider not asked.
      conekta.down = false;
      const asked = conekta.made.length;
      const second = await voucherOf(loan, 'store');
      expect(second.statusCode).toBe(422);
      expect(conekta.made.length).toBe(asked);
      // Another provider is not concerned.
      expect((await voucherOf(loan, 'spei')).statusCode).toBe(200);
      now += PROVIDER_UNAVAILABLE_MS + 1;
      expect((await voucherOf(loan, 'store')).statusCode).toBe(200);
      expect(conekta.made.length).toBe(asked + 1);
    } finally {
      conekta.down = false;
    }
  });
});

describe('each provider\'s webhook', () => {
  async function storeReference() {
    const loan = await makeLoan(t.db);
    read(await voucherOf(loan, 'store'), endpoints.voucher);
    const [ref] = await refsOf(loan);
    return { loan, ref: ref! };
  }

  it('several events in one delivery: a failed attempt noted, the capture applied once; recorded with how it was verified', async () => {
    const { loan, ref } = await storeReference();
    const key = `chg_${randomUUID()}`;
    const events: FakeEvent[] = [
      { dedupeKey: key, type: 'charge.declined', kind: 'failed', reference: ref.providerReference, amount: ONE_INSTALMENT_TOTAL },
      { dedupeKey: key, type: 'order.paid', kind: 'paid', reference: ref.providerReference, amount: ONE_INSTALMENT_TOTAL, currency: 'MXN', eventId: 'evt_1' },
    ];
    const res = await deliver('conekta', events);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: true });
    // The same payment told again by another event type (charge.paid): one payment.
    const again = await deliver('conekta', [{ ...events[1]!, type: 'charge.paid', eventId: 'evt_2' }]);
    expect(again.json()).toEqual({ received: true, applied: false });
    expect((await paymentsOf(loan)).map((p) => [p.amount, p.providerEventId])).toEqual([[ONE_INSTALMENT_TOTAL, key]]);
    expect((await refsOf(loan))[0]!.status).toBe('paid');
    const rows = await recorded('conekta', key);
    expect(rows.map((r) => [r.outcome, r.kind, r.eventType, r.providerEventId, r.verification, r.review])).toEqual([
      ['noted', 'failed', 'charge.declined', null, 'fake conekta signature', 'none'],
      ['applied', 'paid', 'order.paid', 'evt_1', 'fake conekta signature', 'none'],
      ['duplicate', 'paid', 'charge.paid', 'evt_2', 'fake conekta signature', 'none'],
    ]);
  });

  it('the worst status answers: a dedupe key reused for other money is 409 even beside a good event', async () => {
    const { loan, ref } = await storeReference();
    const first = paid(ref.providerReference, 40_000);
    expect((await deliver('conekta', [first])).json()).toEqual({ received: true, applied: true });
    const res = await deliver('conekta', [paid(ref.providerReference, 1_000), { ...first, amount: 45_000 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ received: false, error: 'event_conflict' });
    expect((await paymentsOf(loan)).map((p) => p.amount).sort()).toEqual([1_000, 40_000]);
  });

  it('another currency is held in suspense; an expired event expires the reference; a refund is open for review', async () => {
    const { loan, ref } = await storeReference();
    const rupees = paid(ref.providerReference, 5_000, { currency: 'INR' });
    expect((await deliver('conekta', [rupees])).json()).toEqual({ received: true, applied: false, held: 'suspense', reason: 'currency_mismatch' });
    const [entry] = await t.db.select().from(paymentSuspense).where(eq(paymentSuspense.eventId, rupees.dedupeKey));
    expect(entry).toMatchObject({ provider: 'conekta', reason: 'currency_mismatch', orderId: Number(loan.orderId), referenceId: ref.id });

    const expired = { dedupeKey: `ord_exp_${randomUUID()}`, type: 'order.expired', kind: 'expired' as const, reference: ref.providerReference, amount: 0 };
    expect((await deliver('conekta', [expired])).json()).toEqual({ received: true, applied: false });
    expect((await refsOf(loan))[0]!.status).toBe('expired');
    const refund = { dedupeKey: `rfd_${randomUUID()}`, type: 'charge.refunded', kind: 'refunded' as const, reference: ref.providerReference, amount: 5_000 };
    await deliver('conekta', [refund]);
    await deliver('conekta', [refund]);
    expect((await recorded('conekta', refund.dedupeKey)).map((r) => [r.outcome, r.review, r.orderId])).toEqual([
      ['noted', 'open', Number(loan.orderId)],
      ['duplicate', 'none', Number(loan.orderId)],
    ]);
    expect(await paymentsOf(loan)).toEqual([]);
  });

  it('refusals: a bad signature is 401 and not recorded; a provider that cannot confirm is 503 with Retry-After, nothing written', async () => {
    const { ref } = await storeReference();
    const event = paid(ref.providerReference, 1_000);
    const bad = await deliver('conekta', [event], 'forged');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ received: false, error: 'bad_signature' });
    conekta.webhookDown = true;
    try {
      const res = await deliver('conekta', [event]);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ received: false, error: 'provider_unavailable' });
    } finally {
      conekta.webhookDown = false;
    }
    expect(await recorded('conekta', event.dedupeKey)).toEqual([]);
    // A provider not in use has no route.
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/notifications/other', payload: '{}', headers: { 'content-type': 'application/json' } })).statusCode).toBe(404);
  });

  it('a loan account shared by several references pays the open one of exactly the amount, else the newest open', async () => {
    const loan = await makeLoan(t.db);
    read(await voucherOf(loan, 'spei'), endpoints.voucher);
    // A second reference of the same loan on its CLABE, for another amount.
    const other = await t.app.repos.paymentReferences.createOrReuse(payments.byId('stp')!, {
      orderId: Number(loan.orderId),
      borrowerId: loan.borrower.id,
      purpose: 'repayment',
      channel: 'spei',
      amount: 50_000,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const [first, second] = await refsOf(loan);
    expect(first!.providerReference).toBe(second!.providerReference);
    expect(second!.id).toBe(other.reference.id);
    await deliver('stp', [paid(first!.providerReference, ONE_INSTALMENT_TOTAL)]);
    const [payment] = await paymentsOf(loan);
    expect(payment).toMatchObject({ amount: ONE_INSTALMENT_TOTAL, referenceId: first!.id });
  });
});
