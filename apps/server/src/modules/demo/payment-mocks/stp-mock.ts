import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { clabeCheckDigit } from '../../payments/clabe';
import { conciliacionCadena, consultaOrdenCadena, montoText, verifyStpFirma } from '../../payments/providers/stp-signature';
import { defaultDelivery, deliverPayment, startMockServer, type MockOptions, type MockRequest, type MockResponse, type ProviderMock } from './mock-kit';

/*
 * A local STP (docs/providers/stp.md "Mock"): it holds the deposits made to the lender's CLABE range, posts each as
 * STP's deposit callback ("abono") from 127.0.0.1 — retried until a 2xx, sent twice — and answers the two queries
 * the adapter makes, checking every firma with the lender's public key: consultaOrden (one received order by its
 * tracking key) and conciliación (the day's received orders). The key pair is the mock's own: the adapter gets the
 * private key through STP_PRIVATE_KEY, as a lender gets STP to hold its public key.
 */

export const STP_MOCK_EMPRESA = 'PRESTA_DEMO';
/** 646 180 + a 4-digit prefix no real company is known to have in STP's public material. */
export const STP_MOCK_CLABE_PREFIX = '6461805555';
/** Where a bank's SPEI payment comes from in the mock (a BBVA CLABE with a valid check digit). */
const PAYER_CLABE = `01218000012345678${clabeCheckDigit('01218000012345678')}`;

/** A deposit STP received for the lender. */
export type StpDeposit = {
  id: number;
  claveRastreo: string;
  /** The SPEI operation day, YYYYMMDD. */
  fechaOperacion: string;
  clabe: string;
  /** Minor units (centavos). */
  amount: number;
  tsLiquidacion: number;
  /** STP's state of the received order: 'R' received, 'CCO' confirmed by the lender. */
  estado: 'R' | 'CCO';
};

export type StpMock = ProviderMock & {
  readonly empresa: string;
  readonly clabePrefix: string;
  /** The lender's public key (PEM) the mock checks firmas with. */
  readonly publicKey: string;
  /** Every request the mock's API received, in order. */
  readonly requests: readonly MockRequest[];
  /** Records a deposit to a CLABE without posting it (a test posts abonoBody itself). */
  record(input: { clabe: string; amount: number; at?: Date }): StpDeposit;
  /** The exact bytes STP posts for a deposit, `monto` written as STP writes it (1500.50). */
  abonoBody(deposit: StpDeposit): string;
};

/** The SPEI operation day of an instant: its date in Mexico City (UTC−6 all year since 2022), YYYYMMDD. */
export const mexicoDay = (at: Date): string => new Date(at.getTime() - 6 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** JSON whose `monto` values are written as STP writes them, two decimals: the object carries them as centavos. */
function stpJson(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key === 'monto' && typeof v === 'number' ? `@@monto:${v}@@` : v)).replace(
    /"@@monto:(\d+)@@"/g,
    (_, centavos: string) => montoText(Number(centavos)),
  );
}

function abonoOf(d: StpDeposit, empresa: string) {
  return {
    id: d.id,
    fechaOperacion: Number(d.fechaOperacion),
    institucionOrdenante: 40012,
    institucionBeneficiaria: 90646,
    claveRastreo: d.claveRastreo,
    monto: d.amount,
    nombreOrdenante: 'PAGADOR DE PRUEBA',
    tipoCuentaOrdenante: 40,
    cuentaOrdenante: PAYER_CLABE,
    rfcCurpOrdenante: 'ND',
    nombreBeneficiario: empresa,
    tipoCuentaBeneficiario: 40,
    cuentaBeneficiario: d.clabe,
    rfcCurpBeneficiario: 'ND',
    conceptoPago: 'PAGO PRESTAMO',
    referenciaNumerica: 1234567,
    empresa,
    tipoPago: 1,
    tsLiquidacion: d.tsLiquidacion,
  };
}

/** A received order as STP's queries list it. */
function orderOf(d: StpDeposit, empresa: string) {
  return {
    idEF: d.id,
    claveRastreo: d.claveRastreo,
    conceptoPago: 'PAGO PRESTAMO',
    cuentaBeneficiario: d.clabe,
    cuentaOrdenante: PAYER_CLABE,
    empresa,
    estado: d.estado,
    fechaOperacion: Number(d.fechaOperacion),
    institucionContraparte: 40012,
    institucionOperante: 90646,
    medioEntrega: 3,
    monto: d.amount,
    nombreBeneficiario: empresa,
    nombreOrdenante: 'PAGADOR DE PRUEBA',
    rfcCurpBeneficiario: 'ND',
    rfcCurpOrdenante: 'ND',
    referenciaNumerica: 1234567,
    tipoCuentaBeneficiario: 40,
    tipoCuentaOrdenante: 40,
    tipoPago: 1,
    tsCaptura: d.tsLiquidacion - 2_000,
    tsLiquidacion: d.tsLiquidacion,
    causaDevolucion: null,
  };
}

const json = (status: number, body: unknown): MockResponse => ({ status, body: stpJson(body) });
/** STP's refusals of a query: estado 2 a request it cannot take (its firma included), 6 nothing found (both HTTP 400). */
const refused = (mensaje: string) => json(400, { estado: 2, mensaje });
const noData = () => json(400, { estado: 6, mensaje: 'No se encontraron datos relacionados' });

