import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { startStpPayoutMock } from '../../demo/payout-mocks/stp-payout-mock';
import { clabeCheckDigit } from '../clabe';
import { ProviderUnavailable } from '../payment-provider';
import { registraOrdenCadena, verifyStpFirma, REGISTRA_ORDEN_FIELDS, type CadenaValue, type RegistraOrdenField } from '../providers/stp-signature';
import { numbersAsWritten } from '../../../lib/json-number-literals';
import { PayoutRefused, type PayoutEvent, type PayoutProvider, type PayoutRequest } from './payout-provider';
import { createStpPayoutProvider, createStpPayouts, STP_RECEIVED } from './stp-payout';
import { bankingDayFrom, causaText, institucionOf, outcomeOf, referenciaOf, stateOf, stpText } from './stp-payout-orden';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const BBVA = `01218000123456789`.slice(0, 17);
const CLABE = `${BBVA}${clabeCheckDigit(BBVA)}`;
let seq = 0;
const newKey = () => `T${Date.now().toString(36).toUpperCase()}${(seq++).toString().padStart(3, '0')}`;

const request = (over: Partial<PayoutRequest> = {}): PayoutRequest => ({
  idempotencyKey: newKey(),
  orderNo: 'MX2025000123',
  amount: 150050,
  currency: 'MXN',
  beneficiary: { accountNumber: CLABE, ifsc: null, bankCode: '012', bankName: 'BBVA México', name: 'José Ñúñez-Pérez O\'Brien', taxId: 'NUPJ800101HDFXRS09', accountId: 1, borrowerId: 1 },
  concept: 'Presta préstamo MX2025000123',
  ...over,
});

