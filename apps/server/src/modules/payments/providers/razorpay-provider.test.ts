import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockRequest, type MockResponse } from '../../demo/payment-mocks/mock-kit';
import { startRazorpayMock, type RazorpayMockOptions } from '../../demo/payment-mocks/razorpay-mock';
import { ProviderUnavailable, type CreateReferenceInput, type PaymentEvent, type PaymentProvider } from '../payment-provider';
import { newStoreReference } from '../store-reference';
import { createRazorpayProvider, type RazorpayOptions } from './razorpay-provider';

/*
 * The Razorpay adapter against Razorpay's documentation (razorpay.com/docs: webhooks' sample payloads, "Validate and
 * Test Webhooks", the QR code and Smart Collect APIs). Webhook bodies are the documented samples, written out here,
 * signed here with a test secret; the razorpay package's own validateWebhookSignature checks each signature too.
 */

const SECRET = 'whsec_test_4f1c9a2e7b';
const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisatestsecret';
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

type Stub = { url: string; requests: MockRequest[] };
/** A stand-in for api.razorpay.com answering each request with `handle`. */
async function stubApi(handle: (req: MockRequest, n: number) => MockResponse | Promise<MockResponse>): Promise<Stub> {
  const requests: MockRequest[] = [];
  const server = await startMockServer((req) => {
    requests.push(req);
    return handle(req, requests.length);
  });
  closers.push(() => server.close());
  return { url: server.url, requests };
}

const lines: { level: string; obj: unknown; msg: string }[] = [];
const log = {
  warn: (obj: unknown, msg: string) => lines.push({ level: 'warn', obj, msg }),
  error: (obj: unknown, msg: string) => lines.push({ level: 'error', obj, msg }),
} as unknown as FastifyBaseLogger;

let seq = 41;
function provider(apiUrl: string, extra: Partial<RazorpayOptions> = {}): PaymentProvider {
  return createRazorpayProvider({
    apiUrl,
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: SECRET,
    nextSeq: () => ++seq,
    timeoutMs: 2_000,
    retryDelayMs: 1,
    log,
    loanAccountOf: () => Promise.resolve(undefined),
    ...extra,
  });
}

/** The headers of a delivery of `body`: its signature (null: none), its event id. */
const headers = (body: string, signature: string | null = sign(body), eventId = 'KMsAJZ2oXfUOiv') => ({
  'content-type': 'application/json',
  ...(signature === null ? {} : { 'x-razorpay-signature': signature }),
  'x-razorpay-event-id': eventId,
});

// ---- Documented payloads (razorpay.com/docs/webhooks/qr-codes, /smart-collect, /payments, /refunds, /payment-links) ----

/** qr_code.credited as documented (a single-use code of ours: its notes carry our reference). */
const QR_CREDITED = `{
  "entity": "event",
  "account_id": "acc_CJoeHMNpi0nC7k",
  "event": "qr_code.credited",
  "contains": ["payment", "qr_code"],
  "payload": {
    "payment": {
      "entity": {
        "id": "pay_HO2fEpc9JeOQU5", "entity": "payment", "amount": 107540, "currency": "INR", "status": "captured",
        "order_id": null, "invoice_id": null, "international": false, "method": "upi", "amount_refunded": 0,
        "refund_status": null, "captured": true, "description": "QRv2 Payment", "card_id": null, "bank": null,
        "wallet": null, "vpa": "gauri.kumar@okhdfcbank", "email": "gauri.kumari@example.com", "contact": "+919000090000",
        "customer_id": null, "notes": {"reference": "80000000000428", "order_id": "17"}, "fee": 0, "tax": 0,
        "error_code": null, "error_description": null, "error_source": null, "error_step": null, "error_reason": null,
        "acquirer_data": {"rrn": "116812981837"}, "created_at": 1623914419
      }
    },
    "qr_code": {
      "entity": {
        "id": "qr_HO2e0813YlchUn", "entity": "qr_code", "created_at": 1623914349, "name": "80000000000428",
        "usage": "single_use", "type": "upi_qr", "image_url": "https:\\/\\/rzp.io\\/i\\/X6QM7LL", "payment_amount": 107540,
        "status": "closed", "description": "Repayment of loan 17", "fixed_amount": true,
        "payments_amount_received": 107540, "payments_count_received": 1,
        "notes": {"reference": "80000000000428", "order_id": "17"}, "customer_id": null, "close_by": 1625077799,
        "closed_at": 1623914419, "close_reason": "paid"
      }
    }
  },
  "created_at": 1623914419
}`;

