import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMockServer, type MockRequest, type MockResponse } from '../../demo/payment-mocks/mock-kit';
import { startStpMock, type StpMock } from '../../demo/payment-mocks/stp-mock';
import { clabeForOrderInRange, isValidClabe } from '../clabe';
import { ProviderUnavailable, type CreateReferenceInput, type PaymentProvider, type WebhookResult } from '../payment-provider';
import { newStoreReference } from '../store-reference';
import { STP_VERIFICATION, centavosFromMonto, createStpProvider, type StpOptions } from './stp-provider';
import { consultaOrdenCadena, verifyStpFirma } from './stp-signature';

const EMPRESA = 'PRESTA';
const PREFIX = '6461805555';
const CLABE = clabeForOrderInRange(1_234, PREFIX);
const now = new Date('2025-03-01T18:00:00Z');
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'lender passphrase' },
});

/** STP's query services for these tests: each test sets what they answer; every request is kept. */
let answerQuery: (req: MockRequest) => MockResponse | Promise<MockResponse>;
const queries: MockRequest[] = [];
let stp: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  stp = await startMockServer((req) => {
    queries.push(req);
    return answerQuery(req);
  });
});
afterAll(() => stp.close());
beforeEach(() => {
  queries.length = 0;
});

function counter(start = 1) {
  let next = start;
  return vi.fn(() => next++);
}

const options = (over: Partial<StpOptions> = {}): StpOptions => ({
  apiUrl: `${stp.url}/speiws/rest`,
  empresa: EMPRESA,
  privateKey: keys.privateKey,
  privateKeyPassphrase: 'lender passphrase',
  clabePrefix: PREFIX,
  allowedAddresses: ['127.0.0.1', '2001:db8::7'],
  nextSeq: counter(),
  timeoutMs: 2_000,
  ...over,
});

/**
 * A deposit as STP's callback documents it (stpmex.com "Recepción de abonos" example: its placeholder CLABE and
 * company replaced by ours; tsLiquidacion a string, as there).
 */
const documentedAbono = (monto = '0.01') => `{
    "id": 3191365,
    "fechaOperacion": 20200127,
    "institucionOrdenante": 846,
    "institucionBeneficiaria": 90646,
    "claveRastreo": "12345",
    "monto": ${monto},
    "nombreOrdenante": "STP",
    "tipoCuentaOrdenante": 40,
    "cuentaOrdenante": "846180000400000001",
    "rfcCurpOrdenante": "ND",
    "nombreBeneficiario": "NOMBRE_DE_BENEFICIARIO",
    "tipoCuentaBeneficiario": 40,
    "cuentaBeneficiario": "${CLABE}",
    "nombreBeneficiario2": "NOMBRE_DE_BENEFICIARIO2",
    "tipoCuentaBeneficiario2": 40,
    "cuentaBeneficiario2": "${CLABE}",
    "rfcCurpBeneficiario": "ND",
    "conceptoPago": "PRUEBA1",
    "referenciaNumerica": 1234567,
    "empresa": "${EMPRESA}",
    "tipoPago": 1,
    "tsLiquidacion": "1634919027297",
    "folioCodi": "f4c1111abd2b28a00abc"
}`;

/** consultaOrden's answer for a received order, in the shape STP's test environment answers (cuenca-mx/speid cassettes). */
const orderFound = (over: { monto?: string; cuenta?: string; estado?: string; clave?: string; fecha?: number; ts?: string } = {}): MockResponse => ({
  status: 200,
  body: `{"estado":0,"mensaje":"Datos consultados correctamente","respuesta":{"idEF":3191365,"claveRastreo":"${over.clave ?? '12345'}","conceptoPago":"PRUEBA1","cuentaBeneficiario":"${over.cuenta ?? CLABE}","cuentaOrdenante":"846180000400000001","empresa":"${EMPRESA}","estado":"${over.estado ?? 'TLQ'}","fechaOperacion":${over.fecha ?? 20200127},"institucionContraparte":846,"institucionOperante":90646,"medioEntrega":3,"monto":${over.monto ?? '0.01'},"nombreBeneficiario":"NOMBRE_DE_BENEFICIARIO","nombreOrdenante":"STP","nombreCep":null,"rfcCep":"ND","sello":null,"rfcCurpBeneficiario":"ND","referenciaNumerica":1234567,"rfcCurpOrdenante":"ND","tipoCuentaBeneficiario":40,"tipoCuentaOrdenante":40,"tipoPago":1,"tsCaptura":1634919025000,"tsLiquidacion":${over.ts ?? '1634919027297'},"causaDevolucion":null,"urlCEP":null}}`,
});
const notFound: MockResponse = { status: 400, body: '{"estado":6,"mensaje":"No se encontraron datos relacionados"}' };

