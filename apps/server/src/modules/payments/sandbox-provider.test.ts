import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clabeForOrder, isValidClabe } from './clabe';
import { isValidIfsc, isValidVpa, orderIdFromVirtualAccount, orderIdFromVpa } from './india-accounts';
import { signNotification, unixSeconds } from './notification-signature';
import { headerValue, type CreateReferenceInput } from './payment-provider';
import {
  SANDBOX_NOTIFICATION_PATH,
  SANDBOX_UPI_ISSUER,
  SANDBOX_VIRTUAL_ACCOUNT_ISSUER,
  createSandboxProvider,
  type SandboxProvider,
  sandboxPay,
} from './sandbox-provider';
import { MAX_STORE_REFERENCE_SEQ, isValidStoreReference, newStoreReference } from './store-reference';

const secret = 'sandbox_test_secret';
const now = new Date('2025-03-01T12:00:00Z');
const expiresAt = new Date('2025-03-04T12:00:00Z');

function counter(start = 1) {
  let next = start;
  return vi.fn(() => next++);
}

const request = (over: Partial<CreateReferenceInput> = {}): CreateReferenceInput => ({
  orderId: 1_234,
  amount: 150_050,
  purpose: 'repayment',
  channel: 'store',
  expiresAt,
  ...over,
});

describe('createReference', () => {
  it('store: a store reference, drawn as the barcode and copied as the voucher code', async () => {
    const provider = createSandboxProvider({ secret, nextSeq: counter(41) });
    expect(provider.id).toBe('sandbox');
    expect(provider.channels).toEqual(['store', 'spei', 'upi', 'bank_transfer']);
    const created = await provider.createReference(request());
    expect(created).toEqual({ reference: newStoreReference(41), barcodeText: newStoreReference(41), voucherCode: newStoreReference(41), expiresAt });
    expect(isValidStoreReference(created.reference)).toBe(true);
  });

  it('spei: the order’s own CLABE at STP 646/180 as the voucher code, plus a unique reference', async () => {
    const nextSeq = counter();
    const provider = createSandboxProvider({ secret, nextSeq });
    const first = await provider.createReference(request({ channel: 'spei', purpose: 'extension' }));
    expect(first.clabe).toBe(clabeForOrder(1_234, { bankCode: '646', plaza: '180' }));
    expect(first.clabe!.startsWith('646180')).toBe(true);
    expect(isValidClabe(first.clabe!)).toBe(true);
    expect(first.voucherCode).toBe(first.clabe);
    expect(first.barcodeText).toBeUndefined();
    // The same order's next reference: same CLABE, new reference.
    const second = await provider.createReference(request({ channel: 'spei' }));
    expect(second.clabe).toBe(first.clabe);
    expect(second.reference).not.toBe(first.reference);
    expect(nextSeq).toHaveBeenCalledTimes(2);
  });

  it('upi: the order’s own VPA as the voucher code, plus a unique reference (the remark)', async () => {
    const nextSeq = counter(5);
    const provider = createSandboxProvider({ secret, nextSeq });
    const first = await provider.createReference(request({ channel: 'upi' }));
    expect(first).toEqual({ reference: newStoreReference(5), vpa: 'presta.1234@sbxupi', voucherCode: 'presta.1234@sbxupi', expiresAt });
    expect(isValidVpa(first.vpa!)).toBe(true);
    expect(orderIdFromVpa(first.vpa!, SANDBOX_UPI_ISSUER)).toBe(1_234);
    const second = await provider.createReference(request({ channel: 'upi', purpose: 'extension' }));
    expect(second.vpa).toBe(first.vpa);
    expect(second.reference).not.toBe(first.reference);
  });

  it('bank_transfer: the order’s own virtual account and IFSC, the account number as the voucher code', async () => {
    const provider = createSandboxProvider({ secret, nextSeq: counter(9) });
    const created = await provider.createReference(request({ channel: 'bank_transfer' }));
    expect(created).toEqual({
      reference: newStoreReference(9),
      bankAccount: { accountNumber: '2223000000001234', ifsc: 'SBOX0PRESTA', bankName: 'Sandbox Bank' },
      voucherCode: '2223000000001234',
      expiresAt,
    });
    expect(isValidIfsc(created.bankAccount!.ifsc)).toBe(true);
    expect(orderIdFromVirtualAccount(created.voucherCode, SANDBOX_VIRTUAL_ACCOUNT_ISSUER)).toBe(1_234);
  });

  it('an async sequence and another collection account', async () => {
    const provider = createSandboxProvider({ secret, nextSeq: () => Promise.resolve(7), clabeIssuer: { bankCode: '012', plaza: '180' } });
    const created = await provider.createReference(request({ channel: 'spei', orderId: 99 }));
    expect(created.clabe).toBe(clabeForOrder(99, { bankCode: '012', plaza: '180' }));
    expect(created.reference).toBe(newStoreReference(7));
  });

  it('refuses bad requests without using up a sequence number', async () => {
    const nextSeq = counter();
    const provider = createSandboxProvider({ secret, nextSeq });
    for (const bad of [
      request({ amount: 0 }),
      request({ amount: -100 }),
      request({ amount: 150.5 }),
      request({ amount: Number.MAX_SAFE_INTEGER + 1 }),
      request({ orderId: 0 }),
      request({ orderId: 1.5 }),
      request({ purpose: 'refund' as never }),
      request({ channel: 'card' as never }),
      request({ expiresAt: new Date('not a date') }),
      request({ channel: 'spei', orderId: 10 ** 11 }), // beyond the per-order CLABE range
      request({ channel: 'upi', orderId: 10 ** 12 }), // beyond the per-order VPA range
      request({ channel: 'bank_transfer', orderId: 10 ** 12 }),
    ]) {
      await expect(provider.createReference(bad)).rejects.toThrow(RangeError);
    }
    expect(nextSeq).not.toHaveBeenCalled();
  });

  it('refuses a sequence number a store reference cannot carry', async () => {
    await expect(createSandboxProvider({ secret, nextSeq: () => 0 }).createReference(request())).rejects.toThrow(RangeError);
    await expect(createSandboxProvider({ secret, nextSeq: () => MAX_STORE_REFERENCE_SEQ + 1 }).createReference(request())).rejects.toThrow(RangeError);
  });

  it('refuses to be built without a secret or with a malformed collection account', () => {
    expect(() => createSandboxProvider({ secret: '', nextSeq: counter() })).toThrow(RangeError);
    expect(() => createSandboxProvider({ secret, nextSeq: counter(), clabeIssuer: { bankCode: '6460', plaza: '180' } })).toThrow(RangeError);
  });
});

