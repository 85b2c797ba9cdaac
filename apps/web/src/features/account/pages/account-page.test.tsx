import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { bridge } from '@/shared/bridge/native-bridge';
import { replaceLocation } from '@/shared/session/navigation';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { bankAccount, ok, profile, session } from '../testing/account-fixtures';
import AccountPage from './account-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/bridge/native-bridge', () => ({
  bridge: { transportFor: vi.fn(() => 'browser'), logoutToLogin: vi.fn(() => true) },
}));

const r = apiRoutes;
const here = session({ ref: 'b'.repeat(32), deviceName: 'Chrome', os: 'Android', client: 'web', current: true });
const other = session();

function answer(extra: Record<string, Normalised<unknown> | Normalised<unknown>[]> = {}) {
  answerByPath({
    [r.accountProfile.path]: ok(profile()),
    [r.accountSessions.path]: [ok({ sessions: [here, other] }), ok({ sessions: [here] })],
    [r.accountBankAccount.path]: ok({ account: bankAccount() }),
    [r.accountSessionRevoke.path]: ok({ signedOut: true }),
    [r.accountSignOut.path]: ok({ signedOut: true }),
    [r.accountSignOutEverywhere.path]: ok({ signedOut: 2 }),
    [r.accountLanguage.path]: ok(profile({ language: 'en' })),
    ...extra,
  });
}

