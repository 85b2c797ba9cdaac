import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  defaultDelivery,
  deliverPayment,
  startMockServer,
  type MockOptions,
  type MockRequest,
  type MockResponse,
  type ProviderMock,
  type WebhookDelivery,
} from './mock-kit';

/*
 * A local Razorpay (docs/providers/razorpay.md "Mock"): the API calls the adapter makes — QR codes, Smart Collect
 * virtual accounts, their payments, a payment's QR code or bank transfer — with basic auth and the documented JSON,
 * and payments delivered the way Razorpay delivers them: payment.captured plus qr_code.credited (UPI) or
 * virtual_account.credited (bank transfer), each signed (hex HMAC-SHA256 of the raw body, X-Razorpay-Signature)
 * with its own x-razorpay-event-id, "/" escaped as Razorpay's bodies have it, in any order, retried, twice.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A Razorpay-shaped id: a prefix and 14 letters or digits (`qr_HO2e0813YlchUn`). */
const newId = (prefix: string) => `${prefix}_${Array.from({ length: 14 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** What a create call of the mock does instead of its work: 'unavailable' answers 503; 'lost' does it, then answers 503. */
export type RazorpayCreateFault = 'unavailable' | 'lost';

export type RazorpayMockOptions = MockOptions & {
  /** Each pay() first sends payment.failed for the same payment (a UPI payment that failed, then was captured late). */
  failFirst?: boolean;
  /** Consumed one per create call (QR code or virtual account), in order. */
  createFaults?: RazorpayCreateFault[];
};

export type RazorpayMock = ProviderMock & {
  /** Every API request received, in order (the tests read them). */
  readonly requests: readonly MockRequest[];
  /** The webhook secret the mock signs with (also env.RAZORPAY_WEBHOOK_SECRET). */
  readonly webhookSecret: string;
  /**
   * What pay() sends, made and signed but not sent (the payment recorded as pay() records it), in Razorpay's order:
   * payment.failed when `failFirst`, payment.captured, then the credited event. For tests that send them their way.
   */
  deliveriesOf(input: PayInput, options?: { failFirst?: boolean }): RazorpayDelivery[];
};

type PayInput = Parameters<ProviderMock['pay']>[0];
/** One signed delivery of an event: where it goes, its bytes, its headers, its event id. */
export type RazorpayDelivery = WebhookDelivery & { event: string; eventId: string };

type Notes = Record<string, unknown> | unknown[];
type Entity = Record<string, unknown> & { id: string; created_at: number; notes: Notes };
type Payment = Entity & { amount: number; status: string; method: string };
type State = { qrCodes: Map<string, Entity>; accounts: Map<string, Entity>; payments: Map<string, Payment & { to: string }> };

const error = (status: number, description: string, field?: string): MockResponse => ({
  status,
  body: { error: { code: 'BAD_REQUEST_ERROR', description, ...(field ? { field } : {}), source: 'NA', step: 'NA', reason: status === 401 ? 'NA' : 'input_validation_failed', metadata: {} } },
});
const collection = (items: unknown[]): MockResponse => ({ status: 200, body: { entity: 'collection', count: items.length, items } });

function readJson(req: MockRequest): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(req.rawBody.toString('utf8'));
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A QR code as POST /v1/payments/qr_codes answers it, with image_content (the on-demand "image content" feature). */
function newQrCode(body: Record<string, unknown>, vpa: string): Entity | MockResponse {
  if (body.type !== 'upi_qr') return error(400, 'type must be upi_qr', 'type');
  if (body.usage !== 'single_use' && body.usage !== 'multiple_use') return error(400, 'The usage field is invalid', 'usage');
  const amount = body.payment_amount;
  if (body.fixed_amount === true && !(Number.isSafeInteger(amount) && (amount as number) > 0)) return error(400, 'The payment amount field is required', 'payment_amount');
  const closeBy = body.close_by;
  if (closeBy !== undefined && (!Number.isSafeInteger(closeBy) || (closeBy as number) < nowSeconds() + 15 * 60 || (closeBy as number) > 2_147_483_647)) {
    return error(400, 'close_by should be at least 15 minutes after current time', 'close_by');
  }
  const id = newId('qr');
  const am = typeof amount === 'number' ? `&am=${rupees(amount)}` : '';
  return {
    id,
    entity: 'qr_code',
    created_at: nowSeconds(),
    name: body.name ?? null,
    usage: body.usage,
    type: 'upi_qr',
    image_url: `https://rzp.io/i/${id.slice(3, 11)}`,
    image_content: `upi://pay?pa=${vpa}&pn=PrestaFinanceIndia&tr=RZP${id.slice(3)}qrv2&tn=PaymenttoPrestaFinanceIndia${am}&cu=INR&mc=6012`,
    payment_amount: typeof amount === 'number' ? amount : null,
    status: 'active',
    description: body.description ?? null,
    fixed_amount: body.fixed_amount === true,
    payments_amount_received: 0,
    payments_count_received: 0,
    notes: (body.notes as Record<string, unknown>) ?? [],
    customer_id: null,
    close_by: closeBy ?? null,
    closed_at: null,
    close_reason: null,
  };
}

