import { addDays, daysBetween } from '@presta/contract/dates';
import { normalizeName } from '@presta/contract/identity/normalize';
import type { BureauAttributes } from '../policy/policy-types';

/*
 * The bureau reports as kept (bureau_reports.body) and the attributes the policy reads from them
 * (docs/credit-bureau.md "The report"). Two shapes, after the real reports they stand for: Mexico's after Círculo de
 * Crédito's "Reporte de Crédito Consolidado" (folioConsulta, persona, scores, creditos, consultas), India's after
 * TransUnion CIBIL's Consumer Credit Information Report (header with the control number, name, ids, scores,
 * accounts with days past due, enquiries). extractAttributes reads either; money is read as decimal strings into
 * integer minor units, never through floating point.
 */

export type MexicoReport = {
  format: 'cdc-rcc/1';
  folioConsulta: string;
  /** The request's day, YYYY-MM-DD: inquiries are counted back from it. */
  fechaConsulta: string;
  persona: { nombres: string; apellidoPaterno: string; apellidoMaterno: string; fechaNacimiento: string; RFC: string; CURP: string } | null;
  scores: { nombreScore: string; valor: number; razones: string[] }[];
  creditos: {
    nombreOtorgante: string;
    tipoCredito: string;
    fechaAperturaCuenta: string;
    fechaCierreCuenta: string | null;
    /** S weekly, C every 14 days, Q every 15 days, M monthly, B two months, T three, A yearly; others: monthly. */
    frecuenciaPagos: string;
    /** Each payment, pesos as a decimal string. */
    montoPagar: string;
    saldoActual: string;
    saldoVencido: string;
    /** 'V' current; otherwise the number of payments overdue, two digits. */
    pagoActual: string;
    /** The worst delay ever, in days (history: not read by the policy). */
    peorAtraso: number;
  }[];
  consultas: { fechaConsulta: string; nombreOtorgante: string; tipoCredito: string; importeCredito: string }[];
  /** A person the bureau does not find: the error instead of a file. */
  errores?: { codigo: string; mensaje: string }[];
};

export type IndiaReport = {
  format: 'cibil-cir/1';
  header: { controlNumber: string; memberReferenceNumber: string; dateProcessed: string };
  /** DD-MM-YYYY, as CIBIL writes dates. */
  name: { consumerName: string; dateOfBirth: string; gender: string } | null;
  ids: { idType: 'PAN'; idNumber: string }[];
  /** CIBIL writes the score zero-padded; '-1' (NH): no credit history to score. */
  scores: { scoreName: string; score: string }[];
  accounts: {
    memberShortName: string;
    accountType: string;
    dateOpened: string;
    dateClosed: string | null;
    currentBalance: string;
    amountOverdue: string;
    /** The monthly instalment (EMI), rupees as a decimal string. */
    emiAmount: string;
    /** Days past due as last reported (CIBIL's DPD). */
    daysPastDue: number;
  }[];
  enquiries: { dateOfEnquiry: string; memberShortName: string; enquiryPurpose: string; enquiryAmount: string }[];
  errors?: { code: string; message: string }[];
};

export type BureauReport = MexicoReport | IndiaReport;

/** Inquiries in the 90 days up to and including the request's day. */
export const INQUIRY_WINDOW_DAYS = 90;
/** Days in each payment period of the Mexican report's frequencies; a code not listed counts as monthly. */
const PERIOD_DAYS: Readonly<Record<string, number>> = { S: 7, C: 14, Q: 15, M: 30, B: 60, T: 90, A: 360 };
const periodDays = (frequency: string): number => PERIOD_DAYS[frequency] ?? 30;

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

/** '1234.5' → 123450 minor units; anything else is a malformed report. */
export function decimalToMinor(s: string): number {
  const m = DECIMAL.exec(s.trim());
  if (!m) throw new Error(`bureau report: "${s}" is not an amount`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Minor units → the reports' decimal string. */
export function minorToDecimal(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** DD-MM-YYYY → YYYY-MM-DD. */
export const fromIndianDate = (d: string): string => `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}`;
export const toIndianDate = (d: string): string => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;

const within90 = (day: string, requestDay: string) => {
  const ago = daysBetween(day, requestDay);
  return ago >= 0 && ago < INQUIRY_WINDOW_DAYS;
};

const notFound: BureauAttributes = {
  found: false,
  score: null,
  openAccounts: null,
  worstDelinquencyDays: null,
  inquiries90d: null,
  monthlyPayments: null,
  fileBirthDate: null,
  fileNameKey: null,
};

function mexicoAttributes(r: MexicoReport): BureauAttributes {
  if (!r.persona) return notFound;
  const open = r.creditos.filter((c) => c.fechaCierreCuenta === null);
  const overdueDays = (c: MexicoReport['creditos'][number]) => (c.pagoActual === 'V' ? 0 : (Number(c.pagoActual) || 0) * periodDays(c.frecuenciaPagos));
  // MONTHLY_PAYMENT_CEIL: a payment every d days is ceil(payment × 30 / d) a month (never understated).
  const monthly = (c: MexicoReport['creditos'][number]) => Math.ceil((decimalToMinor(c.montoPagar) * 30) / periodDays(c.frecuenciaPagos));
  const p = r.persona;
  return {
    found: true,
    score: r.scores[0]?.valor ?? null,
    openAccounts: open.length,
    worstDelinquencyDays: Math.max(0, ...open.map(overdueDays)),
    inquiries90d: r.consultas.filter((q) => within90(q.fechaConsulta, r.fechaConsulta)).length,
    monthlyPayments: open.reduce((sum, c) => sum + monthly(c), 0),
    fileBirthDate: p.fechaNacimiento,
    fileNameKey: normalizeName(`${p.nombres} ${p.apellidoPaterno} ${p.apellidoMaterno}`),
  };
}

function indiaAttributes(r: IndiaReport): BureauAttributes {
  if (!r.name) return notFound;
  const open = r.accounts.filter((a) => a.dateClosed === null);
  const score = r.scores[0] ? Number(r.scores[0].score) : null;
  const requestDay = fromIndianDate(r.header.dateProcessed);
  return {
    found: true,
    score: score !== null && score > 0 ? score : null,
    openAccounts: open.length,
    worstDelinquencyDays: Math.max(0, ...open.map((a) => a.daysPastDue)),
    inquiries90d: r.enquiries.filter((q) => within90(fromIndianDate(q.dateOfEnquiry), requestDay)).length,
    monthlyPayments: open.reduce((sum, a) => sum + decimalToMinor(a.emiAmount), 0),
    fileBirthDate: fromIndianDate(r.name.dateOfBirth),
    fileNameKey: normalizeName(r.name.consumerName),
  };
}

/** The policy's attributes from a report's body as received (JSON text). */
export function extractAttributes(body: string): BureauAttributes {
  const report = JSON.parse(body) as BureauReport;
  if (report.format === 'cdc-rcc/1') return mexicoAttributes(report);
  if (report.format === 'cibil-cir/1') return indiaAttributes(report);
  throw new Error(`bureau report: unknown format "${(report as { format?: unknown }).format as string}"`);
}

/** A day `days` before the request's, for building reports (the sandbox, tests). */
export const daysBefore = (requestDay: string, days: number): string => addDays(requestDay, -days);
