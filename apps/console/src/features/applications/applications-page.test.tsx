import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubServer, type Sent } from '@/shared/testing/test-server';
import ApplicationsPage from './applications-page';

const curp = 'GODE561231HDFRRN09';

const row = (applicationNo: string, status: string, fullName: string, flagged = false) => ({
  applicationNo,
  market: 'MX',
  status,
  borrower: { id: 9, fullName, maskedPhone: '******5678' },
  createdAt: '2025-02-01T10:00:00.000Z',
  submittedAt: status === 'draft' ? null : '2025-02-02T10:00:00.000Z',
  updatedAt: '2025-02-02T10:00:00.000Z',
  flags: flagged ? [{ kind: 'duplicate_identity', detail: 'curp', otherApplicationNo: 'AP0000000001' }] : [],
});

const answers = {
  'GET /console/api/credit-applications': (_body: unknown, query: URLSearchParams) => {
    const all = [row('AP0000000002', 'submitted', 'Eduardo Gómez Durán', true), row('AP0000000003', 'draft', 'Lucía Pérez')];
    const status = query.get('status');
    const q = query.get('q');
    return { applications: all.filter((a) => (!status || a.status === status) && (!q || (q === curp && a.applicationNo === 'AP0000000002'))) };
  },
};

/** The address the page leaves in the router (a search is never written in it). */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const renderPage = () =>
  renderScreen(
    <>
      <ApplicationsPage />
      <Address />
    </>,
    { path: '/applications' },
  );

const lists = (sent: Sent[]) => sent.filter((s) => s.path === '/console/api/credit-applications');

describe('ApplicationsPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('lists the newest applications, each linked to its page, with its flags', async () => {
    stubServer(['support'], answers);
    renderPage();
    expect(await screen.findByText('2 applications (50 at most, newest first)')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'AP0000000002' });
    expect(link.getAttribute('href')).toBe('/applications/AP0000000002');
    const tableRow = link.closest('tr')!;
    expect(within(tableRow).getByText('Submitted')).toBeTruthy();
    expect(within(tableRow).getByText('Eduardo Gómez Durán')).toBeTruthy();
    expect(within(tableRow).getByText('Same identity under another phone')).toBeTruthy();
  });

  it('filters by state and searches a whole CURP, never writing it in the address', async () => {
    const sent = stubServer(['reviewer'], answers);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2 applications (50 at most, newest first)');
    await user.click(within(screen.getByRole('search')).getByText('Draft'));
    expect(await screen.findByText('1 application (50 at most, newest first)')).toBeTruthy();
    expect(lists(sent).at(-1)!.query.get('status')).toBe('draft');

    await user.click(within(screen.getByRole('search')).getByText('All'));
    await user.type(screen.getByLabelText('Application number, whole CURP or PAN, or name'), `${curp}{Enter}`);
    await waitFor(() => expect(lists(sent).at(-1)!.query.get('q')).toBe(curp));
    expect(await screen.findByRole('link', { name: 'AP0000000002' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'AP0000000003' })).toBeNull());
    expect(screen.getByTestId('address').textContent).toBe('/applications');
  });

  it('asks for 3 characters before searching by name, in Spanish too', async () => {
    localStorage.setItem('presta.console.language', 'es');
    const sent = stubServer(['support'], answers);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2 solicitudes (50 como máximo, las más recientes primero)');
    const before = lists(sent).length;
    await user.type(screen.getByLabelText('Número de solicitud, CURP o PAN completos, o nombre'), 'Lu{Enter}');
    expect(await screen.findByText('Escribe al menos 3 caracteres, o deja el campo vacío.')).toBeTruthy();
    expect(lists(sent)).toHaveLength(before);
  });
});
