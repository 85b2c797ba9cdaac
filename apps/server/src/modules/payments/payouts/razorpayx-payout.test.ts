import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { startRazorpayxPayoutMock, type RazorpayxPayoutMock } from '../../demo/payout-mocks/razorpayx-payout-mock';
import { startMockServer, type MockRequest, type MockResponse } from '../../demo/payment-mocks/mock-kit';
import { ProviderUnavailable } from '../payment-provider';
import { PayoutRefused, type PayoutEvent, type PayoutProvider, type PayoutRequest } from './payout-provider';
import { narrationOf, payoutEntity, payoutStateOf, razorpayxName } from './razorpayx-entities';
import { createRazorpayxPayouts } from './razorpayx-payout';

/*
 * The RazorpayX payout adapter (docs/providers/razorpayx.md): the requests it makes as RazorpayX's API reference
 * shows them, its reading of answers and states, its webhooks (signed here with node:crypto), and the local mock
 * end to end with it.
 */

const KEY_ID = 'rzp_test_Key1234567890';
const KEY_SECRET = 'secret-of-the-test';
const ACCOUNT = '7878780080316316';
const WEBHOOK_SECRET = 'webhook-secret-of-the-test';
const TIMEOUT_MS = 400;

function adapterFor(env: Record<string, string>): PayoutProvider {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', PAYOUT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS), ...env });
  return createRazorpayxPayouts({ config });
}

const request = (over: Partial<PayoutRequest> = {}): PayoutRequest => ({
  idempotencyKey: `po-${Math.random().toString(36).slice(2, 12)}`,
  orderNo: 'IN2026000123',
  amount: 500_000,
  currency: 'INR',
  concept: 'Presta Finance · loan IN2026000123',
  beneficiary: { accountNumber: '765432123456789', ifsc: 'HDFC0000053', bankCode: 'HDFC', bankName: 'HDFC Bank', name: 'Gaurav Kumár', phone: '+91 90000 90000', email: 'g@example.com', accountId: 41, borrowerId: 7 },
  ...over,
});

const payoutJson = (over: Record<string, unknown> = {}) => ({
  id: 'pout_00000000000001', entity: 'payout', fund_account_id: 'fa_00000000000001', amount: 500000, currency: 'INR', notes: {}, fees: 0, tax: 0,
  status: 'queued', utr: null, mode: 'IMPS', purpose: 'payout', reference_id: 'po-1', narration: 'x', batch_id: null, status_details: null, created_at: 1545383037, ...over,
});

// ---- A scripted RazorpayX: each test says what it answers ----

let scripted: { url: string; close: () => Promise<void> };
let seen: MockRequest[] = [];
let answer: (req: MockRequest) => MockResponse | Promise<MockResponse> = () => ({ status: 500, body: {} });
let api: PayoutProvider;

