import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { answerByPath, callApiMock, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import type { AgreementTerms } from '@presta/contract/api/loan';
import { formatMarketMoney, markets } from '@presta/contract/markets';
import { agreementTerms } from '@/shared/testing/agreement-terms';
import { agreementAnswer } from '../testing/agreement-fixtures';
import LoanAgreementPage from './loan-agreement-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));

const ok = <T,>(data: T): Normalised<T> => ({ success: true, code: '0', message: '', data, raw: { code: '0', data } });
const failed = (): Normalised<never> => ({ success: false, code: '500', message: 'Error', data: null, raw: {} });

const agreementPath = apiRoutes.contractDetail.path;
const detailsPath = apiRoutes.loanDetails.path;
const confirmPath = apiRoutes.loanDetailConfirm.path;

/** The promissory note's rows as [label, value]. */
async function noteRows(): Promise<[string, string][]> {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent ?? '']);
}

function clauseTexts(): string {
  const clauses = screen.getByRole('region', { name: /Cláusulas|Clauses/ });
  return clauses.textContent ?? '';
}

describe('LoanAgreementPage', () => {
  it('fills the promissory note table from contract-detail (?orderNo=)', async () => {
    answerByPath({ [agreementPath]: [ok(agreementAnswer())] });
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
    expect(callsTo(agreementPath)[0]![1]).toEqual({ orderNo: 'PR2025000012' });
    expect(callsTo(detailsPath)).toHaveLength(0);
    expect(screen.getByRole('table', { name: 'Datos del pagaré' })).toBeTruthy();
    expect(document.querySelector('.presta-agreement-promise')?.textContent).toBe(
      'Debo y pagaré incondicionalmente a la orden de Presta Servicios Financieros S.A. de C.V. la cantidad de $5.337,00 el día 2025-07-15, conforme a los datos de este pagaré.',
    );
    expect(document.title).toBe('Contrato de préstamo · Presta');
  });

  it('falls back to userName, and to the amount in minor units, and marks empty fields', async () => {
    answerByPath({ [agreementPath]: [ok(agreementAnswer({ username: '', mount: '', bankNo: '' }))] });
    renderAt(<LoanAgreementPage />, '/agony', 'orderNo=PR1');
    const rows = new Map(await noteRows());
    expect(rows.get('Nombre del prestatario')).toBe('maria.lopez');
    expect(rows.get('Monto del préstamo')).toBe('$5.000,00');
    expect(rows.get('Cuenta bancaria')).toBe('—');
  });

  it("with the session's orderId (the loan details link), reads the order number first", async () => {
    answerByPath({
      [detailsPath]: [ok({ orderNo: 'PR2025000012', orderId: '12' })],
      [agreementPath]: [ok(agreementAnswer())],
    });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'productId=1&orderId=12&swift=sess-9');
    expect(await noteRows()).toHaveLength(14);
    expect(callsTo(detailsPath)[0]![1]).toEqual({ productId: '1', orderId: '12' });
    expect(callsTo(agreementPath)[0]![1]).toEqual({ orderNo: 'PR2025000012' });
  });

  it('opened from the confirmation (a product’s quote), states the quote’s terms and waits for the order for the note', async () => {
    answerByPath({ [confirmPath]: [ok({ terms: agreementTerms('IN') })] });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'productId=7&amount=5000000&periods=1');
    expect(await screen.findByText(/36\.5%/)).toBeTruthy();
    expect(callsTo(confirmPath)[0]![1]).toEqual({ productId: '7', amount: 5000000, periods: 1 });
    expect(screen.getByText('Los datos de su préstamo aparecerán en este pagaré cuando se cree su solicitud.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/Presta Finance India Private Limited/)).toBeTruthy();
  });

  it('without a loan or a product, states no figure: it says where the conditions come from', () => {
    answerByPath({});
    renderAt(<LoanAgreementPage />, '/loan-agreement', '');
    expect(callApiMock()).not.toHaveBeenCalled();
    expect(clauseTexts()).toContain('Las condiciones de su préstamo');
    expect(clauseTexts()).not.toMatch(/\d/);
  });

  it('numbers the clauses, each with its heading', async () => {
    answerByPath({ [agreementPath]: [ok(agreementAnswer())] });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'orderNo=PR1');
    await screen.findByRole('table');
    const clauses = screen.getByRole('region', { name: 'Cláusulas' });
    const list = within(clauses).getAllByRole('list')[0]!;
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Objeto',
      'Intereses',
      'Comisión',
      'Impuestos',
      'Plan de pagos',
      'Cargos por atraso',
      'Extensión de plazo',
      'Pago anticipado',
      'Aceptación',
    ]);
  });

  // Issue 12: the agreement stated fixed clauses (18% a year, 0.0065%, 3% a day, 'up to 7 days') for every product.
  // Now every figure it shows is one of the loan's terms, and every term is shown.
  describe.each([
    ['MX', 'es', '2'],
    ['MX', 'en', '1'],
    ['IN', 'es', '2'],
    ['IN', 'en', '1'],
  ] as const)('the %s loan’s agreement in %s', (market, lang, type) => {
    const terms = agreementTerms(market, lang, {
      prepayment: { minDays: 7, fromDay: market === 'MX' ? 8 : 46, fromDate: '2025-08-01' },
      ...(market === 'IN'
        ? { lateCharges: { ...agreementTerms('IN').lateCharges, defaultPenalty: { newClient: 100_000, repeatClient: 80_000, applies: 80_000 } } }
        : {}),
    });
    const money = (minor: number) => formatMarketMoney(minor, market);

    /** Every figure the terms hold, as the page must write them. */
    function figuresOf(t: AgreementTerms) {
      // Issue 13: the CAT / APR is a figure of the terms too (the interest clause states it).
      const percents = new Set([t.interest.daily.rate, t.interest.annual.rate, t.commission.rate, t.tax.rate, ...t.lateCharges.tiers.map((x) => x.rate), t.annualCost.rate]);
      const penalty = t.lateCharges.defaultPenalty;
      const amounts = new Set([
        money(t.amount),
        money(t.commission.total),
        money(t.totals.total),
        money(t.extension.feeOnPrincipal),
        ...(t.tax.base.includes('extension_fee') ? [money(t.extension.feeTaxOnPrincipal)] : []),
        ...t.plan.flatMap((x) => [x.principal, x.interest, x.commission, x.tax, x.total].map(money)),
        ...(penalty ? [penalty.newClient, penalty.repeatClient, penalty.applies].map(money) : []),
      ]);
      const counts = new Set(
        [
          t.termDays,
          t.termUnitDays,
          t.interest.yearDays,
          t.extension.days,
          t.prepayment.minDays,
          t.prepayment.fromDay,
          ...t.lateCharges.tiers.flatMap((x) => [x.fromDay, ...(x.toDay === null ? [] : [x.toDay])]),
          ...t.plan.map((x) => x.seq),
          t.plan.length,
        ].map(String),
      );
      return { percents, amounts, counts };
    }

    it('shows every figure of the terms and no other (server answer → page)', async () => {
      answerByPath({ [agreementPath]: [ok(agreementAnswer({ market, terms, company: terms.lender.name }))] });
      renderAt(<LoanAgreementPage />, '/loan-agreement', `orderNo=PR1&language=${type}`);
      await screen.findByRole('table');
      const text = clauseTexts();
      const expected = figuresOf(terms);
      // Each market writes its own way (decision 022): "$1.234,56" and "0,05%"; "₹1,00,000.00" and "0.10%".
      const amountPattern = market === 'MX' ? /-?\$[\d.]+,\d{2}/g : /-?₹[\d,]+\.\d{2}/g;
      const percentPattern = market === 'MX' ? /\d+(?:,\d+)?%/g : /\d+(?:\.\d+)?%/g;
      expect(new Set(text.match(amountPattern))).toEqual(expected.amounts);
      expect(new Set(text.match(percentPattern))).toEqual(expected.percents);
      // Every other number is a count the terms hold (days, instalments) or part of a date, and each count shows.
      const rest = text.replace(amountPattern, ' ').replace(percentPattern, ' ').replace(/\d{4}-\d{2}-\d{2}/g, ' ');
      const counts = rest.match(/\d+/g) ?? [];
      for (const n of counts) expect(expected.counts).toContain(n);
      for (const n of expected.counts) expect(counts).toContain(n);
      // The fixed figures of the old clauses are gone; the other market's sign never shows.
      expect(text).not.toContain('0.0065%');
      expect(text).not.toContain(market === 'MX' ? '₹' : '$');
      // The tax is the market's, by name; the lender the market's entity; the prepayment day the loan's.
      expect(text).toContain(markets[market].tax.name[lang]);
      expect(document.body.textContent).toContain(terms.lender.name);
      expect(text).toContain('2025-08-01');
    });
  });

  it('an Indian loan read in Spanish is in rupees, with GST and its lender', async () => {
    const indian = agreementTerms('IN', 'es');
    answerByPath({
      [agreementPath]: [
        ok(agreementAnswer({ market: 'IN', terms: indian, mount: '₹50,000.00', contractAmount: '₹56,320.00', IVA: '₹270.00', company: indian.lender.name })),
      ],
    });
    renderAt(<LoanAgreementPage />, '/agony', 'orderNo=PR1&language=2');
    const rows = new Map(await noteRows());
    expect(rows.get('GST')).toBe('₹270.00');
    expect(rows.get('Empresa')).toBe('Presta Finance India Private Limited');
    expect(document.querySelector('.presta-agreement-promise')?.textContent).toMatch(
      /^Debo y pagaré incondicionalmente a la orden de Presta Finance India Private Limited la cantidad de ₹56,320\.00 /,
    );
    expect(screen.getByText(/4th Floor, 80 Feet Road, Koramangala/)).toBeTruthy();
  });

  it('an Indian loan applied for with a Key Facts Statement opens with its summary box: proposal, acknowledgement, APR, figures, a link to the whole KFS (issue 13)', async () => {
    const indian = agreementTerms('IN', 'en');
    const keyFacts = { proposalNo: 'KFS20250702ABCDEF01', acknowledgedAt: '2025-07-02 10:20:00', url: '/key-facts?orderId=31' };
    answerByPath({ [agreementPath]: [ok(agreementAnswer({ market: 'IN', terms: indian, company: indian.lender.name, keyFacts }))] });
    const { container } = renderAt(<LoanAgreementPage />, '/loan-agreement', 'orderNo=PR1&language=1');
    const box = await screen.findByRole('region', { name: 'Key Facts Statement: summary box' });
    expect(box.textContent).toContain('Key Facts Statement no. KFS20250702ABCDEF01 is part of this agreement.');
    expect(box.textContent).toContain('Read and acknowledged by the Borrower on 2025-07-02 10:20:00.');
    expect(box.textContent).toContain(indian.annualCost.rate);
    expect(box.textContent).toContain('₹56,320.00');
    const link = within(box).getByRole('link', { name: 'Read the whole Key Facts Statement' });
    expect(new URL(link.getAttribute('href')!, 'http://localhost').searchParams.get('orderId')).toBe('31');
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('a Mexican loan has no Key Facts Statement box', async () => {
    answerByPath({ [agreementPath]: [ok(agreementAnswer())] });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'orderNo=PR1&language=1');
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Key Facts Statement: summary box' })).toBeNull();
  });

  it('is in English with language=1, table included', async () => {
    answerByPath({ [agreementPath]: [ok(agreementAnswer())] });
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
    answerByPath({ [agreementPath]: [failed(), ok(agreementAnswer())] });
    renderAt(<LoanAgreementPage />, '/loan-agreement', 'orderNo=PR1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'No pudimos cargar los datos del pagaré' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await noteRows()).toHaveLength(14);
  });

  it.each([
    ['with the table', 'orderNo=PR1'],
    ['without an order', ''],
    ['an Indian offer', 'productId=7'],
    ['in English', 'orderNo=PR1&language=1'],
  ])('has no serious or critical accessibility violations (%s)', async (_name, query) => {
    answerByPath({ [agreementPath]: [ok(agreementAnswer())], [confirmPath]: [ok({ terms: agreementTerms('IN') })] });
    const { container } = renderAt(<LoanAgreementPage />, '/loan-agreement', query);
    if (query.includes('orderNo')) await screen.findByRole('table');
    if (query.includes('productId')) await screen.findByText(/36\.5%/);
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
