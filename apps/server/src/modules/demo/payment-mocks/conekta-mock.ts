import { createHash, generateKeyPairSync, randomBytes, randomInt, sign, type KeyObject } from 'node:crypto';
import { clabeForOrder } from '../../payments/clabe';
import { defaultDelivery, deliverPayment, startMockServer, type MockOptions, type MockRequest, type MockResponse, type ProviderMock, type WebhookDelivery } from './mock-kit';

/*
 * A local Conekta (docs/providers/conekta.md "Mock"): its orders API as developers.conekta.com documents it (POST
 * /orders with a `cash` or `spei` charge, GET /orders/{id}, a bearer API key, the versioned Accept header, the
 * Idempotency-Key) and its webhooks: charge.paid and order.paid of one payment, each signed in the `digest` header
 * (base64 RSA-SHA256 of the raw body) with the private half of a webhook key the mock makes, delivered the way
 * Conekta does (retried until a 2xx, out of order, sometimes twice). It never refuses a late payment: paying an order
 * past its expires_at still sends, so the receiver's rules can be tested.
 */

const ACCEPT = /^application\/vnd\.conekta-v2\.\d+\.\d+\+json$/;
/** The stores of Conekta's cash network, as its order answers name them (`store_names`, API v2.3.0). */
const STORE_NAMES = ['7 Eleven', 'Farmacias del Ahorro', 'CIRCLE K', 'Tiendas Extra', 'Farmacia Benavides', 'Soriana', "WALDO'S", 'Super Kiosko', 'Al Super'];
/** The SPEI participant whose CLABEs Conekta hands out in its documented answers (FINCO PAY, bank code 734). */
const SPEI_BANK = { name: 'FINCO PAY', issuer: { bankCode: '734', plaza: '180' } };

type Json = Record<string, unknown>;
type MockCharge = Json & { id: string; amount: number; status: string; paid_at: number | null; payment_method: Json };
type MockOrder = Json & { id: string; amount: number; payment_status: string; charges: Json & { data: MockCharge[] } };

const now = () => Math.floor(Date.now() / 1000);
const hexId = () => randomBytes(12).toString('hex');
const error = (status: number, type: string, code: string, message: string): MockResponse => ({
  status,
  body: { object: 'error', type, log_id: hexId(), details: [{ code, message, debug_message: message }] },
});