beforeAll(async () => {
  scripted = await startMockServer((req) => {
    seen.push(req);
    return answer(req);
  });
  api = adapterFor({ RAZORPAYX_API_URL: scripted.url, RAZORPAYX_KEY_ID: KEY_ID, RAZORPAYX_KEY_SECRET: KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER: ACCOUNT, RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(() => scripted.close());
afterEach(() => {
  seen = [];
});

/** Answers contacts and fund accounts as the docs' samples; payouts with `payout`. */
const withPayout = (payout: (req: MockRequest) => MockResponse | Promise<MockResponse>) => (req: MockRequest): MockResponse | Promise<MockResponse> => {
  if (req.path === '/v1/contacts') return { status: 200, body: { id: 'cont_00000000000001', entity: 'contact' } };
  if (req.path === '/v1/fund_accounts') return { status: 200, body: { id: 'fa_00000000000001', entity: 'fund_account' } };
  return payout(req);
};
const json = (req: MockRequest) => JSON.parse(req.rawBody.toString('utf8')) as Record<string, unknown>;

describe('RazorpayX requests', () => {
  it('makes the contact, the fund account, then the payout with the idempotency header, as documented', async () => {
    answer = withPayout(() => ({ status: 200, body: payoutJson() }));
    const r = request();
    expect(await api.createPayout(r)).toEqual({ status: 'pending', providerPayoutId: 'pout_00000000000001' });
    expect(seen.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /v1/contacts', 'POST /v1/fund_accounts', 'POST /v1/payouts']);
    for (const q of seen) expect(q.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(json(seen[0]!)).toEqual({ name: 'Gaurav Kumar', type: 'customer', reference_id: 'presta-account-41', contact: '+919000090000', email: 'g@example.com' });
    expect(json(seen[1]!)).toEqual({ contact_id: 'cont_00000000000001', account_type: 'bank_account', bank_account: { name: 'Gaurav Kumar', ifsc: 'HDFC0000053', account_number: '765432123456789' } });
    expect(seen[2]!.headers['x-payout-idempotency']).toBe(r.idempotencyKey);
    expect(json(seen[2]!)).toEqual({
      account_number: ACCOUNT, fund_account_id: 'fa_00000000000001', amount: 500_000, currency: 'INR', mode: 'IMPS', purpose: 'payout',
      queue_if_low_balance: true, reference_id: r.idempotencyKey, narration: 'Presta Finance loan IN20260001', notes: { order_no: 'IN2026000123' },
    });
  });

  it('pays above ₹5,00,000 by NEFT', async () => {
    answer = withPayout(() => ({ status: 200, body: payoutJson() }));
    await api.createPayout(request({ amount: 50_000_001 }));
    expect(json(seen[2]!).mode).toBe('NEFT');
  });

  it('refuses keys RazorpayX would not take, before any call', async () => {
    await expect(api.createPayout(request({ idempotencyKey: 'a/b' }))).rejects.toThrow(RangeError);
    await expect(api.createPayout(request({ idempotencyKey: 'x'.repeat(37) }))).rejects.toThrow(RangeError);
    expect(seen).toEqual([]);
  });

  it('a 5xx or a 429 is ProviderUnavailable; a 4xx with no payout under the key is PayoutRefused with its description', async () => {
    answer = withPayout(() => ({ status: 502, body: {} }));
    await expect(api.createPayout(request())).rejects.toBeInstanceOf(ProviderUnavailable);
    answer = withPayout(() => ({ status: 429, body: {} }));
    await expect(api.createPayout(request())).rejects.toBeInstanceOf(ProviderUnavailable);
    answer = withPayout((req) =>
      req.method === 'POST'
        ? { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Beneficiary bank is down', field: 'mode' } } }
        : { status: 200, body: { entity: 'collection', count: 0, items: [] } },
    );
    const refused = await api.createPayout(request()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PayoutRefused);
    expect((refused as PayoutRefused).reason).toBe('Beneficiary bank is down (mode)');
  });

  it('a 4xx for a key already used answers the payout that key made (never refused: it may be paying)', async () => {
    const r = request();
    answer = withPayout((req) =>
      req.method === 'POST'
        ? { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Different request body sent for the same idempotency key' } } }
        : { status: 200, body: { entity: 'collection', count: 1, items: [payoutJson({ reference_id: r.idempotencyKey, status: 'processing' })] } },
    );
    expect(await api.createPayout(r)).toEqual({ status: 'pending', providerPayoutId: 'pout_00000000000001' });
  });

  it('no answer within PAYOUT_PROVIDER_TIMEOUT_MS is ProviderUnavailable, quickly', async () => {
    answer = withPayout(() => new Promise<MockResponse>((resolve) => setTimeout(() => resolve({ status: 200, body: payoutJson() }), 2_000)));
    const started = Date.now();
    await expect(api.createPayout(request())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('getPayout asks by account number and reference; none is unknown', async () => {
    answer = () => ({ status: 200, body: { entity: 'collection', count: 1, items: [payoutJson({ reference_id: 'someone-else' })] } });
    expect(await api.getPayout('po-lost-1', new Date())).toEqual({ status: 'unknown' });
    const query = new URL(seen[0]!.path, 'http://x').searchParams;
    expect(seen[0]!.method).toBe('GET');
    expect(Object.fromEntries(query)).toMatchObject({ account_number: ACCOUNT, reference_id: 'po-lost-1' });
  });
});

describe('RazorpayX states', () => {
  const at = new Date('2026-03-05T12:00:00Z');
  const state = (over: Record<string, unknown>) => payoutStateOf(payoutEntity.parse(payoutJson(over)), at);

  it.each(['queued', 'pending', 'processing', 'scheduled', 'something_new'])('%s is pending', (status) => {
    expect(state({ status }).status).toBe('pending');
  });
  it.each(['failed', 'rejected', 'cancelled'])('%s is failed with its status details', (status) => {
    expect(state({ status, status_details: { reason: 'invalid_beneficiary_details', description: 'Account is invalid', source: 'beneficiary_bank' } })).toEqual({
      status: 'failed', providerPayoutId: 'pout_00000000000001', reason: 'invalid_beneficiary_details: Account is invalid',
    });
  });
  it('reversed is reversed with its reason', () => {
    expect(state({ status: 'reversed', status_details: { reason: 'beneficiary_bank_rejected', description: 'Returned' } })).toMatchObject({ status: 'reversed', reason: 'beneficiary_bank_rejected: Returned' });
  });
  it('processed carries the UTR and the value date in India (processed_at, else the time it was seen)', () => {
    // 20:00 UTC is 01:30 the next day in Asia/Kolkata.
    expect(state({ status: 'processed', utr: 'HDFCN00000000001', processed_at: Date.parse('2026-03-05T20:00:00Z') / 1000 })).toEqual({
      status: 'processed', providerPayoutId: 'pout_00000000000001', providerReference: 'HDFCN00000000001', valueDate: '2026-03-06',
    });
    expect(state({ status: 'processed', utr: 'U1' }).valueDate).toBe('2026-03-05');
  });
  it('names and narrations are cut to what RazorpayX takes', () => {
    expect(razorpayxName('José Ñúñez-', 50)).toBe('Jose Nunez');
    expect(razorpayxName('Li', 50)).toBe('Li.');
    expect(razorpayxName("D'Souza & Sons", 120)).toBe('D’Souza Sons');
    expect(narrationOf('Presta · préstamo 12/3')).toBe('Presta prestamo 12 3');
  });
});

// ---- Webhooks, signed here ----

const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');
const envelope = (event: string, payload: Record<string, unknown>) => JSON.stringify({ entity: 'event', account_id: 'acc_BfVUrG6tDiL7H0', event, contains: Object.keys(payload), payload, created_at: 1772740800 });
const incoming = (body: string, signature = sign(body)) => ({ rawBody: Buffer.from(body), headers: { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt1' } });
const now = new Date('2026-03-06T00:00:00Z');

describe('RazorpayX webhooks', () => {
  const processed = envelope('payout.processed', { payout: { entity: payoutJson({ status: 'processed', reference_id: 'po-key-1', utr: 'HDFCN00000000001' }) } });

  it('a good signature gives the payout event: dedupe "<pout>:<status>", our key, its state', async () => {
    const result = await api.handleWebhook(incoming(processed), now);
    expect(result).toEqual({
      ok: true,
      verification: 'HMAC-SHA256 X-Razorpay-Signature',
      events: [{
        provider: 'razorpayx', dedupeKey: 'pout_00000000000001:processed', type: 'payout.processed', idempotencyKey: 'po-key-1', occurredAt: new Date(1772740800_000),
        state: { status: 'processed', providerPayoutId: 'pout_00000000000001', providerReference: 'HDFCN00000000001', valueDate: '2026-03-06' },
      }],
    });
  });

  it('refuses a tampered body, another secret, no signature, and signed garbage', async () => {
    const tampered = processed.replace('500000', '900000');
    expect(await api.handleWebhook(incoming(tampered, sign(processed)), now)).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await api.handleWebhook(incoming(processed, sign(processed, 'another-secret')), now)).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await api.handleWebhook({ rawBody: processed, headers: {} }, now)).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await api.handleWebhook(incoming('{"event":'), now)).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(await api.handleWebhook(incoming('{"event":"payout.processed","event":"x","payload":{}}'), now)).toMatchObject({ ok: false, reason: 'duplicate_keys' });
    const noId = envelope('payout.processed', { payout: { entity: { ...payoutJson(), id: 'nope' } } });
    expect(await api.handleWebhook(incoming(noId), now)).toMatchObject({ ok: false, reason: 'invalid_body' });
  });

  it('reversed, failed and a UTR update; a payout of someone else (no reference) is no event', async () => {
    const read = async (event: string, over: Record<string, unknown>) => {
      const result = await api.handleWebhook(incoming(envelope(event, { payout: { entity: payoutJson({ reference_id: 'po-key-2', ...over }) } })), now);
      return result.ok ? result.events : [];
    };
    expect((await read('payout.reversed', { status: 'reversed', status_details: { reason: 'beneficiary_bank_rejected', description: 'Closed' } }))[0]!.state).toMatchObject({ status: 'reversed', reason: 'beneficiary_bank_rejected: Closed' });
    expect((await read('payout.failed', { status: 'failed', status_details: { reason: 'invalid_ifsc', description: 'IFSC' } }))[0]!.state.status).toBe('failed');
    expect((await read('payout.updated', { status: 'processed', utr: 'UTR9' }))[0]!.dedupeKey).toBe('pout_00000000000001:processed:UTR9');
    expect(await read('payout.processed', { reference_id: null, status: 'processed' })).toEqual([]);
  });

  it('validation events carry the validation, keyed by our reference (its notes)', async () => {
    const validation = (status: string, results: Record<string, unknown>) => ({
      'fund_account.validation': { entity: { id: 'fav_Fa6RwlxjoX0xeO', entity: 'fund_account.validation', status, amount: 100, currency: 'INR', notes: { reference: 'val-1' }, results, created_at: 1599473652 } },
    });
    const completed = await api.handleWebhook(incoming(envelope('fund_account.validation.completed', validation('completed', { account_status: 'active', registered_name: 'Gaurav Kumar' }))), now);
    expect(completed.ok && completed.events[0]).toMatchObject({
      dedupeKey: 'fav_Fa6RwlxjoX0xeO:completed', idempotencyKey: 'val-1', type: 'fund_account.validation.completed',
      validation: { status: 'completed', reference: 'val-1', providerReference: 'fav_Fa6RwlxjoX0xeO', registeredName: 'Gaurav Kumar', accountActive: true },
    });
    const failed = await api.handleWebhook(incoming(envelope('fund_account.validation.failed', validation('failed', { account_status: null, registered_name: null }))), now);
    expect(failed.ok && failed.events[0]!.validation).toMatchObject({ status: 'failed', reference: 'val-1' });
  });
});

describe('without its settings', () => {
  it('every call is ProviderUnavailable naming what is missing', async () => {
    const bare = adapterFor({ RAZORPAYX_KEY_ID: '', RAZORPAYX_KEY_SECRET: '', RAZORPAYX_ACCOUNT_NUMBER: '', RAZORPAYX_WEBHOOK_SECRET: '' });
    await expect(bare.getPayout('po-1234', new Date())).rejects.toThrow(/RAZORPAYX_KEY_ID/);
    await expect(bare.handleWebhook(incoming('{}'), now)).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

// ---- The mock, end to end with the adapter ----

describe('the RazorpayX mock with the adapter', () => {
  let mock: RazorpayxPayoutMock;
  let receiver: { url: string; close: () => Promise<void> };
  let x: PayoutProvider;
  const events: PayoutEvent[] = [];
  const refusals: string[] = [];

  beforeAll(async () => {
    receiver = await startMockServer(async (req) => {
      if (req.path !== '/api/payouts/notifications/razorpayx') return { status: 404, body: {} };
      const result = await x.handleWebhook({ rawBody: req.rawBody, headers: req.headers }, new Date());
      if (!result.ok) {
        refusals.push(result.reason);
        return { status: 401, body: {} };
      }
      events.push(...result.events);
      return { status: 200, body: { received: true } };
    });
    mock = await startRazorpayxPayoutMock({ publicBaseUrl: receiver.url, settleMs: 150, validationName: (account) => `Holder Of ${account.slice(-4)}`, validationMs: 50, holdMs: 3_000, delivery: { firstRetryMs: 5 } });
    x = adapterFor(mock.env);
  });
  afterAll(async () => {
    await mock.close();
    await receiver.close();
  });
  afterEach(() => mock.setMode('accept'));

  const until = async (check: () => boolean, ms = 3_000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };
  const eventsOf = (key: string) => events.filter((e) => e.idempotencyKey === key);

  it('accepts, then settles by itself: processed with a UTR, delivered signed, twice, with the initiated event', async () => {
    const r = request();
    const created = await x.createPayout(r);
    expect(created).toMatchObject({ status: 'pending', providerPayoutId: expect.stringMatching(/^pout_/) as unknown });
    await until(() => eventsOf(r.idempotencyKey).filter((e) => e.state.status === 'processed').length === 2);
    const done = eventsOf(r.idempotencyKey).find((e) => e.state.status === 'processed')!;
    expect(done.state).toMatchObject({ providerPayoutId: created.providerPayoutId, providerReference: expect.stringMatching(/^MOCKN\d{11}$/) as unknown, valueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });
    await until(() => eventsOf(r.idempotencyKey).some((e) => e.type === 'payout.initiated'));
    expect(await x.getPayout(r.idempotencyKey, new Date())).toMatchObject({ status: 'processed', providerReference: done.state.providerReference });
    expect(refusals).toEqual([]);
  });

  it('a timeout after accepting: the look-up finds it, the same key resent answers the same payout, one payout only', async () => {
    const r = request();
    mock.setMode('timeout-after-accept');
    await expect(x.createPayout(r)).rejects.toBeInstanceOf(ProviderUnavailable);
    mock.setMode('accept');
    const found = await x.getPayout(r.idempotencyKey, new Date());
    expect(found.status === 'pending' || found.status === 'processed').toBe(true);
    const again = await x.createPayout(r);
    expect(again.providerPayoutId).toBe(found.providerPayoutId);
    const posts = mock.requests.filter((q) => q.method === 'POST' && q.path === '/v1/payouts' && q.headers['x-payout-idempotency'] === r.idempotencyKey);
    expect(posts).toHaveLength(2);
    // The same key with another body is RazorpayX's 400: the adapter answers the payout the key made.
    expect((await x.createPayout({ ...r, amount: r.amount + 1 })).providerPayoutId).toBe(found.providerPayoutId);
  });

  it('refuse is PayoutRefused, down is ProviderUnavailable; neither makes a payout', async () => {
    const r1 = request();
    mock.setMode('refuse');
    await expect(x.createPayout(r1)).rejects.toBeInstanceOf(PayoutRefused);
    mock.setMode('down');
    const r2 = request();
    await expect(x.createPayout(r2)).rejects.toBeInstanceOf(ProviderUnavailable);
    mock.setMode('accept');
    expect(await x.getPayout(r1.idempotencyKey, new Date())).toEqual({ status: 'unknown' });
    expect(await x.getPayout(r2.idempotencyKey, new Date())).toEqual({ status: 'unknown' });
  });

  it('play answers returned and failed before the mock settles', async () => {
    const returned = request();
    const failed = request();
    await x.createPayout(returned);
    await x.createPayout(failed);
    await Promise.all([mock.play(returned.idempotencyKey, 'returned'), mock.play(failed.idempotencyKey, 'failed')]);
    expect(eventsOf(returned.idempotencyKey).find((e) => e.type === 'payout.reversed')!.state).toMatchObject({ status: 'reversed', reason: expect.stringContaining('beneficiary_bank_rejected') as unknown });
    expect(eventsOf(failed.idempotencyKey).find((e) => e.type === 'payout.failed')!.state.status).toBe('failed');
    await new Promise((r) => setTimeout(r, 250));
    expect(eventsOf(returned.idempotencyKey).some((e) => e.state.status === 'processed')).toBe(false);
    await expect(mock.play(returned.idempotencyKey, 'settled')).rejects.toThrow(/reversed already/);
  });

  it('validates an account: pending, then completed with the holder name, once per reference', async () => {
    const reference = `val-${Math.random().toString(36).slice(2, 10)}`;
    const beneficiary = request().beneficiary;
    const first = await x.validateAccount({ reference, beneficiary });
    expect(first).toMatchObject({ status: 'pending', reference, providerReference: expect.stringMatching(/^fav_/) as unknown });
    expect((await x.validateAccount({ reference, beneficiary })).providerReference).toBe(first.providerReference);
    expect(mock.requests.filter((q) => q.method === 'POST' && q.path === '/v1/fund_accounts/validations' && q.rawBody.includes(reference))).toHaveLength(1);
    await until(() => events.some((e) => e.idempotencyKey === reference && e.validation?.status === 'completed'));
    expect(events.find((e) => e.idempotencyKey === reference)!.validation).toMatchObject({ registeredName: 'Holder Of 6789', accountActive: true });
    expect(await x.getValidation(reference, first.providerReference)).toMatchObject({ status: 'completed', registeredName: 'Holder Of 6789' });
    expect(await x.getValidation(reference, undefined)).toMatchObject({ status: 'completed' });
  });

  it('a validation whose answer was lost is found by its reference, never made twice', async () => {
    const reference = `val-${Math.random().toString(36).slice(2, 10)}`;
    mock.setMode('timeout-after-accept');
    await expect(x.validateAccount({ reference, beneficiary: request().beneficiary })).rejects.toBeInstanceOf(ProviderUnavailable);
    mock.setMode('accept');
    expect(await x.validateAccount({ reference, beneficiary: request().beneficiary })).toMatchObject({ reference, providerReference: expect.stringMatching(/^fav_/) as unknown });
    expect(mock.requests.filter((q) => q.method === 'POST' && q.path === '/v1/fund_accounts/validations' && q.rawBody.includes(reference))).toHaveLength(1);
  });

  it('a refused validation fails, by its webhook and its look-up', async () => {
    const reference = `val-${Math.random().toString(36).slice(2, 10)}`;
    mock.setMode('refuse');
    const started = await x.validateAccount({ reference, beneficiary: request().beneficiary });
    mock.setMode('accept');
    await until(() => events.some((e) => e.idempotencyKey === reference && e.validation?.status === 'failed'));
    expect(await x.getValidation(reference, started.providerReference)).toMatchObject({ status: 'failed', reason: expect.stringContaining('invalid_account') as unknown });
  });

  it('checks Basic auth', async () => {
    const wrong = adapterFor({ ...mock.env, RAZORPAYX_KEY_SECRET: 'not-the-secret' });
    await expect(wrong.getPayout('po-1234', new Date())).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});
