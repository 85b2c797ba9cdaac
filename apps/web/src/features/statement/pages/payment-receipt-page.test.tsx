import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { indianReceipt, mexicanReceipt, ok, refused } from '../testing/statement-fixtures';
import PaymentReceiptPage from './payment-receipt-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));

const receiptPath = apiRoutes.paymentReceipt.path;
const query = 'swift=sess-9&showy=dev-1&orderId=12&productId=1&paymentId=41';

async function loaded(q = query) {
  const view = renderAt(<PaymentReceiptPage />, '/payment-receipt', q, { '/loan-statement': <p>statement page</p> });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** The value (dd) of a term (dt). */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PaymentReceiptPage', () => {
  it('shows the lender of the market, the amount, day and time, channel, reference, purpose and the balance after it', async () => {
    answerByPath({ [receiptPath]: ok(mexicanReceipt()) });
    await loaded();
    expect(callsTo(receiptPath)[0]![1]).toEqual({ paymentId: '41' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recibo de pago' })).toBeTruthy();
    expect(screen.getByText('Presta Servicios Financieros S.A. de C.V.')).toBeTruthy();
    expect(screen.getByText('Monto pagado').nextElementSibling?.textContent).toBe('$500,00');
    expect(valueOf('Recibo n.º')).toBe('41');
    expect(valueOf('Fecha y hora')).toBe('2026-11-01 06:00:00 (hora de la Ciudad de México)');
    expect(valueOf('Medio de pago')).toBe('efectivo en tienda');
    expect(valueOf('Referencia')).toBe('80000000000011');
    expect(valueOf('Concepto')).toBe('Pago del préstamo PR2026112305407638');
    expect(valueOf('Saldo después de este pago')).toBe('$2.858,32');
    expect(screen.queryByText('Saldo a favor después de este pago')).toBeNull();
    expect(screen.queryByText('Fecha de aplicación')).toBeNull();
    const allocation = screen.getByRole('region', { name: 'Cómo se aplicó su pago' });
    expect(within(allocation).getAllByRole('term').map((dt) => dt.textContent)).toEqual([
      'Cuota 1: cargos por atraso', 'Cuota 1: comisión', 'Cuota 1: IVA', 'Cuota 1: interés', 'Cuota 1: capital',
    ]);
    expect(document.title).toBe('Recibo de pago · Presta');
  });

  // Issue 32: the cooling-off exit's receipt showed a balance after of ₹622,00 and no waiver, the loan being settled.
  it('the payment that settled a loan by a cooling-off exit: the waiver, a zero balance and that the loan is settled', async () => {
    answerByPath({ [receiptPath]: ok(indianReceipt({ purpose: 'repayment', extension: null, waived: 62_200, balanceAfter: 0, creditAfter: 0, settled: true })) });
    await loaded();
    expect(valueOf('Condonado por la salida en el periodo de reflexión')).toBe('₹622.00');
    expect(valueOf('Saldo después de este pago')).toBe('₹0.00');
    expect(screen.getByText('Con este pago su préstamo quedó liquidado: no debe nada.')).toBeTruthy();
  });

  it('a payment that leaves something owed says nothing of a settlement', async () => {
    answerByPath({ [receiptPath]: ok(mexicanReceipt()) });
    await loaded();
    expect(screen.queryByText(/liquidado/)).toBeNull();
    expect(screen.queryByText(/Condonado/)).toBeNull();
  });

  it('Print opens the browser’s print dialog', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    answerByPath({ [receiptPath]: ok(mexicanReceipt()) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Imprimir recibo' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('goes back to the statement of its loan in the app, without the session in the address', async () => {
    const user = userEvent.setup();
    answerByPath({ [receiptPath]: ok(mexicanReceipt()) });
    await loaded();
    await user.click(screen.getByRole('link', { name: 'Volver al estado de cuenta' }));
    expect(await screen.findByText('statement page')).toBeTruthy();
    const address = new URL(screen.getByTestId('location').textContent, 'http://localhost');
    expect(address.pathname).toBe('/loan-statement');
    expect(address.searchParams.get('orderId')).toBe('12');
    expect(address.searchParams.has('swift')).toBe(false);
  });

  it('an Indian receipt in English: rupees, GST, UPI, the extension it bought and the credit it left', async () => {
    answerByPath({ [receiptPath]: ok(indianReceipt()) });
    await loaded('swift=sess-9&orderId=31&paymentId=77&language=1');
    expect(screen.getByText('Presta Finance India Private Limited')).toBeTruthy();
    expect(screen.getByText('Amount paid').nextElementSibling?.textContent).toBe('₹7,450.00');
    expect(valueOf('Date and time')).toBe('2026-08-08 17:30:00 (India time)');
    expect(valueOf('Paid by')).toBe('UPI');
    expect(valueOf('For')).toBe('Extension of loan PR2026112400000031');
    expect(screen.getByRole('region', { name: 'Extension bought' }).textContent).toContain(
      'Due date moved from 2026-08-07 to 2026-11-07 (92 more days). Fee ₹455.00.',
    );
    const allocation = screen.getByRole('region', { name: 'How your payment was applied' });
    expect(within(allocation).getAllByRole('term').map((dt) => dt.textContent)).toContain('Instalment 1: GST');
    expect(within(allocation).getAllByRole('term').map((dt) => dt.textContent)).toContain('Extension fee');
    expect(valueOf('Credit after this payment')).toBe('₹385.00');
    expect(screen.queryByText(/\$\d/)).toBeNull();
  });

  it('a payment without a reference says so; a payment applied on a later day shows that day', async () => {
    answerByPath({ [receiptPath]: ok(mexicanReceipt({ reference: null, channel: 'card', valueDate: '2026-11-03' })) });
    await loaded();
    expect(valueOf('Referencia')).toBe('Sin referencia');
    expect(valueOf('Medio de pago')).toBe('tarjeta');
    expect(valueOf('Fecha de aplicación')).toBe('2026-11-03');
  });

  it('has no serious accessibility violation, in either language', async () => {
    answerByPath({ [receiptPath]: ok(mexicanReceipt()) });
    const es = await loaded();
    expect(await seriousA11yViolations(es.container)).toEqual([]);
    es.unmount();
    answerByPath({ [receiptPath]: ok(indianReceipt()) });
    const en = await loaded('swift=sess-9&orderId=31&paymentId=77&language=1');
    expect(await seriousA11yViolations(en.container)).toEqual([]);
  });

  it("another borrower's or an unknown payment: the server's message, no retry", async () => {
    answerByPath({ [receiptPath]: refused('404001', 'No encontramos este pago.') });
    renderAt(<PaymentReceiptPage />, '/payment-receipt', query);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No encontramos este pago.')).toBeTruthy();
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('a link without a valid paymentId is an invalid link, and calls nothing', async () => {
    answerByPath({});
    for (const q of ['swift=sess-9&orderId=12', 'swift=sess-9&paymentId=abc', 'swift=sess-9&paymentId=1e5']) {
      const view = renderAt(<PaymentReceiptPage />, '/payment-receipt', q);
      expect(await screen.findByRole('heading', { name: 'Enlace de recibo no válido' })).toBeTruthy();
      view.unmount();
    }
    expect(callsTo(receiptPath)).toHaveLength(0);
  });
});
