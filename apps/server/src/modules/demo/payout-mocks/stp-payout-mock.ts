import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { numbersAsWritten } from '../../../lib/json-number-literals';
import { clabeCheckDigit } from '../../payments/clabe';
import { consultaOrdenCadena, REGISTRA_ORDEN_FIELDS, registraOrdenCadena, verifyStpFirma, type CadenaValue, type RegistraOrdenField } from '../../payments/providers/stp-signature';
import { operationDayOf } from '../../payments/payouts/stp-payout-orden';
import type { PayoutMock } from './payout-mock';
import { defaultDelivery, deliverPayment, startMockServer, type DeliveryBehaviour, type MockRequest, type MockResponse } from '../payment-mocks/mock-kit';

/*
 * A local STP for payouts (docs/providers/stp.md "Payouts", "Payout mock"): it takes registraOrden (PUT
 * /speiws/rest/ordenPago/registra), checking the firma with the lender's public key, keeps each order by its
 * claveRastreo (a second one with the same key is STP's duplicate answer), answers consultaOrden of sent orders, and
 * posts each change of state ("cambio de estado") from 127.0.0.1 to `${publicBaseUrl}/api/payouts/notifications/stp`,
 * retried until a 2xx and sent twice. An accepted order settles by itself after settleMs (0: only `play`). A settled
 * order's CEP link serves Banxico's CEP XML with the beneficiary's name (`validationName`).
 */


export type StpPayoutMockOptions = {
  publicBaseUrl: string;
  settleMs: number;
  /** The holder's name the receiving bank confirms in the CEP (default: the nombreBeneficiario the order sent). */
  validationName?: (account: string) => string;
  /** The lender's key pair and company, when the deposit mock (stp-mock.ts) already made them: both mocks share STP's settings. */
  keys?: { privateKey: string; publicKey: string };
  empresa?: string;
  /** Where requests this mock does not serve (received orders, conciliación) go: the deposit mock's URL. */
  fallbackUrl?: string;
  delivery?: Partial<DeliveryBehaviour>;
};

export const STP_PAYOUT_MOCK_NAME = 'PRESTA DEMO SA DE CV';
/** The lender's own account at STP (646 180 …, a valid check digit). */
export const STP_PAYOUT_MOCK_ACCOUNT = `64618055550000000${clabeCheckDigit('64618055550000000')}`;

type Estado = 'E' | 'LQ' | 'D' | 'CN';
type MockOrder = {
  id: number;
  claveRastreo: string;
  fechaOperacion: string;
  cuentaBeneficiario: string;
  nombreBeneficiario: string;
  institucionContraparte: string;
  monto: string;
  estado: Estado;
  causaDevolucion: number;
  tsLiquidacion: number | null;
  settle?: NodeJS.Timeout;
};

const CALLBACK_WORD: Record<Exclude<Estado, 'E'>, string> = { LQ: 'LIQUIDACION', D: 'DEVOLUCION', CN: 'CANCELACION' };
const OUTCOME_ESTADO = { settled: 'LQ', returned: 'D', failed: 'CN' } as const;

/** JSON whose `monto` keeps STP's two decimals (a number in the text). */
const stpJson = (value: unknown) => JSON.stringify(value).replace(/"monto":"(\d+\.\d\d)"/g, '"monto":$1');
const json = (status: number, body: unknown): MockResponse => ({ status, body: stpJson(body) });
const resultado = (id: number, descripcionError?: string) => json(200, { resultado: descripcionError ? { id, descripcionError } : { id } });

/** The body's fields as its cadena original takes them (numbers as written, monto from its digits); undefined when not JSON. */
function readOrden(raw: Buffer): { values: Partial<Record<RegistraOrdenField, CadenaValue>>; firma: string } | undefined {
  try {
    const body = JSON.parse(numbersAsWritten(raw.toString('utf8'), 'monto')) as Record<string, unknown>;
    const values: Partial<Record<RegistraOrdenField, CadenaValue>> = {};
    for (const field of REGISTRA_ORDEN_FIELDS) {
      const v = body[field];
      if (typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v))) values[field] = v;
    }
    return { values, firma: typeof body.firma === 'string' ? body.firma : '' };
  } catch {
    return undefined;
  }
}

