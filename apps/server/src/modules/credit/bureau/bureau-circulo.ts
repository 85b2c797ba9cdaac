import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeIdentityNumber, normalizeName } from '@presta/contract/identity/normalize';
import { extractAttributes, type MexicoReport } from './bureau-report';
import { BureauUnavailable, type BureauReportReceived, type BureauSubject, type CreditBureau } from './credit-bureau';

/*
 * Círculo de Crédito's Reporte de Crédito Consolidado (docs/credit-bureau.md "Real bureaus"): Mexico's live bureau.
 * Not wired to CREDIT_BUREAU yet (India has no live bureau, and one setting chooses both markets' bureau). The
 * request body is signed with the lender's ECDSA key (secp384r1, SHA256withECDSA, hex in x-signature); the answer's
 * x-signature is verified with Círculo's certificate before a byte of it is read: an answer that does not verify is
 * no answer (BureauUnavailable). The answer is kept as received; its attributes are read through the report's
 * Mexican shape (circuloToReport). No log line carries a body, a name or an identity number.
 */

export const CIRCULO_BUREAU = 'circulo';

export type CirculoSettings = {
  url: string;
  apiKey: string;
  username: string;
  password: string;
  /** The lender's ECDSA private key (PEM) whose certificate is uploaded to Círculo's portal. */
  privateKeyPem: string;
  /** Círculo's certificate (PEM), downloaded from its portal: verifies the answers. */
  certificatePem: string;
  timeoutMs: number;
};

/** The person as Círculo asks for them: names split, the address in one line. */
export function circuloRequest(subject: BureauSubject): Record<string, unknown> {
  const [primerNombre = '', ...otros] = normalizeName(subject.givenNames).split(' ');
  return {
    primerNombre,
    segundoNombre: otros.join(' '),
    apellidoPaterno: normalizeName(subject.firstSurname),
    apellidoMaterno: normalizeName(subject.secondSurname),
    fechaNacimiento: subject.birthDate,
    RFC: normalizeIdentityNumber(subject.rfc),
    CURP: normalizeIdentityNumber(subject.curp),
    nacionalidad: 'MX',
    domicilio: { direccion: normalizeName(subject.address), CP: subject.postalCode },
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);

/** Círculo's answer (strings for amounts and counts, lower-case rfc and curp) in the report's Mexican shape. */
export function circuloToReport(answer: Record<string, unknown>, requestDay: string): MexicoReport {
  const p = answer.persona as Record<string, unknown> | null | undefined;
  return {
    format: 'cdc-rcc/1',
    folioConsulta: text(answer.folioConsulta),
    fechaConsulta: requestDay,
    persona: p
      ? { nombres: text(p.nombres), apellidoPaterno: text(p.apellidoPaterno), apellidoMaterno: text(p.apellidoMaterno), fechaNacimiento: text(p.fechaNacimiento), RFC: text(p.rfc), CURP: text(p.curp) }
      : null,
    scores: list(answer.scores).map((s) => ({ nombreScore: text(s.nombreScore), valor: Number(text(s.valor)), razones: [] })),
    creditos: list(answer.creditos).map((c) => ({
      nombreOtorgante: text(c.nombreOtorgante),
      tipoCredito: text(c.tipoCredito),
      fechaAperturaCuenta: text(c.fechaAperturaCuenta),
      fechaCierreCuenta: text(c.fechaCierreCuenta) || null,
      frecuenciaPagos: text(c.frecuenciaPagos),
      montoPagar: text(c.montoPagar) || '0',
      saldoActual: text(c.saldoActual) || '0',
      saldoVencido: text(c.saldoVencido) || '0',
      pagoActual: text(c.pagoActual) || 'V',
      peorAtraso: Number(text(c.peorAtraso)) || 0,
    })),
    consultas: list(answer.consultas).map((q) => ({ fechaConsulta: text(q.fechaConsulta), nombreOtorgante: text(q.nombreOtorgante), tipoCredito: text(q.tipoCredito), importeCredito: text(q.importeCredito) || '0' })),
  };
}

type Keys = { mine: KeyObject; theirs: KeyObject };

async function post(settings: CirculoSettings, keys: Keys, body: string, log: FastifyBaseLogger): Promise<{ status: number; text: string }> {
  let res: Response;
  try {
    res = await fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': settings.apiKey,
        username: settings.username,
        password: settings.password,
        'x-full-report': 'true',
        'x-signature': sign('sha256', Buffer.from(body), keys.mine).toString('hex'),
      },
      body,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown';
    log.warn({ bureau: { name: CIRCULO_BUREAU, reason } }, 'credit bureau did not answer');
    throw new BureauUnavailable(`${CIRCULO_BUREAU}: ${reason}`);
  }
  const answer = await res.text();
  if (res.status >= 500 || res.status === 429 || res.status === 401 || res.status === 403) {
    const line = { bureau: { name: CIRCULO_BUREAU, status: res.status } };
    if (res.status === 401 || res.status === 403) log.error(line, 'credit bureau refused our credentials: check its key and certificate');
    else log.warn(line, 'credit bureau unavailable');
    throw new BureauUnavailable(`${CIRCULO_BUREAU}: http_${res.status}`);
  }
  const signature = res.headers.get('x-signature') ?? '';
  if (!/^[0-9a-f]+$/i.test(signature) || !verify('sha256', Buffer.from(answer), keys.theirs, Buffer.from(signature, 'hex'))) {
    log.error({ bureau: { name: CIRCULO_BUREAU, status: res.status } }, "credit bureau answer's signature does not verify");
    throw new BureauUnavailable(`${CIRCULO_BUREAU}: unverified answer`);
  }
  return { status: res.status, text: answer };
}

/** Círculo de Crédito for Mexico's applicants; `today` gives the request's day (the market's calendar). */
export function createCirculoBureau(settings: CirculoSettings, log: FastifyBaseLogger, today: () => string): CreditBureau {
  const keys: Keys = { mine: createPrivateKey(settings.privateKeyPem), theirs: createPublicKey(settings.certificatePem) };
  return {
    name: CIRCULO_BUREAU,
    async pull(subject: BureauSubject): Promise<BureauReportReceived> {
      if (subject.market !== 'MX') throw new Error('Círculo de Crédito reports on Mexico only');
      const answer = await post(settings, keys, JSON.stringify(circuloRequest(subject)), log);
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(answer.text) as Record<string, unknown>;
      } catch {
        throw new BureauUnavailable(`${CIRCULO_BUREAU}: unreadable answer`);
      }
      // 404: the person is not in the bureau (its errores say so); anything else without a folio is not a report.
      if (answer.status === 404) parsed = { ...parsed, persona: null };
      else if (answer.status !== 200 || !text(parsed.folioConsulta)) throw new BureauUnavailable(`${CIRCULO_BUREAU}: http_${answer.status} without a report`);
      const attributes = extractAttributes(JSON.stringify(circuloToReport(parsed, today())));
      const reference = text(parsed.folioConsulta) || `not-found-${subject.applicationNo}`;
      return { bureau: CIRCULO_BUREAU, outcome: attributes.found ? 'found' : 'not_found', reference, contentType: 'application/json', body: answer.text, attributes };
    },
  };
}
