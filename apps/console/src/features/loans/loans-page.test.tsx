import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import LoansPage from './loans-page';

const phone = '+52 55 1234 5678';

const loan = (orderNo: string, fullName: string) => ({
  orderNo,
  status: '174',
  appliedAt: '2025-02-01T10:00:00.000Z',
  product: { code: 'P14', name: 'Presta 14', market: 'MX', currency: 'MXN' },
  principal: 300_000,
  borrower: { id: 9, fullName, maskedPhone: '+52 55 **** 5678' },
});

const answers = {
  'POST /console/api/loans/search': (body: { q: string }) => ({
    loans: body.q === phone ? [loan('PR0000000000000077', 'Mario López'), loan('PR0000000000000078', 'Mario López')] : [],
  }),
};

/** The address the page leaves in the router (a search is never written in it). */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

const renderPage = () =>
  renderScreen(
    <>
      <LoansPage />
      <Address />
    </>,
    { path: '/loans' },
  );

const searches = (sent: ReturnType<typeof stubServer>) => sent.filter((s) => s.path === '/console/api/loans/search');

describe('LoansPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('sends nothing for fewer than 3 characters', async () => {
    const sent = stubServer(['support'], answers);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Search for a loan to see its story.')).toBeTruthy();
    await user.type(screen.getByLabelText('Order number, whole phone or name'), ' ab ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 3 characters.')).toBeTruthy();
    expect(searches(sent)).toHaveLength(0);
  });

  it('searches by phone as a POST, never in the address, and links each row to its loan', async () => {
    const sent = stubServer(['support'], answers);
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Order number, whole phone or name'), phone);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('2 loans (50 at most, newest first)')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'PR0000000000000077' });
    expect(link.getAttribute('href')).toBe('/loans/PR0000000000000077');
    expect(screen.getByRole('link', { name: 'PR0000000000000078' }).getAttribute('href')).toBe('/loans/PR0000000000000078');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Mario López')).toBeTruthy();
    expect(within(row).getByText('+52 55 **** 5678')).toBeTruthy();
    expect(within(row).getByText('$3.000,00')).toBeTruthy();

    const [search] = searches(sent);
    expect(search).toMatchObject({ method: 'POST', body: { q: phone } });
    expect(search!.query.toString()).toBe('');
    expect(sent.some((s) => s.query.toString().includes('5678') || s.path.includes('5678'))).toBe(false);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/loans'));
  });

  it('says when nothing matches', async () => {
    stubServer(['support'], answers);
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Order number, whole phone or name'), 'Nadie{Enter}');
    expect(await screen.findByText('No loan matches “Nadie”.')).toBeTruthy();
  });
});
