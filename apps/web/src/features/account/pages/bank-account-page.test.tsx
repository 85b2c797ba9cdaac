import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { errorCodes } from '@presta/contract/error-codes';
import type { Normalised } from '@presta/contract/envelope';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { bankAccount, ok, profile, refused } from '../testing/account-fixtures';
import BankAccountPage from './bank-account-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));

const r = apiRoutes;

function answer(market: 'MX' | 'IN', extra: Record<string, Normalised<unknown>> = {}) {
  answerByPath({
    [r.accountProfile.path]: ok(profile({ market })),
    [r.accountBankAccount.path]: ok({ account: market === 'MX' ? bankAccount() : null }),
    [r.accountBankAccountCode.path]: ok({ resendAfter: 60, expiresIn: 300 }),
    [r.accountBankAccountSave.path]: ok({ account: bankAccount() }),
    ...extra,
  });
}

async function renderPage(query = '') {
  const view = renderAt(<BankAccountPage />, '/bind-bank', query, { '/setting': <p>account</p> });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('BankAccountPage', () => {
  it('Mexico: checks the CLABE’s 18 digits before sending the code', async () => {
    answer('MX');
    const user = userEvent.setup();
    await renderPage();
    expect(screen.getByText('Cuenta actual: **** 1234 (BBVA México)')).toBeTruthy();
    expect(screen.queryByLabelText('Código IFSC')).toBeNull();
    await user.type(screen.getByLabelText('CLABE (18 dígitos)'), '01218');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByText('La CLABE tiene 18 dígitos.')).toBeTruthy();
    expect(callsTo(r.accountBankAccountCode.path)).toHaveLength(0);
  });

  it('Mexico: sends the code, then saves the CLABE with it and goes back to the account', async () => {
    answer('MX');
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText('CLABE (18 dígitos)'), '012180001234567891');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(callsTo(r.accountBankAccountCode.path)[0]!.slice(1)).toEqual([{}, { loading: 'Enviando el código…', silent: true }]);
    expect(await screen.findByRole('button', { name: /Reenviar en/ })).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Guardar cuenta' }));
    expect(callsTo(r.accountBankAccountSave.path)[0]!.slice(1)).toEqual([
      { account: '012180001234567891', ifsc: undefined, code: '123456' },
      { loading: 'Guardando la cuenta…', silent: true },
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/setting/));
  });

  it('India: the account number and IFSC, each checked; the server’s refusal is shown', async () => {
    answer('IN', { [r.accountBankAccountSave.path]: refused(errorCodes.badRequest, 'El IFSC no corresponde a ningún banco.') });
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText('Número de cuenta'), '1234');
    await user.type(screen.getByLabelText('Código IFSC'), 'sbin01');
    await user.click(screen.getByRole('button', { name: 'Guardar cuenta' }));
    expect(screen.getByText('El número de cuenta tiene de 9 a 18 dígitos.')).toBeTruthy();
    expect(screen.getByText('El IFSC tiene 11 caracteres, como SBIN0001234.')).toBeTruthy();
    expect(screen.getByText('Escriba los 6 dígitos del código.')).toBeTruthy();
    await user.type(screen.getByLabelText('Número de cuenta'), '56789');
    await user.type(screen.getByLabelText('Código IFSC'), '01234');
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Guardar cuenta' }));
    expect(callsTo(r.accountBankAccountSave.path)[0]![1]).toEqual({ account: '123456789', ifsc: 'SBIN0101234', code: '123456' });
    expect(await screen.findByText('El IFSC no corresponde a ningún banco.')).toBeTruthy();
  });

  it('a wrong code shows the server’s message and clears it', async () => {
    answer('MX', { [r.accountBankAccountSave.path]: refused(errorCodes.smsCodeWrong, 'El código no es correcto.') });
    const user = userEvent.setup();
    await renderPage();
    await user.type(screen.getByLabelText('CLABE (18 dígitos)'), '012180001234567891');
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '999999');
    await user.click(screen.getByRole('button', { name: 'Guardar cuenta' }));
    expect(await screen.findByText('El código no es correcto.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Código de 6 dígitos').value).toBe('');
  });

  it('shows the current account’s verification (issue 37)', async () => {
    answer('MX', { [r.accountBankAccount.path]: ok({ account: bankAccount({ verification: { status: 'pending', text: 'Estamos verificando que la cuenta esté a su nombre.' } }) }) });
    await renderPage();
    expect(screen.getByText('En verificación')).toBeTruthy();
    expect(screen.getByText('Estamos verificando que la cuenta esté a su nombre.')).toBeTruthy();
  });

  it('in English', async () => {
    answer('IN');
    await renderPage('language=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Bank account' })).toBeTruthy();
    expect(screen.getByLabelText('Account number')).toBeTruthy();
    expect(screen.getByLabelText('IFSC code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save account' })).toBeTruthy();
  });

  it('has no serious or critical accessibility violations', async () => {
    answer('IN');
    const user = userEvent.setup();
    const { container } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Guardar cuenta' }));
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