/** The query services: each request's firma is checked over its cadena original before anything is read. */
function queryHandler(empresa: string, publicKey: KeyObject, deposits: readonly StpDeposit[]) {
  return (req: MockRequest): MockResponse => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      return refused('JSON invalido');
    }
    const text = (name: string) => {
      const value = body[name];
      return typeof value === 'string' ? value : undefined;
    };
    const tipoOrden = text('tipoOrden');
    if (text('empresa') !== empresa || (tipoOrden !== 'R' && tipoOrden !== 'E')) return refused('{empresa, tipoOrden: datos invalidos}');
    const fechaOperacion = text('fechaOperacion') || undefined;
    const day = fechaOperacion ?? mexicoDay(new Date());
    if (req.method === 'POST' && req.path === '/efws/API/consultaOrden') {
      const claveRastreo = text('claveRastreo');
      if (!claveRastreo) return refused('{claveRastreo=el campo clave de rastreo no puede venir vacio}');
      if (!verifyStpFirma(publicKey, consultaOrdenCadena({ empresa, claveRastreo, tipoOrden, fechaOperacion }), text('firma') ?? '')) return refused('Error validando la firma');
      const found = tipoOrden === 'R' ? deposits.find((d) => d.claveRastreo === claveRastreo && d.fechaOperacion === day) : undefined;
      return found ? json(200, { estado: 0, mensaje: 'Datos consultados correctamente', respuesta: orderOf(found, empresa) }) : noData();
    }
    if (req.method === 'POST' && req.path === '/efws/API/V2/conciliacion') {
      if (!verifyStpFirma(publicKey, conciliacionCadena({ empresa, tipoOrden, fechaOperacion }), text('firma') ?? '')) return refused('Error validando la firma');
      const page = typeof body.page === 'number' && Number.isSafeInteger(body.page) && body.page >= 0 ? body.page : 0;
      const all = tipoOrden === 'R' ? deposits.filter((d) => d.fechaOperacion === day) : [];
      if (all.length === 0) return noData();
      const datos = all.slice(page * 1000, (page + 1) * 1000).map((d) => orderOf(d, empresa));
      return json(200, { estado: 0, mensaje: 'Datos consultados correctamente', datos, total: all.length });
    }
    return json(404, { estado: 2, mensaje: `no such service: ${req.method} ${req.path}` });
  };
}

export async function startStpMock(opts: MockOptions & { empresa?: string; clabePrefix?: string }): Promise<StpMock> {
  const empresa = opts.empresa ?? STP_MOCK_EMPRESA;
  const clabePrefix = opts.clabePrefix ?? STP_MOCK_CLABE_PREFIX;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const deposits: StpDeposit[] = [];
  const requests: MockRequest[] = [];
  const answer = queryHandler(empresa, createPublicKey(keys.publicKey), deposits);
  const server = await startMockServer((req) => {
    requests.push(req);
    return answer(req);
  }, opts.port);
  const delivery = { ...defaultDelivery, ...opts.delivery };
  let nextId = 1;
  const run = randomBytes(3).toString('hex').toUpperCase();

  const mock: StpMock = {
    provider: 'stp',
    url: server.url,
    empresa,
    clabePrefix,
    publicKey: keys.publicKey,
    requests,
    env: {
      STP_API_URL: `${server.url}/speiws/rest`,
      STP_EMPRESA: empresa,
      // base64 of the PEM: one line, whatever carries it (config.ts pemFromEnv reads it back).
      STP_PRIVATE_KEY: Buffer.from(keys.privateKey).toString('base64'),
      STP_CLABE_PREFIX: clabePrefix,
      STP_ALLOWED_ADDRESSES: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
    record({ clabe, amount, at = new Date() }) {
      if (!/^\d{18}$/.test(clabe)) throw new RangeError(`an STP deposit goes to an 18-digit CLABE, got "${clabe}"`);
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive whole number of centavos, got ${amount}`);
      const id = nextId++;
      const fechaOperacion = mexicoDay(at);
      // A tracking key the way a bank writes one: its own prefix, the day and a number of its own (with this mock's
      // run, so that a restarted demo server never repeats one of the same day: it would be a repeat to the receiver).
      const deposit: StpDeposit = { id, claveRastreo: `MOCK${fechaOperacion}${run}${String(id).padStart(6, '0')}`, fechaOperacion, clabe, amount, tsLiquidacion: at.getTime(), estado: 'R' };
      deposits.push(deposit);
      return deposit;
    },
    abonoBody: (deposit) => stpJson(abonoOf(deposit, empresa)),
    async pay({ providerReference, amount }) {
      const deposit = mock.record({ clabe: providerReference, amount });
      const logs = await deliverPayment([{ url: opts.webhookUrl, rawBody: mock.abonoBody(deposit), headers: {} }], delivery);
      if (logs.every((log) => log.delivered)) deposit.estado = 'CCO';
      return { eventIds: [`${deposit.claveRastreo}:${deposit.fechaOperacion}`], logs };
    },
    close: server.close,
  };
  return mock;
}