const deliverFrom = (sourceAddress: string | undefined, provider: PaymentProvider, rawBody: string | Uint8Array): Promise<WebhookResult> =>
  provider.handleWebhook({ rawBody, headers: { 'content-type': 'application/json' }, sourceAddress }, now);
const deliver = (provider: PaymentProvider, rawBody: string | Uint8Array) => deliverFrom('127.0.0.1', provider, rawBody);

describe('createReference: the loan’s CLABE in the lender’s range, no call to STP', () => {
  const request = (over: Partial<CreateReferenceInput> = {}): CreateReferenceInput => ({ orderId: 1_234, amount: 150_050, purpose: 'repayment', channel: 'spei', expiresAt: now, ...over });

  it('the CLABE is the account: provider reference, CLABE and voucher code; our 14-digit reference beside it', async () => {
    const provider = createStpProvider(options({ nextSeq: counter(41) }));
    expect(provider.id).toBe('stp');
    expect(provider.channels).toEqual(['spei']);
    const created = await provider.createReference(request());
    expect(created).toEqual({
      reference: newStoreReference(41),
      providerReference: '646180555500012343',
      loanAccount: true,
      payerTypesReference: false,
      clabe: '646180555500012343',
      voucherCode: '646180555500012343',
      expiresAt: now,
    });
    expect(isValidClabe(created.clabe!)).toBe(true);
    expect(queries).toHaveLength(0);
  });

  it('the same CLABE for every reference of one loan; another loan, another CLABE', async () => {
    const provider = createStpProvider(options());
    const first = await provider.createReference(request({ purpose: 'extension' }));
    const second = await provider.createReference(request());
    const other = await provider.createReference(request({ orderId: 1_235 }));
    expect(second.clabe).toBe(first.clabe);
    expect(second.reference).not.toBe(first.reference);
    expect(other.clabe).not.toBe(first.clabe);
  });

  it('refuses another channel, and an order id beyond the range’s 7 digits before using a sequence number', async () => {
    const nextSeq = counter();
    const provider = createStpProvider(options({ nextSeq }));
    await expect(provider.createReference(request({ channel: 'store' }))).rejects.toThrow(RangeError);
    await expect(provider.createReference(request({ orderId: 10_000_000 }))).rejects.toThrow(RangeError);
    expect(nextSeq).not.toHaveBeenCalled();
  });

  it('refuses settings it cannot work with, at start', () => {
    expect(() => createStpProvider(options({ clabePrefix: '0021801234' }))).toThrow(RangeError);
    expect(() => createStpProvider(options({ clabePrefix: '646180555' }))).toThrow(RangeError);
    expect(() => createStpProvider(options({ allowedAddresses: [] }))).toThrow(RangeError);
    expect(() => createStpProvider(options({ allowedAddresses: ['127.0.0.1', 'stp.example'] }))).toThrow(RangeError);
    expect(() => createStpProvider(options({ empresa: 'A|B' }))).toThrow(RangeError);
    expect(() => createStpProvider(options({ privateKeyPassphrase: 'wrong' }))).toThrow();
  });
});

