import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxApplicants } from '../../application/kyc/kyc-sandbox-data';
import { circuloRequest, createCirculoBureau, type CirculoSettings } from './bureau-circulo';
import { BureauUnavailable, type BureauSubject } from './credit-bureau';

/*
 * The Círculo de Crédito adapter against a local stand-in for its API: the stand-in verifies our signature with the
 * lender's public key, as Círculo does with the uploaded certificate, and signs its answers with a key of its own.
 * The answers are written from Círculo's published client models (folioConsulta, persona, scores, creditos,
 * consultas; amounts and counts as strings).
 */

const lender = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const circulo = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const pem = (key: { export: (o: { type: 'pkcs8' | 'spki'; format: 'pem' }) => string | Buffer }, type: 'pkcs8' | 'spki') => String(key.export({ type, format: 'pem' }));

const person = sandboxApplicants.verified.MX;
const subject: BureauSubject = {
  market: 'MX',
  applicationNo: 'A-2026-0001',
  givenNames: person.givenNames,
  firstSurname: person.firstSurname,
  secondSurname: person.secondSurname,
  fullName: '',
  birthDate: person.birthDate,
  curp: person.curp,
  rfc: person.rfc,
  pan: '',
  address: 'Calle Durango 81, Roma Norte, Cuauhtémoc, CDMX',
  postalCode: '06700',
  authorisation: { consentId: 7, version: 'bureau-v1', signedAt: new Date('2026-11-28T12:00:00Z') },
};

const report = {
  folioConsulta: '0009876543',
  persona: { nombres: 'MARIA FERNANDA', apellidoPaterno: 'LOPEZ', apellidoMaterno: 'HERNANDEZ', fechaNacimiento: '1992-05-14', rfc: person.rfc, curp: person.curp, nacionalidad: 'MX' },
  scores: [{ nombreScore: 'FICO', valor: '0712', razones: ['D8', 'K0'] }],
  creditos: [
    { claveOtorgante: '0001', nombreOtorgante: 'BANCO UNO', tipoCuenta: 'R', tipoCredito: 'TC', frecuenciaPagos: 'M', montoPagar: '1200', fechaAperturaCuenta: '2019-04-01', fechaCierreCuenta: '', saldoActual: '8000', saldoVencido: '0', numeroPagosVencidos: '0', pagoActual: ' V', historicoPagos: 'VVVVVV', peorAtraso: '0' },
    { claveOtorgante: '0002', nombreOtorgante: 'FINANCIERA DOS', tipoCuenta: 'I', tipoCredito: 'PP', frecuenciaPagos: 'Q', montoPagar: '500.00', fechaAperturaCuenta: '2025-02-01', fechaCierreCuenta: null, saldoActual: '3000', saldoVencido: '500', numeroPagosVencidos: '1', pagoActual: '01', historicoPagos: 'V1VVVV', peorAtraso: '15' },
    { claveOtorgante: '0003', nombreOtorgante: 'TIENDA TRES', tipoCuenta: 'I', tipoCredito: 'CL', frecuenciaPagos: 'S', montoPagar: '300', fechaAperturaCuenta: '2015-01-01', fechaCierreCuenta: '2017-01-01', saldoActual: '0', saldoVencido: '0', numeroPagosVencidos: '0', pagoActual: '09', historicoPagos: '999999', peorAtraso: '365' },
  ],
  consultas: [
    { fechaConsulta: '2026-11-20', claveOtorgante: '0004', nombreOtorgante: 'OTORGANTE', tipoCredito: 'PP', importeCredito: '5000', tipoResponsabilidad: 'I', claveUnidadMonetaria: 'MX' },
    { fechaConsulta: '2026-01-20', claveOtorgante: '0005', nombreOtorgante: 'OTRO', tipoCredito: 'TC', importeCredito: '10000', tipoResponsabilidad: 'I', claveUnidadMonetaria: 'MX' },
  ],
};