/** payment.captured (UPI) as documented, for the same payment: it carries the payment alone. */
const PAYMENT_CAPTURED = `{
  "entity": "event", "account_id": "acc_CJoeHMNpi0nC7k", "event": "payment.captured", "contains": ["payment"],
  "payload": {"payment": {"entity": {
    "id": "pay_HO2fEpc9JeOQU5", "entity": "payment", "amount": 107540, "currency": "INR", "base_amount": 107540,
    "status": "captured", "order_id": null, "invoice_id": null, "international": false, "method": "upi",
    "amount_refunded": 0, "amount_transferred": 0, "refund_status": null, "captured": true, "description": "QRv2 Payment",
    "card_id": null, "bank": null, "wallet": null, "vpa": "gauri.kumar@okhdfcbank", "email": "", "contact": "",
    "notes": {"reference": "80000000000428", "order_id": "17"}, "fee": 2, "tax": 0, "error_code": null,
    "error_description": null, "error_source": null, "error_step": null, "error_reason": null,
    "acquirer_data": {"rrn": "116812981837"}, "created_at": 1623914419,
    "upi": {"payer_account_type": "bank_account", "vpa": "gauri.kumar@okhdfcbank", "flow": "intent"}
  }}},
  "created_at": 1623914420
}`;

/** payment.failed (UPI) as documented: the same payment, before a wrong PIN was retried. */
const PAYMENT_FAILED = `{
  "entity": "event", "account_id": "acc_CJoeHMNpi0nC7k", "event": "payment.failed", "contains": ["payment"],
  "payload": {"payment": {"entity": {
    "id": "pay_HO2fEpc9JeOQU5", "entity": "payment", "amount": 107540, "currency": "", "status": "failed",
    "order_id": null, "invoice_id": null, "international": false, "method": "upi", "amount_refunded": 0,
    "refund_status": null, "captured": false, "description": null, "card_id": null, "bank": null, "wallet": null,
    "vpa": "gauri.kumar@okhdfcbank", "email": "", "contact": "+919876543210", "notes": [], "fee": null, "tax": null,
    "error_code": "BAD_REQUEST_ERROR", "error_description": "Payment failed", "error_source": "issuer",
    "error_step": "payment_authorization", "error_reason": "payment_failed", "acquirer_data": {"rrn": null},
    "created_at": 1623914400, "upi": {"payer_account_type": "bank_account", "vpa": "gauri.kumar@okhdfcbank", "flow": "intent"}
  }}},
  "created_at": 1623914401
}`;

/** virtual_account.credited (bank_transfer) as documented. */
const VA_CREDITED = `{
  "entity": "event", "account_id": "acc_BFQ7uQEaa7j2z7", "event": "virtual_account.credited",
  "contains": ["payment", "virtual_account", "bank_transfer"],
  "payload": {
    "payment": {"entity": {
      "id": "pay_DETA2KrOlhqQzF", "entity": "payment", "amount": 61900, "currency": "INR", "status": "captured",
      "order_id": null, "invoice_id": null, "international": false, "method": "bank_transfer", "amount_refunded": 0,
      "amount_transferred": 0, "refund_status": null, "captured": true, "description": "NA", "card_id": null,
      "bank": null, "wallet": null, "vpa": null, "email": "gaurav.kumar@example.com", "contact": "+919000090000",
      "customer_id": "cust_BtQNqzmBlAXyTY", "notes": [], "fee": 731, "tax": 112, "error_code": null,
      "error_description": null, "created_at": 1567675983
    }},
    "virtual_account": {"entity": {
      "id": "va_DET8z3wBxfPB5L", "name": "Acme Corp", "entity": "virtual_account", "status": "active",
      "description": "Virtual Account to test webhook", "amount_expected": null,
      "notes": {"Important": "Notes for Internal Reference"}, "amount_paid": 61900, "customer_id": "cust_BtQNqzmBlAXyTY",
      "close_by": null, "closed_at": null, "created_at": 1567675923,
      "receivers": [{"id": "ba_DET8z5Z5ghv4hW", "entity": "bank_account", "ifsc": "RATN0VAAPIS", "bank_name": "RBL Bank",
        "name": "Acme Corp", "account_number": "1112220006712324"}]
    }},
    "bank_transfer": {"entity": {
      "id": "bt_DETA2KSUJ3uCM9", "entity": "bank_transfer", "payment_id": "pay_DETA2KrOlhqQzF", "mode": "NEFT",
      "bank_reference": "156767598340", "amount": 61900,
      "payer_bank_account": {"id": "ba_DETA2UuuKtKLR1", "entity": "bank_account", "ifsc": "KKBK0000007",
        "bank_name": "Kotak Mahindra Bank", "name": "Saurav Kumar", "account_number": "765432123456789"},
      "virtual_account_id": "va_DET8z3wBxfPB5L"
    }}
  },
  "created_at": 1567675983
}`;

