import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startConektaMock } from '../../demo/payment-mocks/conekta-mock';
import { startMockServer, type MockRequest, type MockResponse } from '../../demo/payment-mocks/mock-kit';
import { memoryLogger } from '../../application/kyc/kyc-test-server';
import { isValidClabe } from '../clabe';
import { ProviderUnavailable, type CreateReferenceInput, type PaymentEvent, type PaymentProvider } from '../payment-provider';
import { newStoreReference } from '../store-reference';
import { createConektaProvider } from './conekta-provider';

/*
 * Conekta's protocol (developers.conekta.com, API v2.3.0; the conekta/openapi description and its examples): the
 * orders API answered by a local server, and webhooks written from the documented event shape, signed here the way
 * Conekta signs them (`digest`: base64 RSA-SHA256 of the raw body) with a key pair this test makes.
 */

const conekta = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const WEBHOOK_PUBLIC_KEY = conekta.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const API_KEY = 'key_test_eYvWV7gSDkNYXsmr';
const digestOf = (body: string, key = conekta.privateKey) => sign('sha256', Buffer.from(body, 'utf8'), key).toString('base64');

// --- Orders API answers, as Conekta's OpenAPI examples write them (order_cash.yml; the bank transfer order) ---
const cashOrder = {
  livemode: true, amount: 1560, currency: 'MXN', payment_status: 'pending_payment', amount_refunded: 0, split_payment: false,
  customer_info: { email: 'ayuda@presta.example', phone: '+525512345678', name: 'Ana López', corporate: null, customer_id: null, object: 'customer_info' },
  object: 'order', id: 'ord_2xayxSvfWzQ2TLz7r', metadata: {}, is_refundable: false, created_at: 1741103510, updated_at: 1741103510,
  line_items: { object: 'list', has_more: false, total: 1, data: [{ name: 'Pago del préstamo P-1', unit_price: 1560, quantity: 1, object: 'line_item', id: 'line_item_2xayxSvfWzQ2TLz7p', parent_id: 'ord_2xayxSvfWzQ2TLz7r' }] },
  charges: {
    object: 'list', has_more: false, total: 1,
    data: [{
      id: '67c72196e777ac0001f2140c', livemode: true, created_at: 1741103510, currency: 'MXN',
      payment_method: {
        service_name: 'Cash', barcode_url: 'https://barcodes.conekta.com/cash/cashin/datalogic/10001140326893401915.png', store: null, auth_code: null, agreement: null,
        object: 'cash_payment', type: 'cash', expires_at: 1743724800, store_names: ['7 Eleven', 'Farmacias del Ahorro', 'CIRCLE K'], reference: '10001140326893401915', cashier_id: null, product_type: 'cash_in',
      },
      object: 'charge', description: 'Payment from order', is_refundable: false, reference_id: null, status: 'pending_payment', amount: 1560, paid_at: null, customer_id: '', order_id: 'ord_2xayxSvfWzQ2TLz7r', refunds: null,
    }],
  },
};
const speiOrder = {
  ...cashOrder, id: 'ord_2zqnvjdK1zyFYp6c2',
  charges: {
    object: 'list', has_more: false, total: 1,
    data: [{
      ...cashOrder.charges.data[0], id: '69d6a4cc1a2d4100179067eb', order_id: 'ord_2zqnvjdK1zyFYp6c2',
      payment_method: {
        clabe: '734180008033435128', bank: 'FINCO PAY', issuing_account_holder_name: null, issuing_account_tax_id: null, issuing_account_bank: null, issuing_account_number: null,
        receiving_account_holder_name: null, receiving_account_tax_id: null, receiving_account_number: '734180008033435128', receiving_account_bank: 'FINCO PAY',
        reference_number: null, description: null, tracking_code: null, executed_at: null, payment_attempts: [], object: 'bank_transfer_payment', type: 'spei', expires_at: 1743724800,
      },
    }],
  },
};

