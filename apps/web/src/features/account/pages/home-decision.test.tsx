import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { errorCodes } from '@presta/contract/error-codes';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import type { HomeData } from '../api/account-data';
import { homeData, limitIncrease, offer, ok, refused } from '../testing/account-fixtures';
import HomePage from './home-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

/* Home after the credit decision (issue 35): a declined application's card, and the higher limits proposed. */

const homePath = apiRoutes.accountHome.path;
const increasePath = apiRoutes.accountLimitIncrease.path;
const reasons = ['Su historial de crédito muestra pagos atrasados en este momento.', 'Su ingreso mensual es menor que el mínimo que pedimos.'];

type Summary = NonNullable<HomeData['application']>;
function decided(status: 'approved' | 'referred' | 'declined', statusText: string, decision: Partial<NonNullable<Summary['decision']>> = {}): Summary {
  return {
    applicationNo: 'SOL2026000007',
    status,
    statusText,
    nextStep: null,
    market: 'MX',
    decision: { outcome: status, reasons: [], reapplyAfter: null, decidedAt: '2026-11-30T18:00:05.000Z', ...decision },
  };
}
const declined = decided('declined', 'Por ahora no podemos prestarle', { reasons, reapplyAfter: '2027-03-01' });

function renderPage(query = '') {
  return renderAt(<HomePage />, '/main', query);
}
const at = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');

