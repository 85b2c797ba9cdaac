import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { bridge } from '@/shared/bridge/native-bridge';
import { replaceLocation } from '@/shared/session/navigation';
import { callApiMock } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { agreementTerms } from '@/shared/testing/agreement-terms';
import { confirmData, failed, ok, preparedAgreement, signedAgreement } from '../testing/loan-fixtures';
import ConfirmLoanPage from './confirm-loan-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/bridge/native-bridge', () => ({
  bridge: { confirmBurialPoint: vi.fn(() => true), rateApp: vi.fn(() => true), openSchemeUrl: vi.fn(() => true) },
}));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const sessionQuery = 'crp_phe=3.2.0&showy=dev-1&swift=sess-9&productId=1&orderId=99';

/**
 * Answers the confirmation call with `confirm` (a value or one per call), the agreement's preparation and
 * signature with success, and the submit call with `push`.
 */
function answer(confirm: Normalised<unknown> | Normalised<unknown>[], push?: () => Promise<Normalised<unknown>>) {
  const confirmAnswers = Array.isArray(confirm) ? [...confirm] : null;
  callApiMock().mockImplementation(async (endpoint) => {
    if (endpoint === apiRoutes.loanDetailConfirm) return confirmAnswers ? (confirmAnswers.length > 1 ? confirmAnswers.shift()! : confirmAnswers[0]!) : (confirm as Normalised<unknown>);
    if (endpoint === apiRoutes.agreementPrepare) return ok(preparedAgreement());
    if (endpoint === apiRoutes.agreementSign) return ok(signedAgreement());
    if (endpoint === apiRoutes.loanDetailPush && push) return push();
    throw new Error(`unexpected call ${endpoint.path}`);
  });
}

/** Applies: the submit button, then the code in the signing dialog and "sign and apply" (issue 38). */
async function applyWithCode(user: ReturnType<typeof userEvent.setup>, labels = { submit: 'Solicitar préstamo', code: 'Código SMS', sign: 'Firmar y solicitar' }) {
  await user.click(await screen.findByRole('button', { name: labels.submit }));
  await user.type(await screen.findByLabelText(labels.code), '123456');
  await user.click(screen.getByRole('button', { name: labels.sign }));
}

function renderPage(query = sessionQuery) {
  return renderAt(<ConfirmLoanPage />, '/confirm-loan', query);
}

function confirmCalls() {
  return callApiMock().mock.calls.filter(([endpoint]) => endpoint === apiRoutes.loanDetailConfirm);
}