// --- Webhook events, in the documented shape (id, type, created_at, data.object, previous_attributes, webhook logs) ---
const paidCharge = `{"id":"67c72196e777ac0001f2140c","livemode":true,"created_at":1741103510,"currency":"MXN","payment_method":{"service_name":"Cash","barcode_url":"https://barcodes.conekta.com/cash/cashin/datalogic/10001140326893401915.png","object":"cash_payment","type":"cash","expires_at":1743724800,"reference":"10001140326893401915","product_type":"cash_in"},"object":"charge","description":"Payment from order","status":"paid","amount":1560,"paid_at":1741190400,"fee":75,"customer_id":"","order_id":"ord_2xayxSvfWzQ2TLz7r"}`;
const logs = `"webhook_status":"pending","webhook_logs":[{"id":"webhl_nPzGMBeQmMUu7aQ","url":"https://presta.example/api/payments/notifications/conekta","failed_attempts":0,"last_http_response_status":-1,"object":"webhook_log","last_attempted_at":0}]`;
const chargePaid = `{"data":{"object":${paidCharge},"previous_attributes":{"status":"pending_payment"}},"livemode":true,${logs},"id":"67c8a50f9d2c4f0001e3b6a1","object":"event","type":"charge.paid","created_at":1741190460}`;
const orderPaid = `{"data":{"object":{"livemode":true,"amount":1560,"currency":"MXN","payment_status":"paid","amount_refunded":0,"customer_info":{"email":"ayuda@presta.example","phone":"+525512345678","name":"Ana López","object":"customer_info"},"object":"order","id":"ord_2xayxSvfWzQ2TLz7r","metadata":{"reference":"80000000000011","order_id":"7","purpose":"repayment"},"created_at":1741103510,"updated_at":1741190400,"line_items":{"object":"list","has_more":false,"total":1,"data":[{"name":"Pago del préstamo P-1","unit_price":1560,"quantity":1,"object":"line_item","id":"line_item_2xayxSvfWzQ2TLz7p","parent_id":"ord_2xayxSvfWzQ2TLz7r"}]},"charges":{"object":"list","has_more":false,"total":1,"data":[${paidCharge}]}},"previous_attributes":{"payment_status":"pending_payment"}},"livemode":true,${logs},"id":"67c8a50f9d2c4f0001e3b6a2","object":"event","type":"order.paid","created_at":1741190461}`;
const orderEvent = (type: string, status: string, extra = '') =>
  `{"data":{"object":{"livemode":true,"amount":1560,"currency":"MXN","payment_status":"${status}","amount_refunded":${extra ? 1560 : 0},"object":"order","id":"ord_2xayxSvfWzQ2TLz7r","metadata":{},"created_at":1741103510,"updated_at":1743724801,"charges":{"object":"list","has_more":false,"total":1,"data":[{"id":"67c72196e777ac0001f2140c","livemode":true,"created_at":1741103510,"currency":"MXN","object":"charge","status":"${extra ? 'refunded' : status}","amount":1560,"paid_at":${extra ? 1741190400 : 'null'},"order_id":"ord_2xayxSvfWzQ2TLz7r"${extra}}]}},"previous_attributes":{}},"livemode":true,${logs},"id":"67ee0a01c1d2e30001a4b5c6","object":"event","type":"${type}","created_at":1743724801}`;
const orderExpired = orderEvent('order.expired', 'expired');
const orderPending = orderEvent('order.pending_payment', 'pending_payment');
const orderRefunded = orderEvent('order.refunded', 'refunded', `,"refunds":{"object":"list","has_more":false,"total":1,"data":[{"id":"6407b5bee1329a000175ba11","object":"refund","amount":-1560,"auth_code":"867372","created_at":1741276800,"status":"pending"}]}`);
const ping = `{"data":{"action":"ping","livemode":true},"livemode":true,"webhook_status":"successful","id":"6307a60c41de27127515a575","object":"event","type":"webhook_ping","created_at":1661445644}`;