/** qr_code.closed as documented (sent for a code closed on demand). */
const QR_CLOSED = `{
  "entity": "event", "account_id": "acc_CJoeHMNpi0nC7k", "event": "qr_code.closed", "contains": ["qr_code"],
  "payload": {"qr_code": {"entity": {
    "id": "qr_HO2e0813YlchUn", "entity": "qr_code", "created_at": 1623914349, "name": "Acme Groceries",
    "usage": "multiple_use", "type": "upi_qr", "image_url": "https://rzp.io/i/X6QM7LL", "payment_amount": null,
    "status": "closed", "description": "Buy fresh groceries", "fixed_amount": false, "payments_amount_received": 200,
    "payments_count_received": 1, "notes": {"Branch": "Bangalore - Rajaji Nagar"}, "customer_id": "cust_HKsR5se84c5LTO",
    "close_by": 1625077799, "closed_at": 1623914515, "close_reason": "on_demand"
  }}},
  "created_at": 1623914515
}`;

/** refund.processed as documented (normal refund) of a bank transfer. */
const REFUND_PROCESSED = `{
  "entity": "event", "account_id": "acc_E7OQJcEANmBHTC", "event": "refund.processed", "contains": ["refund", "payment"],
  "payload": {
    "refund": {"entity": {
      "id": "rfnd_FS8TWyPrCsa0OB", "entity": "refund", "amount": 50000, "currency": "INR", "payment_id": "pay_DETA2KrOlhqQzF",
      "notes": {"comment": "Customer Notes for Webhooks."}, "receipt": null, "acquirer_data": {"arn": null},
      "created_at": 1597734071, "batch_id": null, "status": "processed", "speed_processed": "normal", "speed_requested": "optimum"
    }},
    "payment": {"entity": {
      "id": "pay_DETA2KrOlhqQzF", "entity": "payment", "amount": 61900, "currency": "INR", "status": "captured",
      "order_id": null, "invoice_id": null, "international": false, "method": "bank_transfer", "amount_refunded": 50000,
      "refund_status": "partial", "captured": true, "description": "NA", "card_id": null, "bank": null, "wallet": null,
      "vpa": null, "email": "", "contact": "", "notes": [], "fee": 731, "tax": 112, "error_code": null,
      "error_description": null, "created_at": 1567675983
    }}
  },
  "created_at": 1597734073
}`;

/** payment_link.expired (UPI) as documented. */
const LINK_EXPIRED = `{
  "account_id": "acc_MWWeS9Ico5tQBk", "contains": ["payment_link"], "created_at": 1748586657, "entity": "event",
  "event": "payment_link.expired",
  "payload": {"payment_link": {"entity": {
    "accept_partial": false, "amount": 100, "amount_paid": 0, "callback_method": "get",
    "callback_url": "https://example-callback-url.com/", "cancelled_at": 0, "created_at": 1748586657, "currency": "INR",
    "description": "Payment for policy no #23456", "expire_by": 1748587814, "expired_at": 1748587838,
    "first_min_partial_amount": 0, "id": "plink_Qb2ftTb6oRGMmu", "notes": {"policy_name": "Jeevan Bima"},
    "order_id": "order_Qb2g8aDXbi3yQd", "reference_id": "UPItest1", "short_url": "https://rzp.io/rzp/S12PdyW",
    "status": "expired", "upi_link": true
  }}}
}`;

/** Razorpay's API as the adapter's look-ups of a payment's QR code and bank transfer find it (documented answers). */
const lookups = (req: MockRequest): MockResponse => {
  if (req.path === '/v1/payments/qr_codes?payment_id=pay_HO2fEpc9JeOQU5') {
    return { status: 200, body: { entity: 'collection', count: 1, items: [{ id: 'qr_HO2e0813YlchUn', entity: 'qr_code', notes: { reference: '80000000000428' } }] } };
  }
  if (req.path === '/v1/payments/pay_DETA2KrOlhqQzF/bank_transfer') {
    return { status: 200, body: { id: 'bt_DETA2KSUJ3uCM9', entity: 'bank_transfer', payment_id: 'pay_DETA2KrOlhqQzF', virtual_account_id: 'va_DET8z3wBxfPB5L' } };
  }
  if (req.path.startsWith('/v1/payments/qr_codes?payment_id=')) return { status: 200, body: { entity: 'collection', count: 0, items: [] } };
  return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } } };
};

async function deliver(p: PaymentProvider, body: string, h: Record<string, string> = headers(body)) {
  return p.handleWebhook({ rawBody: Buffer.from(body), headers: h }, new Date());
}

