import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../config';
import { ProviderUnavailable, type IncomingNotification } from '../payment-provider';
import { stpPrivateKey } from '../providers/stp-signature';
import { readSignedBody } from '../signed-body';
import { PayoutRefused, type AccountValidation, type PayoutEvent, type PayoutProvider, type PayoutRequest, type PayoutState, type PayoutWebhookResult } from './payout-provider';
import { addressList, isAllowed, stpPayoutClient, type SentOrder, type StpPayoutClient } from './stp-payout-client';
import { bankingDayFrom, CLAVE_RASTREO, operationDayOf, ordenOf, outcomeOf, stateOf, type Ordenante } from './stp-payout-orden';

/*
 * STP payouts (docs/providers/stp.md "Payouts"): a disbursal is a SPEI order STP registers (registraOrden, signed
 * with the lender's key) under our idempotency key as claveRastreo; STP posts each change of its state to our
 * callback, unsigned, so a callback is taken only from STP's addresses and only as STP's signed order query
 * (consultaOrden, tipoOrden 'E') states it. An account is validated by a one-centavo order: settled means the account
 * takes money, and the CEP of the settled order carries the holder's name as the receiving bank registered it.
 */

export const STP_PAYOUT_VERIFICATION = 'source address + STP order query (consultaOrden)';
/** What STP expects to a state change it may stop sending (STP's "Cambio de estado"). */
export const STP_RECEIVED = { mensaje: 'recibido' } as const;
/** A validation order: one centavo. */
const VALIDATION_AMOUNT = 1;
/** Where a CEP link may lead: Banxico's CEP service (and STP's own hosts, which the mock is). */
const CEP_ORIGINS = ['https://www.banxico.org.mx'];

export type StpPayoutOptions = {
  apiUrl: string;
  queryUrl: string;
  empresa: string;
  privateKey: string;
  privateKeyPassphrase?: string | undefined;
  ordenante: Omit<Ordenante, 'empresa'>;
  allowedAddresses: readonly string[];
  timeoutMs: number;
  log?: FastifyBaseLogger | undefined;
};

/** The payout adapter from the server's settings; one that refuses every call (503) when STP's settings are missing. */
export function createStpPayouts({ config, log }: { config: Config; log?: FastifyBaseLogger }): PayoutProvider {
  const { stp } = config.payments;
  const { account, name, rfc } = config.payouts.stp;
  if (!stp.empresa || !stp.privateKey || !account || !name || stp.allowedAddresses.length === 0) {
    const missing = 'STP payouts are not set up (STP_EMPRESA, STP_PRIVATE_KEY, STP_PAYOUT_ACCOUNT, STP_PAYOUT_NAME, STP_ALLOWED_ADDRESSES)';
    const refuse = () => Promise.reject(new ProviderUnavailable('stp', missing));
    return { id: 'stp', market: 'MX', verification: STP_PAYOUT_VERIFICATION, createPayout: refuse, getPayout: refuse, handleWebhook: refuse, validateAccount: refuse, getValidation: refuse };
  }
  return createStpPayoutProvider({
    apiUrl: stp.apiUrl.replace(/\/+$/, ''),
    queryUrl: (stp.queryUrl ?? stp.apiUrl.replace(/\/speiws\/rest\/?$/, '')).replace(/\/+$/, ''),
    empresa: stp.empresa,
    privateKey: stp.privateKey,
    privateKeyPassphrase: stp.privateKeyPassphrase,
    ordenante: { account, name, rfc },
    allowedAddresses: stp.allowedAddresses,
    timeoutMs: config.payouts.timeoutMs,
    log,
  });
}

/** The state callback as STP posts it (id, empresa, folioOrigen, estado, causaDevolucion, tsLiquidacion). */
const cambioEstadoSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,19}$/)]),
  empresa: z.string().min(1),
  folioOrigen: z.string().nullish(),
  claveRastreo: z.string().nullish(),
  estado: z.string().min(1).max(40),
  causaDevolucion: z.union([z.number().int(), z.string().max(200)]).nullish(),
  tsLiquidacion: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]).nullish(),
  fechaOperacion: z.union([z.number().int(), z.string().regex(/^\d{8}$/)]).nullish(),
});

