import { BlockList, isIP } from 'node:net';
import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { clabeForOrderInRange, orderIdFromRangeClabe } from '../clabe';
import {
  ProviderUnavailable,
  createReferenceInputSchema,
  type CreateReferenceInput,
  type CreatedReference,
  type IncomingNotification,
  type PaymentEvent,
  type PaymentProvider,
  type ReferenceStatus,
  type WebhookOutcome,
  type WebhookResult,
} from '../payment-provider';
import { readSignedBody } from '../signed-body';
import { newStoreReference } from '../store-reference';
import { conciliacionCadena, consultaOrdenCadena, stpFirma, stpPrivateKey } from './stp-signature';
import { numbersAsWritten } from '../../../lib/json-number-literals';

/*
 * STP (Sistema de Transferencias y Pagos, SPEI participant 90646), docs/providers/stp.md. A borrower pays a loan by
 * SPEI to the loan's own CLABE in the lender's range (646 180 + the lender's 4-digit prefix + the order id in 7
 * digits + check digit): nothing to register, nothing to type. STP posts each deposit ("abono") to our callback,
 * unsigned: it is taken only from STP's addresses (allowedAddresses) and only once STP's own order query, signed with
 * the lender's key, says the same deposit — tracking key, day, CLABE and amount — is there.
 */

export const STP_PROVIDER_ID = 'stp';
export const STP_VERIFICATION = 'source address + STP order query (consultaOrden)';

/** The answer STP expects to a deposit it may keep: `{"mensaje":"confirmar"}` (`devolver` returns the money: never sent). */
export const STP_CONFIRM = { mensaje: 'confirmar' } as const;

export type StpOptions = {
  /** STP's REST base, e.g. https://prod.stpmex.com:7002/speiws/rest (registraOrden lives under it). */
  apiUrl: string;
  /** Base of STP's query services (…/efws/API/…); defaults to apiUrl without its /speiws/rest. */
  queryUrl?: string | undefined;
  /** The lender's company name at STP ("empresa"), in every request and every deposit. */
  empresa: string;
  /** The lender's private key (PEM) whose public key STP holds: every request's firma. */
  privateKey: string;
  privateKeyPassphrase?: string | undefined;
  /** The lender's CLABE range: 646 + plaza 180 + its 4-digit prefix (10 digits). */
  clabePrefix: string;
  /** The addresses STP sends deposits from (exact IPv4/IPv6 addresses). */
  allowedAddresses: readonly string[];
  nextSeq: () => number | Promise<number>;
  /** Longest wait for one call to STP, its retries included. */
  timeoutMs: number;
  log?: FastifyBaseLogger;
};

/** Received orders whose money is ours: received, being confirmed, confirmed, settled (STP's catalogue of states). */
const RECEIVED_STATES = new Set(['R', 'CXO', 'CCE', 'CCO', 'LQ', 'TLQ']);

/** A deposit as STP's callback sends it (stpmex.com "Recepción de abonos"). Unknown keys are dropped. */
const abonoSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,19}$/)]),
  fechaOperacion: z.number().int(),
  institucionOrdenante: z.union([z.number().int(), z.string().regex(/^\d{1,5}$/)]),
  institucionBeneficiaria: z.union([z.number().int(), z.string().regex(/^\d{1,5}$/)]).nullish(),
  // Printable ASCII but '|': the tracking key goes into the query's cadena original.
  claveRastreo: z.string().regex(/^[\x20-\x7b\x7d\x7e]{1,30}$/, 'must be 1 to 30 printable ASCII characters, no "|"'),
  cuentaBeneficiario: z.string().regex(/^\d{10,18}$/, 'must be a CLABE, a card or a phone number'),
  empresa: z.string().min(1),
  tsLiquidacion: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]).nullish(),
  tipoPago: z.number().int().nullish(),
  conceptoPago: z.string().nullish(),
  referenciaNumerica: z.union([z.number().int(), z.string()]).nullish(),
});
type Abono = z.infer<typeof abonoSchema>;

