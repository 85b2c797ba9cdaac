import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  createReferenceInputSchema,
  ProviderUnavailable,
  type CreateReferenceInput,
  type CreatedReference,
  type PaymentEvent,
  type PaymentProvider,
  type ReferenceStatus,
} from '../payment-provider';
import { newStoreReference } from '../store-reference';
import { notesSchema, paymentEntitySchema, RAZORPAY_VERIFICATION, readRazorpayWebhook, type PaymentTarget, type RazorpayPayment } from './razorpay-webhook';

/*
 * Razorpay, India (docs/providers/razorpay.md): UPI through a single-use, fixed-amount UPI QR code per reference
 * (POST /v1/payments/qr_codes; its `image_content` is the upi://pay intent the voucher links to and draws), bank
 * transfers (IMPS/NEFT/RTGS) to the loan's own Smart Collect account (POST /v1/virtual_accounts, one per loan,
 * kept for its life). Basic auth with the key id and secret. Not a payment link: a UPI payment link is an https page
 * of Razorpay's, not a upi:// intent, and Razorpay does not offer UPI payment links in test mode.
 *
 * Razorpay takes no idempotency key on these creates. A create whose answer was lost (no answer in time, a network
 * error, a 5xx) may have been made: before sending it again, the adapter lists what was created since the first
 * attempt and takes the one whose notes carry our reference. A code it still misses (Razorpay slow to list it) is
 * never shown to anyone and closes by itself at its close_by.
 */

export type RazorpayOptions = {
  /** https://api.razorpay.com (RAZORPAY_API_URL), without /v1. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Next number of the payment references' sequence: our reference is made from it. */
  nextSeq: () => number | Promise<number>;
  /** Longest wait for one call. */
  timeoutMs: number;
  log?: FastifyBaseLogger;
  /** The loan's Smart Collect account made before, if any (payment_references keeps it). */
  loanAccountOf: (orderId: number) => Promise<{ providerReference: string; accountNumber: string; ifsc: string; bankName: string } | undefined>;
  /** Attempts per call, the first included, on no answer, a 5xx or a 429 (3). */
  attempts?: number;
  /** Wait before the second attempt, doubled after each (250 ms). */
  retryDelayMs?: number;
};

const PROVIDER = 'razorpay';
/** Razorpay closes a QR code no sooner than 15 minutes after it is made ("close_by … at least 15 minutes after the current time"). */
const MIN_QR_LIFETIME_SECONDS = 16 * 60;
/** The latest close_by Razorpay takes (2038-01-19). */
const MAX_CLOSE_BY = 2_147_483_647;

