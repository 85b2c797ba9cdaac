import { consentKinds, requiredDocuments } from '@presta/contract/application-rules';
import { consentText } from '@presta/contract/application-consents';
import type { Normalised } from '@presta/contract/envelope';
import type { MarketCode } from '@presta/contract/markets';
import type { ApplicationData, CreditApplication } from '../api/application-calls';

/** Sample answers shaped by the contract (packages/contract/src/api/application.ts; money in minor units). */

const emptyIdentity: CreditApplication['identity'] = {
  givenNames: '',
  firstSurname: '',
  secondSurname: '',
  fullName: '',
  birthDate: '',
  sex: '',
  birthState: '',
  curp: '',
  rfc: '',
  pan: '',
  aadhaarMasked: '',
  email: '',
  nationality: '',
};

const emptyAddress: CreditApplication['address'] = {
  street: '',
  number: '',
  interior: '',
  colonia: '',
  municipality: '',
  postalCode: '',
  state: '',
  line1: '',
  line2: '',
  city: '',
  permanent: false,
  residentSince: '',
};

const none = { identity: false, address: false, work: false, documents: false, consents: false };

/** A draft of `market` with nothing typed yet, its texts in `lang`. */
export function application(market: MarketCode = 'MX', overrides: Partial<CreditApplication> = {}, lang: 'es' | 'en' = 'es'): CreditApplication {
  return {
    applicationNo: market === 'MX' ? 'SOL2026000007' : 'APP2026000007',
    market,
    status: 'draft',
    statusText: lang === 'es' ? 'Borrador' : 'Draft',
    editable: true,
    nextStep: 'identity',
    completed: { ...none },
    identity: { ...emptyIdentity },
    address: { ...emptyAddress },
    work: { occupation: '', employer: '', monthlyIncome: null, payFrequency: '', monthlyObligations: null, workingSince: '' },
    requiredDocuments: [...requiredDocuments[market]],
    documents: [],
    consents: [],
    consentTexts: consentKinds.map((kind) => ({ kind, ...consentText(market, kind, lang) })),
    problems: [],
    submittedAt: null,
    updatedAt: '2026-11-30T10:00:00.000Z',
    decision: null,
    ...overrides,
  };
}

/** Every step completed and the bureau authorised: ready to send. */
export function completeApplication(market: MarketCode = 'MX', overrides: Partial<CreditApplication> = {}): CreditApplication {
  const base = application(market);
  return {
    ...base,
    nextStep: null,
    completed: { identity: true, address: true, work: true, documents: true, consents: true },
    identity:
      market === 'MX'
        ? { ...emptyIdentity, givenNames: 'María José', firstSurname: 'García', secondSurname: 'López', birthDate: '1990-05-14', sex: 'M', birthState: 'JC', curp: 'GALM900514MJCRPR08', email: 'maria@example.com' }
        : { ...emptyIdentity, fullName: 'Priya Sharma', birthDate: '1992-03-08', pan: 'ABCPS1234K', aadhaarMasked: 'XXXX XXXX 4321', email: 'priya@example.com', nationality: 'IN' },
    address:
      market === 'MX'
        ? { ...emptyAddress, street: 'Av. Juárez', number: '12', colonia: 'Centro', postalCode: '44100', municipality: 'Guadalajara', state: 'JC', residentSince: '2019-03' }
        : { ...emptyAddress, line1: '12 MG Road', city: 'Bengaluru', state: 'KA', postalCode: '560001', permanent: true, residentSince: '2019-03' },
    work: { occupation: 'employed', employer: 'Tiendas Sol', monthlyIncome: 1_500_000, payFrequency: 'semimonthly', monthlyObligations: 200_000, workingSince: '2021-08' },
    documents: base.requiredDocuments.map((kind) => ({ kind, url: `/v3/certify/document-image?kind=${kind}`, uploadedAt: '2026-11-30T10:05:00.000Z' })),
    consents: base.consentTexts.map((c) => ({ kind: c.kind, version: c.version, granted: true, at: '2026-11-30T10:10:00.000Z' })),
    ...overrides,
  };
}

export function applicationData(app: CreditApplication | null, markets: MarketCode[] = app ? [app.market] : ['MX', 'IN']): ApplicationData {
  return { application: app, markets };
}

export function ok<T>(data: T): Normalised<T> {
  return { success: true, code: '0', message: '', data, raw: { code: '0', data } };
}

/** A refusal of the server: its code and its message. */
export function refused<T = unknown>(code: string, message: string): Normalised<T> {
  return { success: false, code, message, data: null, raw: { success: false, code, message, data: null } };
}

/** A decided application (issue 35): closed, its state in the server's words and the decision as the borrower reads it. */
export function decidedApplication(
  market: MarketCode,
  outcome: 'approved' | 'referred' | 'declined',
  decision: Partial<NonNullable<CreditApplication['decision']>> = {},
  overrides: Partial<CreditApplication> = {},
): CreditApplication {
  const statusText = {
    approved: 'Solicitud aprobada: sus ofertas están en Inicio',
    referred: 'Su solicitud está con un analista de crédito: le avisaremos por SMS',
    declined: 'Por ahora no podemos prestarle',
  }[outcome];
  return completeApplication(market, {
    status: outcome,
    statusText,
    editable: false,
    submittedAt: '2026-11-30T18:00:00.000Z',
    decision: { outcome, reasons: [], reapplyAfter: null, decidedAt: '2026-11-30T18:00:05.000Z', ...decision },
    ...overrides,
  });
}
