import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutViewData } from '@presta/contract/api/console/payouts';
import type { consoleApplications } from '@presta/contract/api/console/review';
import type { DataOf } from '@presta/contract/api/endpoint';
import { renderScreen, stubServer, failure } from '@/shared/testing/test-server';
import DisbursalPage from './disbursal-page';

type Application = DataOf<typeof consoleApplications>['applications'][number];

const payout = (orderNo: string, status: PayoutViewData['status'], more: Partial<PayoutViewData> = {}): PayoutViewData => ({
  orderNo,
  attempt: 1,
  status,
  live: status === 'created' || status === 'pending' || status === 'processed',
  provider: 'stp',
  providerReference: null,
  amount: 500_000,
  currency: 'MXN',
  failureReason: null,
  valueDate: null,
  bankAccount: { bankName: 'BBVA', masked: '**** 1111' },
  createdAt: '2025-03-05T15:00:00.000Z',
  updatedAt: '2025-03-05T15:00:05.000Z',
  settledAt: null,
  ...more,
});

const approved = (
  orderNo: string,
  fullName: string,
  principal: number,
  bankAccount: Application['bankAccount'],
  latest: PayoutViewData | null = null,
  agreement: Application['agreement'] = 'signed',
): Application => ({
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
  payout: latest,
  agreement,
});

const first = 'PR0000000000000041';
const second = 'PR0000000000000042';
const noAccount = 'PR0000000000000043';
const disbursing = 'PR0000000000000044';
const sending = 'PR0000000000000045';
const returned = 'PR0000000000000046';
const failedOrder = 'PR0000000000000047';
const trackingKey = 'PRESTA20250305000044A1';
const bbva = { bankName: 'BBVA', masked: '**** 1111' };

const queue = {
  applications: [
    approved(first, 'Lucía Pérez', 500_000, bbva),
    approved(second, 'Mario Ruiz', 300_000, { bankName: 'Banorte', masked: '**** 2222' }),
    approved(noAccount, 'Sin Cuenta', 100_000, null),
    approved(disbursing, 'Ana Torres', 200_000, bbva, payout(disbursing, 'pending', { providerReference: trackingKey })),
    approved(sending, 'Luis Vega', 200_000, bbva, payout(sending, 'created')),
    approved(returned, 'Rosa Díaz', 100_000, bbva, payout(returned, 'reversed', { failureReason: 'Cuenta inexistente' })),
    approved(failedOrder, 'Iván Mora', 100_000, bbva, payout(failedOrder, 'failed', { failureReason: 'Banco no disponible' })),
  ],
};

const answers = {
  'GET /console/api/applications': queue,
  'POST /console/api/orders/disburse': {
    started: [
      payout(first, 'pending', { providerReference: 'PRESTA20250305000041A1' }),
      payout(second, 'processed', { valueDate: '2025-03-05', bankAccount: { bankName: 'Banorte', masked: '**** 2222' } }),
    ],
    disbursed: [{ orderNo: second, disbursedOn: '2025-03-05', bankAccount: { bankName: 'Banorte', masked: '**** 2222' } }],
    refused: [{ orderNo: returned, message: 'The bank account is waiting for its verification.' }],
  },
};

/** antd's first render of a table of seven rows is slow on a busy machine: the first row may take a while. */
const firstRender = { timeout: 20_000 };
const rowOf = async (orderNo: string) => (await screen.findByText(orderNo, {}, firstRender)).closest('tr')!;
/** Ticks an order's row (its checkbox is named by the order number). */
const tick = async (user: ReturnType<typeof userEvent.setup>, orderNo: string) => user.click(await screen.findByRole('checkbox', { name: orderNo }, firstRender));