type Answer = { status: number; body: Record<string, unknown> };
type Failure = { reason: string; /** The request may have been carried out (its answer lost). */ ambiguous: boolean };
/** One call to the API; `attempts` and `timeoutMs` when not the provider's. */
type Call = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; attempts?: number; timeoutMs?: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Razorpay's API over fetch: a time limit per call, retries on no answer, 5xx and 429; 401 is our keys' fault. */
function razorpayApi(opts: RazorpayOptions) {
  const { apiUrl, timeoutMs, log, attempts = 3, retryDelayMs = 250 } = opts;
  const authorization = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  const base = apiUrl.replace(/\/+$/, '');

  async function once(call: Call): Promise<Answer | Failure> {
    let res: Response;
    try {
      res = await fetch(`${base}${call.path}`, {
        method: call.method,
        headers: { authorization, accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(call.timeoutMs ?? timeoutMs),
      });
    } catch (error) {
      return { reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network', ambiguous: true };
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel();
      return { reason: `http_${res.status}`, ambiguous: res.status !== 429 };
    }
    try {
      const body: unknown = await res.json();
      return { status: res.status, body: isObject(body) ? body : {} };
    } catch {
      return { reason: `http_${res.status}_unreadable`, ambiguous: true };
    }
  }

  /**
   * One call with its retries. After an ambiguous failure (the request may have been carried out), `recover` may
   * find what the lost attempt made, before the next attempt and after the last. Answers any status but 401
   * (ProviderUnavailable, logged as an error); after the last failed attempt, ProviderUnavailable.
   */
  async function send(call: Call, recover?: () => Promise<Record<string, unknown> | undefined>): Promise<Answer> {
    const tries = call.attempts ?? attempts;
    let failure: Failure | undefined;
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      const result = await once(call);
      if ('status' in result) {
        if (result.status !== 401) return result;
        log?.error({ razorpay: { call: call.name, status: 401 } }, 'razorpay refused our key id and secret: check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
        throw new ProviderUnavailable(PROVIDER, `${call.name}: http_401`);
      }
      failure = result;
      log?.warn({ razorpay: { call: call.name, attempt, reason: result.reason } }, 'razorpay did not answer');
      const look = failure.ambiguous && recover !== undefined;
      if (attempt === tries && !look) break;
      await sleep(retryDelayMs * 2 ** (attempt - 1));
      const found = look ? await recover().catch(() => undefined) : undefined;
      if (found) return { status: 200, body: found };
    }
    throw new ProviderUnavailable(PROVIDER, `${call.name}: ${failure?.reason ?? 'no attempt'}`);
  }

  return { send, once };
}

type Api = ReturnType<typeof razorpayApi>;

/** A 2xx answer's body, else ProviderUnavailable logged as an error (a refused create is ours to fix, never the borrower's). */
function created(answer: Answer, name: string, log: FastifyBaseLogger | undefined): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const error = isObject(answer.body.error) ? answer.body.error : {};
  const code = typeof error.code === 'string' ? error.code.slice(0, 60) : undefined;
  const field = typeof error.field === 'string' ? error.field.slice(0, 60) : undefined;
  log?.error({ razorpay: { call: name, status: answer.status, code, field } }, 'razorpay refused the request');
  throw new ProviderUnavailable(PROVIDER, `${name}: http_${answer.status}`);
}

const listed = z.object({ items: z.array(z.object({ id: z.string(), notes: notesSchema }).loose()) });

/**
 * Makes a QR code or a virtual account; after an ambiguous failure, looks among those made since the first
 * attempt (a minute of clock difference allowed; up to 5 pages of 100) for the one carrying our reference.
 */
async function createOnce(api: Api, call: Call & { method: 'POST' }, reference: string, log: FastifyBaseLogger | undefined) {
  const since = Math.floor(Date.now() / 1000) - 60;
  const recover = async () => {
    for (let skip = 0; skip < 500; skip += 100) {
      const answer = await api.once({ name: `${call.name} (look up)`, method: 'GET', path: `${call.path}?from=${since}&count=100&skip=${skip}` });
      if (!('status' in answer) || answer.status !== 200) return undefined;
      const page = listed.safeParse(answer.body);
      if (!page.success) return undefined;
      const found = page.data.items.find((item) => item.notes?.reference === reference);
      if (found) return found as Record<string, unknown>;
      if (page.data.items.length < 100) return undefined;
    }
    return undefined;
  };
  return created(await api.send(call, recover), call.name, log);
}

/** The description Razorpay shows on its dashboard: the loan's number, never personal data. */
const describe = (input: CreateReferenceInput) => `${input.purpose === 'extension' ? 'Extension' : 'Repayment'} of loan ${input.orderNo ?? input.orderId}`;

/** Our notes on what we make: our reference (how a lost create is found again) and the loan. */
const notesFor = (input: CreateReferenceInput, reference: string) => ({
  reference,
  order_id: String(input.orderId),
  ...(input.orderNo ? { order_no: input.orderNo } : {}),
  purpose: input.purpose,
});

const upiQr = z.object({ id: z.string().regex(/^qr_[A-Za-z0-9]{4,40}$/), image_content: z.string().startsWith('upi://pay?').max(2048) });
const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z0-9.-]{2,64}$/;

/** close_by: the reference's time, but no sooner than Razorpay takes (a code open a few minutes longer than asked). */
function closeByFor(expiresAt: Date): number {
  const asked = Math.floor(expiresAt.getTime() / 1000);
  return Math.min(MAX_CLOSE_BY, Math.max(asked, Math.floor(Date.now() / 1000) + MIN_QR_LIFETIME_SECONDS));
}

