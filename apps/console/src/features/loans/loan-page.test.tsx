import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, renderScreen, stubServer } from '@/shared/testing/test-server';
import LoanPage from './loan-page';
import type { LoanStory } from './loan-story';

const orderNo = 'PR0000000000000077';

const story: LoanStory = {
  loan: {
    orderNo,
    status: '174',
    appliedAt: '2025-02-01T10:00:00.000Z',
    product: { code: 'P14', name: 'Presta 14', market: 'MX', currency: 'MXN' },
    principal: 300_000,
    borrower: { id: 9, fullName: 'Mario López', maskedPhone: '+52 55 **** 9876' },
    periods: 2,
    termUnitDays: 14,
    disbursedOn: '2025-02-02',
    rejectReason: null,
    disbursedTo: { bankName: 'BBVA', masked: '•••• 4321' },
  },
  payouts: [],
  history: [
    { at: '2025-02-01T10:00:00.000Z', from: null, to: '21', actor: 'borrower', reason: '' },
    { at: '2025-02-01T12:00:00.000Z', from: '21', to: '151', actor: 'revisora@presta.test', reason: 'Documentos en orden' },
    { at: '2025-02-02T09:00:00.000Z', from: '151', to: '174', actor: 'finanzas@presta.test', reason: '' },
  ],
  plan: [
    { seq: 1, dueDate: '2025-02-16', principal: 150_000, interest: 21_000, commission: 5_000, vat: 4_160 },
    { seq: 2, dueDate: '2025-03-02', principal: 150_000, interest: 21_000, commission: 5_000, vat: 4_160 },
  ],
  position: {
    asOf: '2025-02-20',
    owedTotal: 360_320,
    paidTotal: 100_000,
    waivedTotal: 0,
    outstandingTotal: 260_320,
    received: 100_000,
    credit: 0,
    refunded: 0,
    heldInSuspense: 2_500,
    daysLate: 4,
    nextPayment: { dueDate: '2025-02-16', amount: 80_160 },
    expectedStatus: '180',
  },
  events: [
    {
      kind: 'payment',
      id: 31,
      at: '2025-02-10T18:00:00.000Z',
      valueDate: '2025-02-10',
      amount: 100_000,
      source: 'repayment store oxxo:evt_1',
      allocations: [
        { seq: 1, component: 'vat', amount: 4_160 },
        { seq: 1, component: 'commission', amount: 5_000 },
        { seq: 1, component: 'interest', amount: 21_000 },
        { seq: 1, component: 'principal', amount: 69_840 },
      ],
    },
  ],
  extensions: [
    {
      at: '2025-02-15T12:00:00.000Z',
      paymentId: 32,
      fromDueDate: '2025-02-16',
      toDueDate: '2025-03-02',
      shiftDays: 14,
      lateCharges: 0,
      dueInterest: 21_000,
      dueInterestTax: 3_360,
      fee: 10_000,
      feeTax: 1_600,
    },
  ],
  complaints: [
    { id: 5, status: 'answered', typeValue: 2, subTypeValue: null, type: 'Cobro indebido', createdAt: '2025-02-12T09:00:00.000Z', repliedAt: '2025-02-13T09:00:00.000Z', repliedBy: 'soporte@presta.test', score: null },
  ],
};