describe('DisbursalPage: the approved orders', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it("shows each order's payout and offers only those with an account and no live payout", async () => {
    const sent = stubServer(['finance'], answers);
    renderScreen(<DisbursalPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Disbursal' }, firstRender)).toBeTruthy();
    const row = await rowOf(first);
    expect(within(row).getByText('$5.000,00')).toBeTruthy();
    expect(within(row).getByText('BBVA · **** 1111')).toBeTruthy();
    expect(within(row).getByText('Not started')).toBeTruthy();
    expect(screen.getByText('None: cannot be disbursed yet')).toBeTruthy();
    expect(within(await rowOf(disbursing)).getByText('Disbursing')).toBeTruthy();
    expect(within(await rowOf(disbursing)).getByText(`With STP · ${trackingKey}`)).toBeTruthy();
    expect(within(await rowOf(sending)).getByText('Being sent to STP')).toBeTruthy();
    expect(within(await rowOf(returned)).getByText('Returned: Cuenta inexistente')).toBeTruthy();
    expect(within(await rowOf(failedOrder)).getByText('Failed: Banco no disponible')).toBeTruthy();

    const box = (orderNo: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: orderNo });
    expect([first, second, returned, failedOrder].map((o) => box(o).disabled)).toEqual([false, false, false, false]);
    expect([noAccount, disbursing, sending].map((o) => box(o).disabled)).toEqual([true, true, true]);
    expect(sent.find((s) => s.path === '/console/api/applications')?.query.get('status')).toBe('151');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Disburse selected' }).disabled).toBe(true);
    // No day is asked: the provider's value date is the disbursal day.
    expect(screen.queryByLabelText('Disbursal day')).toBeNull();
    expect(screen.getByText(/The money goes to each borrower's verified account\. The order turns Disbursed when the provider confirms/)).toBeTruthy();
  });

  it('confirms the count and the total, sends only the order numbers, and shows each order started, paid or refused', async () => {
    const sent = stubServer(['finance'], answers);
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    await tick(user, first);
    await tick(user, second);
    await tick(user, returned);
    expect(screen.getByText('3 selected · $9.000,00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Disburse selected' }));
    const confirm = (await screen.findByText("Disburse 3 orders for $9.000,00 to each borrower's verified account?")).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'Disburse selected' }));

    await waitFor(() => expect(sent.find((s) => s.path === '/console/api/orders/disburse')).toMatchObject({ method: 'POST' }));
    expect(sent.find((s) => s.path === '/console/api/orders/disburse')?.body).toEqual({ orderNos: [first, second, returned] });
    const started = (await screen.findByText('1 payout started: the order turns Disbursed when the provider confirms')).closest<HTMLElement>('[role="status"]')!;
    const startedRow = within(started).getByText(first).closest('tr')!;
    expect(within(startedRow).getByText('With STP · PRESTA20250305000041A1')).toBeTruthy();
    expect(within(startedRow).getByText('$5.000,00')).toBeTruthy();
    expect(within(started).queryByText(second)).toBeNull();
    const paid = screen.getByText('1 order disbursed').closest<HTMLElement>('[role="status"]')!;
    expect(within(within(paid).getByText(second).closest('tr')!).getByText('2025-03-05')).toBeTruthy();
    const refused = screen.getByText('1 order not disbursed').closest<HTMLElement>('[role="alert"]')!;
    expect(within(within(refused).getByText(returned).closest('tr')!).getByText('The bank account is waiting for its verification.')).toBeTruthy();
    // The queue is read again, and nothing stays selected.
    await waitFor(() => expect(sent.findLastIndex((s) => s.path === '/console/api/applications')).toBeGreaterThan(sent.findIndex((s) => s.path === '/console/api/orders/disburse')));
    expect(screen.getByText('Select the orders to disburse.')).toBeTruthy();
  });

  it('shows the list without selection or button to a role that may not disburse', async () => {
    stubServer(['analyst'], answers);
    renderScreen(<DisbursalPage />);
    expect(await screen.findByText(first, {}, firstRender)).toBeTruthy();
    expect(screen.getByText('Your role may see this list but not disburse.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disburse selected' })).toBeNull();
  });

  it('shows no payouts tab to a role that may not read them', async () => {
    stubServer(['support'], answers);
    renderScreen(<DisbursalPage />);
    expect(await screen.findByText(first, {}, firstRender)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Payouts' })).toBeNull();
  });
});