const input: CreateReferenceInput = {
  orderId: 7, orderNo: 'P-1', amount: 1560, currency: 'MXN', purpose: 'repayment', channel: 'store', expiresAt: new Date(1743724800_000),
  payer: { name: 'Ana López', phone: '+525512345678' },
};

type Reply = MockResponse & { delayMs?: number };
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

/** The adapter against a local Conekta answering `replies` in turn (the last one from then on). */
async function withServer(replies: Reply[], timeoutMs = 2_000) {
  const received: MockRequest[] = [];
  const server = await startMockServer(async (req) => {
    const reply = replies[Math.min(received.length, replies.length - 1)]!;
    received.push(req);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    return reply;
  });
  closers.push(server.close);
  const { log, lines } = memoryLogger();
  let seq = 0;
  const provider = createConektaProvider({
    apiUrl: server.url, privateKey: API_KEY, webhookPublicKey: WEBHOOK_PUBLIC_KEY, stores: ['7-Eleven'], nextSeq: () => (seq += 1), timeoutMs, log,
  });
  return { provider, received, lines, seqUsed: () => seq };
}

const incoming = (rawBody: string | Uint8Array, headers: Record<string, string | string[]> = {}) => ({ rawBody, headers });
const signed = (body: string) => incoming(body, { digest: digestOf(body) });

async function eventsOf(provider: PaymentProvider, body: string): Promise<PaymentEvent[]> {
  const result = await provider.handleWebhook(signed(body), new Date());
  if (!result.ok) throw new Error(`refused: ${result.reason} ${result.detail ?? ''}`);
  expect(result.verification).toBe('RSA-SHA256 digest (Conekta webhook key)');
  return result.events;
}

