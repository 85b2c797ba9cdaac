import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { consoleApplications } from '@presta/contract/api/console/review';
import type { DataOf } from '@presta/contract/api/endpoint';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import DisbursalPage from './disbursal-page';

type Application = DataOf<typeof consoleApplications>['applications'][number];

const approved = (orderNo: string, fullName: string, principal: number, bankAccount: Application['bankAccount']): Application => ({
  orderNo,
  status: '151',
  appliedAt: '2025-03-01T15:30:00.000Z',
  product: { code: 'P14', name: 'Presta 14', market: 'MX', currency: 'MXN' },
  principal,
  totalOwed: principal + 87_000,
  periods: 2,
  termUnitDays: 14,
  offerLimit: 800_000,
  borrower: { id: 3, fullName, maskedPhone: '+52 55 **** 1234', language: 'es' },
  bankAccount,
  record: { loans: 0, settled: 0, overdueNow: 0, rejected: 0 },
  payout: null,
});

const first = 'PR0000000000000041';
const second = 'PR0000000000000042';
const noAccount = 'PR0000000000000043';
const queue = {
  applications: [
    approved(first, 'Lucía Pérez', 500_000, { bankName: 'BBVA', masked: '**** 1111' }),
    approved(second, 'Mario Ruiz', 300_000, { bankName: 'Banorte', masked: '**** 2222' }),
    approved(noAccount, 'Sin Cuenta', 100_000, null),
  ],
};

const answers = {
  'GET /console/api/applications': queue,
  'POST /console/api/orders/disburse': {
    disbursed: [{ orderNo: first, disbursedOn: '2025-03-05', bankAccount: { bankName: 'BBVA', masked: '**** 1111' } }],
    refused: [{ orderNo: second, message: 'The borrower has no active bank account.' }],
  },
};

/** Ticks an order's row (its checkbox is named by the order number). */
const tick = async (user: ReturnType<typeof userEvent.setup>, orderNo: string) => user.click(await screen.findByRole('checkbox', { name: orderNo }));

describe('DisbursalPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it('asks for the approved orders and offers only those with an account', async () => {
    const sent = stubServer(['finance'], answers);
    renderScreen(<DisbursalPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Disbursal' })).toBeTruthy();
    const row = (await screen.findByText(first)).closest('tr')!;
    expect(within(row).getByText('$5.000,00')).toBeTruthy();
    expect(within(row).getByText('BBVA · **** 1111')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: noAccount }).disabled).toBe(true);
    expect(screen.getByText('None: cannot be disbursed yet')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/applications')?.query.get('status')).toBe('151');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Disburse selected' }).disabled).toBe(true);
  });

  it('confirms the count and the total of two orders, sends their numbers and the day, and shows each one paid or refused', async () => {
    const sent = stubServer(['finance'], answers);
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    await tick(user, first);
    await tick(user, second);
    expect(screen.getByText('2 selected · $8.000,00')).toBeTruthy();

    // Another day than today, typed in the picker.
    const day = screen.getByLabelText('Disbursal day');
    await user.clear(day);
    await user.type(day, '2025-03-05{Enter}');
    await user.click(screen.getByRole('button', { name: 'Disburse selected' }));
    const confirm = (await screen.findByText('Disburse 2 orders for $8.000,00 on 2025-03-05?')).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'Disburse selected' }));

    await waitFor(() =>
      expect(sent.find((s) => s.path === '/console/api/orders/disburse')).toMatchObject({ method: 'POST', body: { orderNos: [first, second], on: '2025-03-05' } }),
    );
    const paid = (await screen.findByText('1 order disbursed')).closest<HTMLElement>('[role="status"]')!;
    expect(within(paid).getByText(first)).toBeTruthy();
    expect(within(paid).getByText('2025-03-05')).toBeTruthy();
    const refused = screen.getByText('1 order not disbursed').closest<HTMLElement>('[role="alert"]')!;
    const refusedRow = within(refused).getByText(second).closest('tr')!;
    expect(within(refusedRow).getByText('The borrower has no active bank account.')).toBeTruthy();
    // The queue is read again, and nothing stays selected.
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/applications')).toHaveLength(2));
    expect(screen.getByText('Select the orders to disburse.')).toBeTruthy();
  });

  it('shows the list without selection or button to a role that may not disburse', async () => {
    stubServer(['analyst'], answers);
    renderScreen(<DisbursalPage />);
    expect(await screen.findByText(first)).toBeTruthy();
    expect(screen.getByText('Your role may see this list but not disburse.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disburse selected' })).toBeNull();
  });
});
