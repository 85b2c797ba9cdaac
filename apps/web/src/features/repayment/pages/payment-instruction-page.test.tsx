import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { assignLocation } from '@/shared/session/navigation';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { lastUrl, renderAt, sessionQuery } from '@/shared/testing/render';
import { showToast } from '@/shared/ui/toast';
import { failed, ok, voucherAnswer } from '../testing/repayment-fixtures';
import PaymentInstructionPage from './payment-instruction-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const vcodePath = apiRoutes.generateVcode.path;
const validQuery = `${sessionQuery}&requestType=1&amount=262500&payCode=store`;

async function loaded(query = validQuery) {
  const view = renderAt(<PaymentInstructionPage />, '/carpmm', query);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('PaymentInstructionPage', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('generates the reference of the channel, with a loading message', async () => {
    answerByPath({ [vcodePath]: ok(voucherAnswer()) });
    await loaded();
    const [route, payload, opts] = callsTo(vcodePath)[0]!;
    expect(route).toBe(apiRoutes.generateVcode);
    expect(payload).toEqual({ productId: '1', orderId: '12', amount: 262500, payCode: 'store', requestType: 1 });
    expect(opts).toMatchObject({ loading: 'Generando su referencia…' });
  });

  it('sends requestType 2 for an extension', async () => {
    answerByPath({ [vcodePath]: ok(voucherAnswer()) });
    await loaded(`${sessionQuery}&requestType=2&amount=45000&payCode=spei`);
    expect(callsTo(vcodePath)[0]![1]).toEqual({ productId: '1', orderId: '12', amount: 45000, payCode: 'spei', requestType: 2 });
  });

  it('shows every section of the voucher', async () => {
    answerByPath({ [vcodePath]: ok(voucherAnswer()) });
    await loaded();
    expect(screen.getByRole('img', { name: 'Método de pago' }).getAttribute('src')).toBe('/assets/channels/store.svg');
    expect(screen.getByRole('heading', { level: 1, name: 'Instrucciones de pago' })).toBeTruthy();
    expect(screen.getByText('Total a pagar')).toBeTruthy();
    expect(screen.getByText('$2.625,00')).toBeTruthy();

    const reference = screen.getByRole('region', { name: 'Pague en efectivo' });
    expect(within(reference).getByText('Presenta esta referencia en cualquier tienda participante.')).toBeTruthy();
    const code = within(reference).getByRole('img', { name: 'Código de la referencia de pago 80000000000011' });
    const src = new URL(code.getAttribute('src')!, 'http://localhost');
    expect(src.pathname).toBe('/v3/loan-details/barcode/80000000000011.svg');
    expect(src.searchParams.get('swift')).toBe('sess-9');
    expect(src.searchParams.get('orderId')).toBe('12');
    expect(within(reference).getByText('Referencia de pago')).toBeTruthy();
    expect(within(reference).getByText('80000000000011')).toBeTruthy();
    expect(within(reference).getByText('Empresa')).toBeTruthy();
    expect(within(reference).getByText('Presta Servicios Financieros S.A. de C.V.')).toBeTruthy();

    const howTo = screen.getByRole('region', { name: 'Cómo pagar' });
    expect(within(howTo).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Acuda a la caja.',
      'Indique que paga un servicio.',
      'Guarde su comprobante.',
    ]);
    expect(within(screen.getByRole('region', { name: 'Importante' })).getByText('La referencia vence en 48 horas.')).toBeTruthy();

    const stores = screen.getByRole('region', { name: 'Tiendas participantes' });
    expect(within(stores).getByRole('link', { name: 'pagos@presta.example' }).getAttribute('href')).toBe('mailto:pagos@presta.example');
    const images = within(stores).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/assets/stores/a.png', '/assets/stores/b.png']);
    expect(images[0]!.getAttribute('alt')).toBe('Tiendas participantes: imagen 1 de 2');

    expect(screen.getByRole('img', { name: 'Procesador de pagos' }).getAttribute('src')).toBe('/assets/logos/presta.svg');
  });

  it('copies the voucher code and the company name with their own buttons', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    answerByPath({ [vcodePath]: ok(voucherAnswer()) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Copiar referencia de pago' }));
    expect(writeText).toHaveBeenLastCalledWith('80000000000011');
    await user.click(screen.getByRole('button', { name: 'Copiar nombre de la empresa' }));
    expect(writeText).toHaveBeenLastCalledWith('Presta Servicios Financieros S.A. de C.V.');
    expect(showToast).toHaveBeenCalledWith('Copiado');
  });

  // Issue 12: the SPEI voucher labelled the CLABE 'Referencia de pago', gave the reference to type no copy button,
  // and a second 'Concepto' section contradicted it. What to enter comes from paymentDetails, each in its role.
  describe('what to enter to pay (paymentDetails)', () => {
    const clabe = '646180000000012342';
    const reference = '80000000000029';
    const spei = voucherAnswer({
      repayDetail: { ...voucherAnswer().repayDetail, repayTitle: 'Transferencia bancaria SPEI', repayCode: '', vCode: clabe },
      dataList: [{ title: 'Cómo pagar por SPEI', content: [`En concepto o referencia numérica escriba ${reference}.`] }],
      paymentDetails: [
        { label: 'CLABE: la cuenta a la que transfiere', value: clabe, copy: 1 },
        { label: 'Referencia: escríbala en el concepto', value: reference, copy: 1 },
        { label: 'Banco', value: 'STP', copy: 0 },
        { label: 'Beneficiario', value: 'Presta Servicios Financieros S.A. de C.V.', copy: 0 },
        { label: 'Este pago es para', value: 'Pago del préstamo PR2025000012', copy: 0 },
      ],
    });

    it('SPEI: the CLABE as the account to transfer to and the reference as the concept, each with its copy button', async () => {
      const user = userEvent.setup();
      const writeText = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      answerByPath({ [vcodePath]: ok(spei) });
      await loaded(`${sessionQuery}&requestType=1&amount=262500&payCode=spei`);
      const list = screen.getByRole('list', { name: 'Datos para pagar' });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((li) => li.querySelector('.presta-instruction-field-label')?.textContent)).toEqual([
        'CLABE: la cuenta a la que transfiere',
        'Referencia: escríbala en el concepto',
        'Banco',
        'Beneficiario',
        'Este pago es para',
      ]);
      // The CLABE is never called the payment reference.
      expect(screen.queryByText('Referencia de pago')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Copiar CLABE' }));
      expect(writeText).toHaveBeenLastCalledWith(clabe);
      await user.click(screen.getByRole('button', { name: 'Copiar Referencia' }));
      expect(writeText).toHaveBeenLastCalledWith(reference);
      // Names are read, not typed: no copy button for them, nor a second company field.
      expect(screen.getAllByRole('button', { name: /^Copiar/ })).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Copiar nombre de la empresa' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Concepto' })).toBeNull();
    });

    it('UPI and bank transfer: the VPA, or the account number and IFSC, and the reference to type, in rupees whatever the language', async () => {
      const user = userEvent.setup();
      const writeText = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      answerByPath({
        [vcodePath]: ok(
          voucherAnswer({
            market: 'IN',
            repayDetail: { ...voucherAnswer().repayDetail, amount: 5_632_000, repayCode: '', vCode: '2223000000000012' },
            paymentDetails: [
              { label: 'Account number: the account you transfer to', value: '2223000000000012', copy: 1 },
              { label: 'IFSC', value: 'SBOX0PRESTA', copy: 1 },
              { label: 'Beneficiary', value: 'Presta Finance India Private Limited', copy: 0 },
              { label: 'Reference: type it in the remarks', value: reference, copy: 1 },
            ],
          }),
        ),
      });
      await loaded(`${sessionQuery}&requestType=1&amount=5632000&payCode=bank_transfer&language=1`);
      expect(screen.getByText('₹56,320.00')).toBeTruthy();
      expect(screen.getByText('Presta Finance India Private Limited')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Copy Account number' }));
      expect(writeText).toHaveBeenLastCalledWith('2223000000000012');
      await user.click(screen.getByRole('button', { name: 'Copy IFSC' }));
      expect(writeText).toHaveBeenLastCalledWith('SBOX0PRESTA');
      await user.click(screen.getByRole('button', { name: 'Copy Reference' }));
      expect(writeText).toHaveBeenLastCalledWith(reference);
    });

    it('has no serious or critical accessibility violations', async () => {
      answerByPath({ [vcodePath]: ok(spei) });
      const { container } = await loaded(`${sessionQuery}&requestType=1&amount=262500&payCode=spei`);
      expect(await seriousA11yViolations(container)).toEqual([]);
    });
  });

  it('leaves out the parts the voucher does not have', async () => {
    answerByPath({
      [vcodePath]: ok(
        voucherAnswer({ topLogo: '', bottomLogo: '', dataList: [], imgList: { title: '', eMail: '', content: [] } }),
      ),
    });
    await loaded();
    expect(screen.queryByRole('img', { name: 'Método de pago' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Procesador de pagos' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });

  it.each([
    ['no amount', `${sessionQuery}&requestType=1&payCode=store`],
    ['an amount that is not a whole number', `${sessionQuery}&requestType=1&amount=26.5&payCode=store`],
    ['a zero amount', `${sessionQuery}&requestType=1&amount=0&payCode=store`],
    ['no payCode', `${sessionQuery}&requestType=1&amount=262500`],
    ['a requestType other than 1 or 2', `${sessionQuery}&requestType=3&amount=262500&payCode=store`],
    ['no requestType', `${sessionQuery}&amount=262500&payCode=store`],
    ['no order', 'swift=sess-9&requestType=1&amount=262500&payCode=store'],
  ])('shows an error for a link with %s, and calls nothing', async (_name, query) => {
    answerByPath({});
    renderAt(<PaymentInstructionPage />, '/carpmm', query);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Enlace de pago no válido' })).toBeTruthy();
    expect(callsTo(vcodePath)).toHaveLength(0);
  });

  it('the error leads back to the payment page of its request type', async () => {
    const user = userEvent.setup();
    answerByPath({});
    renderAt(<PaymentInstructionPage />, '/carpmm', `${sessionQuery}&requestType=2&payCode=store`);
    await user.click(await screen.findByRole('button', { name: 'Volver a pagar' }));
    const target = lastUrl(assignLocation);
    expect(target.pathname).toBe('/repayment-delay');
    expect(target.searchParams.get('orderId')).toBe('12');
    expect(target.searchParams.get('swift')).toBe('sess-9');
  });

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup();
    answerByPath({ [vcodePath]: [failed(), ok(voucherAnswer())] });
    renderAt(<PaymentInstructionPage />, '/carpmm', validQuery);
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('80000000000011')).toBeTruthy();
    expect(callsTo(vcodePath)).toHaveLength(2);
  });

  it('a refusal (nothing payable yet) shows the server message and no retry', async () => {
    const message = 'Podrá pagar a partir del 2026-11-29.';
    answerByPath({ [vcodePath]: { success: false, code: '409001', message, data: null, raw: { code: '409001', message } } });
    renderAt(<PaymentInstructionPage />, '/carpmm', validQuery);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No es posible continuar' })).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('a channel whose provider is down (422002, issue 36) shows the server message, no retry: the borrower picks another way', async () => {
    const message = 'Pago en efectivo en tiendas no está disponible en este momento; inténtelo de nuevo en unos minutos o elija otra forma de pago.';
    answerByPath({ [vcodePath]: { success: false, code: '422002', message, data: null, raw: { code: '422002', message } } });
    renderAt(<PaymentInstructionPage />, '/carpmm', validQuery);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(callsTo(vcodePath)).toHaveLength(1);
    // A way back to the repayment page, where the other channels are.
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Volver a pagar' }));
    expect(lastUrl(assignLocation).pathname).toBe('/repayment');
  });

  it('is in English with language=1', async () => {
    answerByPath({ [vcodePath]: ok(voucherAnswer()) });
    await loaded(`${validQuery}&language=1`);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment instructions' })).toBeTruthy();
    expect(screen.getByText('Total to pay')).toBeTruthy();
    // Issue 12: a Mexican loan read in English is in pesos.
    expect(screen.getByText('$2.625,00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy company name' })).toBeTruthy();
    expect(callsTo(vcodePath)[0]![2]).toMatchObject({ loading: 'Creating your reference…' });
  });

  it('has no serious or critical accessibility violations (voucher and error)', async () => {
    answerByPath({ [vcodePath]: ok(voucherAnswer()) });
    const { container, unmount } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
    unmount();
    const view = renderAt(<PaymentInstructionPage />, '/carpmm', sessionQuery);
    await screen.findByRole('alert');
    expect(await seriousA11yViolations(view.container)).toEqual([]);
  });
});