describe('handleWebhook: a documented deposit, confirmed by STP’s order query', () => {
  it('from an allowed address and listed by STP: one paid event', async () => {
    answerQuery = () => orderFound();
    const result = await deliver(createStpProvider(options()), documentedAbono());
    expect(result).toEqual({
      ok: true,
      verification: STP_VERIFICATION,
      events: [
        {
          provider: 'stp',
          dedupeKey: '12345:20200127',
          eventId: '3191365',
          type: 'abono',
          kind: 'paid',
          reference: CLABE,
          amount: 1,
          currency: 'MXN',
          occurredAt: new Date(1_634_919_027_297),
        },
      ],
    });
  });

  it('asks consultaOrden for that tracking key, received, on that day, signed with the lender’s key', async () => {
    answerQuery = () => orderFound();
    await deliver(createStpProvider(options()), Buffer.from(documentedAbono()));
    expect(queries).toHaveLength(1);
    const [query] = queries;
    expect(query!.method).toBe('POST');
    expect(query!.path).toBe('/efws/API/consultaOrden');
    expect(query!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(query!.rawBody.toString('utf8')) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['claveRastreo', 'empresa', 'fechaOperacion', 'firma', 'tipoOrden']);
    expect(body).toMatchObject({ empresa: EMPRESA, claveRastreo: '12345', tipoOrden: 'R', fechaOperacion: '20200127' });
    const cadena = consultaOrdenCadena({ empresa: EMPRESA, claveRastreo: '12345', tipoOrden: 'R', fechaOperacion: '20200127' });
    expect(cadena).toBe('||PRESTA|12345|R|20200127||');
    expect(verifyStpFirma(keys.publicKey, cadena, body.firma!)).toBe(true);
  });

  it('a deposit with tsLiquidacion as a number and no optional fields (as STP’s queries and older callbacks write it)', async () => {
    answerQuery = () => orderFound({ monto: '1500.50', clave: 'MBAN01002503010000123', fecha: 20250301 });
    const body = `{"id":7717041,"fechaOperacion":20250301,"institucionOrdenante":40012,"institucionBeneficiaria":90646,"claveRastreo":"MBAN01002503010000123","monto":1500.50,"cuentaBeneficiario":"${CLABE}","empresa":"${EMPRESA}","tsLiquidacion":1740852000123}`;
    const result = await deliver(createStpProvider(options()), body);
    expect(result.ok && result.events[0]).toMatchObject({ dedupeKey: 'MBAN01002503010000123:20250301', eventId: '7717041', amount: 150_050, occurredAt: new Date(1_740_852_000_123) });
  });

  it('without tsLiquidacion, STP’s settlement instant from its query; without either, the start of the operation day', async () => {
    const withoutTs = documentedAbono().replace('"tsLiquidacion": "1634919027297",', '');
    answerQuery = () => orderFound({ ts: '1634919020000' });
    expect(await deliver(createStpProvider(options()), withoutTs)).toMatchObject({ ok: true, events: [{ occurredAt: new Date(1_634_919_020_000) }] });
    answerQuery = () => orderFound({ ts: 'null' });
    // 00:00 in Mexico City (UTC−6)
    expect(await deliver(createStpProvider(options()), withoutTs)).toMatchObject({ ok: true, events: [{ occurredAt: new Date('2020-01-27T06:00:00Z') }] });
  });
});