/** A Smart Collect account with a bank account receiver at RBL (the documented RATN0VAAPIS). */
function newVirtualAccount(body: Record<string, unknown>): Entity | MockResponse {
  const types = (body.receivers as { types?: unknown } | undefined)?.types;
  if (!Array.isArray(types) || !types.includes('bank_account')) return error(400, 'The receivers.types field is required', 'receivers');
  return {
    id: newId('va'),
    name: 'Presta Finance India',
    entity: 'virtual_account',
    status: 'active',
    description: body.description ?? null,
    amount_expected: null,
    notes: (body.notes as Record<string, unknown>) ?? [],
    amount_paid: 0,
    customer_id: null,
    receivers: [
      { id: newId('ba'), entity: 'bank_account', ifsc: 'RATN0VAAPIS', bank_name: 'RBL Bank', name: 'Presta Finance India', notes: [], account_number: `2223330${digits(9)}` },
    ],
    close_by: body.close_by ?? null,
    closed_at: null,
    created_at: nowSeconds(),
  };
}

/** GET of a list: from, to, count (≤ 100), skip, as Razorpay pages them (newest first). */
function page(items: Entity[], query: URLSearchParams): MockResponse {
  const from = Number(query.get('from') ?? 0);
  const to = Number(query.get('to') ?? Number.MAX_SAFE_INTEGER);
  const count = Math.min(100, Number(query.get('count') ?? 10));
  const skip = Number(query.get('skip') ?? 0);
  const inRange = items.filter((i) => i.created_at >= from && i.created_at <= to).reverse();
  return collection(inRange.slice(skip, skip + count));
}

const bankTransferOf = (payment: Payment, accountId: string) => ({
  id: newId('bt'),
  entity: 'bank_transfer',
  payment_id: payment.id,
  mode: 'IMPS',
  bank_reference: digits(12),
  amount: payment.amount,
  payer_bank_account: { id: newId('ba'), entity: 'bank_account', ifsc: 'HDFC0000001', bank_name: 'HDFC Bank', name: 'Borrower', notes: [], account_number: `5010${digits(10)}` },
  virtual_account_id: accountId,
});

/** The API: each documented path the adapter calls. */
function router(state: State, faults: RazorpayCreateFault[]) {
  const create = (map: Map<string, Entity>, made: Entity | MockResponse): MockResponse => {
    if (!('id' in made)) return made;
    const fault = faults.shift();
    if (fault === 'unavailable') return error(503, 'Service unavailable');
    map.set(made.id, made);
    return fault === 'lost' ? error(503, 'Service unavailable') : { status: 200, body: made };
  };
  const paymentsTo = (id: string) => [...state.payments.values()].filter((p) => p.to === id).map(({ to, ...p }) => (void to, p));
  return (req: MockRequest, url: URL): MockResponse => {
    const path = url.pathname.replace(/\/+$/, '');
    const body = req.method === 'POST' ? readJson(req) : undefined;
    if (req.method === 'POST' && !body) return error(400, 'The request body is not valid JSON');
    let m: RegExpExecArray | null;
    if (path === '/v1/payments/qr_codes' && req.method === 'POST') return create(state.qrCodes, newQrCode(body!, `rzr.payto00000${digits(11)}@icici`));
    if (path === '/v1/virtual_accounts' && req.method === 'POST') return create(state.accounts, newVirtualAccount(body!));
    if (req.method !== 'GET') return error(400, 'The requested URL was not found on the server.');
    if (path === '/v1/payments/qr_codes') {
      const paymentId = url.searchParams.get('payment_id');
      if (paymentId) return collection([...state.qrCodes.values()].filter((q) => state.payments.get(paymentId)?.to === q.id));
      return page([...state.qrCodes.values()], url.searchParams);
    }
    if (path === '/v1/virtual_accounts') return page([...state.accounts.values()], url.searchParams);
    if ((m = /^\/v1\/(payments\/qr_codes|virtual_accounts)\/([A-Za-z0-9_]+)(\/payments)?$/.exec(path))) {
      const object = (m[1] === 'virtual_accounts' ? state.accounts : state.qrCodes).get(m[2]!);
      if (!object) return error(400, 'The id provided does not exist');
      return m[3] ? collection(paymentsTo(object.id)) : { status: 200, body: object };
    }
    if ((m = /^\/v1\/payments\/(pay_[A-Za-z0-9]+)\/bank_transfer$/.exec(path))) {
      const payment = state.payments.get(m[1]!);
      if (!payment || !payment.to.startsWith('va_')) return error(400, 'The id provided does not exist');
      const { to, ...p } = payment;
      return { status: 200, body: { ...bankTransferOf(p, to), virtual_account: state.accounts.get(to) ?? null } };
    }
    return error(400, 'The requested URL was not found on the server.');
  };
}