// Issue 32: the vouchers said neither where nor how to pay.
describe('PaymentInstructionPage: where and how to pay (issue 32)', () => {
  const link = 'upi://pay?pa=presta.12@sbxupi&pn=Presta%20Finance%20India%20Private%20Limited&am=56320.00&cu=INR&tn=80000000000029&tr=80000000000029';
  const upi = voucherAnswer({
    market: 'IN',
    repayDetail: { ...voucherAnswer().repayDetail, amount: 5_632_000, repayTitle: 'UPI', repayCode: '/api/payments/references/80000000000029/qr.svg?token=k', vCode: 'presta.12@sbxupi' },
    payLink: link,
  });

  it('UPI: a button that opens a UPI app with the payment link, and the QR code of the same link', async () => {
    answerByPath({ [vcodePath]: ok(upi) });
    await loaded(`${sessionQuery}&requestType=1&amount=5632000&payCode=upi&language=1`);
    expect(screen.getByRole('link', { name: 'Pay with a UPI app' }).getAttribute('href')).toBe(link);
    const qr = screen.getByRole('img', { name: 'QR code to pay with any UPI app' });
    expect(qr.getAttribute('src')).toContain('/api/payments/references/80000000000029/qr.svg');
    expect(screen.getByText('On another phone, scan the code with your UPI app.')).toBeTruthy();
  });

  it('never opens a link of another scheme from an answer', async () => {
    answerByPath({ [vcodePath]: ok({ ...upi, payLink: 'javascript:alert(1)' }) });
    await loaded(`${sessionQuery}&requestType=1&amount=5632000&payCode=upi&language=1`);
    expect(screen.queryByRole('link', { name: 'Pay with a UPI app' })).toBeNull();
  });

  it('a store voucher lists the stores where it is paid; other vouchers have no button', async () => {
    answerByPath({ [vcodePath]: ok(voucherAnswer({ stores: ['OXXO'] })) });
    await loaded();
    const stores = screen.getByRole('list', { name: 'Tiendas donde se paga' });
    expect(within(stores).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['OXXO']);
    expect(screen.queryByRole('link', { name: 'Pagar con una app UPI' })).toBeNull();
  });

  it('has no serious or critical accessibility violations (UPI)', async () => {
    answerByPath({ [vcodePath]: ok(upi) });
    const { container } = await loaded(`${sessionQuery}&requestType=1&amount=5632000&payCode=upi&language=1`);
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
