import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { DOCUMENT_MAX_BYTES } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { postMultipart } from '@/shared/http/api-client';
import { answerByPath, callApiMock, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt, sessionQuery } from '@/shared/testing/render';
import type { CreditApplication } from '../api/application-calls';
import { application, applicationData, completeApplication, ok, refused } from '../testing/application-fixtures';
import ApplicationPage from './application-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn(), postMultipart: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const r = apiRoutes;

function renderPage(query: string) {
  return renderAt(<ApplicationPage />, '/certify', query);
}

/** Chooses a month picker's month and year by their labels, inside the question's group. */
async function chooseMonth(user: ReturnType<typeof userEvent.setup>, question: string, month: [string, string], year: [string, string]) {
  const group = screen.getByRole('group', { name: question });
  await user.selectOptions(within(group).getByLabelText(month[0]), month[1]);
  await user.selectOptions(within(group).getByLabelText(year[0]), year[1]);
}

const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');
const lastPayload = (path: string) => callsTo(path).at(-1)![1] as Record<string, unknown>;
const completed = (a: CreditApplication, step: keyof CreditApplication['completed'], nextStep: CreditApplication['nextStep']) => ({
  ...a,
  nextStep,
  completed: { ...a.completed, [step]: true },
});

describe('ApplicationPage: address and work', () => {
  it('Mexico’s address: the postal code’s 5 digits hinted, saved as typed, then completed', async () => {
    const draft = application('MX', { nextStep: 'address', completed: { ...application('MX').completed, identity: true } });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)), [r.applicationAddress.path]: ok({ application: completed(draft, 'address', 'work') }) });
    const user = userEvent.setup();
    renderPage('');
    expect(await screen.findByRole('heading', { level: 2, name: 'Domicilio' })).toBeTruthy();
    expect(screen.getByText('Paso 2 de 5')).toBeTruthy();
    await user.type(screen.getByLabelText('Calle'), 'Av. Juárez');
    await user.type(screen.getByLabelText('Número exterior'), '12');
    await user.type(screen.getByLabelText('Colonia'), 'Centro');
    await user.type(screen.getByLabelText('Código postal'), '441a');
    await user.tab();
    expect(screen.getByText('El código postal tiene 5 dígitos.')).toBeTruthy();
    expect(lastPayload(r.applicationAddress.path)).toMatchObject({ final: 0, street: 'Av. Juárez', number: '12', colonia: 'Centro', postalCode: '441' });
    await user.type(screen.getByLabelText('Código postal'), '00');
    await user.type(screen.getByLabelText('Municipio o alcaldía'), 'Guadalajara');
    await user.selectOptions(screen.getByLabelText('Estado'), 'JC');
    await chooseMonth(user, 'Vive en este domicilio desde', ['Mes', 'marzo'], ['Año', '2019']);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('work'));
    expect(lastPayload(r.applicationAddress.path)).toMatchObject({ final: 1, postalCode: '44100', municipality: 'Guadalajara', state: 'JC', permanent: 0, residentSince: '2019-03' });
  });

  it('India’s address asks for the permanent-address declaration and the 6-digit PIN code', async () => {
    const draft = application('IN', { nextStep: 'address' });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)), [r.applicationAddress.path]: ok({ application: completed(draft, 'address', 'work') }) });
    const user = userEvent.setup();
    renderPage('step=address&language=1');
    await user.type(await screen.findByLabelText('Address line 1'), '12 MG Road');
    await user.type(screen.getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(screen.getByLabelText('State'), 'KA');
    await user.type(screen.getByLabelText('PIN code'), '560001');
    await chooseMonth(user, 'Living here since', ['Month', 'March'], ['Year', '2019']);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Confirm that this is your permanent address in India.')).toBeTruthy();
    expect(callsTo(r.applicationAddress.path).filter(([, p]) => (p as { final: number }).final === 1)).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'This is my permanent address in India' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('work'));
    expect(lastPayload(r.applicationAddress.path)).toMatchObject({ final: 1, line1: '12 MG Road', city: 'Bengaluru', state: 'KA', postalCode: '560001', permanent: 1, residentSince: '2019-03' });
  });

  it('Continue right after typing: the save as typed its blur sends is answered before the final one is sent', async () => {
    const draft = application('IN', { nextStep: 'address' });
    const done = completed(draft, 'address', 'work');
    const waiting: (() => void)[] = [];
    let holding = true;
    const answerDrafts = () => {
      holding = false;
      waiting.splice(0).forEach((answer) => answer());
    };
    const order: string[] = [];
    callApiMock().mockImplementation((route, payload) => {
      if (route.path === r.creditApplication.path) return Promise.resolve(ok(applicationData(draft)));
      const final = (payload as { final: number }).final;
      order.push(`sent ${final}`);
      if (final === 1) return Promise.resolve(ok({ application: done }));
      // Saves as typed answer only when the test says so: the final call must wait for them.
      return new Promise((resolve) => {
        const answer = () => {
          order.push('answered 0');
          resolve(ok({ application: draft }));
        };
        if (holding) waiting.push(answer);
        else answer();
      });
    });
    const user = userEvent.setup();
    renderPage('step=address&language=1');
    await user.type(await screen.findByLabelText('Address line 1'), '12 MG Road');
    await user.type(screen.getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(screen.getByLabelText('State'), 'KA');
    await user.click(screen.getByRole('checkbox', { name: 'This is my permanent address in India' }));
    await chooseMonth(user, 'Living here since', ['Month', 'March'], ['Year', '2019']);
    await user.type(screen.getByLabelText('PIN code'), '560001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(order).toContain('sent 0'));
    expect(order).not.toContain('sent 1');
    answerDrafts();
    await waitFor(() => expect(location().searchParams.get('step')).toBe('work'));
    expect(order.slice(-2)).toEqual(['answered 0', 'sent 1']);
  });

  it('work: amounts typed in pesos are sent in centavos, shown with the currency sign; a refusal keeps them', async () => {
    const draft = application('MX', { nextStep: 'work' });
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(draft)),
      [r.applicationWork.path]: refused(errorCodes.badRequest, 'Sus pagos mensuales no pueden superar su ingreso.'),
    });
    const user = userEvent.setup();
    renderPage('step=work');
    await user.selectOptions(await screen.findByLabelText('Ocupación'), 'employed');
    await user.type(screen.getByLabelText('Empresa o negocio'), 'Tiendas Sol');
    await chooseMonth(user, 'En esta empresa o negocio desde', ['Mes', 'agosto'], ['Año', '2021']);
    await user.type(screen.getByLabelText('Ingreso mensual'), '15.000');
    expect(screen.getByText('En MXN, antes de gastos. Son $15.000,00 al mes.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Frecuencia con la que recibe su ingreso'), 'semimonthly');
    await user.type(screen.getByLabelText('Pagos mensuales de deudas'), '2000,50');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Sus pagos mensuales no pueden superar su ingreso.')).toBeTruthy();
    expect(lastPayload(r.applicationWork.path)).toEqual({
      final: 1,
      occupation: 'employed',
      employer: 'Tiendas Sol',
      workingSince: '2021-08',
      monthlyIncome: '1500000',
      payFrequency: 'semimonthly',
      monthlyObligations: '200050',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Ingreso mensual').value).toBe('15.000');
    expect(location().searchParams.get('step')).toBe('work');
  });

  it('work in India: rupees, and the saved amounts come back as typed', async () => {
    const draft = application('IN', { nextStep: 'work', work: { occupation: 'student', employer: '', monthlyIncome: 2_500_000, payFrequency: 'monthly', monthlyObligations: 0, workingSince: '' } });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)) });
    renderPage('step=work&language=1');
    expect((await screen.findByLabelText<HTMLInputElement>('Monthly income')).value).toBe('25000');
    expect(screen.getByText('In INR, before expenses. That is ₹25,000.00 a month.')).toBeTruthy();
    expect(screen.queryByLabelText('Employer or business')).toBeNull();
  });
});