/** An order as STP's queries list it (consultaOrden's `respuesta`, conciliación's `datos`); `monto` as written. */
const orderSchema = z.object({
  idEF: z.number().int().nullish(),
  claveRastreo: z.string(),
  cuentaBeneficiario: z.string().nullish(),
  empresa: z.string().nullish(),
  estado: z.string().nullish(),
  fechaOperacion: z.union([z.number().int(), z.string().regex(/^\d{8}$/).transform(Number)]),
  monto: z.string(),
  tsLiquidacion: z.union([z.number().int(), z.string().regex(/^\d{1,15}$/)]).nullish(),
});
type StpOrder = z.infer<typeof orderSchema>;

/**
 * Centavos from `monto` as written: whole pesos and at most two decimals ("1500", "1500.5", "1500.50", "0.01").
 * Undefined for anything else — an exponent, a third decimal (1500.505), a sign, zero — never rounded.
 */
export function centavosFromMonto(text: string): number | undefined {
  const m = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const centavos = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return centavos > 0 ? centavos : undefined;
}

/** A day as STP writes it (20250301) for a request: 'YYYYMMDD'; undefined for a number that is no calendar day. */
function operationDay(yyyymmdd: number): { text: string; start: Date } | undefined {
  const text = String(yyyymmdd);
  const m = /^(20\d\d)(\d\d)(\d\d)$/.exec(text);
  if (!m) return undefined;
  // 00:00 in Mexico City (UTC−6 all year since 2022): when STP's operation day begins.
  const start = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 6));
  return start.getUTCDate() === Number(m[3]) && start.getUTCMonth() === Number(m[2]) - 1 ? { text, start } : undefined;
}

/** When the money moved: STP's settlement instant (ms) when given, else the start of the operation day. */
function settledAt(tsLiquidacion: number | string | null | undefined, day: Date): Date {
  const ms = tsLiquidacion === null || tsLiquidacion === undefined ? Number.NaN : Number(tsLiquidacion);
  return Number.isSafeInteger(ms) && ms > 0 ? new Date(ms) : day;
}

