import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { replaceLocation } from '@/shared/session/navigation';
import { callApiMock, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { actAsync, renderAt } from '@/shared/testing/render';
import { preloadModalView } from '@/shared/ui/modal-dialog';
import { useAgreementSigning } from '../hooks/use-agreement-signing';
import { confirmData, deferred, ok, preparedAgreement, refused, signedAgreement } from '../testing/loan-fixtures';
import ConfirmLoanPage from './confirm-loan-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/bridge/native-bridge', () => ({ bridge: { confirmBurialPoint: vi.fn(() => true) } }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

/*
 * Issue 38: applying signs the agreement first. The submit button prepares the agreement (its PDF and an SMS
 * code) and opens the signing dialog; the code signs it, then the application is sent with its number.
 */

const sessionQuery = 'crp_phe=3.2.0&showy=dev-1&swift=sess-9&productId=1&orderId=99';
const pushed = ok({ lendDetailsUrl: '/loan-details?orderId=12&productId=1', orderId: '12', orderNo: 'PR12' });

type Answer = Normalised<unknown> | (() => Promise<Normalised<unknown>>);

/** Answers each call with its answer (a list is given out in turn, the last one repeating). */
function answer({ prepare = [ok(preparedAgreement())], sign = [ok(signedAgreement())], push = [pushed] }: { prepare?: Answer[]; sign?: Answer[]; push?: Answer[] } = {}) {
  const queues = new Map<unknown, Answer[]>([
    [apiRoutes.agreementPrepare, [...prepare]],
    [apiRoutes.agreementSign, [...sign]],
    [apiRoutes.loanDetailPush, [...push]],
  ]);
  callApiMock().mockImplementation(async (endpoint) => {
    if (endpoint === apiRoutes.loanDetailConfirm) return ok(confirmData());
    const queue = queues.get(endpoint);
    if (!queue) throw new Error(`unexpected call ${endpoint.path}`);
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    return typeof next === 'function' ? next() : next;
  });
}

const calls = (route: { path: string }) => callsTo(route.path);

async function openDialog(query = sessionQuery) {
  const user = userEvent.setup();
  const view = renderAt(<ConfirmLoanPage />, '/confirm-loan', query);
  const submit = await screen.findByRole('button', { name: /Solicitar préstamo|Apply for the loan/ });
  await user.click(submit);
  const dialog = await screen.findByRole('dialog', { name: /Firme su contrato|Sign your agreement/ });
  return { user, view, submit, dialog };
}

const codeInput = () => screen.getByLabelText<HTMLInputElement>('Código SMS');

describe('ConfirmLoanPage: signing the agreement (issue 38)', () => {
  beforeAll(async () => {
    await preloadModalView();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prepares the agreement for the offer’s figures and opens the signing dialog with its texts, focused inside', async () => {
    answer();
    const { dialog } = await openDialog();
    expect(calls(apiRoutes.agreementPrepare)[0]![1]).toEqual({ amount: 500000, periods: 2, termUnit: 15, productId: '1' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('heading', { name: 'Firme su contrato' })).toBeTruthy();
    expect(
      within(dialog).getByText('Le enviamos un código por SMS al ******5678 para firmar el contrato de $5.000,00 (documento …7852b855).'),
    ).toBeTruthy();
    const input = within(dialog).getByLabelText<HTMLInputElement>('Código SMS');
    expect(input.inputMode).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.maxLength).toBe(6);
    expect(within(dialog).getByRole('button', { name: 'Firmar y solicitar' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reenviar código' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    // Nothing is signed or sent before the code.
    expect(calls(apiRoutes.agreementSign)).toHaveLength(0);
    expect(calls(apiRoutes.loanDetailPush)).toHaveLength(0);
  });

  it('links the PDF with the session (a new tab, no opener)', async () => {
    answer();
    const { dialog } = await openDialog();
    const link = within(dialog).getByRole('link', { name: 'Leer el contrato (PDF)' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/agreements/AG7K2M9Q4X1B8C.pdf');
    expect(href.searchParams.get('swift')).toBe('sess-9');
    expect(href.searchParams.get('showy')).toBe('dev-1');
    expect(href.searchParams.get('language')).toBe('2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('speaks English, with the offer’s market’s money', async () => {
    answer();
    const { dialog } = await openDialog(`${sessionQuery}&language=1`);
    expect(within(dialog).getByRole('heading', { name: 'Sign your agreement' })).toBeTruthy();
    expect(within(dialog).getByText('We sent a code by SMS to ******5678 to sign the agreement for $5.000,00 (document …7852b855).')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Read the agreement (PDF)' })).toBeTruthy();
    expect(within(dialog).getByLabelText('SMS code')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Sign and apply' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('has no serious or critical accessibility violations', async () => {
    answer();
    const { dialog } = await openDialog();
    expect(await seriousA11yViolations(dialog)).toEqual([]);
  });

  it('the right code signs the agreement, then applies with its number and opens the loan details', async () => {
    answer();
    const { user } = await openDialog();
    await user.type(codeInput(), '12a3456');
    expect(codeInput().value).toBe('123456');
    await user.keyboard('{Enter}');
    expect(calls(apiRoutes.agreementSign).map(([, payload]) => payload)).toEqual([{ agreementNo: 'AG7K2M9Q4X1B8C', code: '123456' }]);
    expect(calls(apiRoutes.loanDetailPush).map(([, payload]) => payload)).toEqual([
      { amount: 500000, periods: 2, termUnit: 15, productId: '1', agreementNo: 'AG7K2M9Q4X1B8C' },
    ]);
    const order = callApiMock().mock.invocationCallOrder;
    const at = (route: object) => order[callApiMock().mock.calls.findIndex(([endpoint]) => endpoint === route)]!;
    expect(at(apiRoutes.agreementSign)).toBeLessThan(at(apiRoutes.loanDetailPush));
    expect(replaceLocation).toHaveBeenCalledTimes(1);
    const target = new URL(vi.mocked(replaceLocation).mock.calls[0]![0], 'http://localhost');
    expect(target.pathname).toBe('/loan-details');
    expect(target.searchParams.get('from')).toBe('confirm');
  });

  it('a wrong code shows the server’s message in the dialog and clears the input; the next code signs', async () => {
    const message = 'El código no es correcto o ya venció. Pida otro.';
    answer({ sign: [refused('400002', message), ok(signedAgreement())] });
    const { user, dialog } = await openDialog();
    await user.type(codeInput(), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar y solicitar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    expect(codeInput().value).toBe('');
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(codeInput());
    expect(calls(apiRoutes.loanDetailPush)).toHaveLength(0);
    expect(replaceLocation).not.toHaveBeenCalled();

    await user.type(codeInput(), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar y solicitar' }));
    expect(calls(apiRoutes.agreementSign)).toHaveLength(2);
    expect(calls(apiRoutes.loanDetailPush)).toHaveLength(1);
    expect(replaceLocation).toHaveBeenCalledTimes(1);
  });

  it('asks for the 6 digits before calling anything', async () => {
    answer();
    const { user, dialog } = await openDialog();
    await user.type(codeInput(), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar y solicitar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Escriba los 6 dígitos del código.');
    expect(codeInput().value).toBe('123');
    expect(calls(apiRoutes.agreementSign)).toHaveLength(0);
  });

  it('a refused application (409 agreementNotSigned) shows its message; a failed one is sent again without signing twice', async () => {
    const notSigned = 'Firme el contrato de estas cifras antes de solicitar.';
    answer({ push: [refused('500', 'Servicio no disponible'), refused('409009', notSigned)] });
    const { user, dialog } = await openDialog();
    await user.type(codeInput(), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar y solicitar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Servicio no disponible');

    // Signed already: the next tap only applies again.
    await user.click(within(dialog).getByRole('button', { name: 'Firmar y solicitar' }));
    expect(calls(apiRoutes.agreementSign)).toHaveLength(1);
    expect(calls(apiRoutes.loanDetailPush)).toHaveLength(2);
    expect(within(dialog).getByRole('alert').textContent).toBe(notSigned);
    expect(replaceLocation).not.toHaveBeenCalled();

    // Refused as not signed: the code is asked for again.
    await user.click(within(dialog).getByRole('button', { name: 'Firmar y solicitar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Escriba los 6 dígitos del código.');
    expect(calls(apiRoutes.loanDetailPush)).toHaveLength(2);
  });

  it('a double tap signs and applies once', async () => {
    const signing = deferred<Normalised<unknown>>();
    answer({ sign: [() => signing.promise] });
    const { user, dialog } = await openDialog();
    await user.type(codeInput(), '123456');
    const sign = within(dialog).getByRole('button', { name: 'Firmar y solicitar' });
    fireEvent.click(sign);
    fireEvent.click(sign);
    fireEvent.submit(sign.closest('form')!);
    expect(calls(apiRoutes.agreementSign)).toHaveLength(1);
    await actAsync(() => signing.resolve(ok(signedAgreement())));
    fireEvent.submit(sign.closest('form')!);
    expect(calls(apiRoutes.agreementSign)).toHaveLength(1);
    expect(calls(apiRoutes.loanDetailPush)).toHaveLength(1);
    expect(replaceLocation).toHaveBeenCalledTimes(1);
  });

  it('a double tap on the submit button prepares once', async () => {
    const preparing = deferred<Normalised<unknown>>();
    answer({ prepare: [() => preparing.promise] });
    renderAt(<ConfirmLoanPage />, '/confirm-loan', sessionQuery);
    const submit = await screen.findByRole('button', { name: 'Solicitar préstamo' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(calls(apiRoutes.agreementPrepare)).toHaveLength(1);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    await actAsync(() => preparing.resolve(ok(preparedAgreement())));
    expect(await screen.findByRole('dialog', { name: 'Firme su contrato' })).toBeTruthy();
  });

  it('Escape and Cancel close it and give the focus back to the submit button; opened again, the code sent still counts', async () => {
    answer();
    const { user, submit } = await openDialog();
    await user.keyboard('{Escape}');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(submit);

    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Firme su contrato' });
    expect(calls(apiRoutes.agreementPrepare)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(submit);
    expect(calls(apiRoutes.agreementSign)).toHaveLength(0);
  });

  it('counts down the resend wait; then resends (a new code for the same document) and counts again', async () => {
    vi.useFakeTimers();
    answer({ prepare: [ok(preparedAgreement({ resendAfter: 3 }))] });
    renderAt(<ConfirmLoanPage />, '/confirm-loan', sessionQuery);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar préstamo' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const dialog = screen.getByRole('dialog', { name: 'Firme su contrato' });
    const resend = within(dialog).getByRole('button', { name: 'Reenviar código' });
    expect(resend.textContent).toBe('Reenviar código\u00a0(3 s)');
    expect(resend).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('status').textContent).toBe('Podrá pedir otro código en 3 segundos.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(resend.textContent).toBe('Reenviar código\u00a0(2 s)');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(resend.textContent).toBe('Reenviar código');
    expect(resend).toHaveProperty('disabled', false);
    expect(within(dialog).getByRole('status').textContent).toBe('Ya puede pedir otro código.');

    fireEvent.change(within(dialog).getByLabelText('Código SMS'), { target: { value: '99' } });
    fireEvent.click(resend);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls(apiRoutes.agreementPrepare)).toHaveLength(2);
    expect(calls(apiRoutes.agreementPrepare)[1]![1]).toEqual(calls(apiRoutes.agreementPrepare)[0]![1]);
    expect(resend.textContent).toBe('Reenviar código\u00a0(3 s)');
    expect(resend).toHaveProperty('disabled', true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Código SMS').value).toBe('');
  });

  it('a resend refused (too soon) shows the server’s message', async () => {
    const message = 'Espere un momento antes de pedir otro código.';
    answer({ prepare: [ok(preparedAgreement({ resendAfter: 0 })), refused('429001', message)] });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar código' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
  });
});

describe('useAgreementSigning', () => {
  it('drops the agreement prepared for figures the page no longer shows', async () => {
    answer({ prepare: [ok(preparedAgreement()), ok(preparedAgreement({ agreementNo: 'AG0000000000NEW', amount: 450000 }))] });
    const { result, rerender } = renderHook(({ amount }) => useAgreementSigning(confirmData({ amount }), '1'), { initialProps: { amount: 500000 } });
    await act(() => result.current.start());
    expect(result.current.open).toBe(true);
    expect(result.current.agreement?.agreementNo).toBe('AG7K2M9Q4X1B8C');

    // A recalculated offer: the dialog closes and the old document is not signed.
    rerender({ amount: 450000 });
    expect(result.current.open).toBe(false);
    expect(result.current.agreement).toBeNull();
    await act(() => result.current.start());
    expect(calls(apiRoutes.agreementPrepare)).toHaveLength(2);
    expect(calls(apiRoutes.agreementPrepare)[1]![1]).toMatchObject({ amount: 450000 });
    expect(result.current.agreement?.agreementNo).toBe('AG0000000000NEW');
  });
});