function checkOptions(opts: StpPayoutOptions): void {
  if (!/^[\x21-\x7e]{1,40}$/.test(opts.empresa) || opts.empresa.includes('|')) throw new RangeError('STP_EMPRESA: the company name at STP, without spaces or "|"');
  if (!/^\d{18}$/.test(opts.ordenante.account)) throw new RangeError('STP_PAYOUT_ACCOUNT: the lender\'s 18-digit CLABE at STP');
  if (!Number.isSafeInteger(opts.timeoutMs) || opts.timeoutMs <= 0) throw new RangeError('STP: timeoutMs must be a positive whole number');
}

export function createStpPayoutProvider(opts: StpPayoutOptions): PayoutProvider {
  checkOptions(opts);
  const { empresa, log } = opts;
  const allowed = addressList(opts.allowedAddresses);
  const key = stpPrivateKey(opts.privateKey, opts.privateKeyPassphrase);
  const client = stpPayoutClient({ apiUrl: opts.apiUrl, queryUrl: opts.queryUrl, empresa, key, timeoutMs: opts.timeoutMs, log });
  const ordenante: Ordenante = { ...opts.ordenante, empresa };
  const cepOrigins = new Set([...CEP_ORIGINS, new URL(opts.apiUrl).origin, new URL(opts.queryUrl).origin]);
  const lookup = sentOrders(client);

  /** registraOrden under the request's key; a duplicate key is looked up, never registered a second time. */
  async function register(request: PayoutRequest, createdAt: Date): Promise<PayoutState> {
    const answer = await client.registraOrden(ordenOf(request, ordenante));
    if (answer.id !== undefined && answer.id > 0 && !answer.descripcionError) {
      log?.info({ provider: 'stp', claveRastreo: request.idempotencyKey, id: String(answer.id), amount: request.amount }, 'STP registered a payout');
      return { status: 'pending', providerPayoutId: String(answer.id), providerReference: request.idempotencyKey };
    }
    const words = answer.descripcionError ?? `id ${answer.id ?? 'absent'}`;
    if (answer.id === -1 && /clave de rastreo .* ya fue utilizada/i.test(words)) {
      log?.info({ provider: 'stp', claveRastreo: request.idempotencyKey }, 'STP already has this claveRastreo: looked up');
      const state = await lookup.state(request.idempotencyKey, createdAt);
      if (state.status === 'unknown') throw new ProviderUnavailable('stp', 'STP says the claveRastreo was used but does not list it yet');
      return state;
    }
    // STP's own trouble or ours (its service, our firma): nothing can be said of the order; the caller looks it up.
    if (answer.id === 0 && /no se recibi|firma/i.test(words)) throw new ProviderUnavailable('stp', `STP registraOrden: ${words}`);
    log?.warn({ provider: 'stp', claveRastreo: request.idempotencyKey, id: answer.id, descripcionError: words.slice(0, 200) }, 'STP refused a payout');
    throw new PayoutRefused('stp', words.slice(0, 300));
  }

  /** A validation as what STP says of its one-centavo order; the holder's name from the settled order's CEP. */
  async function validationOf(reference: string, order: SentOrder | undefined, providerReference?: string): Promise<AccountValidation> {
    if (!order) return providerReference === undefined ? { status: 'failed', reference, reason: 'STP does not list this validation' } : { status: 'pending', reference, providerReference };
    const state = stateOf(order);
    const base = { reference, ...(state.providerPayoutId ? { providerReference: state.providerPayoutId } : {}) };
    if (state.status === 'processed') {
      const name = order.urlCEP && isCepLink(order.urlCEP, cepOrigins) ? await client.cepName(order.urlCEP) : undefined;
      return { status: 'completed', ...base, accountActive: true, ...(name ? { registeredName: name } : {}) };
    }
    if (state.status === 'reversed' || state.status === 'failed') return { status: 'failed', ...base, accountActive: false, reason: state.reason ?? 'STP' };
    return { status: 'pending', ...base };
  }

  return {
    id: 'stp',
    market: 'MX',
    verification: STP_PAYOUT_VERIFICATION,
    createPayout: (request) => register(request, new Date()),
    getPayout: (idempotencyKey, createdAt) => lookup.state(idempotencyKey, createdAt),

    async handleWebhook(incoming: IncomingNotification, now: Date): Promise<PayoutWebhookResult> {
      if (!isAllowed(allowed, incoming.sourceAddress)) return { ok: false, reason: 'unknown_source', detail: 'not one of STP_ALLOWED_ADDRESSES' };
      const read = readSignedBody(incoming.rawBody);
      if (!read.ok) return read;
      const body = cambioEstadoSchema.safeParse(read.json);
      if (!body.success) return { ok: false, reason: 'invalid_body', detail: z.prettifyError(body.error) };
      const cambio = body.data;
      const key = cambio.claveRastreo ?? cambio.folioOrigen ?? '';
      if (!CLAVE_RASTREO.test(key)) return { ok: false, reason: 'invalid_body', detail: 'folioOrigen: not one of our tracking keys' };
      if (cambio.empresa !== empresa) return { ok: false, reason: 'not_confirmed', detail: 'a state change of another company' };
      const said = outcomeOf(cambio.estado);
      const days = cambio.fechaOperacion == null ? callbackDays(now) : [String(cambio.fechaOperacion)];
      const order = await lookup.onDays(key, days);
      const confirmed = order !== undefined && (order.idEF == null || String(order.idEF) === String(cambio.id)) && outcomeOf(order.estado) === said;
      log?.info({ provider: 'stp', id: String(cambio.id), claveRastreo: key, estado: cambio.estado, confirmed }, 'STP state change');
      if (!confirmed) return { ok: false, reason: 'not_confirmed', detail: order ? 'STP lists this order with another id or state' : 'STP does not list this order' };
      const event: PayoutEvent = { provider: 'stp', dedupeKey: `${cambio.id}:${cambio.estado}`, type: cambio.estado, idempotencyKey: key, state: stateOf(order), occurredAt: occurredAt(cambio.tsLiquidacion, now) };
      if (order.monto === '0.01') event.validation = await validationOf(key, order);
      return { ok: true, events: said === 'pending' ? [] : [event], verification: STP_PAYOUT_VERIFICATION };
    },

    answer: (ok) => (ok ? { status: 200, body: STP_RECEIVED } : { status: 400, body: { mensaje: 'no confirmado' } }),

    async validateAccount({ reference, beneficiary }): Promise<AccountValidation> {
      const request: PayoutRequest = { idempotencyKey: reference, orderNo: reference, amount: VALIDATION_AMOUNT, currency: 'MXN', beneficiary, concept: 'VALIDACION DE CUENTA' };
      try {
        const state = await register(request, new Date());
        if (state.status === 'pending') return { status: 'pending', reference, ...(state.providerPayoutId ? { providerReference: state.providerPayoutId } : {}) };
        return validationOf(reference, await lookup.order(reference, new Date()));
      } catch (error) {
        if (error instanceof PayoutRefused) return { status: 'failed', reference, accountActive: false, reason: error.reason };
        throw error;
      }
    },

    async getValidation(reference, providerReference): Promise<AccountValidation> {
      const now = new Date();
      const today = operationDayOf(now);
      const days = [today, bankingDayFrom(today, 1), bankingDayFrom(today, -1), bankingDayFrom(bankingDayFrom(today, -1), -1)];
      return validationOf(reference, await lookup.onDays(reference, days), providerReference);
    },
  };
}

