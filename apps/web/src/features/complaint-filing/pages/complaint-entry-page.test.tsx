import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { assignLocation } from '@/shared/session/navigation';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { lastUrl, renderAt, sessionQuery } from '@/shared/testing/render';
import { showToast } from '@/shared/ui/toast';
import { initAnswer, ok, overdueOrder, paidOrder, refused, storedDraft } from '../testing/complaint-fixtures';
import { readComplaintDraft, updateComplaintDraft } from '../utils/complaint-draft';
import ComplaintEntryPage from './complaint-entry-page';

vi.mock('@/shared/http/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/http/api-client')>()),
  callApi: vi.fn(),
}));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const initPath = apiRoutes.problemInit.path;

async function loaded(query?: string) {
  const view = renderAt(<ComplaintEntryPage />, '/complaint', query);
  await screen.findByRole('region', { name: 'Seleccione el tipo de problema' });
  return view;
}

const orderCard = () => screen.getByRole('region', { name: 'Pedido' });
const typesCard = () => screen.getByRole('region', { name: 'Seleccione el tipo de problema' });

function expectFormUrl(target: URL) {
  expect(target.pathname).toBe('/complainPageNext');
  expect(target.searchParams.get('swift')).toBe('sess-9');
  expect(target.searchParams.get('showy')).toBe('dev-1');
  expect(target.searchParams.get('language')).toBe('2');
}