export async function startConektaMock(opts: MockOptions): Promise<ProviderMock> {
  const apiKey = `key_${randomBytes(18).toString('base64url')}`;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const orders = new Map<string, MockOrder>();
  const repeats = new Map<string, { bodyHash: string; answer: MockResponse }>();
  let nextAccount = randomInt(1, 1_000_000) * 1_000;

  const handle = (req: MockRequest): MockResponse => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'authentication_error', 'conekta.errors.authentication.missing_key', 'Acceso no autorizado.');
    if (!ACCEPT.test(req.headers.accept ?? '')) return error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.api_version', 'Versión del API no válida.');
    const path = req.path.split('?')[0]!;
    if (req.method === 'GET' && path.startsWith('/orders/')) {
      const order = orders.get(decodeURIComponent(path.slice('/orders/'.length)));
      return order ? { status: 200, body: order } : error(404, 'resource_not_found_error', 'conekta.errors.resource_not_found.entity', 'The resource was not found.');
    }
    if (req.method !== 'POST' || path !== '/orders') return error(404, 'resource_not_found_error', 'conekta.errors.resource_not_found.route', 'The resource was not found.');
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const bodyHash = createHash('sha256').update(req.rawBody).digest('hex');
    const repeat = key === undefined ? undefined : repeats.get(key);
    if (repeat) return repeat.bodyHash === bodyHash ? repeat.answer : error(409, 'conflict_error', 'conekta.errors.conflict.idempotency_key', 'Idempotency-Key reused with another body.');
    const answer = createOrder(req.rawBody, (type) => (type === 'spei' ? speiMethod((nextAccount += 1)) : cashMethod()), orders);
    if (key !== undefined && answer.status === 200) repeats.set(key, { bodyHash, answer });
    return answer;
  };

  const server = await startMockServer(handle, opts.port);
  const behaviour = { ...defaultDelivery, ...opts.delivery };
  return {
    provider: 'conekta',
    url: server.url,
    env: { CONEKTA_API_URL: server.url, CONEKTA_PRIVATE_KEY: apiKey, CONEKTA_WEBHOOK_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
    async pay({ providerReference, amount }) {
      const order = orders.get(providerReference);
      if (!order) throw new RangeError(`the Conekta mock made no order ${providerReference}`);
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive integer of centavos, got ${amount}`);
      const events = payOrder(order, amount, opts.webhookUrl);
      const deliveries = events.map((event) => signedDelivery(opts.webhookUrl, event, privateKey));
      return { eventIds: events.map((e) => e.id as string), logs: await deliverPayment(deliveries, behaviour) };
    },
    close: server.close,
  };
}

/** POST /orders: the documented order answer (API v2.3.0), pending payment, one charge of the asked type. */
function createOrder(rawBody: Buffer, methodOf: (type: string) => Json, orders: Map<string, MockOrder>): MockResponse {
  let body: Json;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as Json;
  } catch {
    return error(400, 'malformed_request_error', 'conekta.errors.malformed_request.json', 'El cuerpo no es JSON.');
  }
  const lines = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
  const amount = lines.reduce((sum, l) => sum + Number(l.unit_price) * Number(l.quantity), 0);
  const charge = Array.isArray(body.charges) ? ((body.charges as Json[])[0]?.payment_method as Json | undefined) : undefined;
  const customer = (body.customer_info ?? {}) as Json;
  const invalid = (field: string) => error(422, 'parameter_validation_error', `conekta.errors.parameter_validation.${field}`, `${field} no es válido.`);
  if (body.currency !== 'MXN') return invalid('currency');
  if (!customer.name || !customer.email || !customer.phone) return invalid('customer_info');
  if (lines.length === 0 || !Number.isSafeInteger(amount) || amount <= 0) return invalid('line_items');
  if (!charge || (charge.type !== 'cash' && charge.type !== 'spei')) return invalid('payment_method.type');
  const id = `ord_${randomBytes(12).toString('base64url').replaceAll(/[-_]/g, 'x')}`;
  const created = now();
  const expiresAt = typeof charge.expires_at === 'number' ? charge.expires_at : created + 30 * 86_400;
  const order: MockOrder = {
    livemode: false, amount, currency: 'MXN', payment_status: 'pending_payment', amount_refunded: 0, split_payment: false,
    customer_info: { ...customer, corporate: false, customer_id: null, object: 'customer_info' },
    shipping_contact: null, channel: null, fiscal_entity: null, object: 'order', id, metadata: body.metadata ?? {},
    is_refundable: false, processing_mode: null, created_at: created, updated_at: created,
    line_items: { object: 'list', has_more: false, total: lines.length, data: lines.map((l) => ({ ...l, object: 'line_item', id: `line_item_${hexId()}`, parent_id: id, metadata: {}, antifraud_info: {} })) },
    shipping_lines: null, tax_lines: null, discount_lines: null,
    charges: { object: 'list', has_more: false, total: 1, data: [pendingCharge(id, amount, created, { ...methodOf(charge.type), expires_at: expiresAt })] },
  };
  orders.set(id, order);
  return { status: 200, body: order, headers: { 'content-type': 'application/vnd.conekta-v2.3.0+json' } };
}

function pendingCharge(orderId: string, amount: number, created: number, paymentMethod: Json): MockCharge {
  return {
    id: hexId(), livemode: false, created_at: created, currency: 'MXN', failure_code: null, failure_message: null, monthly_installments: null,
    device_fingerprint: null, channel: null, payment_method: paymentMethod, object: 'charge', description: 'Payment from order', is_refundable: false,
    reference_id: null, status: 'pending_payment', amount, paid_at: null, customer_id: '', order_id: orderId, refunds: null,
  };
}

/** A cash charge's payment method: a 20-digit reference of Conekta's cash network and its barcode. */
function cashMethod(): Json {
  const reference = `1000114${String(randomInt(0, 10_000_000)).padStart(7, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  return {
    service_name: 'Cash', barcode_url: `https://barcodes.conekta.com/cash/cashin/datalogic/${reference}.png`, store: null, auth_code: null, agreement: null,
    object: 'cash_payment', type: 'cash', store_names: STORE_NAMES, reference, cashier_id: null, product_type: 'cash_in',
  };
}

/** A SPEI charge's payment method: a CLABE of its own (valid check digit) at Conekta's SPEI participant. */
function speiMethod(account: number): Json {
  const clabe = clabeForOrder(account, SPEI_BANK.issuer);
  return {
    clabe, bank: SPEI_BANK.name, issuing_account_holder_name: null, issuing_account_tax_id: null, issuing_account_bank: null, issuing_account_number: null,
    receiving_account_holder_name: null, receiving_account_tax_id: null, receiving_account_number: clabe, receiving_account_bank: SPEI_BANK.name,
    reference_number: null, description: null, tracking_code: null, executed_at: null, payment_attempts: [], object: 'bank_transfer_payment', type: 'spei',
  };
}

/** Marks the order's charge paid with what was paid, and answers its two events: charge.paid, then order.paid. */
function payOrder(order: MockOrder, amount: number, url: string): Json[] {
  const charge = order.charges.data[0]!;
  const paidAt = now();
  Object.assign(charge, { status: 'paid', amount, paid_at: paidAt, fee: Math.round(amount * 0.035) });
  Object.assign(order, { payment_status: 'paid', updated_at: paidAt });
  const event = (type: string, object: Json, previous: Json): Json => ({
    data: { object, previous_attributes: previous },
    livemode: false,
    webhook_status: 'pending',
    webhook_logs: [{ id: `webhl_${hexId()}`, url, failed_attempts: 0, last_http_response_status: -1, object: 'webhook_log', last_attempted_at: 0 }],
    id: hexId(),
    object: 'event',
    type,
    created_at: paidAt,
  });
  return [event('charge.paid', structuredClone(charge), { status: 'pending_payment' }), event('order.paid', structuredClone(order), { payment_status: 'pending_payment' })];
}

/** The exact bytes Conekta posts and their `digest`: base64 RSA-SHA256 over them with the webhook key's private half. */
function signedDelivery(url: string, event: Json, privateKey: KeyObject): WebhookDelivery {
  const rawBody = JSON.stringify(event);
  return { url, rawBody, headers: { digest: sign('sha256', Buffer.from(rawBody, 'utf8'), privateKey).toString('base64') } };
}
