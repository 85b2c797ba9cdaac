import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { SAVE_PAUSE_MS } from '../hooks/use-step-draft';
import { errorCodes } from '@presta/contract/error-codes';
import { application, applicationData, completeApplication, ok, refused } from '../testing/application-fixtures';
import ApplicationPage from './application-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn(), postMultipart: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

/*
 * Issue 35's answers in the steps: living at the address since, with the employer since (month pickers), and the
 * review that lists them with India's nationality.
 */

const r = apiRoutes;
const lastPayload = (path: string) => callsTo(path).at(-1)![1] as Record<string, unknown>;
const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');

function renderPage(query: string) {
  return renderAt(<ApplicationPage />, '/certify', query);
}

describe('ApplicationPage: since when (issue 35)', () => {
  // The market's today is 30 November 2026 (the clock only: timers stay real for the user events).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T18:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('living here since: both halves, not a month to come; saved as typed once both are chosen', async () => {
    const draft = application('MX', { nextStep: 'address' });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)), [r.applicationAddress.path]: ok({ application: draft }) });
    const user = userEvent.setup();
    renderPage('step=address');
    const since = await screen.findByRole('group', { name: 'Vive en este domicilio desde' });
    const year = within(since).getByLabelText<HTMLSelectElement>('Año');
    expect(year.options[1]!.value).toBe('2026');
    await user.selectOptions(year, '2026');
    await user.tab();
    await user.tab();
    expect(within(since).getByText('Elija el mes y el año.')).toBeTruthy();
    await waitFor(() => expect(lastPayload(r.applicationAddress.path)).toMatchObject({ final: 0, residentSince: '' }));
    await user.selectOptions(within(since).getByLabelText('Mes'), 'diciembre');
    expect(within(since).getByText('No puede ser un mes que aún no llega.')).toBeTruthy();
    expect(year.getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(within(since).getByLabelText('Mes'), 'marzo');
    expect(within(since).queryByText('No puede ser un mes que aún no llega.')).toBeNull();
    await waitFor(() => expect(lastPayload(r.applicationAddress.path)).toMatchObject({ final: 0, residentSince: '2026-03' }), { timeout: SAVE_PAUSE_MS * 3 });
  });

  it('living here since: required to complete the step, and not before the birth date', async () => {
    const draft = application('IN', {
      nextStep: 'address',
      identity: { ...completeApplication('IN').identity },
      address: { ...completeApplication('IN').address, residentSince: '' },
    });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)), [r.applicationAddress.path]: ok({ application: draft }) });
    const user = userEvent.setup();
    renderPage('step=address&language=1');
    const since = await screen.findByRole('group', { name: 'Living here since' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(since).getByText('This is required.')).toBeTruthy();
    expect(callsTo(r.applicationAddress.path).filter(([, p]) => (p as { final: number }).final === 1)).toHaveLength(0);
    // Born in March 1992: the years start there, and January of that year is before the birth.
    const year = within(since).getByLabelText<HTMLSelectElement>('Year');
    expect(year.options[year.options.length - 1]!.value).toBe('1992');
    await user.selectOptions(year, '1992');
    await user.selectOptions(within(since).getByLabelText('Month'), 'January');
    expect(within(since).getByText('It cannot be before your date of birth.')).toBeTruthy();
    await user.selectOptions(within(since).getByLabelText('Month'), 'April');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(callsTo(r.applicationAddress.path).some(([, p]) => (p as { final: number }).final === 1)).toBe(true));
    expect(lastPayload(r.applicationAddress.path)).toMatchObject({ final: 1, residentSince: '1992-04', permanent: 1 });
  });

  it('with the employer since: asked only for occupations with an employer, required then, and sent only then', async () => {
    const draft = application('MX', { nextStep: 'work' });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)), [r.applicationWork.path]: ok({ application: { ...draft, nextStep: 'documents' } }) });
    const user = userEvent.setup();
    renderPage('step=work');
    await user.selectOptions(await screen.findByLabelText('Ocupación'), 'student');
    expect(screen.queryByRole('group', { name: 'En esta empresa o negocio desde' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Ocupación'), 'self_employed');
    const since = screen.getByRole('group', { name: 'En esta empresa o negocio desde' });
    await user.type(screen.getByLabelText('Empresa o negocio'), 'Taller Sol');
    await user.type(screen.getByLabelText('Ingreso mensual'), '15000');
    await user.selectOptions(screen.getByLabelText('Frecuencia con la que recibe su ingreso'), 'monthly');
    await user.type(screen.getByLabelText('Pagos mensuales de deudas'), '0');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(within(since).getByText('Este dato es obligatorio.')).toBeTruthy();
    await user.selectOptions(within(since).getByLabelText('Mes'), 'agosto');
    await user.selectOptions(within(since).getByLabelText('Año'), '2021');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('documents'));
    expect(lastPayload(r.applicationWork.path)).toMatchObject({ final: 1, occupation: 'self_employed', employer: 'Taller Sol', workingSince: '2021-08' });
  });

  it('the server’s refusal of the month is shown in the page’s language, the answers kept', async () => {
    const draft = application('IN', { nextStep: 'address', address: { ...completeApplication('IN').address, residentSince: '2019-03' } });
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(draft)),
      [r.applicationAddress.path]: refused(errorCodes.badRequest, 'The month you moved to this address cannot be before your birth.'),
    });
    const user = userEvent.setup();
    renderPage('step=address&language=1');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The month you moved to this address cannot be before your birth.')).toBeTruthy();
    const since = screen.getByRole('group', { name: 'Living here since' });
    expect(within(since).getByLabelText<HTMLSelectElement>('Month').value).toBe('03');
    expect(within(since).getByLabelText<HTMLSelectElement>('Year').value).toBe('2019');
    expect(location().searchParams.get('step')).toBe('address');
  });

  it('a student sends no employer and no "since"', async () => {
    const draft = application('IN', { nextStep: 'work', work: { occupation: 'employed', employer: 'Infosys', monthlyIncome: null, payFrequency: '', monthlyObligations: null, workingSince: '2021-08' } });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)), [r.applicationWork.path]: ok({ application: { ...draft, nextStep: 'documents' } }) });
    const user = userEvent.setup();
    renderPage('step=work&language=1');
    const since = await screen.findByRole('group', { name: 'With this employer or business since' });
    expect(within(since).getByLabelText<HTMLSelectElement>('Month').value).toBe('08');
    expect(within(since).getByLabelText<HTMLSelectElement>('Year').value).toBe('2021');
    await user.selectOptions(screen.getByLabelText('Occupation'), 'student');
    await user.type(screen.getByLabelText('Monthly income'), '25000');
    await user.selectOptions(screen.getByLabelText('How often you are paid'), 'monthly');
    await user.type(screen.getByLabelText('Monthly debt payments'), '0');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('documents'));
    expect(lastPayload(r.applicationWork.path)).toMatchObject({ final: 1, occupation: 'student', employer: '', workingSince: '' });
  });

  it('the review lists the nationality and both months in words', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(completeApplication('IN'))) });
    renderPage('step=review&language=1');
    await screen.findByRole('heading', { level: 2, name: 'Review and send your application' });
    expect(screen.getByText('Yes, I am an Indian national')).toBeTruthy();
    expect(screen.getByText('March 2019')).toBeTruthy();
    expect(screen.getByText('August 2021')).toBeTruthy();
  });

  it('has no serious or critical accessibility violations (the pickers with their problems shown)', async () => {
    const draft = application('IN', { nextStep: 'address', work: { ...completeApplication('IN').work, workingSince: '' } });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)), [r.applicationAddress.path]: ok({ application: draft }) });
    const user = userEvent.setup();
    for (const query of ['step=address&language=1', 'step=work&language=1']) {
      const { container, unmount } = renderPage(query);
      await user.click(await screen.findByRole('button', { name: 'Continue' }));
      expect(screen.getAllByText('This is required.').length).toBeGreaterThan(0);
      expect(await seriousA11yViolations(container)).toEqual([]);
      unmount();
    }
  });
});
