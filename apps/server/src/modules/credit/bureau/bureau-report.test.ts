import { describe, expect, it } from 'vitest';
import { decimalToMinor, extractAttributes, minorToDecimal, type IndiaReport, type MexicoReport } from './bureau-report';

/** A Mexican report written by hand: one weekly, one fortnightly (2 payments overdue), one closed account. */
const mexico: MexicoReport = {
  format: 'cdc-rcc/1',
  folioConsulta: 'F-1',
  fechaConsulta: '2026-11-29',
  persona: { nombres: 'JOSÉ MANUEL', apellidoPaterno: 'NÚÑEZ', apellidoMaterno: 'DE LA O', fechaNacimiento: '1980-02-29', RFC: 'NUOM800229AB1', CURP: '' },
  scores: [{ nombreScore: 'FICO', valor: 701, razones: [] }],
  creditos: [
    { nombreOtorgante: 'A', tipoCredito: 'CC', fechaAperturaCuenta: '2020-01-01', fechaCierreCuenta: null, frecuenciaPagos: 'S', montoPagar: '100.01', saldoActual: '900.00', saldoVencido: '0.00', pagoActual: 'V', peorAtraso: 90 },
    { nombreOtorgante: 'B', tipoCredito: 'PP', fechaAperturaCuenta: '2024-01-01', fechaCierreCuenta: null, frecuenciaPagos: 'Q', montoPagar: '250', saldoActual: '3000.00', saldoVencido: '500.00', pagoActual: '02', peorAtraso: 30 },
    { nombreOtorgante: 'C', tipoCredito: 'PP', fechaAperturaCuenta: '2019-01-01', fechaCierreCuenta: '2021-01-01', frecuenciaPagos: 'M', montoPagar: '9999.99', saldoActual: '0.00', saldoVencido: '0.00', pagoActual: '09', peorAtraso: 270 },
  ],
  consultas: ['2026-11-29', '2026-09-01', '2026-08-31', '2026-12-01'].map((fechaConsulta) => ({ fechaConsulta, nombreOtorgante: 'X', tipoCredito: 'PP', importeCredito: '1.00' })),
};

const india: IndiaReport = {
  format: 'cibil-cir/1',
  header: { controlNumber: '000123', memberReferenceNumber: 'A-1', dateProcessed: '29-11-2026' },
  name: { consumerName: 'Priya Ramesh Iyer', dateOfBirth: '21-07-1993', gender: 'F' },
  ids: [{ idType: 'PAN', idNumber: 'ABCPI1234K' }],
  scores: [{ scoreName: 'CIBILTUSC3', score: '00765' }],
  accounts: [
    { memberShortName: 'A', accountType: 'Credit Card', dateOpened: '01-01-2020', dateClosed: null, currentBalance: '1000.00', amountOverdue: '0.00', emiAmount: '1500.50', daysPastDue: 0 },
    { memberShortName: 'B', accountType: 'Personal Loan', dateOpened: '01-01-2024', dateClosed: null, currentBalance: '1000.00', amountOverdue: '300.00', emiAmount: '2000', daysPastDue: 45 },
    { memberShortName: 'C', accountType: 'Auto Loan', dateOpened: '01-01-2015', dateClosed: '01-01-2020', currentBalance: '0.00', amountOverdue: '0.00', emiAmount: '8000.00', daysPastDue: 120 },
  ],
  enquiries: ['29-11-2026', '31-08-2026', '01-09-2026'].map((dateOfEnquiry) => ({ dateOfEnquiry, memberShortName: 'X', enquiryPurpose: 'Personal Loan', enquiryAmount: '1.00' })),
};

describe('extractAttributes', () => {
  it("Mexico: open accounts only; monthly payments ceil(payment × 30 / period days); overdue payments × the period's days; 90 days of inquiries", () => {
    expect(extractAttributes(JSON.stringify(mexico))).toEqual({
      found: true,
      score: 701,
      openAccounts: 2,
      // 100.01 weekly: ceil(10 001 × 30 / 7) = 42 862; 250.00 fortnightly: 50 000.
      monthlyPayments: 42_862 + 50_000,
      // '02' on a fortnightly credit: 30 days (the closed account's 9 payments are history).
      worstDelinquencyDays: 30,
      // Today and 89 days back count; 90 days back and a future date do not.
      inquiries90d: 2,
      fileBirthDate: '1980-02-29',
      fileNameKey: 'JOSE MANUEL NUÑEZ DE LA O',
    });
  });

  it('India: EMIs summed, days past due of open accounts, dates DD-MM-YYYY, a score of -1 is no score', () => {
    expect(extractAttributes(JSON.stringify(india))).toEqual({
      found: true,
      score: 765,
      openAccounts: 2,
      monthlyPayments: 150_050 + 200_000,
      worstDelinquencyDays: 45,
      inquiries90d: 2,
      fileBirthDate: '1993-07-21',
      fileNameKey: 'PRIYA RAMESH IYER',
    });
    const noHistory = { ...india, scores: [{ scoreName: 'CIBILTUSC3', score: '-1' }], accounts: [] };
    expect(extractAttributes(JSON.stringify(noHistory))).toMatchObject({ score: null, openAccounts: 0, monthlyPayments: 0, worstDelinquencyDays: 0 });
  });

  it('a person not found: no file, every attribute null', () => {
    const none = { found: false, score: null, openAccounts: null, worstDelinquencyDays: null, inquiries90d: null, monthlyPayments: null, fileBirthDate: null, fileNameKey: null };
    expect(extractAttributes(JSON.stringify({ ...mexico, persona: null, errores: [{ codigo: '404.1', mensaje: 'x' }] }))).toEqual(none);
    expect(extractAttributes(JSON.stringify({ ...india, name: null }))).toEqual(none);
  });

  it('refuses what it cannot read: an unknown format, an amount that is not a decimal', () => {
    expect(() => extractAttributes('{"format":"experian/9"}')).toThrow(/unknown format "experian\/9"/);
    expect(() => decimalToMinor('12.345')).toThrow(/not an amount/);
    expect(() => decimalToMinor('-1.00')).toThrow(/not an amount/);
    expect([decimalToMinor('0.5'), decimalToMinor(' 12 '), minorToDecimal(123_405), minorToDecimal(5)]).toEqual([50, 1_200, '1234.05', '0.05']);
  });
});