describe('parseNotification', () => {
  const provider = createSandboxProvider({ secret, nextSeq: counter() });
  const reference = newStoreReference(5);
  const payload = { eventId: 'evt_001', reference, amount: 150_050, paidAt: '2025-03-01T11:58:00Z' };
  const signed = (rawBody: string, at: Date = now, key = secret) => ({
    rawBody,
    headers: { 'x-presta-signature': signNotification(key, rawBody, unixSeconds(at)) },
  });

  it('a signed payment: eventId, reference, amount in minor units, paidAt as a Date', () => {
    expect(provider.parseNotification(signed(JSON.stringify(payload)), now)).toEqual({
      ok: true,
      notification: { eventId: 'evt_001', reference, amount: 150_050, paidAt: new Date('2025-03-01T11:58:00Z') },
    });
  });

  it('the header in any case, the body as bytes, offsets in paidAt, unknown keys dropped', () => {
    const rawBody = JSON.stringify({ ...payload, paidAt: '2025-03-01T05:58:00-06:00', store: 'OXXO 123' });
    const { headers } = signed(rawBody);
    const result = provider.parseNotification({ rawBody: new TextEncoder().encode(rawBody), headers: { 'X-Presta-Signature': headers['x-presta-signature'] } }, now);
    expect(result).toEqual({ ok: true, notification: { eventId: 'evt_001', reference, amount: 150_050, paidAt: new Date('2025-03-01T11:58:00Z') } });
  });

  it('signature refusals come first: missing, malformed, bad_signature, expired', () => {
    const rawBody = JSON.stringify(payload);
    expect(provider.parseNotification({ rawBody, headers: {} }, now)).toEqual({ ok: false, reason: 'missing' });
    expect(provider.parseNotification({ rawBody, headers: { 'x-presta-signature': 'v1=abc' } }, now)).toEqual({ ok: false, reason: 'malformed' });
    const { headers } = signed(rawBody);
    const twice = { 'x-presta-signature': headers['x-presta-signature'], 'X-Presta-Signature': headers['x-presta-signature'] };
    expect(provider.parseNotification({ rawBody, headers: twice }, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(provider.parseNotification(signed(rawBody, now, 'wrong'), now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.parseNotification({ rawBody: rawBody.replace('150050', '950050'), headers }, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.parseNotification(signed(rawBody, new Date(now.getTime() - 301_000)), now)).toEqual({ ok: false, reason: 'expired' });
    expect(provider.parseNotification(signed(rawBody, new Date(now.getTime() - 300_000)), now).ok).toBe(true);
    // Even an unparseable body is judged by its signature first.
    expect(provider.parseNotification({ rawBody: '{', headers: {} }, now)).toEqual({ ok: false, reason: 'missing' });
  });

  it('a custom tolerance', () => {
    const strict = createSandboxProvider({ secret, nextSeq: counter(), toleranceSeconds: 30 });
    expect(strict.parseNotification(signed(JSON.stringify(payload), new Date(now.getTime() - 31_000)), now)).toEqual({ ok: false, reason: 'expired' });
  });

  it('amount must be a positive integer of minor units, written as one', () => {
    const bodies = [
      '{"eventId":"e1","reference":"R","amount":150.5,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":"15050","paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":"150.50","paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":15050.0,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount" : 1.505e4,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":15050E0,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":0,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":-100,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":9007199254740992,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","amount":null,"paidAt":"2025-03-01T11:58:00Z"}',
      '{"eventId":"e1","reference":"R","paidAt":"2025-03-01T11:58:00Z"}',
    ].map((b) => b.replace('"R"', JSON.stringify(reference)));
    for (const rawBody of bodies) {
      const result = provider.parseNotification(signed(rawBody), now);
      expect(result, rawBody).toMatchObject({ ok: false, reason: 'invalid_body' });
      expect(result.ok ? '' : result.detail, rawBody).toMatch(/amount/);
    }
    // A string value merely containing "amount" with decimals does not trip the literal check.
    const tricky = JSON.stringify({ ...payload, eventId: 'x"amount":1.5' });
    expect(provider.parseNotification(signed(tricky), now).ok).toBe(true);
  });

  it('a body that names a field twice is refused (duplicate_keys): JSON.parse would silently keep the last one', () => {
    const bodies = [
      `{"eventId":"e1","reference":${JSON.stringify(reference)},"amount":150050,"paidAt":"2025-03-01T11:58:00Z","amount":100}`,
      `{"eventId":"e1","eventId":"e2","reference":${JSON.stringify(reference)},"amount":150050,"paidAt":"2025-03-01T11:58:00Z"}`,
      `{"eventId":"e1","reference":${JSON.stringify(reference)},"\u0061mount":1,"amount":150050,"paidAt":"2025-03-01T11:58:00Z"}`,
    ];
    for (const rawBody of bodies) {
      expect(provider.parseNotification(signed(rawBody), now), rawBody).toMatchObject({ ok: false, reason: 'duplicate_keys' });
    }
    // The signature is still judged first: an unsigned duplicate is a signature failure.
    expect(provider.parseNotification({ rawBody: bodies[0]!, headers: {} }, now)).toEqual({ ok: false, reason: 'missing' });
  });

  it('other invalid bodies: not JSON, not UTF-8, bad reference, eventId or paidAt', () => {
    const cases: Array<string | Uint8Array> = [
      'not json',
      '',
      '[]',
      new Uint8Array([0x7b, 0xff, 0x7d]),
      JSON.stringify({ ...payload, reference: `${reference.slice(0, -1)}${(Number(reference.at(-1)) + 1) % 10}` }), // typo
      JSON.stringify({ ...payload, reference: 5 }),
      JSON.stringify({ ...payload, eventId: '' }),
      JSON.stringify({ ...payload, eventId: 'has space' }),
      JSON.stringify({ ...payload, eventId: 'x'.repeat(101) }),
      JSON.stringify({ ...payload, paidAt: '2025-03-01' }),
      JSON.stringify({ ...payload, paidAt: '2025-03-01T11:58:00' }), // no offset: ambiguous
      JSON.stringify({ ...payload, paidAt: 1_740_830_280 }),
    ];
    for (const rawBody of cases) {
      const header = signNotification(secret, rawBody, unixSeconds(now));
      expect(provider.parseNotification({ rawBody, headers: { 'x-presta-signature': header } }, now), String(rawBody)).toMatchObject({
        ok: false,
        reason: 'invalid_body',
      });
    }
  });

  it('property: whatever valid payment is signed, it is read back exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_STORE_REFERENCE_SEQ }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.stringMatching(/^[\x21-\x7e]{1,100}$/),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
        (seq, amount, eventId, paidAt) => {
          const body = { eventId, reference: newStoreReference(seq), amount, paidAt: paidAt.toISOString() };
          expect(provider.parseNotification(signed(JSON.stringify(body)), now)).toEqual({
            ok: true,
            notification: { ...body, paidAt },
          });
        },
      ),
    );
  });
});

describe('headerValue', () => {
  it('finds a header in any case; repeated values become an array', () => {
    expect(headerValue({ 'x-a': '1' }, 'X-A')).toBe('1');
    expect(headerValue({ 'X-A': ['1'] }, 'x-a')).toBe('1');
    expect(headerValue({ 'x-a': '1', 'X-A': '2' }, 'x-a')).toEqual(['1', '2']);
    expect(headerValue({ 'x-a': undefined }, 'x-a')).toBeUndefined();
    expect(headerValue({}, 'x-a')).toBeUndefined();
  });
});

describe('sandboxPay against a stand-in receiver', () => {
  type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; rawBody: Buffer };
  const received: Received[] = [];
  let server: Server;
  let baseUrl = '';
  let provider: SandboxProvider;

  beforeAll(async () => {
    provider = createSandboxProvider({ secret, nextSeq: counter() });
    // What the real route will do: verify the raw bytes, answer 200 or 400 with the refusal reason.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        received.push({ method: req.method, url: req.url, headers: req.headers, rawBody });
        const result = provider.parseNotification({ rawBody, headers: req.headers }, new Date());
        res.writeHead(result.ok ? 200 : 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result.ok ? { code: '0', eventId: result.notification.eventId } : { code: '400', reason: result.reason }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('POSTs the signed JSON body to /api/payments/notifications/sandbox and returns status and body', async () => {
    const reference = newStoreReference(77);
    const result = await sandboxPay({ baseUrl: `${baseUrl}/`, secret, reference, amount: 150_050 });
    expect(result.status).toBe(200);
    expect(result.eventId).toMatch(/^sbx_[0-9a-f-]{36}$/);
    expect(result.body).toEqual({ code: '0', eventId: result.eventId });

    const last = received.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.url).toBe(SANDBOX_NOTIFICATION_PATH);
    expect(last.headers['content-type']).toBe('application/json');
    const body = JSON.parse(last.rawBody.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['eventId', 'reference', 'amount', 'paidAt']);
    expect(body).toMatchObject({ eventId: result.eventId, reference, amount: 150_050 });
    expect(last.headers['x-presta-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('passes a given eventId and paidAt through (the same event twice: idempotency is the receiver’s)', async () => {
    const reference = newStoreReference(78);
    const paidAt = new Date('2025-03-01T11:00:00.000Z');
    const a = await sandboxPay({ baseUrl, secret, reference, amount: 100, eventId: 'evt_same', paidAt });
    const b = await sandboxPay({ baseUrl, secret, reference, amount: 100, eventId: 'evt_same', paidAt });
    expect([a.eventId, b.eventId]).toEqual(['evt_same', 'evt_same']);
    expect((JSON.parse(received.at(-1)!.rawBody.toString()) as { paidAt: unknown }).paidAt).toBe('2025-03-01T11:00:00.000Z');
  });

  it('the receiver refuses a wrong secret, a stale signature and an unknown-format reference', async () => {
    const reference = newStoreReference(79);
    expect(await sandboxPay({ baseUrl, secret: 'wrong', reference, amount: 100 })).toMatchObject({ status: 400, body: { reason: 'bad_signature' } });
    expect(await sandboxPay({ baseUrl, secret, reference, amount: 100, now: new Date(Date.now() - 3_600_000) })).toMatchObject({
      status: 400,
      body: { reason: 'expired' },
    });
    expect(await sandboxPay({ baseUrl, secret, reference: 'ABC', amount: 100 })).toMatchObject({ status: 400, body: { reason: 'invalid_body' } });
  });

  it('refuses to send an amount that is not a positive integer of minor units', async () => {
    const count = received.length;
    for (const amount of [150.5, 0, -1, Number.NaN]) {
      await expect(sandboxPay({ baseUrl, secret, reference: newStoreReference(80), amount })).rejects.toThrow(RangeError);
    }
    expect(received.length).toBe(count);
  });
});
