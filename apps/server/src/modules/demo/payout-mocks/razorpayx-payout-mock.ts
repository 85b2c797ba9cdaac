import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { PayoutMock, PayoutMockMode } from './payout-mock';
import { defaultDelivery, deliverPayment, startMockServer, type DeliveryBehaviour, type MockRequest, type MockResponse, type WebhookDelivery } from '../payment-mocks/mock-kit';

/*
 * A local RazorpayX (docs/providers/razorpayx.md "Mock"): contacts, fund accounts, payouts and fund account
 * validations on RazorpayX's paths and JSON, Basic auth, the mandatory X-Payout-Idempotency (same key and body: the
 * same payout; same key, another body: 400 BAD_REQUEST), payouts kept by reference_id. Each accepted payout settles by
 * itself after settleMs (processed with a UTR) unless `play` answers first; webhooks are signed (X-Razorpay-Signature)
 * and delivered to `${publicBaseUrl}/api/payouts/notifications/razorpayx` retried, twice, in reverse order.
 * Development, e2e and tests only.
 */

export type RazorpayxPayoutMock = PayoutMock & {
  /** Every API request received, in order (the tests read them). */
  readonly requests: readonly MockRequest[];
  readonly webhookSecret: string;
};
export type RazorpayxPayoutMockOptions = {
  publicBaseUrl: string;
  settleMs: number;
  /** The holder's name the bank returns for an account (default: the name the fund account was opened with). */
  validationName?: (account: string) => string;
  /** How long a validation stays `created` before it completes (200 ms). */
  validationMs?: number;
  /** How long 'timeout-after-accept' holds its answer (30 s: past any client's timeout). */
  holdMs?: number;
  delivery?: Partial<DeliveryBehaviour>;
};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) => `${prefix}_${Array.from({ length: 14 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const IMPS_LIMIT = 50_000_000;
const PURPOSES = ['refund', 'cashback', 'payout', 'salary', 'utility bill', 'vendor bill'];
const FINAL = ['processed', 'reversed', 'failed', 'rejected', 'cancelled'];

type Entity = Record<string, unknown> & { id: string };
type Payout = Entity & { status: string; reference_id: string | null; utr: string | null; status_details: unknown };
type State = {
  contacts: Map<string, Entity>;
  fundAccounts: Map<string, Entity>;
  payouts: Map<string, Payout>;
  /** X-Payout-Idempotency → the body's hash and its payout. */
  keys: Map<string, { hash: string; payoutId: string }>;
  validations: Map<string, Entity>;
};

const error = (status: number, description: string, field?: string): MockResponse => ({
  status,
  body: { error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description, source: 'business', step: null, reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) } },
});
const collection = (items: unknown[]): MockResponse => ({ status: 200, body: { entity: 'collection', count: items.length, items } });
const ok = (body: unknown): MockResponse => ({ status: 200, body });

function readJson(req: MockRequest): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(req.rawBody.toString('utf8'));
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const NAME = /^[A-Za-z0-9 ’\-_/(),.]{3,120}$/;

/** POST /v1/contacts: the existing contact when every detail matches ("Create a Contact"). */
function createContact(state: State, body: Record<string, unknown>): MockResponse {
  if (typeof body.name !== 'string' || !NAME.test(body.name) || body.name.length > 50) return error(400, 'The name field is invalid.', 'name');
  const same = (c: Entity) => ['name', 'email', 'contact', 'type', 'reference_id'].every((k) => (c[k] ?? null) === (body[k] ?? null));
  const existing = [...state.contacts.values()].find(same);
  if (existing) return ok(existing);
  const contact = { id: newId('cont'), entity: 'contact', name: body.name, contact: body.contact ?? null, email: body.email ?? null, type: body.type ?? null, reference_id: body.reference_id ?? null, batch_id: null, active: true, notes: body.notes ?? [], created_at: nowSeconds() };
  state.contacts.set(contact.id, contact);
  return { status: 201, body: contact };
}

/** POST /v1/fund_accounts: the existing fund account when contact, name, IFSC and number match ("Create a Fund Account"). */
function createFundAccount(state: State, body: Record<string, unknown>): MockResponse {
  const bank = (body.bank_account ?? {}) as Record<string, unknown>;
  if (typeof body.contact_id !== 'string' || !state.contacts.has(body.contact_id)) return error(400, 'The id provided does not exist', 'contact_id');
  if (body.account_type !== 'bank_account') return error(400, 'The account type field is invalid.', 'account_type');
  if (typeof bank.ifsc !== 'string' || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(bank.ifsc)) return error(400, 'Invalid IFSC Code in Bank Account', 'ifsc');
  if (typeof bank.account_number !== 'string' || !/^[A-Za-z0-9]{5,35}$/.test(bank.account_number)) return error(400, 'The account number format is invalid.', 'account_number');
  if (typeof bank.name !== 'string' || !NAME.test(bank.name)) return error(400, 'The name field is invalid.', 'name');
  const same = (f: Entity) => {
    const b = f.bank_account as Record<string, unknown>;
    return f.contact_id === body.contact_id && b.name === bank.name && b.ifsc === bank.ifsc && b.account_number === bank.account_number;
  };
  const existing = [...state.fundAccounts.values()].find(same);
  if (existing) return ok(existing);
  const account = { id: newId('fa'), entity: 'fund_account', contact_id: body.contact_id, account_type: 'bank_account', bank_account: { ifsc: bank.ifsc, bank_name: `${bank.ifsc.slice(0, 4)} Bank`, name: bank.name, account_number: bank.account_number, notes: [] }, active: true, batch_id: null, created_at: nowSeconds() };
  state.fundAccounts.set(account.id, account);
  return { status: 201, body: account };
}

/** The body of POST /v1/payouts, checked as RazorpayX documents it; the refusal when it is not. */
function payoutProblem(state: State, body: Record<string, unknown>, accountNumber: string): MockResponse | undefined {
  if (body.account_number !== accountNumber) return error(400, 'The account number is invalid.', 'account_number');
  if (typeof body.fund_account_id !== 'string' || !state.fundAccounts.has(body.fund_account_id)) return error(400, 'The id provided does not exist', 'fund_account_id');
  const amount = body.amount;
  if (!Number.isSafeInteger(amount) || (amount as number) < 100) return error(400, 'The amount must be at least 100.', 'amount');
  if (body.currency !== 'INR') return error(400, 'The currency field is invalid.', 'currency');
  if (!['IMPS', 'NEFT', 'RTGS'].includes(body.mode as string)) return error(400, 'The mode field is invalid.', 'mode');
  if (body.mode === 'IMPS' && (amount as number) > IMPS_LIMIT) return error(400, 'Amount exceeds the maximum amount allowed for IMPS.', 'amount');
  if (!PURPOSES.includes(body.purpose as string)) return error(400, 'Invalid purpose', 'purpose');
  if (body.narration !== undefined && (typeof body.narration !== 'string' || !/^[A-Za-z0-9 ]{0,30}$/.test(body.narration))) return error(400, 'The narration may only contain alphabets, numbers and spaces, up to 30.', 'narration');
  if (body.reference_id !== undefined && (typeof body.reference_id !== 'string' || body.reference_id.length > 40)) return error(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
  return undefined;
}

function newPayout(body: Record<string, unknown>): Payout {
  return {
    id: newId('pout'),
    entity: 'payout',
    fund_account_id: body.fund_account_id,
    amount: body.amount,
    currency: 'INR',
    notes: body.notes ?? [],
    fees: 0,
    tax: 0,
    status: 'processing',
    purpose: body.purpose,
    utr: null,
    mode: body.mode,
    reference_id: (body.reference_id as string | undefined) ?? null,
    narration: body.narration ?? null,
    batch_id: null,
    status_details: { description: 'Payout is being processed by our partner bank', source: 'gateway', reason: 'payout_bank_processing' },
    created_at: nowSeconds(),
    fee_type: '',
  };
}

/** A payout's final state of an outcome: processed with a UTR, reversed by the beneficiary's bank, failed. */
function finish(payout: Payout, outcome: Outcome): void {
  if (outcome === 'settled') {
    Object.assign(payout, { status: 'processed', utr: payout.utr ?? `MOCKN${digits(11)}`, status_details: { description: 'Payout is processed and the money has been credited into the beneficiaries account', source: 'beneficiary_bank', reason: 'payout_processed' } });
  } else if (outcome === 'returned') {
    Object.assign(payout, { status: 'reversed', status_details: { description: 'The beneficiary bank returned the payout: account closed', source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected' } });
  } else {
    Object.assign(payout, { status: 'failed', status_details: { description: 'Beneficiary account is invalid', source: 'beneficiary_bank', reason: 'invalid_beneficiary_details' } });
  }
}

type Sign = (event: string, payload: Record<string, { entity: unknown }>) => WebhookDelivery;

function signer(url: string, secret: string): Sign {
  const accountId = newId('acc');
  return (event, payload) => {
    const envelope = { entity: 'event', account_id: accountId, event, contains: Object.keys(payload), payload, created_at: nowSeconds() };
    const rawBody = JSON.stringify(envelope).replace(/\//g, '\\/');
    const signature = createHmac('sha256', secret).update(rawBody).digest('hex');
    return { url, rawBody, headers: { 'X-Razorpay-Signature': signature, 'x-razorpay-event-id': newId('evt').slice(4) } };
  };
}

type Ctx = {
  state: State;
  accountNumber: string;
  mode: () => PayoutMockMode;
  hold: () => Promise<void>;
  schedule: (payout: Payout) => void;
  startValidation: (validation: Entity) => void;
};

async function postPayout(ctx: Ctx, req: MockRequest, body: Record<string, unknown>): Promise<MockResponse> {
  const key = req.headers['x-payout-idempotency'];
  if (typeof key !== 'string' || key === '') return error(400, 'Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency');
  if (!/^[A-Za-z0-9 _-]{4,36}$/.test(key)) return error(400, 'The idempotency key is invalid.', 'X-Payout-Idempotency');
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const known = ctx.state.keys.get(key);
  if (known) return known.hash === hash ? ok(ctx.state.payouts.get(known.payoutId)) : error(400, 'Different request body sent for the same idempotency key', 'X-Payout-Idempotency');
  const mode = ctx.mode();
  if (mode === 'down') return error(503, 'We are facing some trouble completing your request at the moment. Please try again shortly.');
  const problem = payoutProblem(ctx.state, body, ctx.accountNumber);
  if (problem) return problem;
  if (mode === 'refuse') return error(400, 'Beneficiary bank is not supported for IMPS. Please retry with a different mode', 'mode');
  const payout = newPayout(body);
  ctx.state.payouts.set(payout.id, payout);
  ctx.state.keys.set(key, { hash, payoutId: payout.id });
  ctx.schedule(payout);
  if (mode === 'timeout-after-accept') await ctx.hold();
  return ok(payout);
}

async function postValidation(ctx: Ctx, body: Record<string, unknown>): Promise<MockResponse> {
  const mode = ctx.mode();
  if (mode === 'down') return error(503, 'We are facing some trouble completing your request at the moment. Please try again shortly.');
  if (body.account_number !== ctx.accountNumber) return error(400, 'The account number is invalid.', 'account_number');
  const fa = ctx.state.fundAccounts.get(String((body.fund_account as { id?: unknown } | undefined)?.id));
  if (!fa) return error(400, 'The id provided does not exist', 'fund_account.id');
  if (body.amount !== undefined && body.amount !== 100) return error(400, 'The amount must be 100.', 'amount');
  const validation: Entity = { id: newId('fav'), entity: 'fund_account.validation', fund_account: fa, status: 'created', amount: 100, currency: 'INR', notes: body.notes ?? [], results: { account_status: null, registered_name: null }, created_at: nowSeconds(), utr: null };
  ctx.state.validations.set(validation.id, validation);
  ctx.startValidation(validation);
  if (mode === 'timeout-after-accept') await ctx.hold();
  return ok(validation);
}

/** GET of a list, newest first, by count and skip. */
const page = (items: unknown[], q: URLSearchParams) => {
  const skip = Number(q.get('skip') ?? 0);
  return collection([...items].reverse().slice(skip, skip + Math.min(100, Number(q.get('count') ?? 10))));
};

function route(ctx: Ctx, req: MockRequest): MockResponse | Promise<MockResponse> {
  const url = new URL(req.path, 'http://mock');
  const path = url.pathname.replace(/\/+$/, '');
  const q = url.searchParams;
  const { state } = ctx;
  if (req.method === 'POST') {
    const body = readJson(req);
    if (!body) return error(400, 'The request body is not valid JSON');
    if (path === '/v1/contacts') return createContact(state, body);
    if (path === '/v1/fund_accounts') return createFundAccount(state, body);
    if (path === '/v1/payouts') return postPayout(ctx, req, body);
    if (path === '/v1/fund_accounts/validations') return postValidation(ctx, body);
  }
  if (req.method === 'GET') {
    if (ctx.mode() === 'down') return error(503, 'We are facing some trouble completing your request at the moment. Please try again shortly.');
    if (path === '/v1/payouts') {
      if (q.get('account_number') !== ctx.accountNumber) return error(400, 'The account number is invalid.', 'account_number');
      const reference = q.get('reference_id');
      return page([...state.payouts.values()].filter((p) => reference === null || p.reference_id === reference), q);
    }
    if (path === '/v1/fund_accounts/validations') return page([...state.validations.values()], q);
    const m = /^\/v1\/(payouts|fund_accounts\/validations)\/([A-Za-z0-9_]+)$/.exec(path);
    const found = m ? (m[1] === 'payouts' ? state.payouts : state.validations).get(m[2]!) : undefined;
    if (found) return ok(found);
    if (m) return error(400, 'The id provided does not exist');
  }
  return error(400, 'The requested URL was not found on the server.');
}

/** Timers the mock keeps (settling, validations, held answers), all ended by close(). */
function clock() {
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<() => void>();
  let closed = false;
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) run();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const hold = (ms: number) =>
    new Promise<void>((resolve) => {
      held.add(resolve);
      later(ms, resolve).unref();
    });
  const stop = () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    for (const release of held) release();
  };
  return { later, hold, stop };
}

type Outcome = 'settled' | 'returned' | 'failed';

/** How the mock answers payouts it accepted: by itself after settleMs, or as play() says; each answer delivered signed. */
function settler(opts: RazorpayxPayoutMockOptions, sign: Sign, later: ReturnType<typeof clock>['later']) {
  const delivery = { ...defaultDelivery, ...opts.delivery };
  const timers = new Map<string, NodeJS.Timeout>();
  const snapshot = (p: Payout) => ({ payout: { entity: structuredClone(p) } });
  const settle = async (payout: Payout, outcome: Outcome) => {
    clearTimeout(timers.get(payout.id));
    if (!FINAL.includes(payout.status)) finish(payout, outcome);
    const initiated = sign('payout.initiated', snapshot({ ...payout, status: 'processing', utr: null }));
    await deliverPayment([initiated, sign(`payout.${payout.status}`, snapshot(payout))], delivery);
  };
  const schedule = (payout: Payout) => {
    if (opts.settleMs > 0) timers.set(payout.id, later(opts.settleMs, () => void settle(payout, 'settled')));
  };
  const nameOf = (account: string, sent: string) => opts.validationName?.(account) ?? sent;
  /** A validation completes (or, refused, fails) after validationMs, and its webhook is delivered. */
  const validate = (validation: Entity, refused: boolean) => {
    later(opts.validationMs ?? 200, () => {
      const fa = validation.fund_account as { bank_account: { account_number: string; name: string } };
      if (refused) Object.assign(validation, { status: 'failed', status_details: { description: 'Beneficiary account is invalid', source: 'beneficiary_bank', reason: 'invalid_account' } });
      else Object.assign(validation, { status: 'completed', results: { account_status: 'active', registered_name: nameOf(fa.bank_account.account_number, fa.bank_account.name) }, utr: `MOCKV${digits(11)}` });
      const event = `fund_account.validation.${refused ? 'failed' : 'completed'}`;
      void deliverPayment([sign(event, { 'fund_account.validation': { entity: structuredClone(validation) } })], delivery);
    });
  };
  return { settle, schedule, validate };
}

export async function startRazorpayxPayoutMock(opts: RazorpayxPayoutMockOptions): Promise<RazorpayxPayoutMock> {
  const keyId = `rzp_test_${newId('k').slice(2)}`;
  const keySecret = randomBytes(18).toString('base64url');
  const webhookSecret = randomBytes(24).toString('base64url');
  const accountNumber = `7878780${digits(9)}`;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const state: State = { contacts: new Map(), fundAccounts: new Map(), payouts: new Map(), keys: new Map(), validations: new Map() };
  const requests: MockRequest[] = [];
  const time = clock();
  const sign = signer(`${opts.publicBaseUrl.replace(/\/+$/, '')}/api/payouts/notifications/razorpayx`, webhookSecret);
  const answers = settler(opts, sign, time.later);
  let mode: PayoutMockMode = 'accept';
  const ctx: Ctx = {
    state,
    accountNumber,
    mode: () => mode,
    hold: () => time.hold(opts.holdMs ?? 30_000),
    schedule: answers.schedule,
    startValidation: (validation) => answers.validate(validation, mode === 'refuse'),
  };
  const server = await startMockServer((req) => {
    requests.push(req);
    if (req.headers.authorization !== authorization) return { status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } } };
    return route(ctx, req);
  });

  return {
    provider: 'razorpayx',
    url: server.url,
    requests,
    webhookSecret,
    env: { RAZORPAYX_API_URL: server.url, RAZORPAYX_KEY_ID: keyId, RAZORPAYX_KEY_SECRET: keySecret, RAZORPAYX_ACCOUNT_NUMBER: accountNumber, RAZORPAYX_WEBHOOK_SECRET: webhookSecret },
    setMode: (next) => {
      mode = next;
    },
    async play(idempotencyKey, outcome) {
      const known = state.keys.get(idempotencyKey);
      const payout = known ? state.payouts.get(known.payoutId) : undefined;
      if (!payout) throw new Error('the RazorpayX mock has no payout under this key');
      const wanted = { settled: 'processed', returned: 'reversed', failed: 'failed' }[outcome];
      if (FINAL.includes(payout.status) && payout.status !== wanted) throw new Error(`the payout is ${payout.status} already`);
      await answers.settle(payout, outcome);
    },
    async close() {
      time.stop();
      await server.close();
    },
  };
}