describe('Conekta: createReference (POST /orders)', () => {
  it('a cash reference: the documented request (key, version, idempotency key, order body) and Conekta\'s reference on the voucher', async () => {
    const { provider, received } = await withServer([{ status: 200, body: cashOrder }]);
    const made = await provider.createReference(input);
    expect(made).toEqual({
      reference: '80000000000011', providerReference: 'ord_2xayxSvfWzQ2TLz7r', loanAccount: false, payerTypesReference: false,
      voucherCode: '10001140326893401915', barcodeText: '10001140326893401915', expiresAt: new Date(1743724800_000),
    });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect([req!.method, req!.path]).toEqual(['POST', '/orders']);
    expect(req!.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`, accept: 'application/vnd.conekta-v2.3.0+json', 'content-type': 'application/json', 'idempotency-key': 'presta-80000000000011',
    });
    expect(JSON.parse(req!.rawBody.toString('utf8'))).toEqual({
      currency: 'MXN',
      customer_info: { name: 'Ana López', email: 'ayuda@presta.example', phone: '+525512345678' },
      line_items: [{ name: 'Pago del préstamo P-1', unit_price: 1560, quantity: 1 }],
      charges: [{ payment_method: { type: 'cash', expires_at: 1743724800 } }],
      metadata: { reference: '80000000000011', order_id: '7', purpose: 'repayment' },
    });
  });

  it('a SPEI reference: the CLABE Conekta opened for the order, nothing for the payer to type; its earlier expiry wins', async () => {
    const { provider, received } = await withServer([{ status: 200, body: speiOrder }]);
    const later = new Date(1743724800_000 + 86_400_000);
    const made = await provider.createReference({ ...input, channel: 'spei', purpose: 'extension', expiresAt: later, payer: { name: 'Ana López', phone: '+525512345678', email: 'ana@example.mx' } });
    expect(made).toEqual({
      reference: '80000000000011', providerReference: 'ord_2zqnvjdK1zyFYp6c2', loanAccount: false, payerTypesReference: false,
      clabe: '734180008033435128', voucherCode: '734180008033435128', expiresAt: new Date(1743724800_000),
    });
    const body = JSON.parse(received[0]!.rawBody.toString('utf8')) as Record<string, unknown>;
    expect(body).toMatchObject({
      customer_info: { email: 'ana@example.mx' }, line_items: [{ name: 'Extensión del préstamo P-1' }], charges: [{ payment_method: { type: 'spei', expires_at: 1743811200 } }],
    });
  });

  it('no answer in time, then an answer: tried again with the same body under the same key', async () => {
    const { provider, received } = await withServer([{ status: 200, body: cashOrder, delayMs: 600 }, { status: 200, body: cashOrder }], 200);
    expect((await provider.createReference(input)).voucherCode).toBe('10001140326893401915');
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['idempotency-key']).toBe(received[0]!.headers['idempotency-key']);
    expect(received[1]!.rawBody.equals(received[0]!.rawBody)).toBe(true);
  });

  it('503, then 429, then the order: one reference, all three under one key', async () => {
    const { provider, received, seqUsed } = await withServer([{ status: 503, body: {} }, { status: 429, body: {} }, { status: 200, body: cashOrder }]);
    expect((await provider.createReference(input)).providerReference).toBe('ord_2xayxSvfWzQ2TLz7r');
    expect(new Set(received.map((r) => r.headers['idempotency-key']))).toEqual(new Set(['presta-80000000000011']));
    expect(seqUsed()).toBe(1);
  });

  it('5xx every time: ProviderUnavailable after three attempts; no name, phone or key in any log line', async () => {
    const { provider, received, lines } = await withServer([{ status: 500, body: { object: 'error', type: 'api_error' } }]);
    await expect(provider.createReference(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(received).toHaveLength(3);
    expect(lines.join('\n')).not.toMatch(/Ana|5512345678|key_test/);
  });

  it('401 (our key) and 422 (a refused order): ProviderUnavailable at once, logged as errors', async () => {
    const refused = { object: 'error', type: 'authentication_error', details: [{ code: 'conekta.errors.authentication.missing_key', message: 'Acceso no autorizado.' }] };
    const a = await withServer([{ status: 401, body: refused }]);
    await expect(a.provider.createReference(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(a.received).toHaveLength(1);
    const invalid = { object: 'error', type: 'parameter_validation_error', details: [{ code: 'conekta.errors.parameter_validation.customer_info.phone', message: 'El teléfono +525512345678 no es válido.' }] };
    const b = await withServer([{ status: 422, body: invalid }]);
    await expect(b.provider.createReference(input)).rejects.toThrow(/parameter_validation_error conekta.errors.parameter_validation.customer_info.phone/);
    expect(b.received).toHaveLength(1);
    for (const lines of [a.lines, b.lines]) expect(lines.some((l) => l.includes('"level":50'))).toBe(true);
    expect([...a.lines, ...b.lines].join('\n')).not.toMatch(/5512345678|key_test/);
  });

  it('an answer without a reference, or with a CLABE whose check digit is wrong: ProviderUnavailable', async () => {
    const noReference = structuredClone(cashOrder) as { charges: { data: { payment_method: Record<string, unknown> }[] } };
    delete noReference.charges.data[0]!.payment_method.reference;
    await expect((await withServer([{ status: 200, body: noReference }])).provider.createReference(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    const badClabe = structuredClone(speiOrder);
    badClabe.charges.data[0]!.payment_method.clabe = '734180008033435129';
    await expect((await withServer([{ status: 200, body: badClabe }])).provider.createReference({ ...input, channel: 'spei' })).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('a channel Conekta lacks, another currency or invalid input: RangeError, no sequence number used, no call', async () => {
    const { provider, received, seqUsed } = await withServer([{ status: 200, body: cashOrder }]);
    await expect(provider.createReference({ ...input, channel: 'upi' })).rejects.toBeInstanceOf(RangeError);
    await expect(provider.createReference({ ...input, currency: 'INR' })).rejects.toBeInstanceOf(RangeError);
    await expect(provider.createReference({ ...input, amount: 15.6 })).rejects.toBeInstanceOf(RangeError);
    expect([seqUsed(), received.length]).toEqual([0, 0]);
  });

  it('a webhook key that is not an RSA public key stops the start-up', () => {
    const ed = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const make = (webhookPublicKey: string) => () => createConektaProvider({ apiUrl: 'http://127.0.0.1:9', privateKey: API_KEY, webhookPublicKey, stores: [], nextSeq: () => 1, timeoutMs: 100 });
    expect(make('not a pem')).toThrow(RangeError);
    expect(make(ed)).toThrow(/RSA/);
  });
});

describe('Conekta: webhooks (digest header)', () => {
  const provider = createConektaProvider({ apiUrl: 'http://127.0.0.1:9', privateKey: API_KEY, webhookPublicKey: WEBHOOK_PUBLIC_KEY, stores: [], nextSeq: () => 1, timeoutMs: 100 });

  it('charge.paid and order.paid of one payment: one paid event each, the same dedupe key (the charge id)', async () => {
    const [charge] = await eventsOf(provider, chargePaid);
    expect(charge).toEqual({
      provider: 'conekta', dedupeKey: '67c72196e777ac0001f2140c', eventId: '67c8a50f9d2c4f0001e3b6a1', type: 'charge.paid', kind: 'paid',
      reference: 'ord_2xayxSvfWzQ2TLz7r', amount: 1560, currency: 'MXN', occurredAt: new Date(1741190400_000),
    });
    const events = await eventsOf(provider, orderPaid);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({ ...charge, eventId: '67c8a50f9d2c4f0001e3b6a2', type: 'order.paid' });
  });

  it('paid_at missing: the event\'s created_at is the payment time', async () => {
    const [e] = await eventsOf(provider, chargePaid.replace('"paid_at":1741190400', '"paid_at":null'));
    expect(e!.occurredAt).toEqual(new Date(1741190460_000));
  });

  it('expired, pending payment, refunded: their kinds; a ping or another type: nothing to do', async () => {
    expect(await eventsOf(provider, orderExpired)).toEqual([
      { provider: 'conekta', dedupeKey: 'expired:ord_2xayxSvfWzQ2TLz7r', eventId: '67ee0a01c1d2e30001a4b5c6', type: 'order.expired', kind: 'expired', reference: 'ord_2xayxSvfWzQ2TLz7r', amount: 0, currency: 'MXN', occurredAt: new Date(1743724801_000) },
    ]);
    expect(await eventsOf(provider, orderPending)).toMatchObject([{ kind: 'pending', amount: 1560, dedupeKey: 'pending:ord_2xayxSvfWzQ2TLz7r', type: 'order.pending_payment' }]);
    expect(await eventsOf(provider, orderRefunded)).toEqual([
      { provider: 'conekta', dedupeKey: 'refund:6407b5bee1329a000175ba11', eventId: '67ee0a01c1d2e30001a4b5c6', type: 'order.refunded', kind: 'refunded', reference: 'ord_2xayxSvfWzQ2TLz7r', amount: 1560, currency: 'MXN', occurredAt: new Date(1741276800_000) },
    ]);
    expect(await eventsOf(provider, ping)).toEqual([]);
    expect(await eventsOf(provider, orderPaid.replace('"type":"order.paid"', '"type":"order.created"'))).toEqual([]);
  });

  it('a tampered body, another key, no header, a garbled header: refused with the reason', async () => {
    const now = new Date();
    const check = async (rawBody: string, headers: Record<string, string | string[]>) => provider.handleWebhook(incoming(rawBody, headers), now);
    const good = digestOf(chargePaid);
    expect(await check(chargePaid.replace('"amount":1560', '"amount":9560'), { digest: good })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await check(chargePaid, { digest: digestOf(chargePaid, stranger.privateKey) })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await check(chargePaid, {})).toEqual({ ok: false, reason: 'missing' });
    for (const digest of ['not base64!', good.slice(4), `SHA-256=${good}`, Buffer.from('short').toString('base64'), [good, good]]) {
      expect(await check(chargePaid, { digest })).toEqual({ ok: false, reason: 'malformed' });
    }
    // The header's name in any case, and the bytes as received (a Uint8Array) verify the same.
    expect((await check(chargePaid, { Digest: good })).ok).toBe(true);
    expect((await provider.handleWebhook(incoming(Buffer.from(chargePaid, 'utf8'), { digest: good }), now)).ok).toBe(true);
  });

  it('a signed body naming a key twice, a NUL, nesting too deep or not an event: refused, never thrown', async () => {
    const refuse = async (body: string) => provider.handleWebhook(signed(body), new Date());
    expect(await refuse(chargePaid.replace('"amount":1560', '"amount":1560,"amount":156000'))).toMatchObject({ ok: false, reason: 'duplicate_keys' });
    expect(await refuse(chargePaid.replace('"Payment from order"', '"Payment\\u0000"'))).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(await refuse(`{"id":"e1","type":"charge.paid","created_at":1,"data":{"object":${'['.repeat(40)}${']'.repeat(40)}}}`)).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(await refuse('{"id":"e1","type":"charge.paid"}')).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(await refuse(chargePaid.replace('"amount":1560', '"amount":15.6'))).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(await refuse(chargePaid.replace('"currency":"MXN"', '"currency":"USD"'))).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(await provider.handleWebhook(incoming(Buffer.from([0xff, 0xfe]), { digest: digestOf('\uFFFD') }), new Date())).toMatchObject({ ok: false });
  });
});

describe('Conekta: fetchStatus (GET /orders/{id})', () => {
  it('a paid order: paid, its amount and its payment as an event; an expired one; an unknown one (404)', async () => {
    const paid = JSON.parse(orderPaid) as { data: { object: unknown } };
    const { provider, received } = await withServer([{ status: 200, body: paid.data.object }]);
    expect(await provider.fetchStatus('ord_2xayxSvfWzQ2TLz7r')).toEqual({
      state: 'paid', paidAmount: 1560,
      events: [{ provider: 'conekta', dedupeKey: '67c72196e777ac0001f2140c', type: 'charge.paid', kind: 'paid', reference: 'ord_2xayxSvfWzQ2TLz7r', amount: 1560, currency: 'MXN', occurredAt: new Date(1741190400_000) }],
    });
    expect([received[0]!.method, received[0]!.path, received[0]!.headers.accept]).toEqual(['GET', '/orders/ord_2xayxSvfWzQ2TLz7r', 'application/vnd.conekta-v2.3.0+json']);
    const expired = JSON.parse(orderExpired) as { data: { object: unknown } };
    expect(await (await withServer([{ status: 200, body: expired.data.object }])).provider.fetchStatus('ord_2xayxSvfWzQ2TLz7r')).toEqual({ state: 'expired', paidAmount: 0, events: [] });
    const notFound = { object: 'error', type: 'resource_not_found_error', details: [{ code: 'conekta.errors.resource_not_found.entity' }] };
    expect(await (await withServer([{ status: 404, body: notFound }])).provider.fetchStatus('ord_2tUhuyzqLi6UJE9D12')).toEqual({ state: 'unknown', paidAmount: 0, events: [] });
  });

  it('a 5xx: ProviderUnavailable; an id that is no Conekta order id: unknown, without a call', async () => {
    const { provider, received } = await withServer([{ status: 502, body: {} }]);
    await expect(provider.fetchStatus('ord_2xayxSvfWzQ2TLz7r')).rejects.toBeInstanceOf(ProviderUnavailable);
    const calls = received.length;
    expect(await provider.fetchStatus('../customers')).toEqual({ state: 'unknown', paidAmount: 0, events: [] });
    expect(received).toHaveLength(calls);
  });
});

describe('Conekta: the mock and the adapter speak to each other', () => {
  it('references made at the mock; its signed deliveries verify with the adapter, both events one payment', async () => {
    const results: { status: number; events: PaymentEvent[] }[] = [];
    const receiving: { provider?: PaymentProvider } = {};
    const receiver = await startMockServer(async (req) => {
      const result = await receiving.provider!.handleWebhook({ rawBody: req.rawBody, headers: req.headers }, new Date());
      results.push({ status: result.ok ? 200 : 401, events: result.ok ? result.events : [] });
      return { status: result.ok ? 200 : 401, body: {} };
    });
    closers.push(receiver.close);
    const mock = await startConektaMock({ webhookUrl: receiver.url, delivery: { firstRetryMs: 10 } });
    closers.push(() => mock.close());
    let seq = 41;
    const provider = createConektaProvider({
      apiUrl: mock.env.CONEKTA_API_URL!, privateKey: mock.env.CONEKTA_PRIVATE_KEY!, webhookPublicKey: mock.env.CONEKTA_WEBHOOK_PUBLIC_KEY!,
      stores: [], nextSeq: () => (seq += 1), timeoutMs: 2_000,
    });
    receiving.provider = provider;
    const store = await provider.createReference(input);
    expect(store.reference).toBe(newStoreReference(42));
    expect(store.voucherCode).toMatch(/^\d{20}$/);
    const spei = await provider.createReference({ ...input, channel: 'spei' });
    expect(isValidClabe(spei.clabe!)).toBe(true);
    expect(spei.providerReference).not.toBe(store.providerReference);
    expect(await provider.fetchStatus(store.providerReference!)).toMatchObject({ state: 'open', paidAmount: 0 });

    const paid = await mock.pay({ providerReference: store.providerReference!, reference: store.reference, channel: 'store', amount: 1560 });
    expect(paid.logs.every((l) => l.delivered)).toBe(true);
    // order.paid first (out of order), then charge.paid, then each once more.
    expect(results.map((r) => [r.status, r.events[0]?.type])).toEqual([[200, 'order.paid'], [200, 'charge.paid'], [200, 'order.paid'], [200, 'charge.paid']]);
    expect(new Set(results.map((r) => r.events[0]?.dedupeKey)).size).toBe(1);
    expect(results[0]!.events[0]).toMatchObject({ kind: 'paid', reference: store.providerReference, amount: 1560, currency: 'MXN' });
    expect(await provider.fetchStatus(store.providerReference!)).toMatchObject({ state: 'paid', paidAmount: 1560 });
  });

  it('the mock refuses another key, and answers a repeated create under one key with the same order', async () => {
    const mock = await startConektaMock({ webhookUrl: 'http://127.0.0.1:9' });
    closers.push(() => mock.close());
    const post = (key: string, idem: string, body: string) =>
      fetch(`${mock.url}/orders`, { method: 'POST', headers: { authorization: `Bearer ${key}`, accept: 'application/vnd.conekta-v2.3.0+json', 'content-type': 'application/json', 'idempotency-key': idem }, body });
    const body = JSON.stringify({ currency: 'MXN', customer_info: { name: 'A', email: 'a@b.mx', phone: '5512345678' }, line_items: [{ name: 'x', unit_price: 100, quantity: 1 }], charges: [{ payment_method: { type: 'cash' } }] });
    expect((await post('key_wrong', 'k1', body)).status).toBe(401);
    const first = (await (await post(mock.env.CONEKTA_PRIVATE_KEY!, 'k1', body)).json()) as { id: string };
    const again = (await (await post(mock.env.CONEKTA_PRIVATE_KEY!, 'k1', body)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    expect((await post(mock.env.CONEKTA_PRIVATE_KEY!, 'k1', body.replace('100', '200'))).status).toBe(409);
  });
});
