import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { assignLocation } from '@/shared/session/navigation';
import { answerByPath } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { lastUrl, renderAt } from '@/shared/testing/render';
import { homeData, loanSummary, offer, ok, profile, refused } from '../testing/account-fixtures';
import HomePage from './home-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const homePath = apiRoutes.accountHome.path;

/** An application sent (issue 34): its identity being verified. */
const sentApplication = { applicationNo: 'SOL2026000007', status: 'submitted', statusText: 'Enviada: verificando su identidad', nextStep: null, market: 'MX', decision: null } as const;

function renderPage(query = '') {
  return renderAt(<HomePage />, '/main', query, { '/confirm-loan': <p>confirmation</p>, '/order': <p>order</p> });
}

describe('HomePage', () => {
  it('greets the borrower and shows the active loan: status, next payment in its market’s currency, Pay and its details', async () => {
    answerByPath({ [homePath]: ok(homeData({ activeLoan: loanSummary(), offers: [] })) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana López' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Su préstamo' });
    expect(within(card).getByText('En periodo de pago', { exact: false })).toBeTruthy();
    expect(within(card).getByText('2025-07-15')).toBeTruthy();
    expect(within(card).getAllByText('$2.625,00').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Ofertas para usted' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Pagar' }));
    const pay = lastUrl(assignLocation);
    expect(pay.pathname).toBe('/repayment');
    expect(pay.searchParams.get('orderId')).toBe('12');
    expect(pay.searchParams.get('productId')).toBe('1');
    await user.click(within(card).getByRole('link', { name: 'Ver detalles del préstamo' }));
    const details = new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');
    expect([details.pathname, details.searchParams.get('orderId'), details.searchParams.get('productId')]).toEqual(['/order', '12', '1']);
  });

  it('an Indian loan in rupees', async () => {
    answerByPath({ [homePath]: ok(homeData({ activeLoan: loanSummary({ market: 'IN' }), offers: [] })) });
    renderPage('language=1');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ana López' });
    expect(screen.getAllByText('₹2,625.00').length).toBeGreaterThan(0);
  });

  it('without an active loan: the offers (#offers), each with its ranges; the choice opens the confirmation with amount and periods', async () => {
    answerByPath({ [homePath]: ok(homeData()) });
    const user = userEvent.setup();
    renderPage();
    const offers = await screen.findByRole('region', { name: 'Ofertas para usted' });
    expect(offers.id).toBe('offers');
    expect(within(offers).getByRole('heading', { level: 3, name: 'Presta MX' })).toBeTruthy();
    expect(within(offers).getByText('De $1.000,00 a $5.000,00')).toBeTruthy();
    expect(within(offers).getByText('De 1 a 4 pagos cada 15 días')).toBeTruthy();
    const amount = within(offers).getByRole('slider', { name: 'Monto' });
    expect(amount.getAttribute('min')).toBe('100000');
    expect(amount.getAttribute('max')).toBe('500000');
    expect(amount.getAttribute('step')).toBe('50000');
    fireEvent.change(amount, { target: { value: '250000' } });
    fireEvent.change(within(offers).getByRole('slider', { name: 'Número de pagos' }), { target: { value: '3' } });
    expect(amount.getAttribute('aria-valuetext')).toBe('$2.500,00');
    await user.click(within(offers).getByRole('button', { name: 'Solicitar $2.500,00' }));
    const at = new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');
    expect(at.pathname).toBe('/confirm-loan');
    expect(Object.fromEntries(at.searchParams)).toMatchObject({ productId: '1', amount: '250000', periods: '3' });
  });

  it('without an offer, says what happens next and how to reach customer service (issue 32)', async () => {
    answerByPath({ [homePath]: ok(homeData({ offers: [], application: sentApplication })) });
    renderPage();
    expect(await screen.findByText('Aún no tenemos una oferta para usted.')).toBeTruthy();
    expect(screen.getByText(/^Nuestro equipo de crédito revisa las cuentas nuevas\. Cuando tengamos una oferta para usted, aparecerá aquí/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Atención al cliente' }).getAttribute('href')).toMatch(/^\/customer-service(\?|$)/);
  });

  it('without an offer, in English', async () => {
    answerByPath({ [homePath]: ok(homeData({ offers: [], application: { ...sentApplication, statusText: 'Sent: verifying your identity' } })) });
    renderPage('language=1');
    expect(await screen.findByText('We have no offer for you yet.')).toBeTruthy();
    expect(screen.getByText(/^Our credit team reviews new accounts\. When we have an offer for you, it will appear here, on Home\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Customer service' })).toBeTruthy();
  });

  it('in English, with its links to my loans and the account', async () => {
    answerByPath({ [homePath]: ok(homeData({ offers: [offer({ productName: 'Presta Plus' })] })) });
    renderPage('language=1');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ana López' });
    expect(screen.getByRole('region', { name: 'Offers for you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My loans' }).getAttribute('href')).toMatch(/^\/order\?/);
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toMatch(/^\/setting\?/);
    expect(screen.getByRole('button', { name: 'Apply for $5.000,00' })).toBeTruthy();
  });

  it('shows progress while it loads, and the server’s refusal', async () => {
    answerByPath({ [homePath]: refused('404001', 'No encontramos su cuenta.') });
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Cargando…');
    expect(await screen.findByText('No encontramos su cuenta.')).toBeTruthy();
  });

  it('has no serious or critical accessibility violations (offers and active loan)', async () => {
    answerByPath({ [homePath]: ok(homeData()) });
    const { container, unmount } = renderPage();
    await screen.findByRole('region', { name: 'Ofertas para usted' });
    expect(await seriousA11yViolations(container)).toEqual([]);
    unmount();
    answerByPath({ [homePath]: ok(homeData({ activeLoan: loanSummary(), offers: [] })) });
    const second = renderPage();
    await screen.findByRole('region', { name: 'Su préstamo' });
    expect(await seriousA11yViolations(second.container)).toEqual([]);
  });

  it('greets a borrower with no name yet (registered on the promotion page) without a dangling comma', async () => {
    answerByPath({ [homePath]: ok(homeData({ profile: profile({ fullName: '' }) })) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola' })).toBeTruthy();
  });

  it('names a single payment in the singular', async () => {
    answerByPath({ [homePath]: ok(homeData({ offers: [offer({ periodsMin: 1, periodsMax: 6 })] })) });
    renderPage();
    const periods = await screen.findByRole('slider', { name: 'Número de pagos' });
    fireEvent.change(periods, { target: { value: '1' } });
    expect(periods.getAttribute('aria-valuetext')).toMatch(/^1 pago de \d+ días$/);
    fireEvent.change(periods, { target: { value: '2' } });
    expect(periods.getAttribute('aria-valuetext')).toMatch(/^2 pagos de \d+ días$/);
  });

  describe('without a loan or an offer: the credit application (issue 34)', () => {
    const at = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');

    it('no application: "apply for credit", which opens /certify', async () => {
      answerByPath({ [homePath]: ok(homeData({ offers: [] })) });
      const user = userEvent.setup();
      renderPage();
      const card = await screen.findByRole('region', { name: 'Solicite su crédito' });
      expect(within(card).getByText(/^Aún no tenemos una oferta para usted\. Solicite su crédito en unos minutos/)).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Ofertas para usted' })).toBeNull();
      await user.click(within(card).getByRole('button', { name: 'Solicitar ahora' }));
      expect(at().pathname).toBe('/certify');
      expect(at().searchParams.get('step')).toBeNull();
    });

    it('a draft: "continue your application" at its next step', async () => {
      answerByPath({ [homePath]: ok(homeData({ offers: [], application: { ...sentApplication, status: 'draft', statusText: 'Borrador', nextStep: 'work' } })) });
      const user = userEvent.setup();
      renderPage('language=1');
      const card = await screen.findByRole('region', { name: 'Continue your application' });
      expect(within(card).getByText('Next step: work and income.')).toBeTruthy();
      await user.click(within(card).getByRole('button', { name: 'Continue my application' }));
      expect([at().pathname, at().searchParams.get('step')]).toEqual(['/certify', 'work']);
    });

    it('returned: its state and what to do, leading to the review with the problems', async () => {
      answerByPath({ [homePath]: ok(homeData({ offers: [], application: { ...sentApplication, status: 'returned', statusText: 'Devuelta para corregir', nextStep: null } })) });
      const user = userEvent.setup();
      renderPage();
      const card = await screen.findByRole('region', { name: 'Continúe su solicitud' });
      expect(within(card).getByText('Devuelta para corregir. Corrija lo que le pedimos y envíela de nuevo.')).toBeTruthy();
      await user.click(within(card).getByRole('button', { name: 'Continuar mi solicitud' }));
      expect([at().pathname, at().searchParams.get('step')]).toEqual(['/certify', null]);
    });

    it('sent: its state, above the "no offer yet" note', async () => {
      answerByPath({ [homePath]: ok(homeData({ offers: [], application: sentApplication })) });
      renderPage();
      const card = await screen.findByRole('region', { name: 'Su solicitud' });
      expect(within(card).getByText('Enviada: verificando su identidad')).toBeTruthy();
      expect(within(card).getByText('Solicitud SOL2026000007')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: 'Ofertas para usted' })).getByText('Aún no tenemos una oferta para usted.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /solicitud/ })).toBeNull();
    });

    it('approved: the offers as today, whatever the application', async () => {
      answerByPath({ [homePath]: ok(homeData({ application: { ...sentApplication, status: 'in_review', statusText: 'En revisión' } })) });
      renderPage();
      expect(await screen.findByRole('region', { name: 'Ofertas para usted' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Su solicitud' })).toBeNull();
    });

    it('has no serious or critical accessibility violations (the three cards)', async () => {
      for (const application of [null, { ...sentApplication, status: 'draft' as const, nextStep: 'address' as const }, sentApplication]) {
        answerByPath({ [homePath]: ok(homeData({ offers: [], application })) });
        const { container, unmount } = renderPage();
        await screen.findAllByRole('heading', { level: 2 });
        expect(await seriousA11yViolations(container)).toEqual([]);
        unmount();
      }
    });
  });
});