describe('ApplicationPage: documents', () => {
  const photo = (name = 'ine.jpg', size = 4096, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

  it('a tile per document with the camera and a file picker; an upload posts multipart (kind first) and shows the photo', async () => {
    const draft = application('MX', { nextStep: 'documents' });
    const withFront: CreditApplication = { ...draft, documents: [{ kind: 'ine_front', url: '/v3/certify/document-image?kind=ine_front', uploadedAt: '2026-11-30T10:05:00.000Z' }] };
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)) });
    vi.mocked(postMultipart).mockResolvedValue(ok({ application: withFront }));
    const user = userEvent.setup();
    renderPage(`step=documents&${sessionQuery}`);
    const camera = await screen.findByLabelText<HTMLInputElement>('Tomar foto: INE, frente');
    expect([camera.type, camera.accept, camera.getAttribute('capture')]).toEqual(['file', 'image/*', 'environment']);
    expect(screen.getByLabelText('Tomar selfie').getAttribute('capture')).toBe('user');
    const picker = screen.getByLabelText<HTMLInputElement>('Elegir archivo: INE, frente');
    expect([picker.accept, picker.hasAttribute('capture')]).toEqual(['image/*', false]);
    await user.upload(picker, photo());
    const [path, form] = vi.mocked(postMultipart).mock.calls[0]!;
    expect(path).toBe(r.applicationDocumentUpload.path);
    expect([...form.keys()]).toEqual(['kind', 'document']);
    expect(form.get('kind')).toBe('ine_front');
    expect((form.get('document') as File).name).toBe('ine.jpg');
    const img = await screen.findByRole<HTMLImageElement>('img', { name: 'Foto subida: INE, frente' });
    expect(img.getAttribute('src')).toMatch(/^\/v3\/certify\/document-image\?kind=ine_front&.*swift=sess-9/);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Suba todas las fotos para continuar.');
    expect(location().searchParams.get('step')).toBe('documents');
  });

  it('shows the upload in progress, then the server’s refusal in the tile; a file too large or not an image is not sent', async () => {
    const draft = application('IN', { nextStep: 'documents' });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(draft)) });
    let answer!: (value: Awaited<ReturnType<typeof postMultipart>>) => void;
    vi.mocked(postMultipart).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup({ applyAccept: false });
    renderPage('step=documents&language=1');
    const picker = await screen.findByLabelText('Choose a file: PAN card');
    await user.upload(picker, photo('big.jpg', DOCUMENT_MAX_BYTES + 1));
    expect(screen.getByText('The image is larger than 8 MB.')).toBeTruthy();
    await user.upload(picker, photo('notes.pdf', 100, 'application/pdf'));
    expect(screen.getByText('Choose an image (JPEG, PNG or WebP).')).toBeTruthy();
    expect(postMultipart).not.toHaveBeenCalled();
    await user.upload(picker, photo('pan.jpg'));
    expect(screen.getAllByText('Uploading the photo…').length).toBeGreaterThan(0);
    answer(refused('400101', 'The picture is too small to read: take it closer.'));
    expect(await screen.findByText('The picture is too small to read: take it closer.')).toBeTruthy();
    expect(screen.getAllByText('Photo missing.')).toHaveLength(2);
  });

  it('every photo there: Continue goes on to the consents', async () => {
    const all = completeApplication('IN', { nextStep: 'consents', completed: { ...completeApplication('IN').completed, consents: false } });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(all)) });
    const user = userEvent.setup();
    renderPage('step=documents&language=1');
    expect(await screen.findAllByText('Photo saved.')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('consents'));
  });
});