type Scenario = 'report' | 'not_found' | 'down' | 'forged' | 'unsigned' | 'hang';
let scenario: Scenario = 'report';
let seen: { headers: IncomingHttpHeaders; body: string; signatureValid: boolean } | null = null;
let server: Server;
const settings = (): CirculoSettings => ({
  url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/rcc`,
  apiKey: 'api-key-1',
  username: 'presta-user',
  password: 'presta-pass',
  privateKeyPem: pem(lender.privateKey, 'pkcs8'),
  certificatePem: pem(circulo.publicKey, 'spki'),
  timeoutMs: 1_000,
});

function answer(status: number, body: unknown, signer = circulo.privateKey) {
  const text = JSON.stringify(body);
  return { status, text, signature: sign('sha256', Buffer.from(text), signer).toString('hex') };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const signature = String(req.headers['x-signature'] ?? '');
      seen = { headers: req.headers, body, signatureValid: verify('sha256', Buffer.from(body), lender.publicKey, Buffer.from(signature, 'hex')) };
      if (scenario === 'hang') return;
      const a =
        scenario === 'report' ? answer(200, report)
        : scenario === 'not_found' ? answer(404, { errores: [{ codigo: '404.1', mensaje: 'No se encontró información' }] })
        : scenario === 'down' ? answer(503, { errores: [{ codigo: '503', mensaje: 'Servicio no disponible' }] })
        : scenario === 'forged' ? answer(200, report, lender.privateKey)
        : { ...answer(200, report), signature: '' };
      res.writeHead(a.status, { 'content-type': 'application/json', ...(a.signature ? { 'x-signature': a.signature } : {}) });
      res.end(a.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const lines: string[] = [];
const log = { warn: (_o: unknown, m: string) => lines.push(m), error: (_o: unknown, m: string) => lines.push(m) } as unknown as FastifyBaseLogger;
const bureau = () => createCirculoBureau(settings(), log, () => '2026-11-29');

describe('Círculo de Crédito adapter', () => {
  it('signs the person it asks about, sends its credentials, and reads a verified report as kept', async () => {
    scenario = 'report';
    const received = await bureau().pull(subject);
    expect(seen?.signatureValid).toBe(true);
    expect(seen?.headers).toMatchObject({ 'x-api-key': 'api-key-1', username: 'presta-user', password: 'presta-pass', 'x-full-report': 'true' });
    expect(JSON.parse(seen!.body)).toEqual(circuloRequest(subject));
    expect(JSON.parse(seen!.body)).toMatchObject({ primerNombre: 'MARIA', segundoNombre: 'FERNANDA', apellidoPaterno: 'LOPEZ', RFC: person.rfc, fechaNacimiento: '1992-05-14' });
    expect(received).toMatchObject({ bureau: 'circulo', outcome: 'found', reference: '0009876543', contentType: 'application/json', body: JSON.stringify(report) });
    expect(received.attributes).toEqual({
      found: true,
      score: 712,
      openAccounts: 2,
      // 1 200.00 monthly + 500.00 fortnightly (1 000.00 a month); the closed weekly account is history.
      monthlyPayments: 120_000 + 100_000,
      // One fortnightly payment overdue.
      worstDelinquencyDays: 15,
      inquiries90d: 1,
      fileBirthDate: '1992-05-14',
      fileNameKey: 'MARIA FERNANDA LOPEZ HERNANDEZ',
    });
  });

  it('a person not in the bureau: not_found, every attribute null', async () => {
    scenario = 'not_found';
    const received = await bureau().pull(subject);
    expect(received).toMatchObject({ outcome: 'not_found', reference: 'not-found-A-2026-0001' });
    expect(received.attributes).toMatchObject({ found: false, score: null, monthlyPayments: null });
  });

  it.each([
    ['down', /http_503/],
    ['forged', /unverified answer/],
    ['unsigned', /unverified answer/],
    ['hang', /TimeoutError/],
  ] as const)('%s: BureauUnavailable, the decision is tried again', async (s, message) => {
    scenario = s;
    const pull = bureau().pull(subject);
    await expect(pull).rejects.toBeInstanceOf(BureauUnavailable);
    await expect(pull).rejects.toThrow(message);
  });

  it('reports on Mexico only; no log line names the person', async () => {
    await expect(bureau().pull({ ...subject, market: 'IN' })).rejects.toThrow(/Mexico only/);
    expect(lines.join(' ')).not.toMatch(new RegExp(`${person.rfc}|LOPEZ|MARIA`, 'i'));
  });
});