describe('Razorpay webhooks: the signature', () => {
  it('each documented payload signed with the webhook secret is accepted, and the razorpay package agrees', async () => {
    const api = await stubApi(lookups);
    const p = provider(api.url);
    for (const body of [QR_CREDITED, PAYMENT_CAPTURED, PAYMENT_FAILED, VA_CREDITED, QR_CLOSED, REFUND_PROCESSED, LINK_EXPIRED]) {
      const signature = sign(body);
      expect(validateWebhookSignature(body, signature, SECRET)).toBe(true);
      const result = await deliver(p, body);
      expect(result).toMatchObject({ ok: true, verification: 'HMAC-SHA256 X-Razorpay-Signature' });
    }
  });

  it('a tampered body, a wrong secret, a missing or garbled signature are refused (the package refuses the first two too)', async () => {
    const p = provider('http://127.0.0.1:9');
    const tampered = QR_CREDITED.replace('"amount": 107540', '"amount": 907540');
    expect(tampered).not.toBe(QR_CREDITED);
    const good = sign(QR_CREDITED);
    expect(validateWebhookSignature(tampered, good, SECRET)).toBe(false);
    expect(await deliver(p, tampered, headers(tampered, good))).toEqual({ ok: false, reason: 'bad_signature' });
    const wrong = sign(QR_CREDITED, 'another_secret');
    expect(validateWebhookSignature(QR_CREDITED, wrong, SECRET)).toBe(false);
    expect(await deliver(p, QR_CREDITED, headers(QR_CREDITED, wrong))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await deliver(p, QR_CREDITED, headers(QR_CREDITED, null))).toEqual({ ok: false, reason: 'missing' });
    expect(await deliver(p, QR_CREDITED, headers(QR_CREDITED, ''))).toEqual({ ok: false, reason: 'missing' });
    for (const garbled of [good.slice(1), `${good}00`, good.replace(/[0-9a-f]$/, 'g'), Buffer.from(good, 'hex').toString('base64'), `sha256=${good}`]) {
      expect(await deliver(p, QR_CREDITED, headers(QR_CREDITED, garbled))).toEqual({ ok: false, reason: 'malformed' });
    }
    const twice = { ...headers(QR_CREDITED), 'X-Razorpay-Signature': good };
    expect(await deliver(p, QR_CREDITED, twice)).toEqual({ ok: false, reason: 'malformed' });
    // The signature covers the bytes as sent: the same JSON re-serialised (Razorpay's "\/" unescaped) is another body.
    const reserialised = JSON.stringify(JSON.parse(QR_CREDITED));
    expect(await deliver(p, reserialised, headers(reserialised, good))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('a signed body must be strict JSON: a key twice, a NUL, nesting too deep, not JSON, not an event', async () => {
    const p = provider('http://127.0.0.1:9');
    const cases: [string, string][] = [
      [QR_CREDITED.replace('"amount": 107540,', '"amount": 107540, "amount": 1,'), 'duplicate_keys'],
      [QR_CREDITED.replace('"QRv2 Payment"', '"QRv2\\u0000Payment"'), 'invalid_body'],
      [`{"event":"qr_code.credited","payload":{"x":${'['.repeat(40)}${']'.repeat(40)}}}`, 'invalid_body'],
      ['{"event": "qr_code.credited", "payload": ', 'invalid_body'],
      ['[1,2,3]', 'invalid_body'],
      [QR_CREDITED.replace('"amount": 107540', '"amount": 1075.40'), 'invalid_body'],
      [QR_CREDITED.replace('"id": "qr_HO2e0813YlchUn"', '"id": "../v1/payouts"'), 'invalid_body'],
      [VA_CREDITED.replace('"currency": "INR"', '"currency": "USD"'), 'invalid_body'],
    ];
    for (const [body, reason] of cases) expect(await deliver(p, body)).toMatchObject({ ok: false, reason });
  });
});

describe('Razorpay webhooks: the events', () => {
  it('payment.captured and qr_code.credited of one payment: one dedupe key (the payment id), the QR code as reference', async () => {
    const api = await stubApi(lookups);
    const p = provider(api.url);
    const credited = await deliver(p, QR_CREDITED);
    const captured = await deliver(p, PAYMENT_CAPTURED, headers(PAYMENT_CAPTURED, sign(PAYMENT_CAPTURED), 'KMsAJZ2oXfUOiw'));
    const expected = { provider: 'razorpay', dedupeKey: 'pay_HO2fEpc9JeOQU5', kind: 'paid', reference: 'qr_HO2e0813YlchUn', amount: 107540, currency: 'INR', occurredAt: new Date(1623914419_000) };
    expect(credited).toEqual({ ok: true, verification: 'HMAC-SHA256 X-Razorpay-Signature', events: [{ ...expected, type: 'qr_code.credited', eventId: 'KMsAJZ2oXfUOiv' }] });
    expect(captured).toEqual({ ok: true, verification: 'HMAC-SHA256 X-Razorpay-Signature', events: [{ ...expected, type: 'payment.captured', eventId: 'KMsAJZ2oXfUOiw' }] });
    // Only the captured payment needed a look-up of its QR code, with our key.
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payments/qr_codes?payment_id=pay_HO2fEpc9JeOQU5']);
    expect(api.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
  });

  it('payment.failed is a failure of the QR code’s payment under a key of its own; a later capture still pays', async () => {
    const api = await stubApi(lookups);
    const p = provider(api.url);
    const failed = await deliver(p, PAYMENT_FAILED);
    expect(failed).toMatchObject({ ok: true, events: [{ kind: 'failed', type: 'payment.failed', reference: 'qr_HO2e0813YlchUn', amount: 107540 }] });
    const failedEvent = (failed as { events: PaymentEvent[] }).events[0]!;
    expect(failedEvent.dedupeKey).not.toBe('pay_HO2fEpc9JeOQU5');
    expect(failedEvent.currency).toBeUndefined();
    expect(await deliver(p, PAYMENT_CAPTURED)).toMatchObject({ ok: true, events: [{ kind: 'paid', dedupeKey: 'pay_HO2fEpc9JeOQU5' }] });
  });

  it('virtual_account.credited: the account as reference; a captured bank transfer and its refund found through the API', async () => {
    const api = await stubApi(lookups);
    const p = provider(api.url);
    expect(await deliver(p, VA_CREDITED)).toMatchObject({
      ok: true,
      events: [{ type: 'virtual_account.credited', kind: 'paid', dedupeKey: 'pay_DETA2KrOlhqQzF', reference: 'va_DET8z3wBxfPB5L', amount: 61900, currency: 'INR', occurredAt: new Date(1567675983_000) }],
    });
    const capturedBody = VA_CREDITED.replace('"virtual_account.credited"', '"payment.captured"');
    expect(await deliver(p, capturedBody)).toMatchObject({ ok: true, events: [{ kind: 'paid', dedupeKey: 'pay_DETA2KrOlhqQzF', reference: 'va_DET8z3wBxfPB5L' }] });
    expect(await deliver(p, REFUND_PROCESSED)).toMatchObject({
      ok: true,
      events: [{ type: 'refund.processed', kind: 'refunded', dedupeKey: 'rfnd_FS8TWyPrCsa0OB', reference: 'va_DET8z3wBxfPB5L', amount: 50000 }],
    });
  });

  it('closing events expire their object; a payment tied to nothing of ours and other events give no event', async () => {
    const api = await stubApi(lookups);
    const p = provider(api.url);
    expect(await deliver(p, QR_CLOSED)).toMatchObject({ ok: true, events: [{ kind: 'expired', reference: 'qr_HO2e0813YlchUn', amount: 0, occurredAt: new Date(1623914515_000) }] });
    expect(await deliver(p, LINK_EXPIRED)).toMatchObject({ ok: true, events: [{ kind: 'expired', reference: 'plink_Qb2ftTb6oRGMmu', occurredAt: new Date(1748587838_000) }] });
    const card = PAYMENT_CAPTURED.replace('"pay_HO2fEpc9JeOQU5"', '"pay_DESp9bgForNoUd"').replace('"method": "upi"', '"method": "card"');
    const otherUpi = PAYMENT_CAPTURED.replace('"pay_HO2fEpc9JeOQU5"', '"pay_DESyzxuld02Zul"');
    const authorized = PAYMENT_CAPTURED.replace('"payment.captured"', '"payment.authorized"');
    for (const body of [card, otherUpi, authorized]) expect(await deliver(p, body)).toEqual({ ok: true, events: [], verification: 'HMAC-SHA256 X-Razorpay-Signature' });
  });

  it('a look-up Razorpay does not answer: ProviderUnavailable (Razorpay delivers again later)', async () => {
    const api = await stubApi(() => ({ status: 503, body: {} }));
    const p = provider(api.url);
    await expect(deliver(p, PAYMENT_CAPTURED)).rejects.toBeInstanceOf(ProviderUnavailable);
    // One attempt: Razorpay waits 5 s for the answer, and delivers again after a 503.
    expect(api.requests).toHaveLength(1);
    // The credited event names its QR code itself: no call, no outage.
    expect(await deliver(p, QR_CREDITED)).toMatchObject({ ok: true, events: [{ kind: 'paid' }] });
    expect(api.requests).toHaveLength(1);
  });
});

const IMAGE_CONTENT = 'upi://pay?pa=rzr.qrprestafin54462255833@icici&pn=PrestaFinance&tr=RZPI39xhFWWLO4wjMqrv2&tn=PaymenttoPrestaFinance&cu=INR&mc=6012&am=1075.40';
const QR_ANSWER = {
  id: 'qr_I39xhFWWLO4wjM',
  entity: 'qr_code',
  created_at: 1632892063,
  name: '80000000000428',
  usage: 'single_use',
  type: 'upi_qr',
  image_url: 'https://rzp.io/i/67FsPSHWvw',
  payment_amount: 107540,
  status: 'active',
  description: 'Repayment of loan 17',
  fixed_amount: true,
  payments_amount_received: 0,
  payments_count_received: 0,
  notes: { reference: '80000000000428' },
  customer_id: null,
  close_by: 1632922955,
  image_content: IMAGE_CONTENT,
};
const VA_ANSWER = {
  id: 'va_DlGmm7jInLudH9',
  name: 'Acme Corp',
  entity: 'virtual_account',
  status: 'active',
  description: 'Loan 17',
  amount_expected: null,
  notes: { order_id: '17' },
  amount_paid: 0,
  customer_id: null,
  receivers: [{ id: 'ba_DlGmm9mSj8fjRM', entity: 'bank_account', ifsc: 'RATN0VAAPIS', bank_name: 'RBL Bank', name: 'Acme Corp', notes: [], account_number: '2223330099089860' }],
  close_by: null,
  closed_at: null,
  created_at: 1574837626,
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const upiInput = (over: Partial<CreateReferenceInput> = {}): CreateReferenceInput => ({
  orderId: 17,
  orderNo: 'PR17',
  amount: 107_540,
  currency: 'INR',
  purpose: 'repayment',
  channel: 'upi',
  expiresAt: inDays(3),
  ...over,
});

describe('Razorpay references: the create calls', () => {
  it('UPI: one single-use fixed-amount UPI QR code closing at the reference’s time; its image_content is the voucher’s link', async () => {
    const api = await stubApi(() => ({ status: 200, body: QR_ANSWER }));
    const input = upiInput();
    const made = await provider(api.url).createReference(input);
    const reference = newStoreReference(seq);
    expect(made).toEqual({
      reference,
      providerReference: 'qr_I39xhFWWLO4wjM',
      payLink: IMAGE_CONTENT,
      vpa: 'rzr.qrprestafin54462255833@icici',
      voucherCode: 'rzr.qrprestafin54462255833@icici',
      loanAccount: false,
      payerTypesReference: false,
      expiresAt: input.expiresAt,
    });
    expect(api.requests).toHaveLength(1);
    const [req] = api.requests;
    expect(`${req!.method} ${req!.path}`).toBe('POST /v1/payments/qr_codes');
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.rawBody.toString())).toEqual({
      type: 'upi_qr',
      name: reference,
      usage: 'single_use',
      fixed_amount: true,
      payment_amount: 107_540,
      description: 'Repayment of loan PR17',
      close_by: Math.floor(input.expiresAt.getTime() / 1000),
      notes: { reference, order_id: '17', order_no: 'PR17', purpose: 'repayment' },
    });
  });

  it('UPI: a reference due within 15 minutes still gets the close_by Razorpay takes (at least 15 minutes ahead)', async () => {
    const api = await stubApi(() => ({ status: 200, body: QR_ANSWER }));
    const before = Math.floor(Date.now() / 1000);
    await provider(api.url).createReference(upiInput({ expiresAt: new Date(Date.now() + 60_000) }));
    const { close_by } = JSON.parse(api.requests[0]!.rawBody.toString()) as { close_by: number };
    expect(close_by).toBeGreaterThanOrEqual(before + 15 * 60);
  });

  it('bank transfer: the loan’s Smart Collect account, made once (a bank account receiver), then the same for every reference', async () => {
    const api = await stubApi(() => ({ status: 200, body: VA_ANSWER }));
    const accounts = new Map<number, { providerReference: string; accountNumber: string; ifsc: string; bankName: string }>();
    const p = provider(api.url, { loanAccountOf: (orderId) => Promise.resolve(accounts.get(orderId)) });
    const first = await p.createReference(upiInput({ channel: 'bank_transfer' }));
    const bankAccount = { accountNumber: '2223330099089860', ifsc: 'RATN0VAAPIS', bankName: 'RBL Bank' };
    expect(first).toMatchObject({ providerReference: 'va_DlGmm7jInLudH9', bankAccount, voucherCode: '2223330099089860', loanAccount: true, payerTypesReference: false });
    const [req] = api.requests;
    expect(`${req!.method} ${req!.path}`).toBe('POST /v1/virtual_accounts');
    expect(JSON.parse(req!.rawBody.toString())).toEqual({
      receivers: { types: ['bank_account'] },
      description: 'Loan PR17',
      notes: { reference: first.reference, order_id: '17', order_no: 'PR17', purpose: 'repayment' },
    });
    accounts.set(17, { providerReference: first.providerReference!, ...first.bankAccount! });
    const second = await p.createReference(upiInput({ channel: 'bank_transfer', amount: 5_000 }));
    expect(second).toMatchObject({ providerReference: 'va_DlGmm7jInLudH9', bankAccount, loanAccount: true });
    expect(second.reference).not.toBe(first.reference);
    expect(api.requests).toHaveLength(1);
  });

  it('refuses what Razorpay does not collect (RangeError), before any call', async () => {
    const api = await stubApi(() => ({ status: 200, body: QR_ANSWER }));
    const p = provider(api.url);
    await expect(p.createReference(upiInput({ channel: 'spei' }))).rejects.toBeInstanceOf(RangeError);
    await expect(p.createReference(upiInput({ currency: 'MXN' }))).rejects.toBeInstanceOf(RangeError);
    await expect(p.createReference(upiInput({ amount: 10.5 }))).rejects.toBeInstanceOf(RangeError);
    expect(api.requests).toHaveLength(0);
  });
});

describe('Razorpay references: outages', () => {
  it('a 503 then an answer: retried; what was made meanwhile is looked up first, by our reference in its notes', async () => {
    const api = await stubApi((req, n) => (n === 1 ? { status: 503, body: {} } : req.method === 'GET' ? { status: 200, body: { entity: 'collection', count: 0, items: [] } } : { status: 200, body: QR_ANSWER }));
    const made = await provider(api.url).createReference(upiInput());
    expect(made.providerReference).toBe('qr_I39xhFWWLO4wjM');
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST']);
    expect(api.requests[1]!.path).toMatch(/^\/v1\/payments\/qr_codes\?from=\d+&count=100&skip=0$/);
  });

  it('a create carried out whose answer was lost is found again, not made twice (the mock’s "lost" fault)', async () => {
    const mock = await startRazorpayMock({ webhookUrl: 'http://127.0.0.1:9/unused', createFaults: ['lost', 'lost'] });
    closers.push(() => mock.close());
    const p = provider(mock.url, { keyId: mock.env.RAZORPAY_KEY_ID!, keySecret: mock.env.RAZORPAY_KEY_SECRET! });
    const qr = await p.createReference(upiInput());
    const va = await p.createReference(upiInput({ channel: 'bank_transfer' }));
    expect(mock.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/v1/payments/qr_codes', '/v1/virtual_accounts']);
    expect(await p.fetchStatus(qr.providerReference!)).toEqual({ state: 'open', paidAmount: 0, events: [] });
    expect(await p.fetchStatus(va.providerReference!)).toEqual({ state: 'open', paidAmount: 0, events: [] });
  });

  it('the last attempt made but its answer lost: found after it, not lost; nothing made at all: ProviderUnavailable', async () => {
    const mock = await startRazorpayMock({ webhookUrl: 'http://127.0.0.1:9/unused', createFaults: ['unavailable', 'unavailable', 'lost', 'unavailable', 'unavailable', 'unavailable'] });
    closers.push(() => mock.close());
    const p = provider(mock.url, { keyId: mock.env.RAZORPAY_KEY_ID!, keySecret: mock.env.RAZORPAY_KEY_SECRET! });
    const qr = await p.createReference(upiInput());
    expect(await p.fetchStatus(qr.providerReference!)).toMatchObject({ state: 'open' });
    await expect(p.createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(mock.requests.filter((r) => r.method === 'POST')).toHaveLength(6);
  });

  it('no answer in time: ProviderUnavailable after the attempts, never a hang', async () => {
    const api = await stubApi(() => new Promise<MockResponse>(() => undefined));
    await expect(provider(api.url, { timeoutMs: 100 }).createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('429 and 5xx: retried, then ProviderUnavailable; a network error too', async () => {
    const api = await stubApi((_req, n) => ({ status: n % 2 ? 429 : 502, body: {} }));
    await expect(provider(api.url).createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
    // After a 502 (maybe made) what was made is looked up, after the last attempt too; after a 429 (not made) not.
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET', 'POST', 'GET']);
    await expect(provider('http://127.0.0.1:9').createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('401: our keys are wrong, at once ProviderUnavailable and an error in the log, with no secret in it', async () => {
    lines.length = 0;
    const api = await stubApi(() => ({ status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } } }));
    await expect(provider(api.url).createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(api.requests).toHaveLength(1);
    expect(lines.map((l) => l.level)).toEqual(['error']);
    expect(JSON.stringify(lines)).not.toMatch(new RegExp(`${KEY_SECRET}|${SECRET}|${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`));
  });

  it('a refused create (400) or a QR code without image_content: ProviderUnavailable logged as an error', async () => {
    lines.length = 0;
    const refused = await stubApi(() => ({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'close_by too soon', field: 'close_by' } } }));
    await expect(provider(refused.url).createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
    const { image_content, ...withoutContent } = QR_ANSWER;
    void image_content;
    const bare = await stubApi(() => ({ status: 200, body: withoutContent }));
    await expect(provider(bare.url).createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(2);
  });
});

describe('Razorpay mock ↔ adapter', () => {
  /** The mock, and an adapter on it whose webhooks land in `events` (answered 200). */
  async function roundTrip(extra: Partial<RazorpayMockOptions> = {}) {
    const events: PaymentEvent[] = [];
    const adapter: { p?: PaymentProvider } = {};
    const receiver = await startMockServer(async (req) => {
      const result = await adapter.p!.handleWebhook({ rawBody: req.rawBody, headers: req.headers }, new Date());
      if (!result.ok) return { status: 401, body: { received: false } };
      events.push(...result.events);
      return { status: 200, body: { received: true } };
    });
    closers.push(() => receiver.close());
    const mock = await startRazorpayMock({ webhookUrl: `${receiver.url}/api/payments/notifications/razorpay`, delivery: { firstRetryMs: 1 }, ...extra });
    closers.push(() => mock.close());
    const p = provider(mock.env.RAZORPAY_API_URL!, { keyId: mock.env.RAZORPAY_KEY_ID!, keySecret: mock.env.RAZORPAY_KEY_SECRET!, webhookSecret: mock.env.RAZORPAY_WEBHOOK_SECRET! });
    adapter.p = p;
    return { mock, p, events };
  }

  it('UPI: the mock’s QR code pays through signed payment.captured and qr_code.credited: one payment, one dedupe key', async () => {
    const { mock, p, events } = await roundTrip({ failFirst: true });
    const made = await p.createReference(upiInput());
    expect(made.payLink).toMatch(/^upi:\/\/pay\?pa=rzr\.payto\d+@icici&/);
    expect(made.payLink).toContain('&am=1075.40&');
    expect(made.vpa).toMatch(/^rzr\.payto\d+@icici$/);
    const { eventIds, logs } = await mock.pay({ providerReference: made.providerReference!, reference: made.reference, channel: 'upi', amount: 107_540 });
    expect(logs.every((l) => l.delivered)).toBe(true);
    expect(new Set(eventIds).size).toBe(3);
    const paid = events.filter((e) => e.kind === 'paid');
    // Each delivery twice (the duplicate), captured and credited: one payment id.
    expect(paid.map((e) => e.type).sort()).toEqual(['payment.captured', 'payment.captured', 'qr_code.credited', 'qr_code.credited']);
    expect(new Set(paid.map((e) => e.dedupeKey)).size).toBe(1);
    expect(paid.every((e) => e.reference === made.providerReference && e.amount === 107_540 && e.currency === 'INR')).toBe(true);
    expect(events.filter((e) => e.kind === 'failed').map((e) => e.reference)).toEqual([made.providerReference, made.providerReference]);
    const status = await p.fetchStatus(made.providerReference!);
    expect(status).toMatchObject({ state: 'paid', paidAmount: 107_540, events: [{ dedupeKey: paid[0]!.dedupeKey, kind: 'paid', amount: 107_540 }] });
  });

  it('bank transfer: the loan’s account pays through virtual_account.credited and a captured bank transfer', async () => {
    const { mock, p, events } = await roundTrip();
    const made = await p.createReference(upiInput({ channel: 'bank_transfer' }));
    expect(made.bankAccount).toMatchObject({ ifsc: 'RATN0VAAPIS', bankName: 'RBL Bank' });
    expect(made.bankAccount!.accountNumber).toMatch(/^2223330\d{9}$/);
    await mock.pay({ providerReference: made.providerReference!, reference: made.reference, channel: 'bank_transfer', amount: 50_000 });
    await mock.pay({ providerReference: made.providerReference!, reference: made.reference, channel: 'bank_transfer', amount: 7_000 });
    const keys = new Set(events.map((e) => e.dedupeKey));
    expect(keys.size).toBe(2);
    expect(events.every((e) => e.kind === 'paid' && e.reference === made.providerReference)).toBe(true);
    expect(await p.fetchStatus(made.providerReference!)).toMatchObject({ state: 'open', paidAmount: 57_000 });
    expect(await p.fetchStatus('qr_Unknown0000000')).toEqual({ state: 'unknown', paidAmount: 0, events: [] });
    expect(await p.fetchStatus('80000000000428')).toEqual({ state: 'unknown', paidAmount: 0, events: [] });
  });

  it('the mock refuses another key (401), as Razorpay does', async () => {
    const { mock } = await roundTrip();
    const p = provider(mock.url, { keyId: 'rzp_test_other', keySecret: 'nope' });
    await expect(p.createReference(upiInput())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(mock.requests.at(-1)!.path).toBe('/v1/payments/qr_codes');
  });
});
