import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { routes } from '@presta/contract/routes';
import { stubApi } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { showToast } from '@/shared/ui/toast';
import { listAnswer, ok, serverError, sessionQuery } from '../testing/complaint-fixtures';
import ComplaintListPage from './complaint-list-page';

vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const listPath = apiRoutes.problemList.path;

function DetailStub() {
  return <h1>Detalle abierto</h1>;
}

async function loaded(query = sessionQuery) {
  const view = renderAt(<ComplaintListPage />, routes.complaintList, query, { [routes.complaintDetail]: <DetailStub /> });
  await screen.findByRole('tablist');
  return view;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
const panel = () => screen.getByRole('tabpanel');
const itemLinks = () => within(panel()).queryAllByRole('link');

describe('ComplaintListPage', () => {
  it('asks for the list with the session and shows the server’s tabs, the first one chosen', async () => {
    const calls = stubApi({ [listPath]: ok(listAnswer()) });
    await loaded();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.rawBody).toBe('');
    expect(calls[0]!.url.searchParams.get('swift')).toBe('sess-9');
    expect(calls[0]!.url.searchParams.get('showy')).toBe('dev-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Mis quejas' })).toBeTruthy();
    expect(tabNames()).toEqual(['En proceso', 'Respondidas', 'Cerradas']);
    expect(selectedTab()).toBe('En proceso');
    expect(panel().getAttribute('aria-label')).toBe('En proceso');
    expect(document.title).toBe('Mis quejas · Presta');
  });

  it('shows each complaint with its number, time, type and text (clamped to 2 lines), newest first', async () => {
    stubApi({ [listPath]: ok(listAnswer()) });
    await loaded();
    const links = itemLinks();
    expect(links).toHaveLength(2);
    const first = links[0]!;
    expect(within(first).getByText('N.º 43')).toBeTruthy();
    expect(within(first).getByText('2025-07-14 18:20:05')).toBeTruthy();
    expect(within(first).getByText('Cobranza')).toBeTruthy();
    const content = within(first).getByText(/^Me llamaron varias veces/);
    expect(content.className).toBe('presta-complaint-item-content');
    expect(within(links[1]!).getByText('N.º 42')).toBeTruthy();
  });

  it('switching tabs shows that tab’s complaints, and an empty tab says so', async () => {
    const user = userEvent.setup();
    stubApi({ [listPath]: ok(listAnswer()) });
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Respondidas' }));
    expect(selectedTab()).toBe('Respondidas');
    expect(panel().getAttribute('aria-label')).toBe('Respondidas');
    expect(itemLinks()).toHaveLength(1);
    expect(within(panel()).getByText('N.º 41')).toBeTruthy();
    // The chosen tab is kept in the URL (replace), so coming back from a complaint shows it again.
    expect(new URLSearchParams(screen.getByTestId('location').textContent.split('?')[1]).get('tab')).toBe('1');

    await user.click(screen.getByRole('tab', { name: 'Cerradas' }));
    expect(itemLinks()).toHaveLength(0);
    expect(within(panel()).getByText('Nada por aquí')).toBeTruthy();
    expect(within(panel()).getByText('No tiene quejas en esta sección.')).toBeTruthy();
  });

  it('arrow keys move between the tabs', async () => {
    const user = userEvent.setup();
    stubApi({ [listPath]: ok(listAnswer()) });
    await loaded();
    screen.getByRole('tab', { name: 'En proceso' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toBe('Respondidas');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Respondidas' }));
  });

  it('opens the tab named in the URL', async () => {
    stubApi({ [listPath]: ok(listAnswer()) });
    await loaded(`${sessionQuery}&tab=1`);
    expect(selectedTab()).toBe('Respondidas');
  });

  it('a complaint opens its detail in the app: the session stays with the tab, out of the address', async () => {
    const user = userEvent.setup();
    stubApi({ [listPath]: ok(listAnswer()) });
    await loaded(`${sessionQuery}&language=2`);
    const link = itemLinks()[0]!;
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/complainDetails');
    expect(href.searchParams.get('problemId')).toBe('43');
    for (const name of ['swift', 'showy', 'crp_phe']) expect(href.searchParams.has(name)).toBe(false);
    expect(href.searchParams.get('language')).toBe('2');
    expect(href.searchParams.has('tab')).toBe(false);

    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Detalle abierto' })).toBeTruthy();
    const location = new URL(screen.getByTestId('location').textContent, 'http://localhost');
    expect(location.pathname).toBe('/complainDetails');
    expect(location.searchParams.get('problemId')).toBe('43');
    expect(location.searchParams.has('swift')).toBe(false);
  });

  it('opens the first tab that has complaints: the only complaint answered shows in "Respondidas", not an empty "En proceso" (issue 14)', async () => {
    const answered = { id: '41', time: '2025-07-01 12:00:00', type: 'Préstamo', content: '¿Por qué cambió el monto de mi préstamo?' };
    stubApi({ [listPath]: ok(listAnswer({ tabs: [{ title: 'En proceso', list: [] }, { title: 'Respondidas', list: [answered] }, { title: 'Cerradas', list: [] }] })) });
    await loaded();
    expect(selectedTab()).toBe('Respondidas');
    expect(panel().getAttribute('aria-label')).toBe('Respondidas');
    expect(itemLinks()).toHaveLength(1);
    expect(within(panel()).getByText('N.º 41')).toBeTruthy();
  });

  it('only closed complaints: "Cerradas" opens; a tab the URL names (the borrower chose it) still wins, even empty', async () => {
    const closed = { id: '40', time: '2025-06-01 12:00:00', type: 'Pagos', content: 'Pagué dos veces.' };
    const tabs = [{ title: 'En proceso', list: [] }, { title: 'Respondidas', list: [] }, { title: 'Cerradas', list: [closed] }];
    stubApi({ [listPath]: ok(listAnswer({ tabs })) });
    const first = await loaded();
    expect(selectedTab()).toBe('Cerradas');
    first.unmount();

    stubApi({ [listPath]: ok(listAnswer({ tabs })) });
    await loaded(`${sessionQuery}&tab=0`);
    expect(selectedTab()).toBe('En proceso');
    expect(itemLinks()).toHaveLength(0);
  });

  it('with no complaints at all, invites to file one', async () => {
    stubApi({ [listPath]: ok(listAnswer({ tabs: [{ title: 'En proceso', list: [] }, { title: 'Respondidas', list: [] }, { title: 'Cerradas', list: [] }] })) });
    await loaded();
    expect(within(panel()).getByText('Aún no tiene quejas. Si algo no salió bien, cuéntenoslo.')).toBeTruthy();
    const file = within(panel()).getByRole('link', { name: 'Presentar una queja' });
    const href = new URL(file.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe(routes.complaintEntry);
    expect(href.searchParams.has('swift')).toBe(false);
  });

  it('shows a failure with a retry that loads again, without a toast', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ [listPath]: [serverError(), ok(listAnswer())] });
    renderAt(<ComplaintListPage />, routes.complaintList, sessionQuery);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No pudimos cargar sus quejas' })).toBeTruthy();
    expect(showToast).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('tablist')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('is in English with language=1', async () => {
    stubApi({ [listPath]: ok(listAnswer({ tabs: [{ title: 'Closed', list: [] }] })) });
    await loaded(`${sessionQuery}&language=1`);
    expect(screen.getByRole('heading', { level: 1, name: 'My complaints' })).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'File a complaint' })).toBeTruthy();
  });

  it('has no serious or critical accessibility violations', async () => {
    const user = userEvent.setup();
    stubApi({ [listPath]: ok(listAnswer()) });
    const { container } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Cerradas' }));
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