/** Today as the page reads it (the clock only: timers stay real for the user events). */
function today(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('HomePage: the application once decided (issue 35)', () => {
  beforeEach(() => today('2026-12-01T12:00:00.000Z'));
  afterEach(() => vi.useRealTimers());

  it('declined: its card with the reasons and the day to apply again; no way to apply before it', async () => {
    answerByPath({ [homePath]: ok(homeData({ offers: [], application: declined })) });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Su solicitud' });
    expect(within(card).getByText('Por ahora no podemos prestarle')).toBeTruthy();
    expect(within(card).getByRole('heading', { level: 3, name: 'Por qué' })).toBeTruthy();
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(reasons);
    expect(within(card).getByText('Podrá solicitar de nuevo a partir del 1 de marzo de 2027.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Solicitar ahora' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ofertas para usted' })).toBeNull();
  });

  it('declined, the day come: the apply button, which starts a new application at the identity step', async () => {
    today('2027-03-01T12:00:00.000Z');
    answerByPath({ [homePath]: ok(homeData({ offers: [], application: declined })) });
    const user = userEvent.setup();
    renderPage('language=1');
    const card = await screen.findByRole('region', { name: 'Apply for credit' });
    expect(within(card).getByText(/^You may send a new application now/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Apply now' }));
    expect([at().pathname, at().searchParams.get('step')]).toEqual(['/certify', 'identity']);
  });

  it('referred: its state and the SMS to come, above the "no offer yet" note', async () => {
    answerByPath({ [homePath]: ok(homeData({ offers: [], application: decided('referred', 'A credit analyst is reviewing your application: we will tell you by SMS') })) });
    renderPage('language=1');
    const card = await screen.findByRole('region', { name: 'Your application' });
    expect(within(card).getByText('A credit analyst is reviewing your application: we will tell you by SMS')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Offers for you' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
  });

  it('approved, its offers used: the apply card, which starts a new application', async () => {
    answerByPath({ [homePath]: ok(homeData({ offers: [], application: decided('approved', 'Solicitud aprobada: sus ofertas están en Inicio') })) });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('region', { name: 'Solicite su crédito' });
    await user.click(within(card).getByRole('button', { name: 'Solicitar ahora' }));
    expect([at().pathname, at().searchParams.get('step')]).toEqual(['/certify', 'identity']);
  });

  it('approved: the offers come first, as before', async () => {
    answerByPath({ [homePath]: ok(homeData({ application: decided('approved', 'Solicitud aprobada: sus ofertas están en Inicio') })) });
    renderPage();
    expect(await screen.findByRole('region', { name: 'Ofertas para usted' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Su solicitud' })).toBeNull();
  });
});

describe('HomePage: a higher limit proposed (issue 35)', () => {
  const raised = offer({ amountMax: 800000 });

  it('a card per proposal: the product, both limits in the market’s currency and the last day', async () => {
    answerByPath({ [homePath]: ok(homeData({ limitIncreases: [limitIncrease(), limitIncrease({ proposalId: '42', productId: '2', productName: 'Presta Plus', currentLimit: 300000, proposedLimit: 450000 })] })) });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Un límite más alto en Presta MX' });
    expect(within(card).getByText('Podemos subir su límite en Presta MX de $5.000,00 a $8.000,00.')).toBeTruthy();
    expect(within(card).getByText('Puede aceptarlo hasta el 14 de diciembre de 2026.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Un límite más alto en Presta Plus' })).toBeTruthy();
    // The offers come first.
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby') && document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent);
    expect(regions.indexOf('Ofertas para usted')).toBeLessThan(regions.indexOf('Un límite más alto en Presta MX'));
  });

  it('Accept asks for a confirmation (keyboard: Escape leaves everything), then sends the consent and shows the new offers', async () => {
    answerByPath({
      [homePath]: ok(homeData({ limitIncreases: [limitIncrease()] })),
      [increasePath]: ok({ limitIncreases: [], offers: [raised] }),
    });
    const user = userEvent.setup();
    renderPage();
    const accept = await screen.findByRole('button', { name: 'Aceptar: Presta MX' });
    await user.click(accept);
    const dialog = screen.getByRole('dialog', { name: '¿Subir su límite en Presta MX?' });
    expect(within(dialog).getByText('Su límite en Presta MX pasará de $5.000,00 a $8.000,00. Solo lo subimos si usted lo acepta; si no, nada cambia.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(accept));
    expect(callsTo(increasePath)).toHaveLength(0);

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sí, subir mi límite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(increasePath).map((call) => call[1])).toEqual([{ proposalId: '41', accept: 1 }]);
    expect(screen.queryByRole('region', { name: 'Un límite más alto en Presta MX' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Ofertas para usted' })).getByText('De $1.000,00 a $8.000,00')).toBeTruthy();
  });

  it('India asks for explicit consent before the higher limit is accepted', async () => {
    const proposal = limitIncrease({ market: 'IN', productName: 'Presta IN', currentLimit: 1_000_000, proposedLimit: 1_500_000, expiresAt: '2026-12-15T18:29:59.000Z' });
    answerByPath({
      [homePath]: ok(homeData({ offers: [], activeLoan: null, limitIncreases: [proposal] })),
      [increasePath]: ok({ limitIncreases: [], offers: [offer({ market: 'IN', productName: 'Presta IN', amountMax: 1_500_000 })] }),
    });
    const user = userEvent.setup();
    renderPage('language=1');
    const card = await screen.findByRole('region', { name: 'A higher limit on Presta IN' });
    expect(within(card).getByText('We can raise your limit on Presta IN from ₹10,000.00 to ₹15,000.00.')).toBeTruthy();
    expect(within(card).getByText('You can accept it until December 15, 2026.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Accept: Presta IN' }));
    const dialog = screen.getByRole('dialog', { name: 'Raise your limit on Presta IN?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, raise my limit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Tick your consent to accept.');
    const consent = within(dialog).getByRole('checkbox', { name: 'I explicitly consent to my limit on Presta IN being raised to ₹15,000.00.' });
    expect(document.activeElement).toBe(consent);
    expect(callsTo(increasePath)).toHaveLength(0);
    expect(await seriousA11yViolations(dialog)).toEqual([]);
    await user.click(consent);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, raise my limit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(increasePath).map((call) => call[1])).toEqual([{ proposalId: '41', accept: 1 }]);
    expect(await screen.findByRole('region', { name: 'Offers for you' })).toBeTruthy();
  });

  it('Not now turns it down at once: the card goes, the offers stay', async () => {
    answerByPath({
      [homePath]: ok(homeData({ limitIncreases: [limitIncrease()] })),
      [increasePath]: ok({ limitIncreases: [], offers: [offer()] }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ahora no: Presta MX' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Un límite más alto en Presta MX' })).toBeNull());
    expect(callsTo(increasePath).map((call) => call[1])).toEqual([{ proposalId: '41', accept: 0 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Ofertas para usted' })).toBeTruthy();
  });

  it('a refusal leaves the proposal and the dialog as they were', async () => {
    answerByPath({
      [homePath]: ok(homeData({ limitIncreases: [limitIncrease()] })),
      [increasePath]: refused(errorCodes.badRequest, 'Esta propuesta ya no está vigente.'),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Aceptar: Presta MX' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sí, subir mi límite' }));
    await waitFor(() => expect(callsTo(increasePath)).toHaveLength(1));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Un límite más alto en Presta MX' })).toBeTruthy();
  });

  it('has no serious or critical accessibility violations (a proposal, a declined application)', async () => {
    answerByPath({ [homePath]: ok(homeData({ limitIncreases: [limitIncrease()] })) });
    const first = renderPage();
    await screen.findByRole('region', { name: 'Un límite más alto en Presta MX' });
    expect(await seriousA11yViolations(first.container)).toEqual([]);
    first.unmount();
    answerByPath({ [homePath]: ok(homeData({ offers: [], application: declined })) });
    const second = renderPage();
    await screen.findByRole('region', { name: 'Su solicitud' });
    expect(await seriousA11yViolations(second.container)).toEqual([]);
  });
});
