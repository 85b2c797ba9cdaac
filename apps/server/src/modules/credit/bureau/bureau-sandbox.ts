import { createHash } from 'node:crypto';
import { todayIn } from '@presta/contract/dates';
import { normalizeIdentityNumber, normalizeName } from '@presta/contract/identity/normalize';
import { marketOf } from '@presta/contract/markets';
import { daysBefore, extractAttributes, minorToDecimal, toIndianDate, type IndiaReport, type MexicoReport } from './bureau-report';
import { fileFigures, identityHash, mismatchedBirthDate, sandboxMarkOf, type FileFigures, type SandboxAccount, type SandboxBureauProfile } from './bureau-sandbox-data';
import { BureauUnavailable, type BureauReportReceived, type BureauSubject, type CreditBureau } from './credit-bureau';

/*
 * The sandbox bureau: the demo's and the tests' (docs/credit-bureau.md "Sandbox"). No network; the file is read
 * from the identity's mark (bureau-sandbox-data.ts), in the shape of the market's real report (bureau-report.ts),
 * dated the day of the pull in the market's calendar. A marked identity ('UN' / 'UNA') makes it unavailable.
 */

export const SANDBOX_BUREAU = 'sandbox';

const MX_KIND: Record<SandboxAccount['kind'], { tipoCredito: string; otorgante: string; frecuencia: 'M' | 'Q' }> = {
  card: { tipoCredito: 'CC', otorgante: 'BANCO SANDBOX', frecuencia: 'M' },
  personal: { tipoCredito: 'PP', otorgante: 'FINANCIERA SANDBOX', frecuencia: 'Q' },
  auto: { tipoCredito: 'AU', otorgante: 'AUTOFIN SANDBOX', frecuencia: 'M' },
  phone: { tipoCredito: 'TE', otorgante: 'TELEFONIA SANDBOX', frecuencia: 'M' },
};
const IN_KIND: Record<SandboxAccount['kind'], { accountType: string; member: string }> = {
  card: { accountType: 'Credit Card', member: 'SANDBOX BANK' },
  personal: { accountType: 'Personal Loan', member: 'SANDBOX NBFC' },
  auto: { accountType: 'Auto Loan', member: 'SANDBOX MOTORS' },
  phone: { accountType: 'Consumer Loan', member: 'SANDBOX FINSERV' },
};

function mexicoReport(subject: BureauSubject, profile: SandboxBureauProfile | null, f: FileFigures, day: string, folio: string): MexicoReport {
  const base = { format: 'cdc-rcc/1' as const, folioConsulta: folio, fechaConsulta: day };
  if (profile === 'not_found') return { ...base, persona: null, scores: [], creditos: [], consultas: [], errores: [{ codigo: '404.1', mensaje: 'No se encontró información con los datos proporcionados' }] };
  const opened = (a: SandboxAccount) => {
    const kind = MX_KIND[a.kind];
    const perPayment = kind.frecuencia === 'Q' ? a.monthly / 2 : a.monthly;
    return {
      nombreOtorgante: kind.otorgante,
      tipoCredito: kind.tipoCredito,
      fechaAperturaCuenta: daysBefore(day, a.openedDaysAgo),
      fechaCierreCuenta: null,
      frecuenciaPagos: kind.frecuencia,
      montoPagar: minorToDecimal(perPayment),
      saldoActual: minorToDecimal(a.monthly * 8),
      saldoVencido: minorToDecimal(perPayment * a.overduePayments),
      pagoActual: a.overduePayments ? String(a.overduePayments).padStart(2, '0') : 'V',
      peorAtraso: a.overduePayments * 30,
    };
  };
  const closed = Array.from({ length: f.closedAccounts }, (_, i) => ({
    ...opened({ kind: 'personal', monthly: 80_000, overduePayments: 0, openedDaysAgo: 2_000 + i * 200 }),
    fechaCierreCuenta: daysBefore(day, 1_000 + i * 100),
    saldoActual: '0.00',
  }));
  return {
    ...base,
    persona: {
      nombres: normalizeName(subject.givenNames),
      apellidoPaterno: normalizeName(subject.firstSurname),
      apellidoMaterno: normalizeName(subject.secondSurname),
      fechaNacimiento: profile === 'mismatch' ? mismatchedBirthDate(subject.birthDate) : subject.birthDate,
      RFC: normalizeIdentityNumber(subject.rfc),
      CURP: normalizeIdentityNumber(subject.curp),
    },
    scores: f.score === null ? [] : [{ nombreScore: 'FICO', valor: f.score, razones: [] }],
    creditos: [...f.accounts.map(opened), ...closed],
    consultas: f.inquiriesDaysAgo.map((ago) => ({ fechaConsulta: daysBefore(day, ago), nombreOtorgante: 'OTORGANTE SANDBOX', tipoCredito: 'PP', importeCredito: '5000.00' })),
  };
}