/** The allow-list as a BlockList: exact addresses, an IPv4 one also matching its IPv6-mapped form (::ffff:a.b.c.d). */
function addressList(addresses: readonly string[]): BlockList {
  if (addresses.length === 0) throw new RangeError('STP needs the addresses it sends deposits from (STP_ALLOWED_ADDRESSES)');
  const list = new BlockList();
  for (const address of addresses) {
    const family = isIP(address);
    if (family === 0) throw new RangeError(`STP_ALLOWED_ADDRESSES: "${address}" is not an IPv4 or IPv6 address`);
    list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

function isAllowed(list: BlockList, address: string | undefined): boolean {
  const family = address === undefined ? 0 : isIP(address);
  if (family === 0) return false;
  try {
    return list.check(address!, family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

type Read<T> = { ok: true; value: T } | { ok: false; reason: 'invalid_body' | 'duplicate_keys'; detail: string };

/** Reads a deposit's raw bytes strictly: UTF-8 JSON, no NUL, not too deep, no key twice, the documented fields, `monto` exact. */
export function readAbono(rawBody: string | Uint8Array): Read<Abono & { amount: number; day: { text: string; start: Date } }> {
  const read = readSignedBody(rawBody);
  if (!read.ok) return read;
  const { text, json } = read;
  const body = abonoSchema.safeParse(json);
  if (!body.success) return { ok: false, reason: 'invalid_body', detail: z.prettifyError(body.error) };
  const monto = (JSON.parse(numbersAsWritten(text, 'monto')) as { monto?: unknown }).monto;
  if (typeof (json as { monto?: unknown }).monto !== 'number' || typeof monto !== 'string') return { ok: false, reason: 'invalid_body', detail: 'monto: must be a number' };
  const amount = centavosFromMonto(monto);
  if (amount === undefined) return { ok: false, reason: 'invalid_body', detail: 'monto: must be positive pesos with at most two decimals' };
  const day = operationDay(body.data.fechaOperacion);
  if (!day) return { ok: false, reason: 'invalid_body', detail: 'fechaOperacion: must be a day written YYYYMMDD' };
  return { ok: true, value: { ...body.data, amount, day } };
}

/** STP's query answer: { estado: 0, mensaje, respuesta | datos, total }; estado 6 "no data"; anything else refused. */
const queryAnswerSchema = z.object({
  estado: z.number().int(),
  mensaje: z.string().nullish(),
  respuesta: z.unknown().optional(),
  datos: z.array(z.unknown()).nullish(),
  total: z.number().int().nullish(),
});
type QueryAnswer = z.infer<typeof queryAnswerSchema>;

const NO_DATA = 6;

type StpClient = { query(path: string, body: Record<string, unknown>): Promise<QueryAnswer> };

/**
 * POSTs a signed query to STP within `timeoutMs` (retries included): a network error, a timeout, a 5xx or a 429 is
 * tried again while time is left (3 attempts at most, queries are reads); then ProviderUnavailable. An answer that
 * is not STP's JSON, or an estado other than 0 or 6 (a refused firma, a malformed query), is ProviderUnavailable too:
 * our side cannot confirm anything until it is fixed, and STP retries a deposit we answer 503.
 */
function stpClient(baseUrl: string, timeoutMs: number, log?: FastifyBaseLogger): StpClient {
  async function attempt(url: string, body: string, deadline: number): Promise<{ status: number; text: string } | string> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      return { status: res.status, text: await res.text() };
    } catch (error) {
      return error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'network error';
    }
  }
  return {
    async query(path, payload) {
      const url = `${baseUrl}${path}`;
      const body = JSON.stringify(payload);
      const deadline = Date.now() + timeoutMs;
      let failure = 'no attempt';
      for (let i = 0; i < 3 && Date.now() < deadline; i += 1) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** i, Math.max(0, deadline - Date.now()))));
        const res = await attempt(url, body, deadline);
        if (typeof res === 'string') failure = res;
        else if (res.status >= 500 || res.status === 429) failure = `HTTP ${res.status}`;
        else return queryAnswer(res, path, log);
      }
      log?.warn({ provider: STP_PROVIDER_ID, path, failure }, 'STP did not answer');
      throw new ProviderUnavailable(STP_PROVIDER_ID, `STP ${path}: ${failure}`);
    },
  };
}

function queryAnswer(res: { status: number; text: string }, path: string, log?: FastifyBaseLogger): QueryAnswer {
  let parsed: ReturnType<typeof queryAnswerSchema.safeParse> | undefined;
  try {
    parsed = queryAnswerSchema.safeParse(JSON.parse(numbersAsWritten(res.text, 'monto')));
  } catch {
    parsed = undefined;
  }
  if (parsed?.success && (parsed.data.estado === 0 || parsed.data.estado === NO_DATA)) return parsed.data;
  const estado = parsed?.success ? parsed.data.estado : undefined;
  const mensaje = parsed?.success ? parsed.data.mensaje?.slice(0, 200) : undefined;
  log?.error({ provider: STP_PROVIDER_ID, path, status: res.status, estado, mensaje }, 'STP refused the query');
  throw new ProviderUnavailable(STP_PROVIDER_ID, `STP ${path}: HTTP ${res.status}, estado ${estado ?? '?'}`);
}