describe("a loan's story", () => {
  it('asks for the order in the address and shows the loan, the account paid and the ledger today', async () => {
    const sent = stubServer(['support'], { 'POST /console/api/loans/detail': story });
    renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
    expect(await screen.findByRole('heading', { level: 1, name: `Préstamo ${orderNo}` })).toBeTruthy();
    expect(await screen.findByText('BBVA · •••• 4321')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/loans/detail')?.body).toEqual({ orderNo });
    expect(screen.getByText('El libro al 2025-02-20')).toBeTruthy();
    expect(screen.getByText('$2.603,20')).toBeTruthy(); // outstanding
    expect(screen.getByText('$25,00')).toBeTruthy(); // held in suspense
    expect(screen.getByText('$801,60 el 2025-02-16')).toBeTruthy();
    expect(screen.getByText('180 · Vencido')).toBeTruthy();
  });

  it('shows the plan, the history with who and why, and each payment with its allocation', async () => {
    stubServer(['analyst'], { 'POST /console/api/loans/detail': story });
    const user = userEvent.setup();
    renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
    await user.click(await screen.findByRole('tab', { name: 'Plan de pagos' }));
    const second = (await screen.findByText('2025-03-02')).closest('tr')!;
    expect(within(second).getByText('$1.801,60')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('21 · En revisión → 151 · Aprobado')).toBeTruthy();
    expect(screen.getByText('Quién: revisora@presta.test')).toBeTruthy();
    expect(screen.getByText('Motivo: Documentos en orden')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Pagos y créditos' }));
    const payment = (await screen.findByText('repayment store oxxo:evt_1')).closest('tr')!;
    expect(within(payment).getByText('Pago')).toBeTruthy();
    await user.click(within(payment).getByRole('button'));
    const principal = (await screen.findByText('Capital')).closest('tr')!;
    expect(within(principal).getByText('$698,40')).toBeTruthy();

    // The extensions, under the payments that bought them.
    expect(screen.getByRole('heading', { level: 2, name: 'Extensiones' })).toBeTruthy();
    const extension = (await screen.findByText('2025-02-16 → 2025-03-02 (14 días)')).closest('tr')!;
    expect(within(extension).getByText('Pago 32')).toBeTruthy();
    expect(within(extension).getByText('$359,60')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Quejas' }));
    const complaint = (await screen.findByText('Cobro indebido')).closest('tr')!;
    expect(within(complaint).getByText('Respondida')).toBeTruthy();
    expect(within(complaint).getByText(/por soporte@presta\.test$/)).toBeTruthy();
    expect(within(complaint).getByText('Sin calificar')).toBeTruthy();
  });

  it('says there is no ledger before the disbursal', async () => {
    stubServer(['reviewer'], { 'POST /console/api/loans/detail': { ...story, loan: { ...story.loan, status: '21', disbursedOn: null, disbursedTo: null }, position: null, events: [] } });
    renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
    expect(await screen.findByText('Este préstamo aún no tiene libro: se abre con el desembolso.')).toBeTruthy();
    expect(screen.getByText('Ninguna todavía')).toBeTruthy();
  });

  it('reads "disbursing" for an approved order whose payout is with the provider, and lists its attempts', async () => {
    const attempt = (n: number, status: LoanStory['payouts'][number]['status'], more: Partial<LoanStory['payouts'][number]>): LoanStory['payouts'][number] => ({
      orderNo,
      attempt: n,
      status,
      live: status === 'created' || status === 'pending' || status === 'processed',
      provider: 'stp',
      providerReference: null,
      amount: 300_000,
      currency: 'MXN',
      failureReason: null,
      valueDate: null,
      bankAccount: { bankName: 'BBVA', masked: '•••• 4321' },
      createdAt: '2025-02-02T09:00:00.000Z',
      updatedAt: '2025-02-02T09:00:05.000Z',
      settledAt: null,
      ...more,
    });
    const approved: LoanStory = {
      ...story,
      loan: { ...story.loan, status: '151', disbursedOn: null, disbursedTo: null },
      payouts: [attempt(2, 'pending', { providerReference: 'PRESTA20250202000077A2' }), attempt(1, 'reversed', { failureReason: 'Cuenta cancelada', providerReference: 'PRESTA20250202000077A1' })],
      position: null,
      events: [],
    };
    stubServer(['analyst'], { 'POST /console/api/loans/detail': approved });
    const user = userEvent.setup();
    renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
    expect(await screen.findByText('151 · Aprobado · Desembolsando')).toBeTruthy();
    expect(screen.getByText('Con STP · PRESTA20250202000077A2')).toBeTruthy();
    expect(screen.getAllByText('Desembolsando').length).toBeGreaterThanOrEqual(2); // the tag by the status, and "disbursed on"

    await user.click(screen.getByRole('tab', { name: 'Historial' }));
    const live = (await screen.findByText('PRESTA20250202000077A2')).closest('tr')!;
    expect(within(live).getByText('Con el proveedor')).toBeTruthy();
    expect(within(live).getByText('$3.000,00')).toBeTruthy();
    expect(within(live).getByText('BBVA · •••• 4321')).toBeTruthy();
    const returned = screen.getByText('PRESTA20250202000077A1').closest('tr')!;
    expect(within(returned).getByText('Devuelto')).toBeTruthy();
    expect(within(returned).getByText('Cuenta cancelada')).toBeTruthy();
  });

  it('reads a returned payout on an approved order as such, not as disbursing', async () => {
    const returned = {
      orderNo,
      attempt: 1,
      status: 'failed' as const,
      live: false,
      provider: 'razorpayx' as const,
      providerReference: null,
      amount: 300_000,
      currency: 'MXN' as const,
      failureReason: 'Beneficiary bank offline',
      valueDate: null,
      bankAccount: { bankName: 'BBVA', masked: '•••• 4321' },
      createdAt: '2025-02-02T09:00:00.000Z',
      updatedAt: '2025-02-02T09:00:05.000Z',
      settledAt: null,
    };
    stubServer(['analyst'], { 'POST /console/api/loans/detail': { ...story, loan: { ...story.loan, status: '151', disbursedOn: null, disbursedTo: null }, payouts: [returned], position: null } });
    renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
    expect(await screen.findByText('Fallido: Beneficiary bank offline')).toBeTruthy();
    expect(screen.getAllByText('151 · Aprobado')).toHaveLength(2); // the tag and the status
    expect(screen.queryByText('Desembolsando')).toBeNull();
    expect(screen.getByText('Sin desembolsar')).toBeTruthy();
  });

  it("shows the server's message for an unknown order", async () => {
    stubServer(['support'], { 'POST /console/api/loans/detail': failure(404, '404001', 'No existe esa orden.') });
    renderScreen(<LoanPage />, { path: `/loans/${orderNo}`, route: '/loans/:orderNo' });
    expect(await screen.findByText('No existe esa orden.')).toBeTruthy();
  });
});