function indiaReport(subject: BureauSubject, profile: SandboxBureauProfile | null, f: FileFigures, day: string, control: string): IndiaReport {
  const header = { controlNumber: control, memberReferenceNumber: subject.applicationNo, dateProcessed: toIndianDate(day) };
  const base = { format: 'cibil-cir/1' as const, header, ids: [] as IndiaReport['ids'], scores: [] as IndiaReport['scores'], accounts: [] as IndiaReport['accounts'], enquiries: [] as IndiaReport['enquiries'] };
  if (profile === 'not_found') return { ...base, name: null, errors: [{ code: 'E0404', message: 'Consumer not found' }] };
  const account = (a: SandboxAccount, closedDaysAgo: number | null = null) => ({
    memberShortName: IN_KIND[a.kind].member,
    accountType: IN_KIND[a.kind].accountType,
    dateOpened: toIndianDate(daysBefore(day, a.openedDaysAgo)),
    dateClosed: closedDaysAgo === null ? null : toIndianDate(daysBefore(day, closedDaysAgo)),
    currentBalance: closedDaysAgo === null ? minorToDecimal(a.monthly * 8) : '0.00',
    amountOverdue: minorToDecimal(a.monthly * a.overduePayments),
    emiAmount: minorToDecimal(a.monthly),
    daysPastDue: a.overduePayments * 30,
  });
  const closed = Array.from({ length: f.closedAccounts }, (_, i) => account({ kind: 'personal', monthly: 80_000, overduePayments: 0, openedDaysAgo: 2_000 + i * 200 }, 1_000 + i * 100));
  const birthDate = profile === 'mismatch' ? mismatchedBirthDate(subject.birthDate) : subject.birthDate;
  return {
    ...base,
    name: { consumerName: normalizeName(subject.fullName), dateOfBirth: toIndianDate(birthDate), gender: '' },
    ids: [{ idType: 'PAN', idNumber: normalizeIdentityNumber(subject.pan) }],
    // CIBIL's "-1": no history to score.
    scores: [{ scoreName: 'CIBILTUSC3', score: f.score === null ? '-1' : String(f.score).padStart(5, '0') }],
    accounts: [...f.accounts.map((a) => account(a)), ...closed],
    enquiries: f.inquiriesDaysAgo.map((ago) => ({ dateOfEnquiry: toIndianDate(daysBefore(day, ago)), memberShortName: 'SANDBOX NBFC', enquiryPurpose: 'Personal Loan', enquiryAmount: '50000.00' })),
  };
}

export class SandboxBureau implements CreditBureau {
  readonly name = SANDBOX_BUREAU;
  private readonly now: () => Date;

  constructor(options: { now?: () => Date } = {}) {
    this.now = options.now ?? (() => new Date());
  }

  pull(subject: BureauSubject): Promise<BureauReportReceived> {
    const mark = sandboxMarkOf(subject);
    if (mark === 'unavailable') return Promise.reject(new BureauUnavailable('sandbox bureau: unavailable for this test identity'));
    const day = todayIn(marketOf(subject.market).timeZone, this.now());
    const hash = identityHash(subject);
    const figures = fileFigures(mark, hash);
    const digest = createHash('sha256').update(`${subject.applicationNo}|${day}|${hash}`).digest('hex');
    const reference = subject.market === 'MX' ? `SBX-${digest.slice(0, 12).toUpperCase()}` : String(BigInt(`0x${digest.slice(0, 12)}`)).padStart(15, '0').slice(-15);
    const report = subject.market === 'MX' ? mexicoReport(subject, mark, figures, day, reference) : indiaReport(subject, mark, figures, day, reference);
    const body = JSON.stringify(report);
    const attributes = extractAttributes(body);
    return Promise.resolve({ bureau: SANDBOX_BUREAU, outcome: attributes.found ? 'found' : 'not_found', reference, contentType: 'application/json', body, attributes });
  }
}