/** The deposit an order of STP's queries is, as an event; undefined when it is not money received for us. */
function orderEvent(order: StpOrder, empresa: string): PaymentEvent | undefined {
  const amount = centavosFromMonto(order.monto);
  const day = operationDay(order.fechaOperacion);
  if (amount === undefined || !day || !order.cuentaBeneficiario) return undefined;
  if (!RECEIVED_STATES.has(order.estado ?? '') || (order.empresa != null && order.empresa !== empresa)) return undefined;
  return {
    provider: STP_PROVIDER_ID,
    dedupeKey: `${order.claveRastreo}:${day.text}`,
    ...(order.idEF == null ? {} : { eventId: String(order.idEF) }),
    type: 'abono',
    kind: 'paid',
    reference: order.cuentaBeneficiario,
    amount,
    currency: 'MXN',
    occurredAt: settledAt(order.tsLiquidacion, day.start),
  };
}

function checkOptions(opts: StpOptions): void {
  if (!/^[\x21-\x7e]{1,40}$/.test(opts.empresa) || opts.empresa.includes('|')) throw new RangeError('STP_EMPRESA: the company name at STP, without spaces or "|"');
  if (!/^646180\d{4}$/.test(opts.clabePrefix)) throw new RangeError(`STP_CLABE_PREFIX: 646 180 + the lender's 4 digits (10 digits), got "${opts.clabePrefix}"`);
  if (!Number.isSafeInteger(opts.timeoutMs) || opts.timeoutMs <= 0) throw new RangeError('STP: timeoutMs must be a positive whole number');
}

/** STP's query services: queryUrl, else apiUrl without its /speiws/rest (they share STP's host and port). */
const queryBase = (opts: StpOptions) => (opts.queryUrl ?? opts.apiUrl.replace(/\/speiws\/rest\/?$/, '')).replace(/\/+$/, '');

/** STP's two queries of received orders, signed with the lender's key. */
function receivedOrders(client: StpClient, key: KeyObject, empresa: string, log?: FastifyBaseLogger) {
  return {
    /** STP's record of a received order by its tracking key and day; undefined when STP has none. */
    async byTrackingKey(claveRastreo: string, fechaOperacion: string): Promise<StpOrder | undefined> {
      const query = { empresa, claveRastreo, tipoOrden: 'R' as const, fechaOperacion };
      const answer = await client.query('/efws/API/consultaOrden', { ...query, firma: stpFirma(key, undefined, consultaOrdenCadena(query)) });
      if (answer.estado === NO_DATA) return undefined;
      const order = orderSchema.safeParse(answer.respuesta);
      if (order.success) return order.data;
      log?.error({ provider: STP_PROVIDER_ID, claveRastreo }, 'STP answered consultaOrden with an order it does not document');
      throw new ProviderUnavailable(STP_PROVIDER_ID, 'STP consultaOrden: an unreadable order');
    },

    /** Every order STP received today (conciliación, 1 000 a page). */
    async today(): Promise<StpOrder[]> {
      const orders: StpOrder[] = [];
      for (let page = 0; page < 100; page += 1) {
        const query = { empresa, tipoOrden: 'R' as const };
        const answer = await client.query('/efws/API/V2/conciliacion', { ...query, page, firma: stpFirma(key, undefined, conciliacionCadena(query)) });
        if (answer.estado === NO_DATA) break;
        for (const item of answer.datos ?? []) {
          const order = orderSchema.safeParse(item);
          if (order.success) orders.push(order.data);
        }
        if ((answer.total ?? 0) <= 1000 * (page + 1)) break;
      }
      return orders;
    },
  };
}

type ReadAbono = Extract<ReturnType<typeof readAbono>, { ok: true }>['value'];

/** The deposit as an event when STP lists it as money received for us: same tracking key, day, CLABE and amount. */
function confirmedDeposit(abono: ReadAbono, order: StpOrder | undefined, empresa: string): PaymentEvent | undefined {
  const event = order && orderEvent(order, empresa);
  if (!event || order.claveRastreo !== abono.claveRastreo || event.dedupeKey !== `${abono.claveRastreo}:${abono.day.text}`) return undefined;
  if (event.reference !== abono.cuentaBeneficiario || event.amount !== abono.amount) return undefined;
  const occurredAt = abono.tsLiquidacion == null ? event.occurredAt : settledAt(abono.tsLiquidacion, abono.day.start);
  return { ...event, eventId: String(abono.id), occurredAt };
}