async function renderPage(query = '') {
  const view = renderAt(<AccountPage />, '/setting', query, { '/bind-bank': <p>bank</p> });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('AccountPage', () => {
  it('a borrower with no name yet (registered on the promotion page) has no empty name row', async () => {
    answer({ [r.accountProfile.path]: ok(profile({ fullName: '' })) });
    await renderPage();
    const profileCard = await screen.findByRole('region', { name: 'Perfil' });
    expect(within(profileCard).queryByText('Nombre')).toBeNull();
    expect(within(profileCard).getByText('******0001')).toBeTruthy();
  });

  it('shows the profile, the language, the bank account (masked, with its change link) and the sessions', async () => {
    answer();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeTruthy();
    const profileCard = screen.getByRole('region', { name: 'Perfil' });
    expect(within(profileCard).getByText('Ana López')).toBeTruthy();
    expect(within(profileCard).getByText('******0001')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Español' })).toHaveProperty('checked', true);
    const bank = screen.getByRole('region', { name: 'Cuenta bancaria' });
    expect(within(bank).getByText('**** 1234')).toBeTruthy();
    expect(within(bank).getByRole('link', { name: 'Cambiar' }).getAttribute('href')).toMatch(/^\/bind-bank(\?|$)/);
    const sessions = within(screen.getByRole('region', { name: 'Sesiones activas' })).getAllByRole('listitem');
    expect(within(sessions[0]!).getByText('Este dispositivo')).toBeTruthy();
    expect(within(sessions[0]!).queryByRole('button')).toBeNull();
    expect(within(sessions[1]!).getByText('Android 14 · App')).toBeTruthy();
    expect(within(sessions[1]!).getByRole('button', { name: 'Cerrar la sesión de Pixel 7' })).toBeTruthy();
  });

  it('a session whose app or browser gave no device name or system is "unnamed device", in its list and its dialog (issue 32)', async () => {
    const unnamed = session({ deviceName: '', os: '' });
    answer({ [r.accountSessions.path]: ok({ sessions: [here, unnamed] }) });
    const user = userEvent.setup();
    await renderPage();
    const item = within(screen.getByRole('region', { name: 'Sesiones activas' })).getAllByRole('listitem')[1]!;
    expect(within(item).getByText('Dispositivo sin nombre')).toBeTruthy();
    expect(within(item).getByText('App')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Cerrar la sesión de Dispositivo sin nombre' }));
    expect(screen.getByRole('dialog', { name: '¿Cerrar la sesión de Dispositivo sin nombre?' })).toBeTruthy();
  });

  it('signs out another session after a confirmation dialog used with the keyboard', async () => {
    answer();
    const user = userEvent.setup();
    await renderPage();
    const opener = screen.getByRole('button', { name: 'Cerrar la sesión de Pixel 7' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '¿Cerrar la sesión de Pixel 7?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(callsTo(r.accountSessionRevoke.path)).toHaveLength(0);

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: '¿Cerrar la sesión de Pixel 7?' })).toBeTruthy();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Cerrar esta sesión');
    await user.keyboard('{Enter}');
    expect(callsTo(r.accountSessionRevoke.path)[0]!.slice(1)).toEqual([{ ref: other.ref }, { loading: 'Cerrando sesión…' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cerrar la sesión de Pixel 7' })).toBeNull());
  });

  it('saving the language switches the page to it', async () => {
    answer();
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(callsTo(r.accountLanguage.path)[0]!.slice(1)).toEqual([{ language: 'en' }, { loading: 'Guardando el idioma…' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
  });

  it('in a browser, sign out ends the session and opens sign-in', async () => {
    answer();
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(callsTo(r.accountSignOut.path)[0]!.slice(1)).toEqual([{}, { loading: 'Cerrando sesión…' }]);
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/login'));
    expect(bridge.logoutToLogin).not.toHaveBeenCalled();
  });

  it('in the native app, sign out ends the session and the host takes over (logoutToLogin)', async () => {
    vi.mocked(bridge.transportFor).mockReturnValue('ios');
    answer();
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(bridge.logoutToLogin).toHaveBeenCalledTimes(1));
    expect(replaceLocation).not.toHaveBeenCalled();
  });

  it('sign out everywhere asks first, then opens sign-in', async () => {
    answer();
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cerrar sesión en todos los dispositivos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    expect(callsTo(r.accountSignOutEverywhere.path)).toHaveLength(1);
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/login'));
  });

  it('in English, shows progress while it loads', async () => {
    answer();
    renderAt(<AccountPage />, '/setting', 'language=1');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Active sessions' })).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
  });

  it('has no serious or critical accessibility violations, with the dialog open too', async () => {
    answer();
    const user = userEvent.setup();
    const { container } = await renderPage();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cerrar la sesión de Pixel 7' }));
    expect(await seriousA11yViolations(screen.getByRole('dialog'))).toEqual([]);
  });

  describe('the bank account’s verification (issue 37)', () => {
    const states = [
      ['verified', 'Verificada', 'Cuenta verificada: a su nombre.'],
      ['pending', 'En verificación', 'Estamos verificando que la cuenta esté a su nombre. Tarda unos minutos.'],
      ['review', 'En revisión', 'El nombre que registra el banco no coincide del todo con el suyo: lo estamos revisando.'],
      ['failed', 'No confirmada', 'El banco no pudo confirmar esta cuenta.'],
      ['rejected', 'No aceptada', 'Esta cuenta no está a su nombre, así que no podemos depositar en ella.'],
    ] as const;

    it.each(states)('%s: its label and the server’s words, on the card, accessible', async (status, label, text) => {
      answer({ [r.accountBankAccount.path]: ok({ account: bankAccount({ verification: { status, text } }) }) });
      const { container } = await renderPage();
      const bank = screen.getByRole('region', { name: 'Cuenta bancaria' });
      const shown = within(bank).getByRole('status');
      expect(within(shown).getByText(label)).toBeTruthy();
      expect(within(shown).getByText(text)).toBeTruthy();
      expect(shown.className).toContain(`presta-bank-verification-${status}`);
      expect(await seriousA11yViolations(container)).toEqual([]);
    });

    it('in English', async () => {
      answer({ [r.accountBankAccount.path]: ok({ account: bankAccount({ verification: { status: 'review', text: 'We are reviewing it.' } }) }) });
      await renderPage('language=1');
      expect(within(screen.getByRole('region', { name: 'Bank account' })).getByText('Under review')).toBeTruthy();
    });

    it('an account never checked shows no state', async () => {
      answer();
      await renderPage();
      expect(within(screen.getByRole('region', { name: 'Cuenta bancaria' })).queryByRole('status')).toBeNull();
    });
  });
});
