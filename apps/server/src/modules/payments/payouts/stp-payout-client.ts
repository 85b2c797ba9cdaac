import { BlockList, isIP } from 'node:net';
import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { numbersAsWritten } from '../../../lib/json-number-literals';
import { ProviderUnavailable } from '../payment-provider';
import { consultaOrdenCadena, registraOrdenCadena, stpFirma, type CadenaValue, type RegistraOrdenField } from '../providers/stp-signature';

/*
 * STP's HTTP calls for payouts (docs/providers/stp.md "Payouts"): registraOrden (a write: one attempt, never
 * repeated here — a repeat goes through the same claveRastreo and STP refuses it as a duplicate), consultaOrden of a
 * sent order (a read: retried while time is left) and the CEP link of a settled order. Every request is signed.
 */

const ID = 'stp';

type Answer = { status: number; text: string } | { failure: string };

async function send(method: 'PUT' | 'POST' | 'GET', url: string, body: string | undefined, deadline: number): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? { accept: '*/*' } : { 'content-type': 'application/json', accept: 'application/json' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    return { failure: error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'network error' };
  }
}

/** JSON with `monto` written as STP writes it (1500.50): the value is carried as its text. */
export function jsonWithMonto(value: Record<string, unknown>): string {
  return JSON.stringify(value, (key, v: unknown) => (key === 'monto' && typeof v === 'string' ? `@@monto:${v}@@` : v)).replace(/"@@monto:(\d+\.\d\d)@@"/g, '$1');
}

/** registraOrden's answer: `{resultado: {id, descripcionError?}}`; a positive id is the order STP registered. */
const registraAnswerSchema = z.object({
  resultado: z.object({ id: z.union([z.number().int(), z.string().regex(/^-?\d{1,19}$/).transform(Number)]).nullish(), descripcionError: z.string().nullish() }),
});
export type RegistraAnswer = { id: number | undefined; descripcionError: string | undefined };

/** A sent order as consultaOrden lists it (its `respuesta`); the fields payouts use. */
export const sentOrderSchema = z.object({
  idEF: z.union([z.number().int(), z.string().regex(/^\d{1,19}$/)]).nullish(),
  claveRastreo: z.string(),
  empresa: z.string().nullish(),
  estado: z.string().nullish(),
  causaDevolucion: z.union([z.number().int(), z.string()]).nullish(),
  fechaOperacion: z.union([z.number().int(), z.string()]).nullish(),
  cuentaBeneficiario: z.string().nullish(),
  monto: z.string().nullish(),
  tsLiquidacion: z.union([z.number().int(), z.string().regex(/^\d{1,15}$/)]).nullish(),
  urlCEP: z.string().nullish(),
});
export type SentOrder = z.infer<typeof sentOrderSchema>;

const queryAnswerSchema = z.object({ estado: z.number().int(), mensaje: z.string().nullish(), respuesta: z.unknown().optional() });
const NO_DATA = 6;

export type StpPayoutClientOptions = { apiUrl: string; queryUrl: string; empresa: string; key: KeyObject; timeoutMs: number; log?: FastifyBaseLogger | undefined };