describe('ApplicationPage: consents', () => {
  const draft = () => completeApplication('MX', { nextStep: 'consents', consents: [], completed: { ...completeApplication('MX').completed, consents: false } });

  it('each text with its tick; privacy and data use needed before the code; signs with the code and the versions', async () => {
    const start = draft();
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(start)),
      [r.applicationConsentCode.path]: ok({ resendAfter: 60, expiresIn: 300 }),
      [r.applicationConsents.path]: ok({ application: completeApplication('MX') }),
    });
    const user = userEvent.setup();
    renderPage('step=consents');
    expect(await screen.findByRole('heading', { level: 3, name: 'Autorización para consultar su historial crediticio' })).toBeTruthy();
    expect(screen.getByText(/^Opcional para guardar, necesaria para enviar/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getAllByText('Debe aceptar este texto para continuar.')).toHaveLength(2);
    expect(callsTo(r.applicationConsentCode.path)).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Acepto: Aviso de privacidad' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acepto: Uso de datos y medios electrónicos' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acepto: Autorización para consultar su historial crediticio' }));
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('button', { name: /^Reenviar en/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('Le enviamos un código por SMS.')).toBeTruthy();
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(location().searchParams.get('step')).toBe('review'));
    const versions = Object.fromEntries(start.consentTexts.map((c) => [c.kind, c.version]));
    expect(lastPayload(r.applicationConsents.path)).toEqual({
      bureau: 1,
      privacy: 1,
      dataUse: 1,
      bureauVersion: versions.bureau,
      privacyVersion: versions.privacy,
      dataUseVersion: versions.data_use,
      code: '123456',
    });
  });

  it('a wrong code is cleared with the server’s message; the bureau may be withheld', async () => {
    answerByPath({
      [r.creditApplication.path]: ok(applicationData(draft())),
      [r.applicationConsents.path]: refused(errorCodes.smsCodeWrong, 'El código no es correcto.'),
    });
    const user = userEvent.setup();
    renderPage('step=consents');
    await user.click(await screen.findByRole('checkbox', { name: 'Acepto: Aviso de privacidad' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acepto: Uso de datos y medios electrónicos' }));
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '999999');
    await user.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByText('El código no es correcto.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Código de 6 dígitos').value).toBe('');
    expect(lastPayload(r.applicationConsents.path)).toMatchObject({ bureau: 0, privacy: 1, dataUse: 1 });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Acepto: Aviso de privacidad' }).checked).toBe(true);
  });
});