describe('handleWebhook: the sender must be STP', () => {
  it('an address not allowed, or none → unknown_source, and STP is not asked', async () => {
    answerQuery = () => orderFound();
    const provider = createStpProvider(options());
    for (const address of ['10.0.0.1', '127.0.0.2', '::1', '2001:db8::8', 'not an address', undefined]) {
      expect(await deliverFrom(address, provider, documentedAbono())).toMatchObject({ ok: false, reason: 'unknown_source' });
    }
    expect(queries).toHaveLength(0);
  });

  it('an allowed address in any of its forms: IPv4-mapped IPv6, IPv6 in capitals or uncompressed', async () => {
    answerQuery = () => orderFound();
    const provider = createStpProvider(options());
    for (const address of ['::ffff:127.0.0.1', '2001:DB8::7', '2001:0db8:0000:0000:0000:0000:0000:0007']) {
      expect(await deliverFrom(address, provider, documentedAbono())).toMatchObject({ ok: true });
    }
  });

  it('a deposit STP does not list → not_confirmed', async () => {
    answerQuery = () => notFound;
    expect(await deliver(createStpProvider(options()), documentedAbono())).toMatchObject({ ok: false, reason: 'not_confirmed' });
  });

  it('STP lists the tracking key with another amount, account, day or a returned state → not_confirmed', async () => {
    const provider = createStpProvider(options());
    for (const differs of [
      orderFound({ monto: '0.02' }),
      orderFound({ cuenta: clabeForOrderInRange(1_235, PREFIX) }),
      orderFound({ fecha: 20200128 }),
      orderFound({ estado: 'D' }),
      orderFound({ clave: '12346' }),
    ]) {
      answerQuery = () => differs;
      expect(await deliver(provider, documentedAbono())).toMatchObject({ ok: false, reason: 'not_confirmed' });
    }
  });

  it('another company’s deposit → not_confirmed, and STP is not asked', async () => {
    answerQuery = () => orderFound();
    const result = await deliver(createStpProvider(options()), documentedAbono().replace(`"empresa": "${EMPRESA}"`, '"empresa": "OTRA"'));
    expect(result).toMatchObject({ ok: false, reason: 'not_confirmed' });
    expect(queries).toHaveLength(0);
  });
});