describe('ConfirmLoanPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('with the offer loaded', () => {
    beforeEach(() => answer(ok(confirmData())));

    it('loads the offer of the session product and confirms the burial point', async () => {
      renderPage();
      await screen.findByRole('heading', { level: 1, name: 'Confirme su préstamo' });
      expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.loanDetailConfirm, { productId: '1' }, expect.anything());
      expect(bridge.confirmBurialPoint).toHaveBeenCalledTimes(1);
      expect(bridge.confirmBurialPoint).toHaveBeenCalledWith('1');
    });

    it('shows the amount, the term in days (periods × termUnit) and the daily rate with its label', async () => {
      renderPage();
      await screen.findByText('$5.000,00', { selector: '.presta-amount-hero-amount' });
      expect(screen.getByText('30 días')).toBeTruthy();
      expect(screen.getByText('en 2 pagos')).toBeTruthy();
      expect(screen.getByText('Tasa de interés diaria')).toBeTruthy();
      expect(screen.getByText('0,10%')).toBeTruthy();
      expect(screen.getByText('El monto depositado descuenta la comisión de apertura.')).toBeTruthy();
    });

    it("hides detail rows whose value is '' or '0'", async () => {
      renderPage();
      const details = await screen.findByRole('region', { name: 'Detalles del préstamo' });
      expect(within(details).getByText('Monto solicitado')).toBeTruthy();
      expect(within(details).getByText('Monto a depositar')).toBeTruthy();
      expect(within(details).queryByText('IVA')).toBeNull();
      expect(within(details).queryByText('Seguro')).toBeNull();
    });

    it('lists the repayment plan with title, description, amount and pay time', async () => {
      renderPage();
      const plan = await screen.findByRole('region', { name: 'Plan de pagos' });
      const items = within(plan).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(within(items[1]!).getByText('Pago 2')).toBeTruthy();
      expect(within(items[1]!).getByText('Capital + intereses')).toBeTruthy();
      expect(within(items[1]!).getByText('$2.625,00')).toBeTruthy();
      expect(within(items[1]!).getByText('2025-07-30')).toBeTruthy();
    });

    it('has no coupon row when couNum is 0', async () => {
      renderPage();
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByTestId('loan-coupon-row')).toBeNull();
    });

    it('greys out and disables the submit button while the agreement is unticked', async () => {
      const user = userEvent.setup();
      renderPage();
      const tick = await screen.findByRole('checkbox', { name: /He leído y acepto el/ });
      const submit = screen.getByRole('button', { name: 'Solicitar préstamo' });
      expect((tick as HTMLInputElement).checked).toBe(true);
      expect(submit).toHaveProperty('disabled', false);

      await user.click(tick);
      expect((tick as HTMLInputElement).checked).toBe(false);
      expect(submit).toHaveProperty('disabled', true);
      expect(submit.className).toContain('adm-button-disabled');
      expect(screen.getByText('Acepte el contrato para continuar')).toBeTruthy();
      await user.click(submit);
      expect(callApiMock().mock.calls.some(([endpoint]) => endpoint === apiRoutes.loanDetailPush)).toBe(false);

      await user.click(tick);
      expect(submit).toHaveProperty('disabled', false);
    });

    it('links the agreement to the contract address', async () => {
      renderPage();
      const link = await screen.findByRole('link', { name: 'Contrato de préstamo' });
      expect(link.getAttribute('href')).toBe('/loan-agreement?productId=1');
    });

    it('has no serious or critical accessibility violations', async () => {
      const { container } = renderPage();
      await screen.findByRole('heading', { level: 1 });
      expect(await seriousA11yViolations(container)).toEqual([]);
    });
  });

  describe('the annual cost and India’s Key Facts Statement (issue 13)', () => {
    const mx = agreementTerms('MX');
    const inTerms = agreementTerms('IN', 'en');
    const keyFacts = { proposalNo: 'KFS20250702ABCDEF01', validUntil: '2025-07-07', acknowledged: false, url: '/key-facts?proposalNo=KFS20250702ABCDEF01' };
    const indian = () => confirmData({ market: 'IN', terms: inTerms, keyFacts });

    it('Mexico: the CAT beside the daily rate, with the words the rules require (without IVA, for information and comparison, the day)', async () => {
      answer(ok(confirmData({ terms: mx })));
      renderPage();
      await screen.findByText(mx.annualCost.rate, { selector: 'dd, dd *' });
      expect(screen.getByText('CAT')).toBeTruthy();
      expect(screen.getByText('sin IVA')).toBeTruthy();
      const note = document.querySelector('[data-annual-cost="CAT"]')!;
      expect(note.textContent).toBe(`CAT (Costo Anual Total) ${mx.annualCost.rate} sin IVA. Para fines informativos y de comparación. Calculado el ${mx.annualCost.computedOn}.`);
      expect(screen.queryByRole('region', { name: 'Hoja de Datos Clave (KFS)' })).toBeNull();
    });

    it('India: the KFS card (proposal, validity, APR, read link) holds the apply button until the borrower acknowledges it; the application names the proposal', async () => {
      const user = userEvent.setup();
      callApiMock().mockImplementation((endpoint) => {
        if (endpoint === apiRoutes.loanDetailConfirm) return Promise.resolve(ok(indian()));
        if (endpoint === apiRoutes.keyFactsAcknowledge) return Promise.resolve(ok({ proposalNo: keyFacts.proposalNo, acknowledgedAt: '2025-07-02 10:00:00', validUntil: keyFacts.validUntil }));
        if (endpoint === apiRoutes.agreementPrepare) return Promise.resolve(ok(preparedAgreement({ amount: 500000 })));
        if (endpoint === apiRoutes.agreementSign) return Promise.resolve(ok(signedAgreement()));
        if (endpoint === apiRoutes.loanDetailPush) return Promise.resolve(ok({ lendDetailsUrl: '/loan-details?orderId=12&productId=1', orderId: '12', orderNo: 'PR12' }));
        return Promise.reject(new Error(`unexpected call ${endpoint.path}`));
      });
      renderPage(`${sessionQuery}&language=1`);
      const card = await screen.findByRole('region', { name: 'Key Facts Statement (KFS)' });
      expect(within(card).getByText('Proposal no. KFS20250702ABCDEF01')).toBeTruthy();
      expect(within(card).getByText('Valid until 2025-07-07')).toBeTruthy();
      expect(card.querySelector('[data-annual-cost="APR"]')!.textContent).toContain(inTerms.annualCost.rate);
      const link = within(card).getByRole('link', { name: 'Read the Key Facts Statement' });
      expect(new URL(link.getAttribute('href')!, 'http://localhost').searchParams.get('proposalNo')).toBe(keyFacts.proposalNo);
      const apply = screen.getByRole('button', { name: 'Apply for the loan' });
      expect(apply).toHaveProperty('disabled', true);
      expect(screen.getByText('Read and confirm the Key Facts Statement to continue')).toBeTruthy();

      await user.click(within(card).getByRole('checkbox', { name: 'I have read and understood the Key Facts Statement' }));
      expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.keyFactsAcknowledge, { proposalNo: keyFacts.proposalNo }, expect.anything());
      expect(await screen.findByRole('button', { name: 'Apply for the loan' })).toHaveProperty('disabled', false);
      expect(within(card).getByRole('checkbox')).toHaveProperty('checked', true);

      await applyWithCode(user, { submit: 'Apply for the loan', code: 'SMS code', sign: 'Sign and apply' });
      // The agreement is rendered for the acknowledged KFS too (issue 38), and the application names both.
      const figures = { amount: 500000, periods: 2, termUnit: 15, productId: '1', proposalNo: keyFacts.proposalNo };
      expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.agreementPrepare, figures, expect.anything());
      expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.loanDetailPush, { ...figures, agreementNo: 'AG7K2M9Q4X1B8C' }, expect.anything());
      expect(screen.getByRole('dialog', { name: 'Sign your agreement' }).textContent).toContain('₹5,000.00');
    });

    it('India: a KFS already acknowledged (a reload) leaves the apply button on; the card has no serious accessibility violation', async () => {
      answer(ok(confirmData({ market: 'IN', terms: inTerms, keyFacts: { ...keyFacts, acknowledged: true } })));
      const { container } = renderPage();
      await screen.findByRole('region', { name: 'Hoja de Datos Clave (KFS)' });
      expect(screen.getByRole('button', { name: 'Solicitar préstamo' })).toHaveProperty('disabled', false);
      expect(await seriousA11yViolations(container)).toEqual([]);
    });
  });

  it('shows the coupon row, with the coupon product, when couNum > 0', async () => {
    answer(ok(confirmData({ couNum: 5000, comProductName: 'Cupón de bienvenida', comProductLogo: '/assets/logos/presta.svg' })));
    renderPage();
    const row = await screen.findByTestId('loan-coupon-row');
    expect(within(row).getByText('Cupón de descuento')).toBeTruthy();
    expect(within(row).getByText('Cupón de bienvenida')).toBeTruthy();
    expect(within(row).getByText('-$50,00')).toBeTruthy();
  });

  it('has no tick box and an active submit button when there is no contract', async () => {
    answer(ok(confirmData({ isNewContract: '' })));
    renderPage();
    const submit = await screen.findByRole('button', { name: 'Solicitar préstamo' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contrato de préstamo' })).toBeNull();
    expect(submit).toHaveProperty('disabled', false);
  });

  it('signs the agreement, submits the offer with it and replaces the page with the lend details address, the session and from=confirm', async () => {
    const user = userEvent.setup();
    answer(ok(confirmData()), () => Promise.resolve(ok({ lendDetailsUrl: '/loan-details?orderId=12&productId=1', orderId: '12', orderNo: 'PR12' })));
    renderPage();
    await applyWithCode(user);

    expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.agreementSign, { agreementNo: 'AG7K2M9Q4X1B8C', code: '123456' }, expect.anything());
    expect(callApiMock()).toHaveBeenCalledWith(
      apiRoutes.loanDetailPush,
      { amount: 500000, periods: 2, termUnit: 15, productId: '1', agreementNo: 'AG7K2M9Q4X1B8C' },
      { loading: 'Enviando solicitud…', silent: true },
    );
    expect(replaceLocation).toHaveBeenCalledTimes(1);
    const target = new URL(vi.mocked(replaceLocation).mock.calls[0]![0], 'http://localhost');
    expect(target.pathname).toBe('/loan-details');
    expect(target.searchParams.getAll('orderId')).toEqual(['12']);
    expect(target.searchParams.getAll('productId')).toEqual(['1']);
    expect(target.searchParams.get('from')).toBe('confirm');
    expect(target.searchParams.get('swift')).toBe('sess-9');
    expect(target.searchParams.get('showy')).toBe('dev-1');
    expect(target.searchParams.get('crp_phe')).toBe('3.2.0');
    expect(target.searchParams.get('language')).toBe('2');
  });

  it('shows a retry button when the offer fails to load, and loads again on tap', async () => {
    const user = userEvent.setup();
    answer([failed(), ok(confirmData())]);
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.getByRole('alert').textContent).toContain('No pudimos cargar la información');
    await user.click(retry);
    await screen.findByRole('heading', { level: 1, name: 'Confirme su préstamo' });
    expect(confirmCalls()).toHaveLength(2);
  });

  it('shows a notice and calls nothing without a product in the session', async () => {
    answer(ok(confirmData()));
    renderPage('swift=sess-9');
    expect(await screen.findByText('No encontramos el producto de este préstamo.')).toBeTruthy();
    expect(callApiMock()).not.toHaveBeenCalled();
    expect(bridge.confirmBurialPoint).not.toHaveBeenCalled();
  });

  it('speaks English with language=1', async () => {
    answer(ok(confirmData({ isNewContract: '' })));
    renderPage(`${sessionQuery}&language=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your loan' })).toBeTruthy();
    expect(screen.getByText('30 days')).toBeTruthy();
    // Issue 12: a Mexican product read in English is in pesos.
    expect(screen.getByText('$5.000,00', { selector: '.presta-amount-hero-amount' })).toBeTruthy();
  });

  it('writes every amount in the product’s market’s currency, whatever the language (issue 12)', async () => {
    answer(ok(confirmData({ market: 'IN', couNum: 5000, details: [{ text: 'Comisión', value: '₹250.00' }] })));
    renderPage(`${sessionQuery}&language=2`);
    expect(await screen.findByText('₹5,000.00', { selector: '.presta-amount-hero-amount' })).toBeTruthy();
    expect(screen.getAllByText('₹2,625.00').length).toBe(2);
    expect(screen.getByText(/₹50.00/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });

  describe('recalculation (isNeedPop = 1)', () => {
    it('shows the countdown modal, reloads once with isType=1 after 5.5 s, then closes it', async () => {
      vi.useFakeTimers();
      answer([ok(confirmData({ isNeedPop: 1, amount: 500000 })), ok(confirmData({ isNeedPop: 1, amount: 450000 }))]);
      renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });

      const dialog = screen.getByRole('dialog', { name: 'Recalculando su monto' });
      expect(within(dialog).getByText(/ajustando su oferta/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Solicitar préstamo' })).toHaveProperty('disabled', true);

      await act(async () => {
        await vi.advanceTimersByTimeAsync(5499);
      });
      expect(confirmCalls()).toHaveLength(1);

      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(confirmCalls()).toHaveLength(2);
      expect(confirmCalls()[1]![1]).toEqual({ productId: '1', isType: 1 });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByText('$4.500,00', { selector: '.presta-amount-hero-amount' })).toBeTruthy();

      // The reloaded offer still says isNeedPop = 1: no second modal, no second reload.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000);
      });
      expect(confirmCalls()).toHaveLength(2);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('button', { name: 'Solicitar préstamo' })).toHaveProperty('disabled', false);
    });

    it('counts the seconds down in the modal', async () => {
      vi.useFakeTimers();
      answer(ok(confirmData({ isNeedPop: 1 })));
      renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      const dialog = screen.getByRole('dialog', { name: 'Recalculando su monto' });
      expect(within(dialog).getByText('Quedan 5 segundos')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(within(dialog).getByText('Quedan 3 segundos')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(within(dialog).getByText('Queda 1 segundo')).toBeTruthy();
    });

    it('does not reload when the page is left before 5.5 s', async () => {
      vi.useFakeTimers();
      answer(ok(confirmData({ isNeedPop: 1 })));
      const { unmount } = renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      unmount();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(confirmCalls()).toHaveLength(1);
    });

    it('has an accessible modal', async () => {
      vi.useFakeTimers();
      answer(ok(confirmData({ isNeedPop: 1 })));
      const { container } = renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      vi.useRealTimers();
      expect(await seriousA11yViolations(container)).toEqual([]);
    });
  });

  describe('from home’s offers (issue 16)', () => {
    it('quotes the amount and number of payments chosen (?amount&periods)', async () => {
      answer(ok(confirmData({ amount: 250000, periods: 3 })));
      renderPage(`${sessionQuery}&amount=250000&periods=3`);
      await screen.findByRole('heading', { level: 1, name: 'Confirme su préstamo' });
      expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.loanDetailConfirm, { productId: '1', amount: 250000, periods: 3 }, expect.anything());
    });

    it('a borrower with an active loan (409005) is told so, with the way to it, before filling anything', async () => {
      const message = 'Ya tiene un préstamo activo. Puede pedir otro cuando lo liquide.';
      answer({ success: false, code: '409005', message, data: null, raw: { code: '409005', message } });
      const user = userEvent.setup();
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'Ya tiene un préstamo activo' })).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Solicitar préstamo' })).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Ver mi préstamo' }));
      expect(screen.getByTestId('location').textContent).toMatch(/^\/main(\?|$)/);
    });

    it('in English', async () => {
      const message = 'You already have a loan in progress.';
      answer({ success: false, code: '409005', message, data: null, raw: { code: '409005', message } });
      renderPage(`${sessionQuery}&language=1`);
      expect(await screen.findByRole('heading', { level: 1, name: 'You already have an active loan' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'See my loan' })).toBeTruthy();
    });
  });
});