/** Looks a sent order up by its tracking key on the days it may carry. */
function sentOrders(client: StpPayoutClient) {
  const onDays = async (claveRastreo: string, days: readonly string[]): Promise<SentOrder | undefined> => {
    for (const day of new Set(days)) {
      const order = await client.sentOrder(claveRastreo, day);
      if (order) return order;
    }
    return undefined;
  };
  /** The operation day of its registration, then the next banking day (an order after STP's cut-off carries that one). */
  const order = (claveRastreo: string, createdAt: Date) => {
    const day = operationDayOf(createdAt);
    return onDays(claveRastreo, [day, bankingDayFrom(day, 1)]);
  };
  return {
    onDays,
    order,
    async state(claveRastreo: string, createdAt: Date): Promise<PayoutState> {
      const found = await order(claveRastreo, createdAt);
      return found ? stateOf(found) : { status: 'unknown' };
    },
  };
}

/** The days a state change may concern: today in Mexico City, then the banking day before (a return can come late). */
function callbackDays(now: Date): string[] {
  const today = operationDayOf(now);
  return [today, bankingDayFrom(today, -1)];
}

function occurredAt(ts: number | string | null | undefined, now: Date): Date {
  const ms = ts == null ? Number.NaN : Number(ts);
  return Number.isSafeInteger(ms) && ms > 1e12 ? new Date(ms) : now;
}

function isCepLink(url: string, origins: ReadonlySet<string>): boolean {
  try {
    return origins.has(new URL(url).origin);
  } catch {
    return false;
  }
}