describe('ApplicationPage: review and submit', () => {
  it('a summary of every step, each with its link; Send answers the state at once', async () => {
    const ready = completeApplication('MX');
    const sent = { ...ready, status: 'submitted' as const, statusText: 'Enviada: verificando su identidad', editable: false, submittedAt: '2026-11-30T18:00:00.000Z' };
    answerByPath({ [r.creditApplication.path]: ok(applicationData(ready)), [r.applicationSubmit.path]: ok({ application: sent }) });
    const user = userEvent.setup();
    renderPage('');
    expect(await screen.findByRole('heading', { level: 2, name: 'Revise y envíe su solicitud' })).toBeTruthy();
    const identity = screen.getByRole('region', { name: 'Sus datos' });
    expect(within(identity).getByText('GALM900514MJCRPR08')).toBeTruthy();
    expect(within(identity).getByText('Mujer')).toBeTruthy();
    expect(within(identity).getByText('Jalisco')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Trabajo e ingresos' })).getByText('$15.000,00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Documentos' })).getByText('3 de 3 fotos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cambiar: Domicilio' }).getAttribute('href')).toMatch(/^\/certify\?.*step=address/);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Su solicitud' })).toBeTruthy();
    expect(callsTo(r.applicationSubmit.path)).toHaveLength(1);
    expect(screen.getByText('Enviada: verificando su identidad')).toBeTruthy();
    expect(screen.getByText('Solicitud SOL2026000007')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Su solicitud' })));
  });

  it('without the bureau’s authorisation there is no submit: it says why and links to the consents', async () => {
    const withheld = completeApplication('IN');
    withheld.consents = withheld.consents.map((c) => (c.kind === 'bureau' ? { ...c, granted: false } : c));
    answerByPath({ [r.creditApplication.path]: ok(applicationData(withheld)) });
    const user = userEvent.setup();
    renderPage('language=1');
    await user.click(await screen.findByRole('button', { name: 'Send application' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('To send your application, authorise us to consult your credit history.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to: Consents' }).getAttribute('href')).toMatch(/step=consents/);
    expect(callsTo(r.applicationSubmit.path)).toHaveLength(0);
  });

  it('returned: the problems, each with a link to its step; the other steps stay as they were', async () => {
    const returned = completeApplication('MX', {
      status: 'returned',
      statusText: 'Devuelta para corregir',
      problems: [
        { step: 'documents', message: 'La selfie no coincide con la foto de su INE.' },
        { step: 'identity', message: 'Su nombre no coincide con el de RENAPO.' },
      ],
    });
    answerByPath({ [r.creditApplication.path]: ok(applicationData(returned)) });
    const user = userEvent.setup();
    renderPage('');
    const problems = await screen.findByRole('region', { name: 'Qué corregir' });
    expect(within(problems).getByText('Devuelta para corregir')).toBeTruthy();
    expect(within(problems).getByText('La selfie no coincide con la foto de su INE.')).toBeTruthy();
    await user.click(within(problems).getByRole('link', { name: 'Ir a: Documentos' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Documentos' })).toBeTruthy();
    expect(location().searchParams.get('step')).toBe('documents');
  });

  it('has no serious or critical accessibility violations (documents, consents, review)', async () => {
    const ready = completeApplication('MX');
    answerByPath({ [r.creditApplication.path]: ok(applicationData(ready)) });
    for (const query of ['step=documents', 'step=consents', 'step=review']) {
      const { container, unmount } = renderPage(query);
      await screen.findByRole('heading', { level: 2 });
      expect(await seriousA11yViolations(container)).toEqual([]);
      unmount();
    }
  });
});