describe('DisbursalPage: the signed agreement', () => {
  const unsigned = 'PR0000000000000051';
  const unstamped = 'PR0000000000000052';
  const agreementQueue = {
    applications: [approved(first, 'Lucía Pérez', 500_000, bbva), approved(unsigned, 'Sin Firma', 100_000, bbva, null, 'unsigned'), approved(unstamped, 'Sin Sello', 100_000, bbva, null, 'awaiting_timestamp')],
  };
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it("shows where each order's agreement stands and why an unsigned or unstamped one cannot be picked", async () => {
    stubServer(['finance'], { ...answers, 'GET /console/api/applications': agreementQueue });
    renderScreen(<DisbursalPage />);
    expect(within(await rowOf(first)).getByText('Signed and time-stamped')).toBeTruthy();
    const notSigned = await rowOf(unsigned);
    expect(within(notSigned).getByText('Not signed')).toBeTruthy();
    expect(within(notSigned).getByText('Cannot be disbursed: the borrower did not sign the agreement.')).toBeTruthy();
    const notStamped = await rowOf(unstamped);
    expect(within(notStamped).getByText('Signed, no time-stamp')).toBeTruthy();
    expect(within(notStamped).getByText(/^Cannot be disbursed yet: the agreement's time-stamp is missing/)).toBeTruthy();
    const box = (orderNo: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: orderNo });
    expect([first, unsigned, unstamped].map((o) => box(o).disabled)).toEqual([false, true, true]);
    expect(screen.getByText(/Only an order whose agreement is signed and time-stamped is disbursed\.$/)).toBeTruthy();
  });

  it("shows the server's refusal of an order whose agreement is not signed", async () => {
    const message = `Order ${first} cannot be disbursed: its agreement is not signed.`;
    stubServer(['finance'], {
      'GET /console/api/applications': agreementQueue,
      'POST /console/api/orders/disburse': { started: [], disbursed: [], refused: [{ orderNo: first, message }] },
    });
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    await tick(user, first);
    await user.click(screen.getByRole('button', { name: 'Disburse selected' }));
    const confirm = (await screen.findByText("Disburse 1 order for $5.000,00 to each borrower's verified account?")).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'Disburse selected' }));
    const refused = (await screen.findByText('1 order not disbursed')).closest<HTMLElement>('[role="alert"]')!;
    expect(within(within(refused).getByText(first).closest('tr')!).getByText(message)).toBeTruthy();
  });
});

const attempts = {
  payouts: [
    payout(disbursing, 'pending', { providerReference: trackingKey, amount: 200_000 }),
    payout(sending, 'created', { amount: 200_000 }),
    payout(returned, 'reversed', { attempt: 2, failureReason: 'Cuenta inexistente', providerReference: 'PRESTA20250305000046A2' }),
    payout(returned, 'failed', { attempt: 1, failureReason: 'Banco no disponible' }),
    payout('PR0000000000000048', 'processed', { valueDate: '2025-03-04', providerReference: 'UTR123456789', provider: 'razorpayx', currency: 'INR', amount: 1_234_500 }),
    payout('PR0000000000000049', 'cancelled', { failureReason: 'Duplicada' }),
  ],
};

const retried = payout(returned, 'pending', { attempt: 3 });
const payoutAnswers = {
  ...answers,
  'GET /console/api/payouts': attempts,
  'POST /console/api/payouts/retry': { payout: retried },
  'POST /console/api/payouts/cancel': { payout: payout(sending, 'cancelled', { failureReason: 'Nunca llegó a STP' }) },
};

/** Moves the faked interval clock on, inside act (the reads it starts update the screen). */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const openPayouts = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('tab', { name: 'Payouts' }, firstRender));
  return screen.findByText(trackingKey, {}, firstRender);
};