describe('handleWebhook: STP not answering', () => {
  it('no answer in time → ProviderUnavailable (the receiver answers 503, STP retries)', async () => {
    answerQuery = () => new Promise<MockResponse>(() => undefined);
    await expect(deliver(createStpProvider(options({ timeoutMs: 300 })), documentedAbono())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('5xx and 429 are tried again within the time limit; then ProviderUnavailable', async () => {
    const answers = [{ status: 503, body: 'busy' }, { status: 429, body: '' }, orderFound()];
    answerQuery = () => answers.shift()!;
    expect(await deliver(createStpProvider(options()), documentedAbono())).toMatchObject({ ok: true });
    expect(queries).toHaveLength(3);
    answerQuery = () => ({ status: 502, body: '' });
    await expect(deliver(createStpProvider(options()), documentedAbono())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('STP refusing our query (a firma it does not take) → ProviderUnavailable, never not_confirmed', async () => {
    answerQuery = () => ({ status: 400, body: '{"estado":2,"mensaje":"Error validando la firma"}' });
    await expect(deliver(createStpProvider(options()), documentedAbono())).rejects.toBeInstanceOf(ProviderUnavailable);
    answerQuery = () => ({ status: 200, body: '<html>proxy</html>' });
    await expect(deliver(createStpProvider(options()), documentedAbono())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('STP unreachable → ProviderUnavailable', async () => {
    const provider = createStpProvider(options({ apiUrl: 'http://127.0.0.1:9/speiws/rest', timeoutMs: 500 }));
    await expect(deliver(provider, documentedAbono())).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('monto: read exactly from the JSON text, in centavos', () => {
  it.each([
    ['1500', 150_000],
    ['1500.5', 150_050],
    ['1500.50', 150_050],
    ['0.01', 1],
    ['0.10', 10],
    ['99999999.99', 9_999_999_999],
  ])('%s → %i, and STP writing it another way (1500.50 for 1500.5) is the same amount', async (monto, centavos) => {
    expect(centavosFromMonto(monto)).toBe(centavos);
    answerQuery = () => orderFound({ monto: (centavos / 100).toFixed(2) });
    const result = await deliver(createStpProvider(options()), documentedAbono(monto));
    expect(result.ok && result.events[0]!.amount).toBe(centavos);
  });

  it.each(['1500.505', '1e3', '1.5E3', '-5', '0', '0.00', '"1500.50"', 'null', '1500.50000'])('%s → invalid_body, STP not asked', async (monto) => {
    answerQuery = () => orderFound();
    expect(await deliver(createStpProvider(options()), documentedAbono(monto))).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(queries).toHaveLength(0);
  });
});

describe('handleWebhook: the body read strictly, never a throw', () => {
  const provider = () => createStpProvider(options());

  it('a key twice (parsers disagree on which counts) → duplicate_keys', async () => {
    const twice = documentedAbono().replace('"monto": 0.01,', '"monto": 0.01, "monto": 9000.00,');
    expect(await deliver(provider(), twice)).toMatchObject({ ok: false, reason: 'duplicate_keys' });
  });

  it('not JSON, not UTF-8, a NUL, too deep, fields missing or of the wrong kind → invalid_body', async () => {
    const bodies: (string | Uint8Array)[] = [
      'confirmar',
      Uint8Array.from([0x7b, 0xff, 0x7d]),
      documentedAbono().replace('"PRUEBA1"', '"PRUEBA\\u0000"'),
      documentedAbono().replace('"folioCodi": "f4c1111abd2b28a00abc"', `"extra": ${'['.repeat(40)}${']'.repeat(40)}`),
      documentedAbono().replace('"claveRastreo": "12345",', ''),
      documentedAbono().replace('"claveRastreo": "12345"', '"claveRastreo": "12|345"'),
      documentedAbono().replace('"claveRastreo": "12345"', `"claveRastreo": "${'1'.repeat(31)}"`),
      documentedAbono().replace('"fechaOperacion": 20200127', '"fechaOperacion": 20201327'),
      documentedAbono().replace(`"cuentaBeneficiario": "${CLABE}"`, '"cuentaBeneficiario": 646180555500012349'),
      '[]',
      'null',
    ];
    for (const body of bodies) expect(await deliver(provider(), body)).toMatchObject({ ok: false, reason: 'invalid_body' });
    expect(queries).toHaveLength(0);
  });
});

describe('answer: what STP is told', () => {
  let provider: PaymentProvider;
  beforeAll(() => {
    provider = createStpProvider(options());
  });

  it('confirmar for every deposit received: applied, repeated, held in suspense', () => {
    for (const body of [{ received: true, applied: true }, { received: true, applied: false }, { received: true, applied: false, held: 'suspense', reason: 'unknown_reference' }]) {
      expect(provider.answer!({ status: 200, body })).toEqual({ status: 200, body: { mensaje: 'confirmar' } });
    }
  });

  it('confirmar also for a body from STP we could not read and for a tracking key seen with another amount: never devolver', () => {
    expect(provider.answer!({ status: 400, body: { received: false, error: 'invalid_body' } })).toEqual({ status: 200, body: { mensaje: 'confirmar' } });
    expect(provider.answer!({ status: 409, body: { received: false, error: 'event_conflict' } })).toEqual({ status: 200, body: { mensaje: 'confirmar' } });
  });

  it('a sender refused (not STP, a deposit STP does not list) is answered as it is', () => {
    const refused = { status: 401 as const, body: { received: false, error: 'unknown_source' } };
    expect(provider.answer!(refused)).toEqual(refused);
  });
});

describe('logging', () => {
  it('references, amounts and ids only: never the payer’s name, account or RFC/CURP', async () => {
    answerQuery = () => orderFound();
    const lines: unknown[] = [];
    const log = { info: (...a: unknown[]) => lines.push(a), warn: (...a: unknown[]) => lines.push(a), error: (...a: unknown[]) => lines.push(a) } as unknown as FastifyBaseLogger;
    const body = documentedAbono().replace('"nombreOrdenante": "STP"', '"nombreOrdenante": "MARIA LOPEZ"').replace('"rfcCurpOrdenante": "ND"', '"rfcCurpOrdenante": "LOPM800101MDFPRR09"');
    await deliver(createStpProvider(options({ log })), body);
    const text = JSON.stringify(lines);
    expect(text).toContain('12345');
    for (const secret of ['MARIA', 'LOPM800101MDFPRR09', '846180000400000001']) expect(text).not.toContain(secret);
  });
});

describe('the STP mock and the adapter, end to end', () => {
  let mock: StpMock;
  let receiver: http.Server;
  let provider: PaymentProvider;
  const received: WebhookResult[] = [];

  beforeAll(async () => {
    // A receiver doing what the server's notification route does: the raw bytes and the sender's address to the adapter.
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const result = await provider.handleWebhook({ rawBody: Buffer.concat(chunks), headers: req.headers, sourceAddress: req.socket.remoteAddress }, new Date());
          received.push(result);
          const reply = provider.answer!(result.ok ? { status: 200, body: { received: true } } : { status: 401, body: { received: false, error: result.reason } });
          res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        })();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    mock = await startStpMock({ webhookUrl: `http://127.0.0.1:${port}/api/payments/notifications/stp`, delivery: { firstRetryMs: 10 } });
    provider = createStpProvider({
      apiUrl: mock.env.STP_API_URL!,
      empresa: mock.env.STP_EMPRESA!,
      privateKey: Buffer.from(mock.env.STP_PRIVATE_KEY!, 'base64').toString('utf8'),
      clabePrefix: mock.env.STP_CLABE_PREFIX!,
      allowedAddresses: mock.env.STP_ALLOWED_ADDRESSES!.split(','),
      nextSeq: counter(),
      timeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await mock.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('a payment to the loan’s CLABE: delivered, confirmed by the query, sent twice as STP does', async () => {
    const { clabe } = await provider.createReference({ orderId: 77, amount: 150_050, purpose: 'repayment', channel: 'spei', expiresAt: now });
    received.length = 0;
    const paid = await mock.pay({ providerReference: clabe!, reference: 'unused', channel: 'spei', amount: 150_050 });
    expect(paid.logs).toEqual([{ attempts: [200], delivered: true }]);
    expect(received).toHaveLength(2);
    for (const result of received) {
      expect(result).toMatchObject({ ok: true, events: [{ kind: 'paid', reference: clabe, amount: 150_050, currency: 'MXN', dedupeKey: paid.eventIds[0] }] });
    }
    const consulta = mock.requests.filter((r) => r.path === '/efws/API/consultaOrden');
    expect(consulta.length).toBeGreaterThanOrEqual(2);
  });

  it('fetchStatus: the deposits STP lists today for that CLABE', async () => {
    const clabe = clabeForOrderInRange(78, mock.clabePrefix);
    await mock.pay({ providerReference: clabe, reference: 'unused', channel: 'spei', amount: 10_000 });
    mock.record({ clabe, amount: 5_005 });
    mock.record({ clabe: clabeForOrderInRange(79, mock.clabePrefix), amount: 999 });
    const status = await provider.fetchStatus(clabe);
    expect(status.state).toBe('paid');
    expect(status.paidAmount).toBe(15_005);
    expect(status.events.map((e) => [e.reference, e.amount, e.kind])).toEqual([
      [clabe, 10_000, 'paid'],
      [clabe, 5_005, 'paid'],
    ]);
    expect(await provider.fetchStatus(clabeForOrderInRange(80, mock.clabePrefix))).toEqual({ state: 'open', paidAmount: 0, events: [] });
    expect(await provider.fetchStatus(clabeForOrderInRange(80, '6461801111'))).toEqual({ state: 'unknown', paidAmount: 0, events: [] });
  });

  it('the mock refuses a query signed with another key, as STP does: ProviderUnavailable', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const impostor = createStpProvider({ ...options(), apiUrl: mock.env.STP_API_URL!, empresa: mock.empresa, clabePrefix: mock.clabePrefix, privateKey: other.privateKey, privateKeyPassphrase: undefined });
    await expect(impostor.fetchStatus(clabeForOrderInRange(78, mock.clabePrefix))).rejects.toBeInstanceOf(ProviderUnavailable);
    const deposit = mock.record({ clabe: clabeForOrderInRange(81, mock.clabePrefix), amount: 100 });
    await expect(deliver(impostor, mock.abonoBody(deposit))).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('a deposit whose amount was changed on the way: STP lists another amount → not_confirmed', async () => {
    const deposit = mock.record({ clabe: clabeForOrderInRange(82, mock.clabePrefix), amount: 100_000 });
    const tampered = mock.abonoBody(deposit).replace('"monto":1000.00', '"monto":1.00');
    expect(tampered).not.toBe(mock.abonoBody(deposit));
    expect(await deliver(provider, tampered)).toMatchObject({ ok: false, reason: 'not_confirmed' });
    expect(await deliver(provider, mock.abonoBody(deposit))).toMatchObject({ ok: true });
  });
});