async function createUpiReference(api: Api, input: CreateReferenceInput, reference: string, log?: FastifyBaseLogger): Promise<CreatedReference> {
  const body = {
    type: 'upi_qr',
    name: reference,
    usage: 'single_use',
    fixed_amount: true,
    payment_amount: input.amount,
    description: describe(input),
    close_by: closeByFor(input.expiresAt),
    notes: notesFor(input, reference),
  };
  const answer = await createOnce(api, { name: 'create qr code', method: 'POST', path: '/v1/payments/qr_codes', body }, reference, log);
  const qr = upiQr.safeParse(answer);
  // image_content is an on-demand feature of the account: without it there is no upi:// intent to give the borrower.
  const vpa = qr.success ? new URL(qr.data.image_content).searchParams.get('pa') : null;
  if (!qr.success || !vpa || !VPA.test(vpa)) {
    log?.error({ razorpay: { call: 'create qr code', reference } }, 'razorpay answered a QR code without a upi://pay image_content: ask Razorpay to enable QR image content');
    throw new ProviderUnavailable(PROVIDER, 'create qr code: no upi image_content');
  }
  return { reference, providerReference: qr.data.id, payLink: qr.data.image_content, vpa, voucherCode: vpa, loanAccount: false, payerTypesReference: false, expiresAt: input.expiresAt };
}

const bankReceiver = z.object({
  entity: z.literal('bank_account'),
  account_number: z.string().regex(/^[A-Za-z0-9]{6,40}$/),
  // The fifth character of an IFSC is the digit 0 (Razorpay warns of RBL's shown as "RATNOVAAPIS").
  ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/),
  bank_name: z.string().min(1).max(100).optional(),
});
const virtualAccount = z.object({ id: z.string().regex(/^va_[A-Za-z0-9]{4,40}$/), receivers: z.array(z.unknown()) });

async function createBankReference(api: Api, opts: RazorpayOptions, input: CreateReferenceInput, reference: string): Promise<CreatedReference> {
  const common = { reference, loanAccount: true, payerTypesReference: false, expiresAt: input.expiresAt };
  const existing = await opts.loanAccountOf(input.orderId);
  if (existing) {
    const { providerReference, ...bankAccount } = existing;
    return { ...common, providerReference, bankAccount, voucherCode: bankAccount.accountNumber };
  }
  // No close_by: the loan's account takes its payments for as long as the loan lives.
  const body = { receivers: { types: ['bank_account'] }, description: `Loan ${input.orderNo ?? input.orderId}`, notes: notesFor(input, reference) };
  const answer = await createOnce(api, { name: 'create virtual account', method: 'POST', path: '/v1/virtual_accounts', body }, reference, opts.log);
  const account = virtualAccount.safeParse(answer);
  const receiver = account.success ? account.data.receivers.map((r) => bankReceiver.safeParse(r)).find((r) => r.success)?.data : undefined;
  if (!account.success || !receiver) {
    opts.log?.error({ razorpay: { call: 'create virtual account', reference } }, 'razorpay answered a virtual account without a bank account receiver');
    throw new ProviderUnavailable(PROVIDER, 'create virtual account: no bank account receiver');
  }
  const bankAccount = { accountNumber: receiver.account_number, ifsc: receiver.ifsc, bankName: receiver.bank_name ?? receiver.ifsc.slice(0, 4) };
  return { ...common, providerReference: account.data.id, bankAccount, voucherCode: bankAccount.accountNumber };
}

/** Razorpay waits 5 s for a webhook's answer: a look-up while answering one gets 3 s and one attempt (Razorpay delivers again). */
const WEBHOOK_LOOKUP_MS = 3_000;

/** What a payment was made to, asked of Razorpay (GET /v1/payments/:id/bank_transfer, GET /v1/payments/qr_codes?payment_id=). */
function paymentTarget(api: Api, timeoutMs: number): PaymentTarget {
  const once = { attempts: 1, timeoutMs: Math.min(timeoutMs, WEBHOOK_LOOKUP_MS) };
  return async (payment: RazorpayPayment) => {
    if (payment.method === 'bank_transfer') {
      const answer = await api.send({ name: 'fetch bank transfer', method: 'GET', path: `/v1/payments/${payment.id}/bank_transfer`, ...once });
      const transfer = z.object({ virtual_account_id: z.string().regex(/^va_[A-Za-z0-9]{4,40}$/) }).safeParse(answer.body);
      return answer.status === 200 && transfer.success ? transfer.data.virtual_account_id : undefined;
    }
    if (payment.method === 'upi') {
      const answer = await api.send({ name: 'fetch qr code of payment', method: 'GET', path: `/v1/payments/qr_codes?payment_id=${payment.id}`, ...once });
      const codes = z.object({ items: z.array(z.object({ id: z.string().regex(/^qr_[A-Za-z0-9]{4,40}$/) }).loose()).min(1) }).safeParse(answer.body);
      return answer.status === 200 && codes.success ? codes.data.items[0]!.id : undefined;
    }
    return undefined;
  };
}

