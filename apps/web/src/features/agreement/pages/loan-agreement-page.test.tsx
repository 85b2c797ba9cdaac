import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { answerByPath, callApiMock, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { contractAnswer } from '../testing/contract-fixtures';
import LoanAgreementPage from './loan-agreement-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));

const ok = <T,>(data: T): Normalised<T> => ({ success: true, code: '0', message: '', data, raw: { code: '0', data } });
const failed = (): Normalised<never> => ({ success: false, code: '500', message: 'Error', data: null, raw: {} });

const contractPath = apiRoutes.contractDetail.path;
const detailsPath = apiRoutes.loanDetails.path;

/** The promissory note's rows as [label, value]. */
async function noteRows(): Promise<[string, string][]> {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent ?? '']);
}

const figures = ['18%', '0.0065%', '16%', '3%', '7'];

function clauseTexts(): string {
  const clauses = screen.getByRole('region', { name: /Cláusulas|Clauses/ });
  return clauses.textContent ?? '';
}

describe('LoanAgreementPage', () => {
  it('fills the promissory note table from contract-detail (?orderNo=)', async () => {
    answerByPath({ [contractPath]: [ok(contractAnswer())] });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'orderNo=PR2025000012&swift=sess-9');
    expect(await noteRows()).toEqual([
      ['Nombre del prestatario', 'María López Hernández'],
      ['Producto', 'Presta MX'],
      ['Monto del préstamo', '$5.000,00'],
      ['Cuenta bancaria', '**** **** **** 1234'],
      ['Fecha de desembolso', '2025-07-01'],
      ['Fecha de pago', '2025-07-15'],
      ['Monto del contrato', '$5.337,00'],
      ['Comisión', '$250,00'],
      ['Interés', '$40,00'],
      ['IVA', '$46,40'],
      ['Monto recibido', '$4.750,00'],
      ['Domicilio', 'Calle Falsa 123, Col. Centro, CDMX'],
      ['Fecha del contrato', '2025-07-01'],
      ['Empresa', 'Presta Servicios Financieros S.A. de C.V.'],
    ]);
    expect(callsTo(contractPath)[0]![1]).toEqual({ orderNo: 'PR2025000012' });
    expect(callsTo(detailsPath)).toHaveLength(0);
    expect(screen.getByRole('table', { name: 'Datos del pagaré' })).toBeTruthy();
    expect(
      screen.getByText(
        'Debo y pagaré incondicionalmente a la orden de Presta Servicios Financieros S.A. de C.V. la cantidad de $5.337,00 el día 2025-07-15, conforme a los datos de este pagaré.',
      ),
    ).toBeTruthy();
    expect(document.title).toBe('Contrato de préstamo · Presta');
  });

  it('falls back to userName, and to the amount in minor units, and marks empty fields', async () => {
    answerByPath({ [contractPath]: [ok(contractAnswer({ username: '', mount: '', bankNo: '' }))] });
    renderAt(<LoanAgreementPage />, '/agony', 'orderNo=PR1');
    const rows = new Map(await noteRows());
    expect(rows.get('Nombre del prestatario')).toBe('maria.lopez');
    expect(rows.get('Monto del préstamo')).toBe('$5.000,00');
    expect(rows.get('Cuenta bancaria')).toBe('—');
  });

  it("with the session's orderId (the loan details link), reads the order number first", async () => {
    answerByPath({
      [detailsPath]: [ok({ orderNo: 'PR2025000012', orderId: '12' })],
      [contractPath]: [ok(contractAnswer())],
    });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'productId=1&orderId=12&swift=sess-9');
    expect(await noteRows()).toHaveLength(14);
    expect(callsTo(detailsPath)[0]![1]).toEqual({ productId: '1', orderId: '12' });
    expect(callsTo(contractPath)[0]![1]).toEqual({ orderNo: 'PR2025000012' });
  });

  it('before an order exists (the confirmation link), shows the text and figures without the table', async () => {
    answerByPath({});
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'productId=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Contrato de préstamo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Pagaré' })).toBeTruthy();
    expect(screen.getByText('Los datos de su préstamo aparecerán en este pagaré cuando se cree su solicitud.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(callApiMock()).not.toHaveBeenCalled();
    for (const figure of figures) expect(clauseTexts()).toContain(figure);
  });

  it('numbers the clauses, each with its heading', () => {
    answerByPath({});
    renderAt(<LoanAgreementPage />, '/loan-agreement', '');
    const clauses = screen.getByRole('region', { name: 'Cláusulas' });
    const list = within(clauses).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Objeto',
      'Intereses',
      'Comisión e IVA',
      'Pago',
      'Pena por atraso',
      'Pago diferido',
      'Aceptación',
    ]);
  });

  it.each([
    ['es', '2', 'Cláusulas', ['tasa de interés anual es del 18%', 'interés del préstamo es del 0.0065%', 'es del 16% de la suma del interés y la comisión', 'pena por atraso del 3% por día', 'hasta por 7 días']],
    ['en', '1', 'Clauses', ['annual interest rate is 18%', 'interest of the loan is 0.0065%', 'is 16% of the sum of the interest and the commission', 'overdue fine of 3% per day', 'by up to 7 days']],
  ])('states the five figures in %s', (_lang, type, clausesName, phrases) => {
    answerByPath({});
    renderAt(<LoanAgreementPage />, '/loan-agreement', `language=${type}`);
    const text = within(screen.getByRole('region', { name: clausesName })).getByRole('list').textContent ?? '';
    for (const phrase of phrases) expect(text).toContain(phrase);
  });

  it('is in English with language=1, table included', async () => {
    answerByPath({ [contractPath]: [ok(contractAnswer())] });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'orderNo=PR1&language=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Loan agreement' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Promissory note' })).toBeTruthy();
    const rows = await noteRows();
    expect(rows.map(([label]) => label)).toEqual([
      'Borrower name',
      'Product',
      'Loan amount',
      'Bank account',
      'Disbursal date',
      'Repayment date',
      'Contract amount',
      'Commission',
      'Interest',
      'VAT (IVA)',
      'Amount received',
      'Address',
      'Contract date',
      'Company',
    ]);
  });

  it('shows a failure with a retry in place of the table, and keeps the clauses', async () => {
    const user = userEvent.setup();
    answerByPath({ [contractPath]: [failed(), ok(contractAnswer())] });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'orderNo=PR1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'No pudimos cargar los datos del pagaré' })).toBeTruthy();
    expect(clauseTexts()).toContain('18%');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await noteRows()).toHaveLength(14);
  });

  it.each([
    ['with the table', 'orderNo=PR1'],
    ['without an order', ''],
    ['in English', 'orderNo=PR1&language=1'],
  ])('has no serious or critical accessibility violations (%s)', async (_name, query) => {
    answerByPath({ [contractPath]: [ok(contractAnswer())] });
    const { container } = renderAt(<LoanAgreementPage />, '/loan-agreement', query);
    if (query.includes('orderNo')) await screen.findByRole('table');
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
