import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { failure, renderScreen, stubServer } from '@/shared/testing/test-server';
import AccountVerificationPage from './account-verification-page';
import type { HeldAccount } from './verification-columns';

const held: HeldAccount = {
  verificationId: 41,
  status: 'mismatch',
  provider: 'stp',
  market: 'MX',
  borrower: { id: 3, fullName: 'Juan Carlos Pérez López' },
  account: { masked: '**** 5678', bankName: 'Banamex', ifsc: null },
  registeredName: 'PEDRO PEREZ',
  identityName: 'Juan Carlos Pérez López',
  match: {
    rule: 'name-match/1',
    outcome: 'mismatch',
    reason: 'word_not_in_identity',
    identitySource: 'application',
    applicationNo: 'AP0000000042',
    lines: [
      { bank: 'PEDRO', identity: null, role: null, how: 'contradicts' },
      { bank: 'PEREZ', identity: 'PEREZ', role: 'surname', how: 'same' },
      { bank: null, identity: 'JUAN', role: 'given', how: 'left_out' },
    ],
  },
  createdAt: '2025-03-01T15:30:00.000Z',
};
const list = { accounts: [held] };
const path = '/console/api/account-verifications';

async function seriousViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

describe('held bank accounts', () => {
  it('shows both names, where the identity comes from and the rule’s reason; the explanation word by word', async () => {
    const sent = stubServer(['reviewer'], { [`GET ${path}`]: list });
    const user = userEvent.setup();
    const { container } = renderScreen(<AccountVerificationPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verificación de cuentas' })).toBeTruthy();
    const row = (await screen.findByText('PEDRO PEREZ')).closest('tr')!;
    expect(within(row).getByText('Verificada con la solicitud AP0000000042')).toBeTruthy();
    expect(within(row).getByText('Una palabra del banco no está en la identidad')).toBeTruthy();
    expect(within(row).getByText('**** 5678 · Banamex')).toBeTruthy();
    expect(sent.find((s) => s.path === path)?.query.get('status')).toBe('mismatch');
    await user.click(within(row).getByRole('button', { name: /expand|expandir/i }));
    expect(await screen.findByText('no está en la identidad')).toBeTruthy();
    expect(screen.getByText('el banco lo omite')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('accepts only with a reason, then reads the list again', async () => {
    const sent = stubServer(['reviewer'], {
      [`GET ${path}`]: list,
      [`POST ${path}/accept`]: { verificationId: 41, status: 'accepted' },
    });
    const user = userEvent.setup();
    renderScreen(<AccountVerificationPage />);
    const row = (await screen.findByText('PEDRO PEREZ')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Aceptar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Aceptar la cuenta de Juan Carlos Pérez López')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText('Escribe el motivo.')).toBeTruthy();
    expect(sent.some((s) => s.path === `${path}/accept`)).toBe(false);
    await user.type(within(dialog).getByLabelText('Motivo (queda en la auditoría)'), '  Nombre de casada  ');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Cuenta aceptada.')).toBeTruthy();
    expect(sent.find((s) => s.path === `${path}/accept`)?.body).toEqual({ verificationId: 41, reason: 'Nombre de casada' });
    await waitFor(() => expect(sent.filter((s) => s.path === path)).toHaveLength(2));
  });

  it('rejects; the server’s refusal is shown in the dialog', async () => {
    stubServer(['credit_manager'], {
      [`GET ${path}`]: list,
      [`POST ${path}/reject`]: failure(409, '409001', 'Esta verificación no está en revisión (estado: accepted).'),
    });
    const user = userEvent.setup();
    renderScreen(<AccountVerificationPage />);
    const row = (await screen.findByText('PEDRO PEREZ')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Motivo (queda en la auditoría)'), 'Cuenta de un tercero');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Esta verificación no está en revisión (estado: accepted).')).toBeTruthy();
  });

  it('finance reads without the decisions; an empty list says so', async () => {
    stubServer(['finance'], { [`GET ${path}`]: { accounts: [] } });
    renderScreen(<AccountVerificationPage />);
    expect(await screen.findByText('No hay cuentas retenidas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });
});
