import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { answerByPath } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { applicationData, decidedApplication, ok } from '../testing/application-fixtures';
import ApplicationPage from './application-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn(), postMultipart: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const r = apiRoutes;
const reasons = ['Su historial de crédito muestra pagos atrasados en este momento.', 'Su ingreso mensual es menor que el mínimo que pedimos.'];
const declined = (market: 'MX' | 'IN' = 'MX') => decidedApplication(market, 'declined', { reasons, reapplyAfter: '2027-03-01' });

function renderPage(query = '') {
  return renderAt(<ApplicationPage />, '/certify', query);
}

/** Today in the market as the page reads it (the clock only: timers stay real for the user events). */
function today(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('ApplicationPage: the credit decision (issue 35)', () => {
  beforeEach(() => today('2026-12-01T12:00:00.000Z'));
  afterEach(() => vi.useRealTimers());

  it('referred: an analyst decides, the answer comes by SMS; the way home', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(decidedApplication('MX', 'referred'))) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Su solicitud' })).toBeTruthy();
    expect(screen.getByText('Su solicitud está con un analista de crédito: le avisaremos por SMS')).toBeTruthy();
    expect(screen.getByText('Un analista de crédito revisa su solicitud. Le avisaremos por SMS cuando tengamos una respuesta.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toMatch(/^\/main(\?|$)/);
  });

  it('approved: the offers are on home, and the link leads to them', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(decidedApplication('IN', 'approved', {}, { statusText: 'Application approved: your offers are on Home' }))) });
    renderPage('language=1');
    expect(await screen.findByText('Application approved: your offers are on Home')).toBeTruthy();
    expect(screen.getByText('Your application is approved. Your offers are on Home.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See my offers' }).getAttribute('href')).toMatch(/^\/main(\?[^#]*)?#offers$/);
    expect(screen.queryByRole('region', { name: 'Why' })).toBeNull();
  });

  it('declined: the reasons as a list and the day to apply again in words; no way to apply before it', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(declined())) });
    renderPage('step=identity');
    const why = await screen.findByRole('region', { name: 'Por qué' });
    expect(within(why).getAllByRole('listitem').map((li) => li.textContent)).toEqual(reasons);
    expect(screen.getByText('Podrá solicitar de nuevo a partir del 1 de marzo de 2027.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Solicitar de nuevo' })).toBeNull();
    // ?step=identity before the day shows the decision, not a new form.
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });

  it('declined, the day come: "apply again" starts a new application at the identity step', async () => {
    today('2027-03-01T12:00:00.000Z');
    answerByPath({ [r.creditApplication.path]: ok(applicationData(declined('IN'))) });
    const user = userEvent.setup();
    renderPage('language=1');
    expect(await screen.findByText('You may send a new application now.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Apply again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeTruthy();
    // A new application: nothing of the declined one is shown, and its first save opens it.
    expect(screen.getByLabelText<HTMLInputElement>('Name as on your PAN card').value).toBe('');
    expect(within(screen.getByRole('group', { name: 'Are you an Indian national?' })).getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it('approved, the identity step asked for (home, once the offers are used): a new application', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(decidedApplication('MX', 'approved'))) });
    renderPage('step=identity');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sus datos' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Nombre(s)').value).toBe('');
  });

  it('has no serious or critical accessibility violations (referred, approved, declined)', async () => {
    for (const application of [decidedApplication('MX', 'referred'), decidedApplication('MX', 'approved'), declined()]) {
      answerByPath({ [r.creditApplication.path]: ok(applicationData(application)) });
      const { container, unmount } = renderPage();
      await screen.findByRole('heading', { level: 2, name: 'Su solicitud' });
      expect(await seriousA11yViolations(container)).toEqual([]);
      unmount();
    }
  });
});
