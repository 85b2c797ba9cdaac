import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Application } from '@/shared/ui/application-columns';
import ReviewPage from './review-page';
import { failure, renderScreen, stubServer } from '@/shared/testing/test-server';

const application: Application = {
  orderNo: 'PR0000000000000042',
  status: '21',
  appliedAt: '2025-03-01T15:30:00.000Z',
  product: { code: 'P14', name: 'Presta 14', market: 'MX', currency: 'MXN' },
  principal: 500_000,
  totalOwed: 587_000,
  periods: 2,
  termUnitDays: 14,
  offerLimit: 800_000,
  borrower: { id: 3, fullName: 'Lucía Pérez', maskedPhone: '+52 55 **** 1234', language: 'es' },
  bankAccount: null,
  record: { loans: 2, settled: 1, overdueNow: 0, rejected: 1 },
  payout: null,
  agreement: 'signed',
};

const queue = { applications: [application] };

describe('the review queue', () => {
  it('shows each application with its money in the market, its account and the record', async () => {
    stubServer(['reviewer'], { 'GET /console/api/applications': queue });
    renderScreen(<ReviewPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Revisión de solicitudes' })).toBeTruthy();
    const row = (await screen.findByText('PR0000000000000042')).closest('tr')!;
    expect(within(row).getByText('Lucía Pérez')).toBeTruthy();
    expect(within(row).getByText('$5.000,00')).toBeTruthy();
    expect(within(row).getByText('$5.870,00')).toBeTruthy();
    expect(within(row).getByText('$8.000,00')).toBeTruthy();
    expect(within(row).getByText('2 × 14 días')).toBeTruthy();
    expect(within(row).getByText('Ninguna: aún no se puede desembolsar')).toBeTruthy();
    expect(within(row).getByText('2 préstamos · 1 liquidados · 0 vencidos ahora · 1 rechazados')).toBeTruthy();
  });

  it('approves after the confirmation, says so and reads the queue again', async () => {
    const sent = stubServer(['reviewer'], {
      'GET /console/api/applications': queue,
      'POST /console/api/orders/approve': { orderNo: application.orderNo, from: '21', to: '151' },
    });
    const user = userEvent.setup();
    renderScreen(<ReviewPage />);
    const row = (await screen.findByText('PR0000000000000042')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Aprobar' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Orden PR0000000000000042 aprobada.')).toBeTruthy();
    const approve = sent.find((s) => s.path === '/console/api/orders/approve');
    expect(approve?.body).toEqual({ orderNo: 'PR0000000000000042' });
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/applications')).toHaveLength(2));
    expect(sent[1]?.query.get('status')).toBe('21');
  });

  it("shows the server's message when the approval is refused", async () => {
    stubServer(['reviewer'], {
      'GET /console/api/applications': queue,
      'POST /console/api/orders/approve': failure(409, '409001', 'La orden ya no está en revisión.'),
    });
    const user = userEvent.setup();
    renderScreen(<ReviewPage />);
    const row = (await screen.findByText('PR0000000000000042')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Aprobar' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('La orden ya no está en revisión.')).toBeTruthy();
  });

  it('rejects only with a reason of 3 to 500 characters', async () => {
    const sent = stubServer(['reviewer'], {
      'GET /console/api/applications': queue,
      'POST /console/api/orders/reject': { orderNo: application.orderNo, from: '21', to: '110' },
    });
    const user = userEvent.setup();
    renderScreen(<ReviewPage />);
    const row = (await screen.findByText('PR0000000000000042')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText('Motivo (se le dice al solicitante)');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Escribe el motivo.')).toBeTruthy();
    await user.type(reason, 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('El motivo lleva de 3 a 500 caracteres.')).toBeTruthy();
    expect(sent.some((s) => s.path === '/console/api/orders/reject')).toBe(false);
    await user.clear(reason);
    await user.type(reason, '  Ingresos no comprobables  ');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Orden PR0000000000000042 rechazada.')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/orders/reject')?.body).toEqual({ orderNo: 'PR0000000000000042', reason: 'Ingresos no comprobables' });
  });

  it('offers no approval or rejection to a role that may not take them', async () => {
    stubServer(['analyst'], { 'GET /console/api/applications': queue });
    renderScreen(<ReviewPage />);
    await screen.findByText('PR0000000000000042');
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull();
  });
});
