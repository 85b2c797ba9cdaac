import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { errorCodes } from '@presta/contract/error-codes';
import { aadhaarFor } from '@presta/contract/identity/aadhaar';
import { curpFor, type CurpPerson } from '@presta/contract/identity/curp';
import { panFor } from '@presta/contract/identity/pan';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { SAVE_PAUSE_MS } from '../hooks/use-step-draft';
import { application, applicationData, completeApplication, ok, refused } from '../testing/application-fixtures';
import ApplicationPage from './application-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn(), postMultipart: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const r = apiRoutes;
const maria: CurpPerson = { givenNames: 'María José', firstSurname: 'García', secondSurname: 'López', birthDate: '1990-05-14', sex: 'M', birthState: 'JC' };

function renderPage(query = '') {
  return renderAt(<ApplicationPage />, '/certify', query);
}

const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');
const lastPayload = (path: string) => callsTo(path).at(-1)![1] as Record<string, unknown>;

async function typeMaria(user: ReturnType<typeof userEvent.setup>, curp = curpFor(maria)) {
  await user.type(screen.getByLabelText('Nombre(s)'), maria.givenNames);
  await user.type(screen.getByLabelText('Primer apellido'), maria.firstSurname);
  await user.type(screen.getByLabelText('Segundo apellido'), maria.secondSurname);
  fireEvent.change(screen.getByLabelText('Fecha de nacimiento'), { target: { value: maria.birthDate } });
  await user.click(screen.getByRole('radio', { name: 'Mujer' }));
  await user.selectOptions(screen.getByLabelText('Estado de nacimiento'), 'JC');
  await user.type(screen.getByLabelText('CURP'), curp.toLowerCase());
  await user.type(screen.getByLabelText('Correo electrónico'), 'maria@example.com');
}