export async function startStpPayoutMock(opts: StpPayoutMockOptions): Promise<PayoutMock & { readonly orders: ReadonlyMap<string, MockOrder>; readonly requests: readonly MockRequest[] }> {
  const keys = opts.keys ?? generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const publicKey: KeyObject = createPublicKey(keys.publicKey);
  const empresa = opts.empresa ?? 'PRESTA_DEMO';
  const holder = (o: MockOrder) => opts.validationName?.(o.cuentaBeneficiario) ?? o.nombreBeneficiario;
  const webhookUrl = `${opts.publicBaseUrl.replace(/\/$/, '')}/api/payouts/notifications/stp`;
  const delivery = { ...defaultDelivery, reverse: false, ...opts.delivery };
  const orders = new Map<string, MockOrder>();
  const requests: MockRequest[] = [];
  const hanging = new Set<() => void>();
  let mode: Parameters<PayoutMock['setMode']>[0] = 'accept';
  let nextId = 9_349_827;
  let baseUrl = '';

  const hang = () => new Promise<MockResponse>((resolve) => hanging.add(() => resolve({ status: 504, body: '' })));

  async function deliver(order: MockOrder): Promise<void> {
    if (order.estado === 'E') return;
    const body = { id: order.id, empresa, folioOrigen: order.claveRastreo, estado: CALLBACK_WORD[order.estado], causaDevolucion: order.causaDevolucion || null, tsLiquidacion: order.tsLiquidacion };
    await deliverPayment([{ url: webhookUrl, rawBody: JSON.stringify(body), headers: {} }], delivery);
  }

  function move(order: MockOrder, estado: Exclude<Estado, 'E'>): void {
    clearTimeout(order.settle);
    order.estado = estado;
    order.tsLiquidacion = estado === 'CN' ? null : Date.now();
    order.causaDevolucion = estado === 'D' ? 1 : 0;
  }

  async function registra(req: MockRequest): Promise<MockResponse> {
    if (mode === 'down') return { status: 503, body: '<html><body>Service Unavailable</body></html>', headers: { 'content-type': 'text/html' } };
    const read = readOrden(req.rawBody);
    if (!read) return resultado(0, 'El campo cuerpo es obligatorio');
    const { values, firma } = read;
    if (values.empresa !== empresa || !verifyStpFirma(publicKey, registraOrdenCadena(values), firma)) return resultado(0, 'Error validando la firma');
    const claveRastreo = String(values.claveRastreo ?? '');
    if (!/^[A-Za-z0-9]{1,30}$/.test(claveRastreo)) return resultado(-34, 'Clave rastreo invalida');
    if (orders.has(claveRastreo)) return resultado(-1, `La clave de rastreo ${claveRastreo} ya fue utilizada`);
    const cuenta = String(values.cuentaBeneficiario ?? '');
    if (mode === 'refuse') return resultado(-7, `La cuenta ${cuenta} no existe`);
    const order: MockOrder = {
      id: nextId++,
      claveRastreo,
      fechaOperacion: operationDayOf(new Date()),
      cuentaBeneficiario: cuenta,
      nombreBeneficiario: String(values.nombreBeneficiario ?? ''),
      institucionContraparte: String(values.institucionContraparte ?? ''),
      monto: String(values.monto ?? ''),
      estado: 'E',
      causaDevolucion: 0,
      tsLiquidacion: null,
    };
    orders.set(claveRastreo, order);
    if (opts.settleMs > 0) {
      order.settle = setTimeout(() => {
        move(order, 'LQ');
        void deliver(order);
      }, opts.settleMs);
      order.settle.unref();
    }
    return mode === 'timeout-after-accept' ? hang() : resultado(order.id);
  }

  function orderAnswer(o: MockOrder) {
    return {
      idEF: o.id,
      claveRastreo: o.claveRastreo,
      folioOrigen: o.claveRastreo,
      empresa,
      estado: o.estado,
      causaDevolucion: o.causaDevolucion,
      fechaOperacion: Number(o.fechaOperacion),
      cuentaBeneficiario: o.cuentaBeneficiario,
      institucionContraparte: Number(o.institucionContraparte),
      institucionOperante: 90646,
      monto: o.monto,
      tsLiquidacion: o.tsLiquidacion,
      ...(o.estado === 'LQ' ? { urlCEP: `${baseUrl}/cep/${o.claveRastreo}` } : {}),
    };
  }

  async function consulta(req: MockRequest): Promise<MockResponse> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      return json(400, { estado: 2, mensaje: 'JSON invalido' });
    }
    if (body.tipoOrden !== 'E') return forward(req);
    const claveRastreo = typeof body.claveRastreo === 'string' ? body.claveRastreo : '';
    const fechaOperacion = typeof body.fechaOperacion === 'string' && body.fechaOperacion !== '' ? body.fechaOperacion : undefined;
    const cadena = consultaOrdenCadena({ empresa: typeof body.empresa === 'string' ? body.empresa : '', claveRastreo, tipoOrden: 'E', fechaOperacion });
    if (body.empresa !== empresa || !verifyStpFirma(publicKey, cadena, typeof body.firma === 'string' ? body.firma : '')) return json(400, { estado: 2, mensaje: 'Error validando la firma' });
    const o = orders.get(claveRastreo);
    if (!o || o.fechaOperacion !== (fechaOperacion ?? operationDayOf(new Date()))) return json(400, { estado: 6, mensaje: 'No se encontraron datos relacionados' });
    return json(200, { estado: 0, mensaje: 'Datos consultados correctamente', respuesta: orderAnswer(o) });
  }

  async function forward(req: MockRequest): Promise<MockResponse> {
    if (!opts.fallbackUrl) return json(400, { estado: 6, mensaje: 'No se encontraron datos relacionados' });
    const res = await fetch(`${opts.fallbackUrl}${req.path}`, { method: req.method, headers: { 'content-type': 'application/json' }, body: req.rawBody.length ? new Uint8Array(req.rawBody) : undefined });
    return { status: res.status, body: await res.text() };
  }

  /** Banxico's CEP as XML: the beneficiary as the receiving bank confirmed it. */
  function cep(claveRastreo: string): MockResponse {
    const o = orders.get(claveRastreo);
    if (!o || o.estado !== 'LQ') return { status: 404, body: '', headers: { 'content-type': 'text/plain' } };
    const nombre = holder(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><SPEI_Tercero FechaOperacion="${o.fechaOperacion}" ClaveSPEI="90646" Hora="12:00:00"><Beneficiario BancoReceptor="${o.institucionContraparte}" Nombre="${nombre}" TipoCuenta="40" Cuenta="${o.cuentaBeneficiario}" RFC="ND" Concepto="" IVA="0.00" MontoPago="${o.monto}"/><Ordenante BancoEmisor="STP" Nombre="${STP_PAYOUT_MOCK_NAME}" TipoCuenta="40" Cuenta="${STP_PAYOUT_MOCK_ACCOUNT}" RFC="ND"/></SPEI_Tercero>`;
    return { status: 200, body: xml, headers: { 'content-type': 'application/xml' } };
  }

  const server = await startMockServer(async (req) => {
    requests.push(req);
    if (req.method === 'PUT' && req.path === '/speiws/rest/ordenPago/registra') return registra(req);
    if (req.method === 'POST' && req.path === '/efws/API/consultaOrden') return consulta(req);
    if (req.method === 'GET' && req.path.startsWith('/cep/')) return cep(decodeURIComponent(req.path.slice(5)));
    return forward(req);
  });
  baseUrl = server.url;

  return {
    provider: 'stp',
    url: server.url,
    orders,
    requests,
    env: {
      STP_API_URL: `${server.url}/speiws/rest`,
      STP_QUERY_URL: server.url,
      STP_EMPRESA: empresa,
      STP_PRIVATE_KEY: Buffer.from(keys.privateKey).toString('base64'),
      STP_PAYOUT_ACCOUNT: STP_PAYOUT_MOCK_ACCOUNT,
      STP_PAYOUT_NAME: STP_PAYOUT_MOCK_NAME,
      STP_PAYOUT_RFC: 'PDE2001015A1',
      STP_ALLOWED_ADDRESSES: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
    async play(idempotencyKey, outcome) {
      const order = orders.get(idempotencyKey);
      if (!order) throw new RangeError(`the STP mock has no order ${idempotencyKey}`);
      move(order, OUTCOME_ESTADO[outcome]);
      await deliver(order);
    },
    setMode(next) {
      mode = next;
    },
    async close() {
      for (const order of orders.values()) clearTimeout(order.settle);
      for (const release of hanging) release();
      await server.close();
    },
  };
}