/** The documented payment entity of a captured (or failed) UPI or bank transfer payment. */
function paymentEntity(id: string, amount: number, channel: 'upi' | 'bank_transfer', notes: Notes, failed: boolean): Payment {
  const upi = channel === 'upi';
  return {
    id,
    entity: 'payment',
    amount,
    currency: 'INR',
    status: failed ? 'failed' : 'captured',
    order_id: null,
    invoice_id: null,
    international: false,
    method: upi ? 'upi' : 'bank_transfer',
    amount_refunded: 0,
    refund_status: null,
    captured: !failed,
    description: upi ? 'QRv2 Payment' : 'NA',
    card_id: null,
    bank: null,
    wallet: null,
    vpa: upi ? 'borrower@okhdfcbank' : null,
    email: '',
    contact: '',
    notes,
    fee: 0,
    tax: 0,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed' : null,
    error_source: failed ? 'issuer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    acquirer_data: upi ? { rrn: failed ? null : digits(12) } : {},
    created_at: nowSeconds(),
  };
}

type Sign = (event: string, payload: Record<string, { entity: unknown }>) => RazorpayDelivery;

/** One signed delivery of an event, its body as Razorpay writes it ("/" escaped), its own event id. */
function signer({ webhookUrl, webhookSecret, accountId }: { webhookUrl: string; webhookSecret: string; accountId: string }): Sign {
  return (event, payload) => {
    const envelope = { entity: 'event', account_id: accountId, event, contains: Object.keys(payload), payload, created_at: nowSeconds() };
    const rawBody = JSON.stringify(envelope).replace(/\//g, '\\/');
    const eventId = newId('evt').slice(4);
    const signature = createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
    return { url: webhookUrl, event, rawBody, eventId, headers: { 'X-Razorpay-Signature': signature, 'x-razorpay-event-id': eventId } };
  };
}

/** A payment to a QR code or account of the mock, recorded, and the deliveries that say it (RazorpayMock.deliveriesOf). */
function paymentDeliveries(state: State, deliveryOf: Sign, failFirstByDefault: boolean | undefined) {
  return (input: PayInput, options: { failFirst?: boolean } = {}): RazorpayDelivery[] => {
    const { providerReference, reference, channel, amount } = input;
    if (channel !== 'upi' && channel !== 'bank_transfer') throw new RangeError(`razorpay does not collect ${channel}`);
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive integer of paise, got ${amount}`);
    const upi = channel === 'upi';
    const map = upi ? state.qrCodes : state.accounts;
    // A reference this mock did not make (the mock restarted): paid all the same, as Razorpay would name it.
    const target: Entity = map.get(providerReference) ?? { id: providerReference, entity: upi ? 'qr_code' : 'virtual_account', created_at: nowSeconds(), notes: { reference } };
    map.set(target.id, target);
    const id = newId('pay');
    // Razorpay copies a QR code's notes to its payments; a bank transfer's carry none.
    const notes: Notes = upi ? target.notes : [];
    const payment = paymentEntity(id, amount, channel, notes, false);
    state.payments.set(id, { ...payment, to: target.id });
    if (upi) Object.assign(target, { payments_amount_received: amount, payments_count_received: 1, status: 'closed', closed_at: nowSeconds(), close_reason: 'paid' });
    else Object.assign(target, { amount_paid: Number(target.amount_paid ?? 0) + amount });
    return [
      ...((options.failFirst ?? failFirstByDefault) ? [deliveryOf('payment.failed', { payment: { entity: paymentEntity(id, amount, channel, notes, true) } })] : []),
      deliveryOf('payment.captured', { payment: { entity: payment } }),
      upi
        ? deliveryOf('qr_code.credited', { payment: { entity: payment }, qr_code: { entity: target } })
        : deliveryOf('virtual_account.credited', { payment: { entity: payment }, virtual_account: { entity: target }, bank_transfer: { entity: bankTransferOf(payment, target.id) } }),
    ];
  };
}

export async function startRazorpayMock(opts: RazorpayMockOptions): Promise<RazorpayMock> {
  const keyId = `rzp_test_${newId('k').slice(2)}`;
  const keySecret = randomBytes(18).toString('base64url');
  const webhookSecret = randomBytes(24).toString('base64url');
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const state: State = { qrCodes: new Map(), accounts: new Map(), payments: new Map() };
  const requests: MockRequest[] = [];
  // Each QR code has a VPA of its own (as Razorpay's image_content shows): a VPA names one reference.
  const route = router(state, [...(opts.createFaults ?? [])]);
  const server = await startMockServer((req) => {
    requests.push(req);
    if (req.headers.authorization !== authorization) return error(401, 'The api key provided is invalid');
    return route(req, new URL(req.path, 'http://mock'));
  }, opts.port);
  const delivery = { ...defaultDelivery, ...opts.delivery };

  const deliveryOf = signer({ webhookUrl: opts.webhookUrl, webhookSecret, accountId: newId('acc') });
  const deliveriesOf = paymentDeliveries(state, deliveryOf, opts.failFirst);

  return {
    provider: 'razorpay',
    url: server.url,
    requests,
    webhookSecret,
    env: { RAZORPAY_API_URL: server.url, RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret },

    deliveriesOf,

    async pay(input) {
      const deliveries = deliveriesOf(input);
      const logs = await deliverPayment(deliveries, delivery);
      return { eventIds: deliveries.map((d) => d.eventId), logs };
    },

    close: server.close,
  };
}