export function createStpProvider(opts: StpOptions): PaymentProvider {
  checkOptions(opts);
  const { empresa, clabePrefix, nextSeq, log } = opts;
  const allowed = addressList(opts.allowedAddresses);
  // Opened once: a wrong passphrase or a bad PEM stops the server at start, not at the first deposit.
  const key = stpPrivateKey(opts.privateKey, opts.privateKeyPassphrase);
  const orders = receivedOrders(stpClient(queryBase(opts), opts.timeoutMs, log), key, empresa, log);

  return {
    id: STP_PROVIDER_ID,
    channels: ['spei'],
    stores: [],
    verification: STP_VERIFICATION,

    async createReference(input: CreateReferenceInput): Promise<CreatedReference> {
      const parsed = createReferenceInputSchema.safeParse(input);
      if (!parsed.success) throw new RangeError(`invalid reference request: ${z.prettifyError(parsed.error)}`);
      const { orderId, channel, expiresAt } = parsed.data;
      if (channel !== 'spei') throw new RangeError(`STP collects SPEI transfers only, not ${channel}`);
      // The loan's CLABE first: an order id beyond the range's 7 digits throws before a sequence number is used.
      const clabe = clabeForOrderInRange(orderId, clabePrefix);
      const reference = newStoreReference(await nextSeq());
      return { reference, providerReference: clabe, loanAccount: true, payerTypesReference: false, clabe, voucherCode: clabe, expiresAt };
    },

    async handleWebhook(incoming: IncomingNotification): Promise<WebhookResult> {
      if (!isAllowed(allowed, incoming.sourceAddress)) return { ok: false, reason: 'unknown_source', detail: 'not one of STP_ALLOWED_ADDRESSES' };
      const read = readAbono(incoming.rawBody);
      if (!read.ok) return read;
      const abono = read.value;
      if (abono.empresa !== empresa) return { ok: false, reason: 'not_confirmed', detail: 'a deposit of another company' };
      const order = await orders.byTrackingKey(abono.claveRastreo, abono.day.text);
      const event = confirmedDeposit(abono, order, empresa);
      // References, amounts and ids only: never the payer's name, account or RFC/CURP.
      log?.info({ provider: STP_PROVIDER_ID, id: String(abono.id), claveRastreo: abono.claveRastreo, reference: abono.cuentaBeneficiario, amount: abono.amount, confirmed: event !== undefined }, 'STP deposit');
      if (!event) return { ok: false, reason: 'not_confirmed', detail: order ? 'STP lists this tracking key with another day, account, amount or state' : 'STP does not list this deposit' };
      return { ok: true, events: [event], verification: STP_VERIFICATION };
    },

    /**
     * 200 `confirmar` for every deposit received (applied, repeated, held in suspense), and also for a body we
     * could not read (400) or a tracking key seen with another amount (409): both come from STP's addresses and are
     * recorded for review, and STP's only other answer, `devolver`, would send the borrower's money back. A refusal
     * of the sender (401: not STP's address, a deposit STP does not list) is answered as it is: nothing to confirm.
     */
    answer(outcome: WebhookOutcome): { status: number; body: unknown } {
      if (outcome.status === 401) return outcome;
      return { status: 200, body: STP_CONFIRM };
    },

    async fetchStatus(providerReference: string): Promise<ReferenceStatus> {
      if (orderIdFromRangeClabe(providerReference, clabePrefix) === null) return { state: 'unknown', paidAmount: 0, events: [] };
      const events = (await orders.today())
        .filter((order) => order.cuentaBeneficiario === providerReference)
        .map((order) => orderEvent(order, empresa))
        .filter((event): event is PaymentEvent => event !== undefined);
      const paidAmount = events.reduce((sum, event) => sum + event.amount, 0);
      return { state: events.length > 0 ? 'paid' : 'open', paidAmount, events };
    },
  };
}