describe('DisbursalPage: the payouts', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the attempts with status, provider, reference, amount, account, reason and value date, by state', async () => {
    const sent = stubServer(['finance'], payoutAnswers);
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    const pending = (await openPayouts(user)).closest('tr')!;
    expect(within(pending).getByText('With the provider')).toBeTruthy();
    expect(within(pending).getByText('STP')).toBeTruthy();
    expect(within(pending).getByText('$2.000,00')).toBeTruthy();
    expect(within(pending).getByText('BBVA · **** 1111')).toBeTruthy();
    expect(within(pending).getByRole('link', { name: disbursing }).getAttribute('href')).toBe(`/loans/${disbursing}`);
    const paid = screen.getByText('UTR123456789').closest('tr')!;
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('RazorpayX')).toBeTruthy();
    expect(within(paid).getByText('₹12,345.00')).toBeTruthy();
    expect(within(paid).getByText('2025-03-04')).toBeTruthy();
    expect(within(screen.getByText('PRESTA20250305000046A2').closest('tr')!).getByText('Cuenta inexistente')).toBeTruthy();
    expect(screen.getByText('Payouts are in progress: the list refreshes every 5 seconds.')).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/payouts')?.query.get('state')).toBe('open');

    await user.click(screen.getByText('Returned or failed'));
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/payouts').at(-1)?.query.get('state')).toBe('problem'));
  });

  it("asks again under the same attempt for a live payout, a new attempt only for an order's latest failure, and shows the answer", async () => {
    const sent = stubServer(['finance'], payoutAnswers);
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    await openPayouts(user);
    expect(screen.getByRole('button', { name: `Ask again · ${disbursing}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Ask again · ${sending}` })).toBeTruthy();
    // Only the returned order's latest attempt (2) offers a new one; paid and cancelled offer nothing.
    expect(screen.getAllByRole('button', { name: `New attempt · ${returned}` })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /PR0000000000000048|PR0000000000000049/ })).toBeNull();
    // Cancel only for the attempt the provider never took.
    expect(screen.getAllByRole('button', { name: /^Cancel payout/ }).map((b) => b.getAttribute('aria-label'))).toEqual([`Cancel payout · ${sending}`]);

    await user.click(screen.getByRole('button', { name: `New attempt · ${returned}` }));
    const confirm = (await screen.findByText(`A new payout attempt for order ${returned}, $5.000,00, under a new key?`)).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'New attempt' }));
    expect(await screen.findByText(`Order ${returned}: attempt 3, With the provider.`)).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/payouts/retry')?.body).toEqual({ orderNo: returned });
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/payouts').length).toBeGreaterThanOrEqual(2));
  });

  it("tells the server's refusal of a retry", async () => {
    stubServer(['finance'], { ...payoutAnswers, 'POST /console/api/payouts/retry': failure(409, '409001', 'The payout is already with the provider.') });
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    await openPayouts(user);
    await user.click(screen.getByRole('button', { name: `Ask again · ${disbursing}` }));
    const confirm = (await screen.findByText(`Ask STP again about order ${disbursing}'s payout? The same key is used: it is never paid twice.`)).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByRole('button', { name: 'Ask again' }));
    expect(await screen.findByText('The payout is already with the provider.')).toBeTruthy();
  });

  it('cancels with a reason, from a modal the keyboard completes; Esc closes it without cancelling', async () => {
    const sent = stubServer(['finance'], payoutAnswers);
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    await openPayouts(user);

    await user.click(screen.getByRole('button', { name: `Cancel payout · ${sending}` }));
    let dialog = await screen.findByRole('dialog', { name: `Cancel attempt 1 of order ${sending}` });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason for cancelling')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: `Cancel payout · ${sending}` }));
    dialog = await screen.findByRole('dialog', { name: `Cancel attempt 1 of order ${sending}` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payout' }));
    expect(await within(dialog).findByText('Write the reason.')).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason for cancelling');
    await user.type(reason, 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payout' }));
    expect(await within(dialog).findByText('The reason takes 3 to 500 characters.')).toBeTruthy();
    expect(sent.some((s) => s.path === '/console/api/payouts/cancel')).toBe(false);

    await user.clear(reason);
    await user.type(reason, '  Nunca llegó a STP  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payout' }));
    expect(await screen.findByText(`Payout of order ${sending} cancelled.`)).toBeTruthy();
    expect(sent.find((s) => s.path === '/console/api/payouts/cancel')?.body).toEqual({ orderNo: sending, reason: 'Nunca llegó a STP' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows an analyst the attempts without a button', async () => {
    stubServer(['analyst'], payoutAnswers);
    const user = userEvent.setup();
    renderScreen(<DisbursalPage />);
    await openPayouts(user);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ask again|New attempt|Cancel payout/ })).toBeNull();
  });

  it('reads the attempts again every 5 seconds while one is live, stops when none is, and leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    stubServer(['finance'], {
      ...payoutAnswers,
      'GET /console/api/payouts': () => {
        reads += 1;
        return reads < 3 ? attempts : { payouts: attempts.payouts.filter((p) => !p.live || p.status === 'processed') };
      },
    });
    const user = userEvent.setup();
    const view = renderScreen(<DisbursalPage />);
    await openPayouts(user);
    expect(reads).toBe(1);
    await advance(4_999);
    expect(reads).toBe(1);
    await advance(1);
    await waitFor(() => expect(reads).toBe(2));
    await advance(5_000);
    await waitFor(() => expect(reads).toBe(3));
    // None live now: no more reads.
    await waitFor(() => expect(screen.queryByText(trackingKey)).toBeNull());
    await advance(20_000);
    expect(reads).toBe(3);
    expect(vi.getTimerCount()).toBe(0);

    // Live again (another filter read), then the screen goes: its timer goes with it.
    reads = 0;
    await user.click(screen.getByText('All'));
    await screen.findByText(trackingKey);
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
