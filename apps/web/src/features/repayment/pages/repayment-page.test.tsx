import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { assignLocation } from '@/shared/session/navigation';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { lastUrl, renderAt } from '@/shared/testing/render';
import { cardChannel, failed, ok, repaymentAnswer, speiChannel } from '../testing/repayment-fixtures';
import RepaymentPage from './repayment-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const detailPath = apiRoutes.loanPlayDetail.path;

async function loaded(query?: string) {
  const view = renderAt(<RepaymentPage />, '/repayment', query);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('RepaymentPage', () => {
  it('loads the order of the session and shows the amount due, its date and the product', async () => {
    answerByPath({ [detailPath]: ok(repaymentAnswer()) });
    await loaded();
    expect(callsTo(detailPath)[0]![1]).toEqual({ productId: '1', orderId: '12' });
    const hero = screen.getByRole('region', { name: 'Pago de su préstamo' });
    expect(within(hero).getByText('Monto a pagar')).toBeTruthy();
    expect(within(hero).getByText('$2.625,00')).toBeTruthy();
    expect(within(hero).getByText('Fecha de pago')).toBeTruthy();
    expect(within(hero).getByText('2025-07-15')).toBeTruthy();
    expect(within(hero).getByText('Presta MX')).toBeTruthy();
    expect(hero.querySelector('img')?.getAttribute('src')).toBe('/assets/logos/presta-mx.svg');
    expect(document.title).toBe('Pagar préstamo · Presta');
  });

  it('folds the detail list to its first 2 rows, with More/Hide', async () => {
    const user = userEvent.setup();
    answerByPath({ [detailPath]: ok(repaymentAnswer()) });
    await loaded();
    const card = screen.getByRole('region', { name: 'Detalle del pago' });
    const terms = () => within(card).queryAllByRole('term').map((dt) => dt.textContent);
    expect(terms()).toEqual(['Capital', 'Intereses']);
    await user.click(within(card).getByRole('button', { name: 'Ver más' }));
    expect(terms()).toEqual(['Capital', 'Intereses', 'IVA', 'Total']);
    expect(within(card).getByRole('button', { name: 'Ocultar' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(within(card).getByRole('button', { name: 'Ocultar' }));
    expect(terms()).toEqual(['Capital', 'Intereses']);
  });

  it('shows the notice and the channels grouped under their titles', async () => {
    answerByPath({ [detailPath]: ok(repaymentAnswer()) });
    await loaded();
    expect(screen.getByRole('note', { name: 'Aviso' }).textContent).toContain('Su pago se refleja en un máximo de 30 minutos.');
    const channels = screen.getByRole('region', { name: 'Elija cómo pagar' });
    expect(within(channels).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Efectivo', 'Transferencia']);
    expect(within(channels).getByRole('button', { name: 'Pago en tiendas' })).toBeTruthy();
    expect(within(channels).getByRole('button', { name: 'Transferencia SPEI' })).toBeTruthy();
    expect(within(channels).getByText('80000000000011')).toBeTruthy();
  });

  it('tapping a channel opens its payment instruction (/carpmm, requestType 1) with the session', async () => {
    const user = userEvent.setup();
    answerByPath({ [detailPath]: ok(repaymentAnswer()) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Transferencia SPEI' }));
    const target = lastUrl(assignLocation);
    expect(target.pathname).toBe('/carpmm');
    expect(target.searchParams.get('requestType')).toBe('1');
    expect(target.searchParams.get('amount')).toBe('262500');
    expect(target.searchParams.get('payCode')).toBe('spei');
    expect(target.searchParams.getAll('orderId')).toEqual(['12']);
    expect(target.searchParams.getAll('productId')).toEqual(['1']);
    expect(target.searchParams.get('swift')).toBe('sess-9');
    expect(target.searchParams.get('showy')).toBe('dev-1');
    expect(target.searchParams.get('language')).toBe('2');
  });

  it('tapping the card channel opens the card payment page with the amount due and the session', async () => {
    const user = userEvent.setup();
    answerByPath({
      [detailPath]: ok(repaymentAnswer({ repayList: [{ reviewer: 'Tarjeta', list: [cardChannel] }, { reviewer: 'Transferencia', list: [speiChannel] }] })),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Tarjeta de débito o crédito' }));
    const target = lastUrl(assignLocation);
    expect(target.pathname).toBe('/card-repayment');
    expect(target.searchParams.get('amount')).toBe('262500');
    expect(target.searchParams.getAll('orderId')).toEqual(['12']);
    expect(target.searchParams.getAll('productId')).toEqual(['1']);
    expect(target.searchParams.get('swift')).toBe('sess-9');
    expect(target.searchParams.get('showy')).toBe('dev-1');
    expect(target.searchParams.get('language')).toBe('2');
    expect(target.searchParams.has('payCode')).toBe(false);
    expect(target.searchParams.has('requestType')).toBe(false);
  });

  it('shows a failure with a retry that loads again', async () => {
    const user = userEvent.setup();
    answerByPath({ [detailPath]: [failed(), ok(repaymentAnswer())] });
    renderAt(<RepaymentPage />, '/repayment');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No pudimos cargar la información' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('$2.625,00')).toBeTruthy();
    expect(callsTo(detailPath)).toHaveLength(2);
  });

  it('without an order in the URL, says so and calls nothing', async () => {
    answerByPath({});
    renderAt(<RepaymentPage />, '/repayment', 'swift=sess-9');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('No encontramos este préstamo. Vuelva a abrir la página desde la aplicación.')).toBeTruthy();
    expect(callsTo(detailPath)).toHaveLength(0);
  });

  it('is in English with language=1', async () => {
    answerByPath({ [detailPath]: ok(repaymentAnswer()) });
    await loaded('swift=sess-9&orderId=12&productId=1&language=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Your loan repayment' })).toBeTruthy();
    // Issue 12: a Mexican loan read in English is in pesos.
    expect(screen.getByText('$2.625,00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Choose how to pay' })).toBeTruthy();
  });

  // Issue 12: an amount that cannot be paid today (before the prepayment window) was presented as the amount to pay.
  it('with nothing payable yet (no channel), names the amount the next instalment, not an amount to pay now', async () => {
    answerByPath({ [detailPath]: ok(repaymentAnswer({ repayList: [], noticeMsg: 'Podrá pagar a partir del 2025-07-15.' })) });
    await loaded();
    const hero = screen.getByRole('region', { name: 'Pago de su préstamo' });
    expect(within(hero).getByText('Próxima cuota')).toBeTruthy();
    expect(within(hero).queryByText('Monto a pagar')).toBeNull();
  });

  // Issue 32: the page said both "you can pay from …" and "no payment methods are available for now".
  it('with nothing payable yet, says one thing: the notice, without an empty list of ways to pay', async () => {
    const notice = 'Podrá pagar su próxima cuota, $1.110,20, a partir del 2025-07-15.';
    answerByPath({ [detailPath]: ok(repaymentAnswer({ repayList: [], noticeMsg: notice })) });
    await loaded();
    expect(document.body.textContent).toContain(notice);
    expect(document.body.textContent).not.toContain('métodos de pago');
    expect(screen.queryByRole('region', { name: 'Elija cómo pagar' })).toBeNull();
  });

  it('an Indian loan read in Spanish is in rupees (issue 12)', async () => {
    answerByPath({ [detailPath]: ok(repaymentAnswer({ market: 'IN' })) });
    await loaded('swift=sess-9&orderId=12&productId=1&language=2');
    expect(screen.getByText('₹2,625.00')).toBeTruthy();
    expect(screen.queryByText('$2.625,00')).toBeNull();
  });

  it('has no serious or critical accessibility violations', async () => {
    const user = userEvent.setup();
    answerByPath({ [detailPath]: ok(repaymentAnswer()) });
    const { container } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Ver código de barras de Pago en tiendas' }));
    expect(screen.getByRole('dialog', { name: 'Código de barras' })).toBeTruthy();
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });
});

describe('RepaymentPage: the statement link (issue 12)', () => {
  it("links to the order's statement in the app, without the session in the address", async () => {
    answerByPath({ [detailPath]: ok(repaymentAnswer()) });
    await loaded();
    const target = new URL(screen.getByRole('link', { name: 'Ver estado de cuenta' }).getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/loan-statement');
    expect(target.searchParams.get('orderId')).toBe('12');
    expect(target.searchParams.get('productId')).toBe('1');
    expect(target.searchParams.has('swift')).toBe(false);
  });
});