const statusEntity = z.object({
  status: z.string(),
  usage: z.string().nullish(),
  payment_amount: z.number().int().nullish(),
  close_reason: z.string().nullish(),
});
const paymentList = z.object({ items: z.array(z.unknown()) });

/** A QR code's or virtual account's state and captured payments (GET …/:id and …/:id/payments). */
async function fetchStatusOf(api: Api, id: string): Promise<ReferenceStatus> {
  const path = /^qr_[A-Za-z0-9]{4,40}$/.test(id) ? `/v1/payments/qr_codes/${id}` : /^va_[A-Za-z0-9]{4,40}$/.test(id) ? `/v1/virtual_accounts/${id}` : undefined;
  const unknown: ReferenceStatus = { state: 'unknown', paidAmount: 0, events: [] };
  if (!path) return unknown;
  const [object, payments] = await Promise.all([
    api.send({ name: 'fetch status', method: 'GET', path }),
    api.send({ name: 'fetch payments', method: 'GET', path: `${path}/payments?count=100` }),
  ]);
  const state = statusEntity.safeParse(object.body);
  const list = paymentList.safeParse(payments.body);
  if (object.status !== 200 || payments.status !== 200 || !state.success || !list.success) return unknown;
  // Every payment Razorpay captured (a refunded one too: the money was received, its refund is another event).
  const captured = list.data.items.flatMap((item) => {
    const parsed = paymentEntitySchema.safeParse(item);
    return parsed.success && isObject(item) && item.captured === true ? [parsed.data] : [];
  });
  const events: PaymentEvent[] = captured.map((p) => ({
    provider: PROVIDER,
    dedupeKey: p.id,
    type: 'payment.captured',
    kind: 'paid',
    reference: id,
    amount: p.amount,
    ...(p.currency === 'INR' ? { currency: 'INR' as const } : {}),
    occurredAt: p.created_at,
  }));
  const paidAmount = captured.reduce((sum, p) => sum + p.amount, 0);
  const s = state.data;
  // A loan's account is never "paid": it takes payments until it is closed.
  const paid = id.startsWith('qr_') && (s.close_reason === 'paid' || (s.payment_amount != null && paidAmount >= s.payment_amount));
  return { state: paid ? 'paid' : s.status === 'closed' ? 'expired' : 'open', paidAmount, events };
}

export function createRazorpayProvider(opts: RazorpayOptions): PaymentProvider {
  for (const name of ['keyId', 'keySecret', 'webhookSecret'] as const) if (!opts[name]) throw new RangeError(`the razorpay provider needs its ${name}`);
  const api = razorpayApi(opts);
  const target = paymentTarget(api, opts.timeoutMs);
  return {
    id: PROVIDER,
    channels: ['upi', 'bank_transfer'],
    stores: [],
    verification: RAZORPAY_VERIFICATION,

    async createReference(input: CreateReferenceInput): Promise<CreatedReference> {
      const parsed = createReferenceInputSchema.safeParse(input);
      if (!parsed.success) throw new RangeError(`invalid reference request: ${z.prettifyError(parsed.error)}`);
      if (input.currency && input.currency !== 'INR') throw new RangeError(`razorpay collects INR, not ${input.currency}`);
      if (input.channel !== 'upi' && input.channel !== 'bank_transfer') throw new RangeError(`razorpay does not collect ${input.channel}`);
      const reference = newStoreReference(await opts.nextSeq());
      return input.channel === 'upi' ? createUpiReference(api, input, reference, opts.log) : createBankReference(api, opts, input, reference);
    },

    handleWebhook: (incoming) => readRazorpayWebhook(incoming, opts.webhookSecret, target),

    fetchStatus: (providerReference) => fetchStatusOf(api, providerReference),
  };
}