describe('ApplicationPage: identity', () => {
  it('a new borrower chooses the market (Spanish: Mexico first), on step 1 of 5', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(null)) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud de crédito' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sus datos' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'México' }).checked).toBe(true);
    expect(screen.getByLabelText('CURP')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'India' }));
    expect(screen.getByLabelText('Número Aadhaar')).toBeTruthy();
    expect(screen.queryByLabelText('CURP')).toBeNull();
    // Choosing the market alone saves nothing: the first save fixes it.
    expect(callsTo(r.applicationIdentity.path)).toHaveLength(0);
  });

  it('in English a new borrower starts with India', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(null)) });
    renderPage('language=1');
    await screen.findByRole('heading', { level: 2, name: 'About you' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'India' }).checked).toBe(true);
    expect(screen.getByLabelText('Name as on your PAN card')).toBeTruthy();
  });

  it('saves as typed: on leaving a field, with final=0 and the market', async () => {
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(null)),
      [r.applicationIdentity.path]: ok({ application: application('MX') }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Nombre(s)'), 'María');
    await user.tab();
    await waitFor(() => expect(callsTo(r.applicationIdentity.path)).toHaveLength(1));
    expect(lastPayload(r.applicationIdentity.path)).toMatchObject({ market: 'MX', final: 0, givenNames: 'María' });
    expect(await screen.findByText('Guardado. Puede continuar después, en este u otro dispositivo.')).toBeTruthy();
  });

  it('saves as typed after a pause, without leaving the field', async () => {
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(application('MX'))),
      [r.applicationIdentity.path]: ok({ application: application('MX') }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Primer apellido'), 'García');
    const typedAt = Date.now();
    expect(callsTo(r.applicationIdentity.path)).toHaveLength(0);
    await waitFor(() => expect(callsTo(r.applicationIdentity.path)).toHaveLength(1), { timeout: SAVE_PAUSE_MS * 3 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(SAVE_PAUSE_MS - 50);
    expect(lastPayload(r.applicationIdentity.path)).toMatchObject({ final: 0, firstSurname: 'García' });
  });

  it('shows what was saved (a reload, another device) and Continue completes the step with final=1, then the address', async () => {
    const saved = application('MX', { identity: { ...application('MX').identity, givenNames: 'María José', curp: curpFor(maria) } });
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(saved)),
      [r.applicationIdentity.path]: ok({ application: { ...saved, nextStep: 'address', completed: { ...saved.completed, identity: true } } }),
    });
    const user = userEvent.setup();
    renderPage();
    expect((await screen.findByLabelText<HTMLInputElement>('Nombre(s)')).value).toBe('María José');
    expect(screen.queryByRole('radio', { name: 'India' })).toBeNull();
    await user.clear(screen.getByLabelText('Nombre(s)'));
    await user.clear(screen.getByLabelText('CURP'));
    await typeMaria(user);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('address'));
    expect(lastPayload(r.applicationIdentity.path)).toEqual({
      market: 'MX',
      final: 1,
      birthDate: '1990-05-14',
      email: 'maria@example.com',
      givenNames: 'María José',
      firstSurname: 'García',
      secondSurname: 'López',
      sex: 'M',
      birthState: 'JC',
      curp: curpFor(maria),
      rfc: '',
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Domicilio' })).toBeTruthy();
    expect(screen.getByText('Paso 2 de 5')).toBeTruthy();
  });

  it('the validators’ hints: a CURP that disagrees with the birth date, an age under 18, a bad e-mail; nothing is sent', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(application('MX'))), [r.applicationIdentity.path]: ok({ application: application('MX') }) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Nombre(s)');
    await typeMaria(user, curpFor({ ...maria, birthDate: '1991-05-14' }));
    await user.clear(screen.getByLabelText('Correo electrónico'));
    await user.type(screen.getByLabelText('Correo electrónico'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('La CURP no corresponde a su fecha de nacimiento.')).toBeTruthy();
    expect(screen.getByText('Escriba un correo como nombre@ejemplo.com.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Revise los datos marcados.');
    const curp = screen.getByLabelText('CURP');
    expect(curp.getAttribute('aria-invalid')).toBe('true');
    expect(curp.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('La CURP no corresponde a su fecha de nacimiento.');
    expect(callsTo(r.applicationIdentity.path).filter(([, p]) => (p as { final: number }).final === 1)).toHaveLength(0);
    // Focus goes to the first field marked.
    await waitFor(() => expect(document.activeElement).toBe(curp));
    fireEvent.change(screen.getByLabelText('Fecha de nacimiento'), { target: { value: '2020-01-01' } });
    expect(screen.getByText('Para solicitar un crédito debe tener al menos 18 años.')).toBeTruthy();
  });

  it('a refusal keeps every value and shows the server’s message by the form', async () => {
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(application('MX'))),
      [r.applicationIdentity.path]: refused(errorCodes.badRequest, 'La CURP no existe en RENAPO.'),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Nombre(s)');
    await typeMaria(user);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('La CURP no existe en RENAPO.')).toBeTruthy();
    expect(callsTo(r.applicationIdentity.path).filter(([, p]) => (p as { final: number }).final === 1)).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>('CURP').value).toBe(curpFor(maria));
    expect(screen.getByLabelText<HTMLInputElement>('Correo electrónico').value).toBe('maria@example.com');
    expect(location().searchParams.get('step')).toBe('identity');
  });

  it('India: the Aadhaar number is masked once typed, sent only with final=1 and kept in no storage nor address', async () => {
    const fullName = 'Priya Sharma';
    const pan = panFor(fullName, 3);
    const aadhaar = aadhaarFor(7);
    const saved = application('IN');
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(saved)),
      [r.applicationIdentity.path]: ok({ application: { ...saved, nextStep: 'address', completed: { ...saved.completed, identity: true } } }),
    });
    const user = userEvent.setup();
    renderPage('language=1');
    await user.type(await screen.findByLabelText('Name as on your PAN card'), fullName);
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1992-03-08' } });
    await user.type(screen.getByLabelText('PAN'), pan);
    const field = screen.getByLabelText<HTMLInputElement>('Aadhaar number');
    await user.type(field, aadhaar);
    expect(field.value).toBe(aadhaar.replace(/(\d{4})(?=\d)/g, '$1 '));
    await user.type(screen.getByLabelText('E-mail'), 'priya@example.com');
    expect(field.value).toBe(`XXXX XXXX ${aadhaar.slice(-4)}`);
    for (const [, payload] of callsTo(r.applicationIdentity.path)) expect(payload).not.toHaveProperty('aadhaar');
    // The nationality the loan terms ask (issue 35) is required to complete the step.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const nationality = screen.getByRole('group', { name: 'Are you an Indian national?' });
    expect(within(nationality).getByText('This is required.')).toBeTruthy();
    expect(callsTo(r.applicationIdentity.path).filter(([, p]) => (p as { final: number }).final === 1)).toHaveLength(0);
    await user.click(within(nationality).getByRole('radio', { name: 'Yes, I am an Indian national' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('address'));
    expect(lastPayload(r.applicationIdentity.path)).toMatchObject({ market: 'IN', final: 1, fullName, pan, aadhaar, birthDate: '1992-03-08', nationality: 'IN' });
    const kept = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`);
    const stored = [...kept(localStorage), ...kept(sessionStorage), window.location.href, document.cookie].join(' ');
    expect(stored).not.toContain(aadhaar);
  });

  it('India: a PAN that is not a person’s and a wrong Aadhaar check digit are hinted on leaving the field', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(application('IN'))), [r.applicationIdentity.path]: ok({ application: application('IN') }) });
    const user = userEvent.setup();
    renderPage('language=1');
    await user.type(await screen.findByLabelText('Name as on your PAN card'), 'Priya Sharma');
    await user.type(screen.getByLabelText('PAN'), 'ABCCS1234K');
    await user.tab();
    expect(screen.getByText('This PAN is not a person’s: its fourth letter is P.')).toBeTruthy();
    const aadhaar = aadhaarFor(7);
    const wrong = `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`;
    await user.type(screen.getByLabelText('Aadhaar number'), wrong);
    await user.tab();
    expect(screen.getByText('This Aadhaar number is not valid. Check that you typed it correctly.')).toBeTruthy();
  });

  it('an application already sent shows its state, not a form', async () => {
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(completeApplication('MX', { status: 'submitted', statusText: 'Enviada: verificando su identidad', editable: false, submittedAt: '2026-11-30T18:00:00.000Z' }))),
    });
    renderPage('step=identity');
    expect(await screen.findByRole('heading', { level: 2, name: 'Su solicitud' })).toBeTruthy();
    expect(screen.getByText('Enviada: verificando su identidad')).toBeTruthy();
    expect(screen.getByText('Enviada el 30 de noviembre de 2026.')).toBeTruthy();
    expect(screen.getByText(/^Estamos verificando su identidad\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });

  it('has no serious or critical accessibility violations (both markets, with hints shown)', async () => {
    answerByPath({ [r.creditApplication.path]: ok(applicationData(null)) });
    const user = userEvent.setup();
    const { container } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'India' }));
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
