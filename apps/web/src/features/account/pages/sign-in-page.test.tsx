import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { errorCodes } from '@presta/contract/error-codes';
import type { Normalised } from '@presta/contract/envelope';
import { getLanguage } from '@/shared/i18n/language-store';
import { replaceLocation } from '@/shared/session/navigation';
import { answerByPath, callApiMock, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { deferred, ok, profile, refused } from '../testing/account-fixtures';
import SignInPage from './sign-in-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
// The Retry-After of a refusal: the test's answers carry it in their raw body (the real client keeps the header's).
vi.mock('@/shared/http/http-client', () => ({ retryAfterOf: (raw: { retryAfter?: number } | null) => raw?.retryAfter }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const paths = { sid: apiRoutes.getSid.path, code: apiRoutes.accountSignInCode.path, signIn: apiRoutes.accountSignIn.path };
const sidAnswers = [ok({ sid: 'sid-1' }), ok({ sid: 'sid-2' })];

function answer(extra: Record<string, Normalised<unknown> | Normalised<unknown>[]> = {}) {
  answerByPath({ [paths.sid]: sidAnswers, [paths.code]: ok({ resendAfter: 60, expiresIn: 300 }), [paths.signIn]: ok({ sessionId: '', expiresAt: '2025-08-01T00:00:00Z', profile: profile() }), ...extra });
}

async function renderPage(query = '') {
  const view = renderAt(<SignInPage />, '/login', query);
  await screen.findByAltText(/Imagen con el código|Picture with the verification code/);
  return view;
}

const captchaSrc = () => (screen.getByRole('button', { name: /Ver otra imagen|Show another picture/ }).querySelector('img')!).getAttribute('src')!;

async function fill(user: ReturnType<typeof userEvent.setup>, { phone = '5512345678', capcode = 'ab12', code = '' } = {}) {
  if (phone) await user.type(screen.getByLabelText('Número de celular'), phone);
  if (capcode) await user.type(screen.getByLabelText('Código de la imagen'), capcode);
  if (code) await user.type(screen.getByLabelText('Código de 6 dígitos'), code);
}

describe('SignInPage', () => {
  it('shows the promotion page’s captcha (get-sid, then the picture); a tap draws a new one', async () => {
    answer();
    const user = userEvent.setup();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(callsTo(paths.sid)).toHaveLength(1);
    const first = captchaSrc();
    expect(first).toMatch(/\/api\/v2\/youmi\/promotion\/get-captcha\?sid=sid-1&t=\d+/);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    await user.click(screen.getByRole('button', { name: 'Ver otra imagen' }));
    expect(captchaSrc()).not.toBe(first);
    expect(captchaSrc()).toMatch(/get-captcha\?sid=sid-\d&t=\d+/);
  });

  it('checks the phone and the captcha answer before sending a code', async () => {
    answer();
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByText('Escriba su número de celular.')).toBeTruthy();
    expect(screen.getByLabelText('Número de celular').getAttribute('aria-invalid')).toBe('true');
    await fill(user, { capcode: '' });
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByText('Escriba el código de la imagen.')).toBeTruthy();
    expect(callsTo(paths.code)).toHaveLength(0);
  });

  it('sends the code with the captcha, shows progress, then counts down resendAfter', async () => {
    const pending = deferred<Normalised<unknown>>();
    answer();
    const user = userEvent.setup();
    await renderPage();
    const base = callApiMock().getMockImplementation()!;
    callApiMock().mockImplementation((route, payload, opts) => (route.path === paths.code ? pending.promise : base(route, payload, opts)));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    const busy = screen.getByRole('button', { name: 'Enviando el código…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(callsTo(paths.code)[0]!.slice(1)).toEqual([{ phone: '5512345678', sid: 'sid-1', capcode: 'ab12' }, { loading: 'Enviando el código…', silent: true }]);
    pending.resolve(ok({ resendAfter: 60, expiresIn: 300 }));
    const wait = await screen.findByRole('button', { name: /Reenviar en (60|59) s/ });
    expect(wait).toHaveProperty('disabled', true);
    expect(screen.getByText('Le enviamos un código por SMS.')).toBeTruthy();
    // A new picture for the next code.
    expect(screen.getByLabelText<HTMLInputElement>('Código de la imagen').value).toBe('');
  });

  it('a wrong captcha shows the server’s message and a new picture', async () => {
    answer({ [paths.code]: refused(errorCodes.captchaWrong, 'El código de la imagen no es correcto.') });
    const user = userEvent.setup();
    await renderPage();
    const first = captchaSrc();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect((await screen.findByRole('alert')).textContent).toContain('El código de la imagen no es correcto.');
    expect(captchaSrc()).not.toBe(first);
    expect(screen.getByLabelText<HTMLInputElement>('Código de la imagen').value).toBe('');
  });

  it('a phone with no account (404) leads to registration on the promotion page', async () => {
    answer({ [paths.code]: refused('404001', 'No hay una cuenta con este número. Regístrese primero.') });
    const user = userEvent.setup();
    await renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('No hay una cuenta con este número. Regístrese primero.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regístrese aquí' }).getAttribute('href')).toBe('/promo/');
  });

  it('the day’s codes used up (429) shows the server’s message and keeps the picture and its answer (the server did not spend it)', async () => {
    answer({ [paths.code]: refused(errorCodes.rateLimited, 'Alcanzó el número máximo de códigos por hoy. Inténtelo mañana.') });
    const user = userEvent.setup();
    await renderPage();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    await fill(user);
    const first = captchaSrc();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Alcanzó el número máximo de códigos por hoy. Inténtelo mañana.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Regístrese aquí' })).toBeNull();
    expect(captchaSrc()).toBe(first);
    expect(screen.getByLabelText<HTMLInputElement>('Código de la imagen').value).toBe('ab12');
  });

  it('a code too soon after another (429 with Retry-After) counts the wait on the button and keeps the picture and its answer', async () => {
    const wait = refused(errorCodes.rateLimited, 'Espere 43 s para pedir otro código.');
    answer({ [paths.code]: { ...wait, raw: { ...(wait.raw as object), retryAfter: 43 } } });
    const user = userEvent.setup();
    await renderPage();
    await fill(user);
    const first = captchaSrc();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    const button = await screen.findByRole('button', { name: /^Enviar en 4[23] s$/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Espere 43 s para pedir otro código.')).toBeNull();
    expect(screen.queryByText('Le enviamos un código por SMS.')).toBeNull();
    expect(captchaSrc()).toBe(first);
    expect(screen.getByLabelText<HTMLInputElement>('Código de la imagen').value).toBe('ab12');
  });

  it('a phone refused before the picture was looked at (400001) keeps the picture and its answer', async () => {
    answer({ [paths.code]: refused(errorCodes.badRequest, 'Escriba el número de teléfono de su cuenta (10 u 11 dígitos).') });
    const user = userEvent.setup();
    await renderPage();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    await fill(user, { phone: '12' });
    const first = captchaSrc();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Escriba el número de teléfono de su cuenta (10 u 11 dígitos).')).toBeTruthy();
    expect(captchaSrc()).toBe(first);
    expect(screen.getByLabelText<HTMLInputElement>('Código de la imagen').value).toBe('ab12');
  });

  it('signs in as a browser (client=web), shows progress, and goes to the page asked for', async () => {
    const pending = deferred<Normalised<unknown>>();
    answer();
    const user = userEvent.setup();
    await renderPage(`next=${encodeURIComponent('/order?orderId=12')}`);
    const base = callApiMock().getMockImplementation()!;
    callApiMock().mockImplementation((route, payload, opts) => (route.path === paths.signIn ? pending.promise : base(route, payload, opts)));
    await fill(user, { capcode: '', code: '123456' });
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByRole('button', { name: 'Entrando…' }).getAttribute('aria-busy')).toBe('true');
    expect(callsTo(paths.signIn)[0]!.slice(1)).toEqual([{ phone: '5512345678', code: '123456', client: 'web' }, { loading: 'Entrando…', silent: true }]);
    pending.resolve(ok({ sessionId: '', expiresAt: '2025-08-01T00:00:00Z', profile: profile({ language: 'en' }) }));
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/order?orderId=12'));
    expect(getLanguage()).toBe('en');
  });

  it.each([['', '/main'], ['next=https%3A%2F%2Fevil.example%2Fmain', '/main'], ['next=%2F%2Fevil.example', '/main'], ['next=%2Flogin', '/main']])(
    'goes home unless next is a path of this site (%s)',
    async (query, target) => {
      answer();
      const user = userEvent.setup();
      await renderPage(query);
      await fill(user, { capcode: '', code: '123456' });
      await user.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith(target));
    },
  );

  it('a wrong code shows the server’s message and clears the code', async () => {
    answer({ [paths.signIn]: refused(errorCodes.smsCodeWrong, 'El código no es correcto.') });
    const user = userEvent.setup();
    await renderPage();
    await fill(user, { capcode: '', code: '654321' });
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('El código no es correcto.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Código de 6 dígitos').value).toBe('');
    expect(replaceLocation).not.toHaveBeenCalled();
  });

  it('asks for the 6 digits before signing in', async () => {
    answer();
    const user = userEvent.setup();
    await renderPage();
    await fill(user, { capcode: '', code: '123' });
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Escriba los 6 dígitos del código.')).toBeTruthy();
    expect(callsTo(paths.signIn)).toHaveLength(0);
  });

  it('in English', async () => {
    answer();
    await renderPage('language=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Mobile number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('has no serious or critical accessibility violations', async () => {
    answer();
    const { container } = await renderPage();
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