export function stpPayoutClient(opts: StpPayoutClientOptions) {
  const { empresa, key, timeoutMs, log } = opts;
  return {
    /** PUT registraOrden once. ProviderUnavailable on no answer, a 5xx or an answer that is not STP's. */
    async registraOrden(orden: Partial<Record<RegistraOrdenField, CadenaValue>>): Promise<RegistraAnswer> {
      const firma = stpFirma(key, undefined, registraOrdenCadena(orden));
      const sent = Object.fromEntries(Object.entries(orden).filter(([, v]) => v !== undefined && v !== ''));
      const res = await send('PUT', `${opts.apiUrl}/ordenPago/registra`, jsonWithMonto({ ...sent, firma }), Date.now() + timeoutMs);
      if ('failure' in res || res.status >= 500 || res.status === 429) {
        const failure = 'failure' in res ? res.failure : `HTTP ${res.status}`;
        log?.warn({ provider: ID, claveRastreo: orden.claveRastreo, failure }, 'STP registraOrden: no answer');
        throw new ProviderUnavailable(ID, `STP registraOrden: ${failure}`);
      }
      let parsed: ReturnType<typeof registraAnswerSchema.safeParse> | undefined;
      try {
        parsed = registraAnswerSchema.safeParse(JSON.parse(res.text));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        log?.error({ provider: ID, claveRastreo: orden.claveRastreo, status: res.status }, 'STP registraOrden: an answer it does not document');
        throw new ProviderUnavailable(ID, `STP registraOrden: HTTP ${res.status}, not STP's answer`);
      }
      return { id: parsed.data.resultado.id ?? undefined, descripcionError: parsed.data.resultado.descripcionError ?? undefined };
    },

    /** consultaOrden of a sent order (tipoOrden 'E') on one operation day; undefined when STP has none. */
    async sentOrder(claveRastreo: string, fechaOperacion: string): Promise<SentOrder | undefined> {
      const query = { empresa, claveRastreo, tipoOrden: 'E' as const, fechaOperacion };
      const body = JSON.stringify({ ...query, firma: stpFirma(key, undefined, consultaOrdenCadena(query)) });
      const deadline = Date.now() + timeoutMs;
      let failure = 'no attempt';
      for (let i = 0; i < 3 && Date.now() < deadline; i += 1) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** i, Math.max(0, deadline - Date.now()))));
        const res = await send('POST', `${opts.queryUrl}/efws/API/consultaOrden`, body, deadline);
        if ('failure' in res) failure = res.failure;
        else if (res.status >= 500 || res.status === 429) failure = `HTTP ${res.status}`;
        else return sentOrderAnswer(res, claveRastreo, log);
      }
      log?.warn({ provider: ID, claveRastreo, failure }, 'STP consultaOrden: no answer');
      throw new ProviderUnavailable(ID, `STP consultaOrden: ${failure}`);
    },

    /** The CEP (Banxico's proof of payment) behind a settled order's link: the beneficiary's name as the receiving bank gave it. */
    async cepName(url: string): Promise<string | undefined> {
      const res = await send('GET', url, undefined, Date.now() + timeoutMs);
      if ('failure' in res || res.status !== 200) return undefined;
      const m = /<Beneficiario\b[^>]*\sNombre="([^"]{1,200})"/.exec(res.text);
      return m ? xmlText(m[1]!).trim() || undefined : undefined;
    },
  };
}
export type StpPayoutClient = ReturnType<typeof stpPayoutClient>;

function sentOrderAnswer(res: { status: number; text: string }, claveRastreo: string, log?: FastifyBaseLogger): SentOrder | undefined {
  let answer: z.infer<typeof queryAnswerSchema> | undefined;
  try {
    const parsed = queryAnswerSchema.safeParse(JSON.parse(numbersAsWritten(res.text, 'monto')));
    answer = parsed.success ? parsed.data : undefined;
  } catch {
    answer = undefined;
  }
  if (answer?.estado === NO_DATA) return undefined;
  const order = answer?.estado === 0 ? sentOrderSchema.safeParse(answer.respuesta) : undefined;
  if (order?.success) return order.data;
  log?.error({ provider: ID, claveRastreo, status: res.status, estado: answer?.estado }, 'STP consultaOrden: refused or unreadable');
  throw new ProviderUnavailable(ID, `STP consultaOrden: HTTP ${res.status}, estado ${answer?.estado ?? '?'}`);
}

const xmlText = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d{1,5});/g, (_, e: string) =>
    e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e]!,
  );

/** STP's addresses as a BlockList: exact addresses, an IPv4 one also in its IPv6-mapped form. */
export function addressList(addresses: readonly string[]): BlockList {
  const list = new BlockList();
  for (const address of addresses) {
    const family = isIP(address);
    if (family === 0) throw new RangeError(`STP_ALLOWED_ADDRESSES: "${address}" is not an IPv4 or IPv6 address`);
    list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

export function isAllowed(list: BlockList, address: string | undefined): boolean {
  const family = address === undefined ? 0 : isIP(address);
  if (family === 0) return false;
  try {
    return list.check(address!, family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}
