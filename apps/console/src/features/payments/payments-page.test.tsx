import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import PaymentsPage from './payments-page';

const notification = {
  id: 12,
  receivedAt: '2025-03-01T10:00:00.000Z',
  provider: 'oxxo',
  eventId: 'evt_9',
  reference: '12345678901234',
  amount: 50_000,
  verification: null,
  eventType: null,
  kind: null,
  providerEventId: null,
  outcome: 'refused',
  reason: 'unknown_reference',
  review: 'open' as const,
  orderNo: null,
  reviewedAt: null,
  reviewedBy: null,
  reviewNote: null,
};

describe('payments', () => {
  it("lists the notifications to review and resolves one with a note", async () => {
    const sent = stubServer(['finance'], {
      'GET /console/api/payments/notifications': { notifications: [notification] },
      'POST /console/api/payments/notifications/resolve': { id: 12, review: 'resolved', reviewedAt: '2025-03-02T10:00:00.000Z', reviewedBy: 'ana@presta.test', reviewNote: 'Devuelto' },
    });
    const user = userEvent.setup();
    renderScreen(<PaymentsPage />);
    const row = (await screen.findByText('unknown_reference')).closest('tr')!;
    expect(within(row).getByText('Rechazado')).toBeTruthy();
    expect(within(row).getByText('500,00')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/payments/notifications')?.query.get('review')).toBe('open');
    await user.click(within(row).getByRole('button', { name: 'Resolver' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nota'), 'Devuelto al pagador por SPEI');
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(await screen.findByText('Aviso 12 resuelto.')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/payments/notifications/resolve')?.body).toEqual({ id: 12, note: 'Devuelto al pagador por SPEI' });
  });

  it("shows each notification's provider, how it was verified, its event type and kind, and its outcome", async () => {
    const held = {
      ...notification,
      id: 13,
      provider: 'conekta',
      eventId: 'chg_65f0a1',
      verification: 'RSA DIGEST over SHA-256',
      eventType: 'order.paid',
      kind: 'paid',
      providerEventId: 'evt_2Yx',
      outcome: 'held',
      reason: 'reference_expired',
    };
    const noted = { ...held, id: 14, provider: 'razorpay', eventId: 'pay_29QQ', verification: 'HMAC-SHA256 X-Razorpay-Signature', eventType: 'payment.failed', kind: 'failed', outcome: 'noted', reason: null, review: 'none' as const };
    stubServer(['finance'], { 'GET /console/api/payments/notifications': { notifications: [held, noted, notification] } });
    renderScreen(<PaymentsPage />);
    const heldRow = (await screen.findByText('chg_65f0a1')).closest('tr')!;
    expect(within(heldRow).getByText('conekta')).toBeTruthy();
    expect(within(heldRow).getByText('Verificado: RSA DIGEST over SHA-256')).toBeTruthy();
    expect(within(heldRow).getByText('order.paid (pago)')).toBeTruthy();
    expect(within(heldRow).getByText('En suspenso')).toBeTruthy();
    const notedRow = screen.getByText('pay_29QQ').closest('tr')!;
    expect(within(notedRow).getByText('payment.failed (intento fallido)')).toBeTruthy();
    expect(within(notedRow).getByText('Anotado')).toBeTruthy();
    // A refusal before its sender was verified shows why.
    const refusedRow = screen.getByText('evt_9').closest('tr')!;
    expect(within(refusedRow).getByText('Rechazado: unknown_reference')).toBeTruthy();
  });

  it('sends a credit refund in whole minor units, read from the digits typed', async () => {
    const sent = stubServer(['finance'], {
      'GET /console/api/payments/notifications': { notifications: [] },
      'POST /console/api/ledger/refund': { orderNo: 'PR0000000000000077', amount: 29, valueDate: '2025-03-02', creditLeft: 1_000, creditEventId: 4 },
    });
    const user = userEvent.setup();
    renderScreen(<PaymentsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Devolver saldo a favor' }));
    await user.type(await screen.findByLabelText('Número de orden'), 'PR0000000000000077');
    const amount = screen.getByLabelText('Importe (con hasta 2 decimales)');
    await user.type(amount, '1.500,00');
    await user.click(screen.getByRole('button', { name: 'Devolver' }));
    expect(await screen.findByText('Escribe un importe mayor que cero, con hasta 2 decimales y sin separador de miles.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '0,29');
    expect(await screen.findByText('Se devolverán 29 unidades menores (0,29).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Devolver' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('¿Devolver 0,29 del saldo a favor de PR0000000000000077?').length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(sent.find((s) => s.path === '/console/api/ledger/refund')?.body).toEqual({ orderNo: 'PR0000000000000077', amount: 29 }));
    expect(await screen.findByText('0,29 devuelto de PR0000000000000077 el 2025-03-02. Queda de saldo a favor: 10,00.')).toBeTruthy();
  });
});