/** A local receiver standing in for POST /api/payouts/notifications/stp: the adapter on the raw bytes and the sender's address. */
async function startReceiver(provider: () => PayoutProvider) {
  const events: PayoutEvent[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void provider()
        .handleWebhook({ rawBody: Buffer.concat(chunks), headers: req.headers, sourceAddress: req.socket.remoteAddress }, new Date())
        .then((result) => {
          if (result.ok) events.push(...result.events);
          const answer = provider().answer!(result.ok);
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, events, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let mock: Awaited<ReturnType<typeof startStpPayoutMock>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stp: PayoutProvider;

beforeAll(async () => {
  receiver = await startReceiver(() => stp);
  mock = await startStpPayoutMock({ publicBaseUrl: receiver.url, settleMs: 0, keys, validationName: () => 'JOSE NUNEZ PEREZ', delivery: { firstRetryMs: 20, duplicate: false } });
  stp = createStpPayouts({ config: loadConfig({ ...process.env, ...mock.env, PAYOUT_PROVIDER_TIMEOUT_MS: '400' }) });
});
afterAll(async () => {
  await mock?.close();
  await receiver?.close();
});
beforeEach(() => mock.setMode('accept'));

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('STP registraOrden', () => {
  it('signs the documented fields with the lender key and sends them as STP reads them', async () => {
    const r = request();
    const state = await stp.createPayout(r);
    expect(state).toMatchObject({ status: 'pending', providerReference: r.idempotencyKey });
    expect(Number(state.providerPayoutId)).toBeGreaterThan(0);
    const sent = mock.requests.filter((q) => q.method === 'PUT').at(-1)!;
    const text = sent.rawBody.toString('utf8');
    expect(text).toContain('"monto":1500.50');
    const body = JSON.parse(numbersAsWritten(text, 'monto')) as Record<string, CadenaValue> & { firma: string };
    expect(body).toMatchObject({
      claveRastreo: r.idempotencyKey,
      folioOrigen: r.idempotencyKey,
      institucionContraparte: '40012',
      institucionOperante: '90646',
      cuentaBeneficiario: CLABE,
      tipoCuentaBeneficiario: 40,
      nombreBeneficiario: 'JOSE NUNEZ PEREZ O BRIEN',
      rfcCurpBeneficiario: 'NUPJ800101HDFXRS09',
      conceptoPago: 'PRESTA PRESTAMO MX2025000123',
      referenciaNumerica: 5000123,
      tipoPago: 1,
      empresa: mock.env.STP_EMPRESA,
      cuentaOrdenante: mock.env.STP_PAYOUT_ACCOUNT,
      monto: '1500.50',
    });
    const values = Object.fromEntries(REGISTRA_ORDEN_FIELDS.map((f) => [f, body[f]])) as Record<RegistraOrdenField, CadenaValue>;
    expect(verifyStpFirma(keys.publicKey, registraOrdenCadena(values), body.firma)).toBe(true);
    expect(verifyStpFirma(keys.publicKey, registraOrdenCadena({ ...values, monto: '1500.51' }), body.firma)).toBe(false);
  });

  it('a refusal is PayoutRefused with STP words; STP down is ProviderUnavailable', async () => {
    mock.setMode('refuse');
    await expect(stp.createPayout(request())).rejects.toThrow(PayoutRefused);
    await expect(stp.createPayout(request())).rejects.toThrow(/La cuenta \d{18} no existe/);
    mock.setMode('down');
    await expect(stp.createPayout(request())).rejects.toThrow(ProviderUnavailable);
  });

  it('a timeout after STP accepted is ProviderUnavailable; the retry under the same key is looked up, never a second order', async () => {
    const r = request();
    mock.setMode('timeout-after-accept');
    const started = Date.now();
    await expect(stp.createPayout(r)).rejects.toThrow(ProviderUnavailable);
    expect(Date.now() - started).toBeLessThan(2000);
    mock.setMode('accept');
    const before = mock.orders.size;
    const state = await stp.createPayout(r);
    expect(state).toMatchObject({ status: 'pending', providerPayoutId: String(mock.orders.get(r.idempotencyKey)!.id) });
    expect(mock.orders.size).toBe(before);
    expect(await stp.getPayout(r.idempotencyKey, new Date())).toMatchObject({ status: 'pending' });
  });

  it('refuses a key STP would not take and an unknown key is unknown', async () => {
    await expect(stp.createPayout(request({ idempotencyKey: 'has-dash' }))).rejects.toThrow(RangeError);
    expect(await stp.getPayout('NEVERSENT1', new Date())).toEqual({ status: 'unknown' });
  });
});

describe('STP state changes', () => {
  it('settles through the callback STP posts, confirmed by the query: processed with the value day', async () => {
    const r = request();
    await stp.createPayout(r);
    await mock.play(r.idempotencyKey, 'settled');
    expect(await until(() => receiver.events.some((e) => e.idempotencyKey === r.idempotencyKey))).toBe(true);
    const event = receiver.events.find((e) => e.idempotencyKey === r.idempotencyKey)!;
    expect(event).toMatchObject({ provider: 'stp', type: 'LIQUIDACION', dedupeKey: `${mock.orders.get(r.idempotencyKey)!.id}:LIQUIDACION`, state: { status: 'processed' } });
    expect(event.state.valueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await stp.getPayout(r.idempotencyKey, new Date())).toMatchObject({ status: 'processed' });
  });

  it('a return carries its cause; a cancellation fails', async () => {
    const returned = request();
    const failed = request();
    await stp.createPayout(returned);
    await stp.createPayout(failed);
    await mock.play(returned.idempotencyKey, 'returned');
    await mock.play(failed.idempotencyKey, 'failed');
    expect(await stp.getPayout(returned.idempotencyKey, new Date())).toMatchObject({ status: 'reversed', reason: 'causa 1: Cuenta inexistente' });
    expect(await stp.getPayout(failed.idempotencyKey, new Date())).toMatchObject({ status: 'failed' });
  });

  it('refuses a callback from another address, of another company, or that the query does not confirm', async () => {
    const r = request();
    await stp.createPayout(r);
    const id = mock.orders.get(r.idempotencyKey)!.id;
    const body = (over: object = {}) => JSON.stringify({ id, empresa: mock.env.STP_EMPRESA, folioOrigen: r.idempotencyKey, estado: 'LIQUIDACION', causaDevolucion: null, tsLiquidacion: Date.now(), ...over });
    const post = (rawBody: string, sourceAddress = '127.0.0.1') => stp.handleWebhook({ rawBody, headers: {}, sourceAddress }, new Date());
    expect(await post(body(), '203.0.113.9')).toMatchObject({ ok: false, reason: 'unknown_source' });
    expect(await post(body())).toMatchObject({ ok: false, reason: 'not_confirmed' }); // STP still lists it as sent
    expect(await post(body({ empresa: 'OTRA' }))).toMatchObject({ ok: false, reason: 'not_confirmed' });
    expect(await post(body({ folioOrigen: 'NOSUCHKEY1' }))).toMatchObject({ ok: false, reason: 'not_confirmed' });
    expect(await post('{"id":1,"id":2}')).toMatchObject({ ok: false, reason: 'duplicate_keys' });
    expect(await post(body({ folioOrigen: 'bad|key' }))).toMatchObject({ ok: false, reason: 'invalid_body' });
    await mock.play(r.idempotencyKey, 'settled');
    expect(await post(body({ id: id + 1000 }))).toMatchObject({ ok: false, reason: 'not_confirmed' });
    expect(await post(body())).toMatchObject({ ok: true, events: [{ state: { status: 'processed' } }] });
    expect(stp.answer!(true)).toEqual({ status: 200, body: STP_RECEIVED });
  });

  it('the mock settles by itself after settleMs and delivers the callback', async () => {
    const own = await startStpPayoutMock({ publicBaseUrl: receiver.url, settleMs: 50, keys, delivery: { firstRetryMs: 20, duplicate: false } });
    try {
      const provider = createStpPayoutProvider({ apiUrl: own.env.STP_API_URL!, queryUrl: own.url, empresa: own.env.STP_EMPRESA!, privateKey: keys.privateKey, ordenante: { account: own.env.STP_PAYOUT_ACCOUNT!, name: 'PRESTA', rfc: undefined }, allowedAddresses: ['127.0.0.1'], timeoutMs: 1000 });
      const r = request();
      await provider.createPayout(r);
      stp = provider;
      expect(await until(() => receiver.events.some((e) => e.idempotencyKey === r.idempotencyKey && e.state.status === 'processed'))).toBe(true);
    } finally {
      stp = createStpPayouts({ config: loadConfig({ ...process.env, ...mock.env, PAYOUT_PROVIDER_TIMEOUT_MS: '400' }) });
      await own.close();
    }
  });
});

describe('STP account validation (one centavo)', () => {
  it('completes with the holder name from the CEP once STP settles it; a returned one fails', async () => {
    const reference = newKey();
    const started = await stp.validateAccount({ reference, beneficiary: request().beneficiary });
    expect(started).toMatchObject({ status: 'pending', reference });
    expect(mock.orders.get(reference)!.monto).toBe('0.01');
    expect(await stp.getValidation(reference, started.providerReference)).toMatchObject({ status: 'pending' });
    await mock.play(reference, 'settled');
    expect(await stp.getValidation(reference, started.providerReference)).toMatchObject({ status: 'completed', registeredName: 'JOSE NUNEZ PEREZ', accountActive: true });
    expect(await until(() => receiver.events.some((e) => e.idempotencyKey === reference && e.validation?.status === 'completed'))).toBe(true);

    const bad = newKey();
    await stp.validateAccount({ reference: bad, beneficiary: request().beneficiary });
    await mock.play(bad, 'returned');
    expect(await stp.getValidation(bad, undefined)).toMatchObject({ status: 'failed', accountActive: false, reason: 'causa 1: Cuenta inexistente' });
    mock.setMode('refuse');
    expect(await stp.validateAccount({ reference: newKey(), beneficiary: request().beneficiary })).toMatchObject({ status: 'failed', accountActive: false });
  });
});

describe('STP payout rules', () => {
  it('maps STP institution codes, names, references, states and days', () => {
    expect([institucionOf('012'), institucionOf('166'), institucionOf('646'), institucionOf('722'), institucionOf('659'), institucionOf('12')]).toEqual(['40012', '37166', '90646', '90722', undefined, undefined]);
    expect(stpText('  María José  Ávila-Núñez ')).toBe('MARIA JOSE AVILA NUNEZ');
    expect(stpText('A'.repeat(50))).toHaveLength(39);
    expect([referenciaOf('MX2025000123'), referenciaOf('ABC'), referenciaOf('0000000')]).toEqual([5000123, 1, 1]);
    expect(['LQ', 'Liquidada', 'LIQUIDACION', 'D', 'DEVOLUCION', 'CN', 'CANCELACION', 'Cancelada', 'E', 'A', undefined].map(outcomeOf)).toEqual([
      'processed', 'processed', 'processed', 'reversed', 'reversed', 'failed', 'failed', 'failed', 'pending', 'pending', 'pending',
    ]);
    // 2025-03-01 18:30 UTC is 12:30 in Mexico City: that day; 2025-03-02 03:00 UTC is still 1 March there.
    expect(stateOf({ claveRastreo: 'K1', estado: 'LQ', idEF: 7, tsLiquidacion: Date.UTC(2025, 2, 2, 3) })).toEqual({ status: 'processed', providerPayoutId: '7', providerReference: 'K1', valueDate: '2025-03-01' });
    expect(causaText(3)).toBe('causa 3: Cuenta cancelada');
    expect([bankingDayFrom('20250307', 1), bankingDayFrom('20250310', -1)]).toEqual(['20250310', '20250307']);
  });

  it('without its settings the adapter answers 503, never a throw at start', async () => {
    const bare = createStpPayouts({ config: loadConfig({ ...process.env, STP_PRIVATE_KEY: '', STP_EMPRESA: '' }) });
    await expect(bare.createPayout(request())).rejects.toThrow(ProviderUnavailable);
  });
});