describe('ComplaintEntryPage', () => {
  it('loads the order of the URL and shows its card, the question types and the link to my complaints', async () => {
    answerByPath({ [initPath]: ok(initAnswer()) });
    await loaded();
    expect(callsTo(initPath)[0]![1]).toEqual({ orderId: '12' });
    expect(screen.getByRole('heading', { level: 1, name: 'Quejas y sugerencias' })).toBeTruthy();
    expect(document.title).toBe('Quejas y sugerencias · Presta');

    const mine = screen.getByRole('link', { name: 'Mis quejas' });
    const list = new URL(mine.getAttribute('href')!, 'http://localhost');
    expect(list.pathname).toBe('/complaintList');
    expect(list.searchParams.get('swift')).toBe('sess-9');
    expect(list.searchParams.get('language')).toBe('2');

    const card = orderCard();
    expect(within(card).getByText('Presta MX')).toBeTruthy();
    expect(within(card).getByText('Vencido')).toBeTruthy();
    expect(within(card).getByText('Estado:')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/assets/logos/presta-mx.svg');
    expect(within(card).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Número de pedido', 'Monto del préstamo']);
    expect(within(card).getByText('PM2025070112')).toBeTruthy();

    const types = within(typesCard()).getAllByRole('button').map((b) => b.textContent);
    expect(types).toEqual(['Cobranza', 'Pagos', 'Otro']);
    expect(within(typesCard()).getByRole('button', { name: 'Cobranza' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('without an order in the URL asks for none (the server picks the newest)', async () => {
    answerByPath({ [initPath]: ok(initAnswer()) });
    await loaded('swift=sess-9');
    expect(callsTo(initPath)[0]![1]).toEqual({});
  });

  it("'All' opens the borrower's orders and switches the card to the one chosen", async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer()) });
    await loaded();
    await user.click(within(orderCard()).getByRole('button', { name: 'Todos los pedidos' }));
    const dialog = screen.getByRole('dialog', { name: 'Elija un pedido' });
    const options = within(dialog).getAllByRole('button', { pressed: undefined }).filter((b) => b.hasAttribute('aria-pressed'));
    expect(options.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    await user.click(within(dialog).getByRole('button', { name: /Crédito Fácil/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(orderCard()).getByText('Crédito Fácil')).toBeTruthy();
    expect(within(orderCard()).getByText('Pagado')).toBeTruthy();
    expect(within(orderCard()).queryByText('Presta MX')).toBeNull();
    expect(callsTo(initPath)).toHaveLength(1);

    // The chosen order is the complaint's.
    await user.click(within(typesCard()).getByRole('button', { name: 'Pagos' }));
    expect(readComplaintDraft()).toMatchObject({ orderNo: 'CF2025060301', type: { title: 'Pagos', value: 2 }, subType: null });
  });

  it('the default order is the first of the list when the answer names none', async () => {
    answerByPath({ [initPath]: ok(initAnswer({ orderDetail: null, orderList: [paidOrder, overdueOrder] })) });
    await loaded();
    expect(within(orderCard()).getByText('Crédito Fácil')).toBeTruthy();
  });

  it('collection (type 1) on an order with isShow 0 is refused with the notice', async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer({ orderDetail: paidOrder })) });
    await loaded();
    const collection = within(typesCard()).getByRole('button', { name: 'Cobranza' });
    await user.click(collection);
    expect(showToast).toHaveBeenCalledWith('El pedido seleccionado no admite quejas de cobranza');
    expect(collection.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Llamadas excesivas' })).toBeNull();
    expect(assignLocation).not.toHaveBeenCalled();
    expect(storedDraft()).toBeNull();
  });

  it('collection (type 1) on an order with isShow 1 shows the sub-types; one opens the form with the choice kept', async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer()) });
    await loaded();
    const collection = within(typesCard()).getByRole('button', { name: 'Cobranza' });
    await user.click(collection);
    expect(collection.getAttribute('aria-expanded')).toBe('true');
    const nested = document.getElementById(collection.getAttribute('aria-controls')!)!;
    expect(within(nested).getByRole('heading', { name: 'Seleccione el subtipo' })).toBeTruthy();
    expect(within(nested).getAllByRole('button').map((b) => b.textContent)).toEqual(['Llamadas excesivas', 'Trato irrespetuoso']);
    expect(assignLocation).not.toHaveBeenCalled();

    await user.click(within(nested).getByRole('button', { name: 'Trato irrespetuoso' }));
    expectFormUrl(lastUrl(assignLocation));
    expect(readComplaintDraft()).toEqual({
      orderNo: 'PM2025070112',
      type: { title: 'Cobranza', value: 1 },
      subType: { title: 'Trato irrespetuoso', value: 12 },
      text: '',
      images: [],
    });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('tapping collection again folds the sub-types', async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer()) });
    await loaded();
    const collection = within(typesCard()).getByRole('button', { name: 'Cobranza' });
    await user.click(collection);
    await user.click(collection);
    expect(collection.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Llamadas excesivas' })).toBeNull();
  });

  it('another type opens the form at once, keeping text and images already written in this session', async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer()) });
    window.history.replaceState(null, '', `/complaint?${sessionQuery}`);
    updateComplaintDraft({
      orderNo: 'PM2025070112',
      type: { title: 'Cobranza', value: 1 },
      subType: { title: 'Llamadas excesivas', value: 11 },
      text: 'Me llaman a diario',
      images: ['/user-problem/problem-image/5'],
    });
    await loaded();
    await user.click(within(typesCard()).getByRole('button', { name: 'Otro' }));
    expectFormUrl(lastUrl(assignLocation));
    expect(readComplaintDraft()).toEqual({
      orderNo: 'PM2025070112',
      type: { title: 'Otro', value: 9 },
      subType: null,
      text: 'Me llaman a diario',
      images: ['/user-problem/problem-image/5'],
    });
    // The draft names the session by a hash, not by its id.
    expect(localStorage.getItem('presta.complaint.draft')).not.toContain('sess-9');
  });

  it("another session's draft is not carried over", async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer()) });
    window.history.replaceState(null, '', '/complaint?swift=other-session');
    updateComplaintDraft({ orderNo: 'X1', type: { title: 'Pagos', value: 2 }, subType: null, text: 'Texto de otra persona', images: [] });
    await loaded();
    await user.click(within(typesCard()).getByRole('button', { name: 'Pagos' }));
    expect(readComplaintDraft()).toMatchObject({ orderNo: 'PM2025070112', text: '', images: [] });
  });

  it('without any order, says so and keeps the types inactive (a complaint names an order)', async () => {
    answerByPath({ [initPath]: ok(initAnswer({ orderDetail: null, orderList: [] })) });
    await loaded();
    expect(within(orderCard()).getByText('Aún no tiene préstamos')).toBeTruthy();
    expect(within(orderCard()).queryByRole('button', { name: 'Todos los pedidos' })).toBeNull();
    const buttons = within(typesCard()).getAllByRole<HTMLButtonElement>('button');
    expect(buttons.every((b) => b.disabled)).toBe(true);
  });

  it('shows a failure with a retry that loads again', async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: [refused('500000', 'Algo salió mal'), ok(initAnswer())] });
    renderAt(<ComplaintEntryPage />, '/complaint');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No pudimos cargar la información' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mis quejas' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Seleccione el tipo de problema' })).toBeTruthy();
    expect(callsTo(initPath)).toHaveLength(2);
  });

  it('is in English with language=1', async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer({ orderDetail: paidOrder })) });
    renderAt(<ComplaintEntryPage />, '/complaint', `${sessionQuery}&language=1`);
    expect(await screen.findByRole('region', { name: 'Select question type' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My complaints' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All orders' }).textContent).toBe('All');
    await user.click(screen.getByRole('button', { name: 'Cobranza' }));
    expect(showToast).toHaveBeenCalledWith('The selected order does not support sending collection types');
  });

  it('has no serious or critical accessibility violations (page, sub-types, order list)', async () => {
    const user = userEvent.setup();
    answerByPath({ [initPath]: ok(initAnswer()) });
    const { container } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cobranza' }));
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Todos los pedidos' }));
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });
});
