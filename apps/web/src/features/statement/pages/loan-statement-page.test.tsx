import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { signedAgreementLink } from '@/shared/testing/signed-agreement';
import { failed, indianStatement, mexicanStatement, ok, refused } from '../testing/statement-fixtures';
import LoanStatementPage from './loan-statement-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const statementPath = apiRoutes.loanStatement.path;

async function loaded(query?: string) {
  const view = renderAt(<LoanStatementPage />, '/loan-statement', query, { '/payment-receipt': <p>receipt page</p> });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const events = () => within(screen.getByRole('region', { name: /Movimientos|Activity/ })).getAllByRole('listitem').filter((li) => li.classList.contains('presta-statement-event'));

/** Every money text on the page sits in one unbreakable piece. */
function expectAmountsUnbreakable(container: HTMLElement) {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/[$₹]\d/.test(node.textContent ?? '')) continue;
    const piece = node.parentElement!.closest('.presta-amount, .presta-amount-hero-amount, .presta-receipt-amount');
    expect(piece, `"${node.textContent}" may break`).not.toBeNull();
  }
}

describe('LoanStatementPage', () => {
  it("loads the session's order and shows what is owed today, the day and the order", async () => {
    answerByPath({ [statementPath]: ok(mexicanStatement()) });
    await loaded();
    expect(callsTo(statementPath)[0]![1]).toEqual({ productId: '1', orderId: '12' });
    const hero = screen.getByRole('region', { name: 'Estado de cuenta' });
    expect(within(hero).getByText('Saldo pendiente')).toBeTruthy();
    expect(within(hero).getByText('$3.047,07')).toBeTruthy();
    expect(within(hero).getByText('2026-11-23')).toBeTruthy();
    expect(within(hero).getByText('Pedido PR2026112305407638')).toBeTruthy();
    expect(document.title).toBe('Estado de cuenta · Presta');
  });

  it('offers the signed agreement’s PDF with the session and the day it was signed (issue 38)', async () => {
    answerByPath({ [statementPath]: ok(mexicanStatement({ signedAgreement: signedAgreementLink() })) });
    const { container } = await loaded();
    const link = screen.getByRole('link', { name: 'Contrato firmado (PDF)', description: 'Firmado el 2025-07-01' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/agreements/AG7K2M9Q4X1B8C.pdf');
    expect(href.searchParams.get('swift')).toBe('sess-9');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('names the signed agreement in English, and shows no link without one', async () => {
    answerByPath({ [statementPath]: [ok(indianStatement({ signedAgreement: signedAgreementLink({ signedAt: '2025-07-01T20:00:00.000Z' }) })), ok(mexicanStatement())] });
    const { unmount } = await loaded('orderId=31&language=1');
    expect(screen.getByRole('link', { name: 'Signed agreement (PDF)', description: 'Signed on 2025-07-02' })).toBeTruthy();
    unmount();
    await loaded();
    expect(screen.queryByRole('link', { name: /Contrato firmado/ })).toBeNull();
  });

  it('states the CAT of a Mexican loan (without IVA, for information and comparison, the day) and the APR of an Indian one (issue 13)', async () => {
    const mx = mexicanStatement();
    answerByPath({ [statementPath]: ok(mx) });
    await loaded();
    expect(document.querySelector('[data-annual-cost="CAT"]')!.textContent).toBe(
      `CAT (Costo Anual Total) ${mx.annualCost.rate} sin IVA. Para fines informativos y de comparación. Calculado el 2026-11-23.`,
    );
  });

  it('states the APR of an Indian loan, in English', async () => {
    const india = indianStatement();
    answerByPath({ [statementPath]: ok(india) });
    await loaded('orderId=31&language=1');
    expect(document.querySelector('[data-annual-cost="APR"]')!.textContent).toContain(`APR (annual percentage rate) ${india.annualCost.rate}`);
  });

  it('lists every event in order: title, signed amount, day, detail, allocation and the balance after it', async () => {
    answerByPath({ [statementPath]: ok(mexicanStatement()) });
    await loaded();
    const items = events();
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Desembolso del préstamo',
      'Cargos de la cuota 1 de 2',
      'Cargos de la cuota 2 de 2',
      'Cargos por atraso, cuota 1',
      'Pago recibido: efectivo en tienda',
      'Cargos por atraso, cuota 1',
      'Extensión de plazo',
      'Pago de extensión: transferencia SPEI',
      'Cargos por atraso, cuota 1',
    ]);
    const [disbursal, first, , late, payment, , extension] = items;
    expect(disbursal!.textContent).toContain('Cargo: +$3.000,00');
    expect(disbursal!.textContent).toContain('Saldo: $3.000,00');
    // The market's tax by name, the due date as disbursed.
    expect(first!.textContent).toContain('Vence el 2026-10-29: capital $1.500,00, interés $22,50, comisión $75,00, IVA $15,60.');
    expect(late!.textContent).toContain('3 días del 2026-10-30 al 2026-11-01, al 3% diario sobre $1.613,10.');
    expect(payment!.textContent).toContain('Abono: −$500,00');
    expect(payment!.textContent).toContain('2026-11-01 06:00:00');
    expect(payment!.textContent).toContain('Referencia 80000000000011');
    const allocation = within(payment!).getAllByRole('listitem').map((li) => li.textContent);
    expect(allocation).toEqual([
      'Cuota 1: cargos por atraso$145,17',
      'Cuota 1: comisión$75,00',
      'Cuota 1: IVA$15,60',
      'Cuota 1: interés$22,50',
      'Cuota 1: capital$241,73',
    ]);
    expect(payment!.textContent).toContain('Saldo: $2.858,32');
    expect(extension!.textContent).toContain('Vencimiento del 2026-10-29 al 2026-11-18 (20 días más). Comisión $20,69, IVA $3,31.');
  });

  it('marks what accrued up to today and is not posted yet, and says so above the list', async () => {
    answerByPath({ [statementPath]: ok(mexicanStatement()) });
    await loaded();
    const last = events().at(-1)!;
    expect(last.textContent).toContain('Generado hasta hoy, aún no registrado');
    expect(events().filter((li) => li.textContent?.includes('aún no registrado'))).toHaveLength(1);
    expect(screen.getByRole('note', { name: 'Aviso' }).textContent).toContain('Incluye $188,75 de cargos por atraso generados hasta hoy');
  });

  it('the summary shows the totals, without the charges that never happened', async () => {
    answerByPath({ [statementPath]: ok(mexicanStatement()) });
    await loaded();
    const summary = screen.getByRole('region', { name: 'Resumen' });
    const terms = within(summary).getAllByRole('term').map((dt) => dt.textContent);
    expect(terms).toEqual([
      'Capital', 'Intereses', 'Comisiones', 'IVA', 'Cargos por atraso', 'Comisiones por extensión', 'IVA de extensiones',
      'Total cargado', 'Pagos recibidos', 'Aplicado a su préstamo', 'Saldo pendiente',
    ]);
    expect(within(summary).getAllByRole('definition').at(-1)!.textContent).toBe('$3.047,07');
  });

  it("a payment's receipt opens in the app, with the payment and the order, without the session in the address", async () => {
    const user = userEvent.setup();
    answerByPath({ [statementPath]: ok(mexicanStatement()) });
    await loaded();
    const links = screen.getAllByRole('link', { name: /^Ver recibo/ });
    expect(links.map((a) => a.textContent)).toEqual(['Ver recibo del pago del 2026-11-01 06:00:00', 'Ver recibo del pago del 2026-11-03 06:00:00']);
    await user.click(links[0]!);
    expect(await screen.findByText('receipt page')).toBeTruthy();
    const address = new URL(screen.getByTestId('location').textContent, 'http://localhost');
    expect(address.pathname).toBe('/payment-receipt');
    expect(address.searchParams.get('paymentId')).toBe('41');
    expect(address.searchParams.get('orderId')).toBe('12');
    expect(address.searchParams.has('swift')).toBe(false);
  });

  it('an Indian loan read in English: rupees, GST, the default penalty, an extension without tax, a refund', async () => {
    answerByPath({ [statementPath]: ok(indianStatement()) });
    await loaded('swift=sess-9&orderId=31&productId=2&language=1');
    const hero = screen.getByRole('region', { name: 'Loan statement' });
    expect(within(hero).getByText('₹0.00')).toBeTruthy();
    const items = events();
    expect(items[1]!.textContent).toContain('Due on 2026-08-07: principal ₹5,000.00, interest ₹455.00, fee ₹150.00, GST ₹5.00.');
    expect(within(items[2]!).getByRole('heading').textContent).toBe('Default penalty, instalment 1');
    expect(items[2]!.textContent).toContain('Charge: +₹1,000.00');
    expect(items[3]!.textContent).toContain('Due date moved from 2026-08-07 to 2026-11-07 (92 more days). Fee ₹455.00.');
    expect(within(items[4]!).getByRole('heading').textContent).toBe('Extension payment: UPI');
    expect(items[4]!.textContent).toContain('Instalment 1: GST₹5.00');
    expect(items[4]!.textContent).toContain('Credit: ₹385.00');
    expect(within(items[5]!).getByRole('heading').textContent).toBe('Credit refunded');
    expect(items[5]!.textContent).not.toMatch(/[+−]₹/);
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByText(/^Issued by Presta Finance India Private Limited/)).toBeTruthy();
  });

  it('the market decides the currency, not the language: the Indian loan in Spanish is still in rupees', async () => {
    answerByPath({ [statementPath]: ok(indianStatement()) });
    await loaded('swift=sess-9&orderId=31&language=2');
    expect(events()[1]!.textContent).toContain('Vence el 2026-08-07: capital ₹5,000.00, interés ₹455.00, comisión ₹150.00, GST ₹5.00.');
    expect(screen.queryByText(/\$\d/)).toBeNull();
  });

  it('never breaks an amount inside, and has no serious accessibility violation', async () => {
    answerByPath({ [statementPath]: ok(mexicanStatement()) });
    const { container } = await loaded();
    expectAmountsUnbreakable(container);
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it("shows the server's refusal without a retry (an order not disbursed yet)", async () => {
    answerByPath({ [statementPath]: refused('409001', 'El estado de cuenta del pedido PR1 estará disponible cuando se desembolse el préstamo.') });
    renderAt(<LoanStatementPage />, '/loan-statement');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No es posible mostrarlo' })).toBeTruthy();
    expect(within(alert).getByText('El estado de cuenta del pedido PR1 estará disponible cuando se desembolse el préstamo.')).toBeTruthy();
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('shows a connection failure with a retry that loads again', async () => {
    const user = userEvent.setup();
    answerByPath({ [statementPath]: [failed(), ok(mexicanStatement())] });
    renderAt(<LoanStatementPage />, '/loan-statement');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByText('$3.047,07')).not.toHaveLength(0);
    expect(callsTo(statementPath)).toHaveLength(2);
  });

  it('without an order in the URL, says so and calls nothing', async () => {
    answerByPath({});
    renderAt(<LoanStatementPage />, '/loan-statement', 'swift=sess-9');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('No encontramos este préstamo. Vuelva a abrir la página desde la aplicación.')).toBeTruthy();
    expect(callsTo(statementPath)).toHaveLength(0);
  });
});
