import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { CARD_SMS_RESEND_SECONDS } from '@presta/contract/legacy-payment-rules';
import { bridge } from '@/shared/bridge/native-bridge';
import { assignLocation, replaceLocation } from '@/shared/session/navigation';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { lastUrl, renderAt, sessionQuery } from '@/shared/testing/render';
import { showToast } from '@/shared/ui/toast';
import { banorteCard, bbvaCard, cardQuery, cardsAnswer, networkFailure, ok, refused } from '../testing/card-fixtures';
import CardRepaymentPage from './card-repayment-page';

vi.mock('@/shared/http/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/http/api-client')>()),
  callApi: vi.fn(),
}));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const wayPath = apiRoutes.repaymentWay.path;
const commitPath = apiRoutes.repaymentCommit.path;
const confirmPath = apiRoutes.repaymentConfirm.path;
const huichaoPath = apiRoutes.repaymentHuichao.path;

const smsSent = ok({ needValid: 1, repayRecordId: '77' });
const charged = ok({ needValid: 0, repayRecordId: '77' });
const confirmed = ok({ repayRecordId: '77', amount: 262500 });

type AndroidWindow = Window & { PrestaAndroid?: Record<string, unknown> };
type IosWindow = Window & { webkit?: { messageHandlers: Record<string, { postMessage: (payload: unknown) => void }> } };

async function loaded(query = cardQuery) {
  const view = renderAt(<CardRepaymentPage />, '/card-repayment', query);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** Loads, picks BBVA and pays; the commit answers needValid 1, so the SMS step opens. */
async function openSmsStep(user: ReturnType<typeof userEvent.setup>) {
  await loaded();
  await user.click(screen.getByRole('radio', { name: 'BBVA, terminada en 4242' }));
  await user.click(screen.getByRole('button', { name: 'Pagar' }));
  return screen.findByRole('dialog', { name: 'Código de verificación' });
}

function expectLoanDetails(target: URL) {
  expect(target.pathname).toBe('/loan-details');
  expect(target.searchParams.getAll('orderId')).toEqual(['12']);
  expect(target.searchParams.getAll('productId')).toEqual(['1']);
  expect(target.searchParams.get('swift')).toBe('sess-9');
  expect(target.searchParams.get('showy')).toBe('dev-1');
  expect(target.searchParams.get('language')).toBe('2');
  expect(target.searchParams.has('amount')).toBe(false);
}

describe('CardRepaymentPage', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'PrestaAndroid');
    Reflect.deleteProperty(window, 'webkit');
    vi.useRealTimers();
  });

  it('loads the cards of the order and shows the amount and a radio list of cards', async () => {
    answerByPath({ [wayPath]: ok(cardsAnswer()) });
    await loaded();
    expect(callsTo(wayPath)[0]![1]).toEqual({ orderId: '12' });
    const header = screen.getByRole('region', { name: 'Pago con tarjeta' });
    expect(within(header).getByText('Monto a pagar')).toBeTruthy();
    expect(within(header).getByText('$2.625,00')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Elija una tarjeta' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.checked)).toEqual([false, false]);
    expect(within(group).getByRole('radio', { name: 'BBVA, terminada en 4242' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Banorte, terminada en 1881' })).toBeTruthy();
    expect(within(group).getByText('**** **** **** 4242')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar con otra tarjeta' })).toBeTruthy();
    expect(document.title).toBe('Pagar con tarjeta · Presta');
  });

  it('refuses to pay with no card chosen', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: ok(cardsAnswer()) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(showToast).toHaveBeenCalledWith('Primero seleccione una tarjeta bancaria');
    expect(callsTo(commitPath)).toHaveLength(0);
  });

  it('needValid 0: the card was charged, so it says so and opens the loan details', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: ok(cardsAnswer()), [commitPath]: charged });
    await loaded();
    await user.click(screen.getByRole('radio', { name: 'Banorte, terminada en 1881' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const [, payload, opts] = callsTo(commitPath)[0]!;
    expect(payload).toEqual({
      amount: 262500,
      bankName: 'Banorte',
      cardId: '32',
      cardNo: banorteCard.cardNo,
      bankCode: 'BANORTE',
      orderId: '12',
      repayToken: 'tok-1',
      sendMsg: 0,
    });
    expect(opts).toMatchObject({ loading: 'Procesando su pago…', silent: true });
    expect(showToast).toHaveBeenCalledWith('Pago realizado con éxito');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expectLoanDetails(lastUrl(replaceLocation));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('needValid 1: the SMS step refuses a short code, shows a wrong code, then pays and dismisses the Android dialog', async () => {
    const user = userEvent.setup();
    const dismissRepaymentDialog = vi.fn();
    (window as AndroidWindow).PrestaAndroid = { dismissRepaymentDialog };
    answerByPath({
      [wayPath]: ok(cardsAnswer()),
      [commitPath]: smsSent,
      [confirmPath]: [refused('800006', 'Código incorrecto, te quedan 2 intentos'), confirmed],
    });
    const dialog = await openSmsStep(user);
    const input = within(dialog).getByRole('textbox', { name: 'Código SMS' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');

    // Digits only, at most 6.
    await user.type(input, '12a34');
    expect((input as HTMLInputElement).value).toBe('1234');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pago' }));
    expect(showToast).toHaveBeenLastCalledWith('Ingrese el código de verificación correcto');
    expect(callsTo(confirmPath)).toHaveLength(0);

    await user.type(input, '56789');
    expect((input as HTMLInputElement).value).toBe('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pago' }));
    expect(callsTo(confirmPath)[0]![1]).toEqual({ orderId: '12', verifyCode: '123456', repaymentRecordId: '77' });
    expect(showToast).toHaveBeenLastCalledWith('Código incorrecto, te quedan 2 intentos');
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('dialog', { name: 'Código de verificación' })).toBeTruthy();

    await user.type(input, '654321{Enter}');
    expect(callsTo(confirmPath)[1]![1]).toEqual({ orderId: '12', verifyCode: '654321', repaymentRecordId: '77' });
    expect(callsTo(confirmPath)[1]![2]).toMatchObject({ loading: 'Confirmando su pago…' });
    expect(showToast).toHaveBeenLastCalledWith('Pago realizado con éxito');
    expect(dismissRepaymentDialog).toHaveBeenCalledWith('{}');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expectLoanDetails(lastUrl(replaceLocation));
  });

  it('dismisses the native repayment dialog on Android only (not in a browser, not on iOS)', async () => {
    const user = userEvent.setup();
    const dismiss = vi.spyOn(bridge, 'dismissRepaymentDialog');
    const postMessage = vi.fn();
    (window as IosWindow).webkit = { messageHandlers: { dismissRepaymentDialog: { postMessage } } };
    answerByPath({ [wayPath]: ok(cardsAnswer()), [commitPath]: smsSent, [confirmPath]: confirmed });
    const dialog = await openSmsStep(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Código SMS' }), '123456{Enter}');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(dismiss).not.toHaveBeenCalled();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('a tap while the page is leaving does nothing', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: ok(cardsAnswer()), [commitPath]: charged });
    await loaded();
    await user.click(screen.getByRole('radio', { name: 'BBVA, terminada en 4242' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con otra tarjeta' }));
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(callsTo(commitPath)).toHaveLength(1);
    expect(callsTo(huichaoPath)).toHaveLength(0);
  });

  it('resend waits 60 s, counted every second, then sends the code again with the same token and card', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    answerByPath({
      [wayPath]: ok(cardsAnswer()),
      [commitPath]: [smsSent, ok({ needValid: 1, repayRecordId: '78' }), refused('429001', 'Espera 60 s para pedir otro código')],
      [confirmPath]: confirmed,
    });
    const dialog = await openSmsStep(user);
    const resend = () => within(dialog).getByRole<HTMLButtonElement>('button', { name: /^Reenviar/ });
    const status = within(dialog).getByRole('status');
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toBe('Reenviar en 60 s');
    expect(status.textContent).toBe('Podrá pedir otro código en 60 segundos.');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(resend().textContent).toBe('Reenviar en 59 s');
    // The live region says nothing new each second.
    expect(status.textContent).toBe('Podrá pedir otro código en 60 segundos.');
    act(() => {
      vi.advanceTimersByTime((CARD_SMS_RESEND_SECONDS - 2) * 1000);
    });
    expect(resend().textContent).toBe('Reenviar en 1 s');
    expect(resend().disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(resend().disabled).toBe(false);
    expect(resend().textContent).toBe('Reenviar código');
    expect(status.textContent).toBe('Ya puede pedir otro código.');

    await user.click(resend());
    const [, payload, opts] = callsTo(commitPath)[1]!;
    expect(payload).toMatchObject({ cardId: bbvaCard.id, repayToken: 'tok-1', sendMsg: 1, amount: 262500, orderId: '12' });
    expect(opts).toMatchObject({ loading: 'Enviando el código…' });
    expect(showToast).toHaveBeenLastCalledWith('Le enviamos un código nuevo. Revise su teléfono.');
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toBe('Reenviar en 60 s');

    // The new record id is the one confirmed.
    await user.type(within(dialog).getByRole('textbox', { name: 'Código SMS' }), '123456{Enter}');
    expect(callsTo(confirmPath)[0]![1]).toEqual({ orderId: '12', verifyCode: '123456', repaymentRecordId: '78' });
  });

  it('shows the message of a resend the server refuses (429001) and keeps the button ready', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    answerByPath({
      [wayPath]: ok(cardsAnswer()),
      [commitPath]: [smsSent, refused('429001', 'Espera unos segundos para pedir otro código')],
    });
    const dialog = await openSmsStep(user);
    act(() => {
      vi.advanceTimersByTime(CARD_SMS_RESEND_SECONDS * 1000);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar código' }));
    expect(showToast).toHaveBeenLastCalledWith('Espera unos segundos para pedir otro código');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Reenviar código' }).disabled).toBe(false);
  });

  it('closing the SMS step keeps the attempt: Pay with the same card opens it again, mid-wait', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    answerByPath({ [wayPath]: [ok(cardsAnswer()), ok(cardsAnswer({ repayToken: 'tok-2' }))], [commitPath]: smsSent, [confirmPath]: confirmed });
    const dialog = await openSmsStep(user);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(callsTo(wayPath)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const again = await screen.findByRole('dialog', { name: 'Código de verificación' });
    expect(callsTo(commitPath)).toHaveLength(1);
    expect(within(again).getByRole('button', { name: 'Reenviar en 40 s' })).toBeTruthy();
    expect(within(again).getByRole('status').textContent).toBe('Podrá pedir otro código en 40 segundos.');
    await user.type(within(again).getByRole('textbox', { name: 'Código SMS' }), '123456{Enter}');
    expect(callsTo(confirmPath)[0]![1]).toEqual({ orderId: '12', verifyCode: '123456', repaymentRecordId: '77' });
  });

  it('after closing the SMS step, another card is committed with a fresh repay token', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: [ok(cardsAnswer()), ok(cardsAnswer({ repayToken: 'tok-2' }))], [commitPath]: smsSent });
    const dialog = await openSmsStep(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(callsTo(wayPath)).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: 'Banorte, terminada en 1881' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(callsTo(commitPath)).toHaveLength(2));
    expect(callsTo(commitPath)[1]![1]).toMatchObject({ repayToken: 'tok-2', cardId: '32', sendMsg: 0 });
  });

  it('an attempt the server closed (409003) starts again on the next Pay', async () => {
    const user = userEvent.setup();
    answerByPath({
      [wayPath]: [ok(cardsAnswer()), ok(cardsAnswer({ repayToken: 'tok-2' }))],
      [commitPath]: smsSent,
      [confirmPath]: refused('409003', 'El intento venció, empieza de nuevo'),
    });
    const dialog = await openSmsStep(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Código SMS' }), '123456{Enter}');
    expect(showToast).toHaveBeenLastCalledWith('El intento venció, empieza de nuevo');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo(wayPath)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(callsTo(commitPath)).toHaveLength(2));
    expect(callsTo(commitPath)[1]![1]).toMatchObject({ repayToken: 'tok-2', cardId: '31', sendMsg: 0 });
  });

  it('shows the server message of a repeat payment request (800005) and stays', async () => {
    const user = userEvent.setup();
    answerByPath({
      [wayPath]: ok(cardsAnswer()),
      [commitPath]: refused('800005', 'Solicitud de pago repetida'),
    });
    await loaded();
    await user.click(screen.getByRole('radio', { name: 'BBVA, terminada en 4242' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(showToast).toHaveBeenLastCalledWith('Solicitud de pago repetida');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(replaceLocation).not.toHaveBeenCalled();
  });

  it('800005 on confirm (already paid) shows the message and closes the SMS step', async () => {
    const user = userEvent.setup();
    answerByPath({
      [wayPath]: ok(cardsAnswer()),
      [commitPath]: smsSent,
      [confirmPath]: refused('800005', 'Este pago ya fue realizado'),
    });
    const dialog = await openSmsStep(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Código SMS' }), '123456{Enter}');
    expect(showToast).toHaveBeenLastCalledWith('Este pago ya fue realizado');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('other refusals show the server message, or "processing failed" without one; a network failure says error', async () => {
    const user = userEvent.setup();
    answerByPath({
      [wayPath]: ok(cardsAnswer()),
      [commitPath]: [refused('402001', 'El banco rechazó el cargo'), refused('500000'), networkFailure()],
    });
    await loaded();
    await user.click(screen.getByRole('radio', { name: 'BBVA, terminada en 4242' }));
    const pay = screen.getByRole('button', { name: 'Pagar' });
    await user.click(pay);
    expect(showToast).toHaveBeenLastCalledWith('El banco rechazó el cargo');
    await waitFor(() => expect(callsTo(wayPath)).toHaveLength(2));
    await user.click(pay);
    expect(showToast).toHaveBeenLastCalledWith('No se pudo procesar. Inténtelo de nuevo.');
    await waitFor(() => expect(callsTo(wayPath)).toHaveLength(3));
    await user.click(pay);
    expect(showToast).toHaveBeenLastCalledWith('Error de conexión. Inténtelo de nuevo.');
  });

  it('a failed card list shows "card list query failed" by default with a retry; a refusal shows the server message without one', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: [refused('500000'), refused('409001', 'Este préstamo ya está pagado: no tiene nada pendiente.')] });
    renderAt(<CardRepaymentPage />, '/card-repayment', cardQuery);
    const alert = await screen.findByRole('alert');
    expect(showToast).toHaveBeenLastCalledWith('No pudimos consultar sus tarjetas');
    expect(within(alert).getByRole('heading', { name: 'No pudimos cargar sus tarjetas' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(showToast).toHaveBeenLastCalledWith('Este préstamo ya está pagado: no tiene nada pendiente.'));
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByRole('heading', { name: 'No es posible pagar con tarjeta' })).toBeTruthy();
    expect(within(refusal).getByText('Este préstamo ya está pagado: no tiene nada pendiente.')).toBeTruthy();
    expect(within(refusal).queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('after a network failure, a retry loads the cards', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: [refused('500000'), ok(cardsAnswer())] });
    renderAt(<CardRepaymentPage />, '/card-repayment', cardQuery);
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('radio', { name: 'BBVA, terminada en 4242' })).toBeTruthy();
  });

  it('"Pay with another card" opens the card processor page', async () => {
    const user = userEvent.setup();
    answerByPath({
      [wayPath]: ok(cardsAnswer()),
      [huichaoPath]: ok({ url: 'https://pay.processor.example/checkout?ref=abc' }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Pagar con otra tarjeta' }));
    const [, payload, opts] = callsTo(huichaoPath)[0]!;
    expect(payload).toEqual({ orderId: '12', amount: 262500 });
    expect(opts).toMatchObject({ loading: 'Abriendo la página de pago…' });
    expect(assignLocation).toHaveBeenCalledWith('https://pay.processor.example/checkout?ref=abc');
  });

  it('never opens an address that is not a web page', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: ok(cardsAnswer()), [huichaoPath]: ok({ url: 'javascript:alert(1)' }) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Pagar con otra tarjeta' }));
    expect(assignLocation).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenLastCalledWith('No se pudo procesar. Inténtelo de nuevo.');
  });

  it('without cards on file, says so and offers another card as the main action', async () => {
    answerByPath({ [wayPath]: ok(cardsAnswer({ bankCards: [] })) });
    await loaded();
    expect(screen.getByText('No tiene tarjetas guardadas. Puede pagar con otra tarjeta.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pagar con otra tarjeta' }).className).toContain('presta-primary-button');
  });

  it.each([
    ['no amount', sessionQuery],
    ['an amount that is not a whole number', `${sessionQuery}&amount=26.5`],
    ['a zero amount', `${sessionQuery}&amount=0`],
    ['a negative amount', `${sessionQuery}&amount=-100`],
    ['no order', 'swift=sess-9&amount=262500'],
    ['an order that is not a numeric id', 'swift=sess-9&orderId=abc&amount=262500'],
  ])('shows an error for a link with %s, and calls nothing', async (_name, query) => {
    const user = userEvent.setup();
    answerByPath({});
    renderAt(<CardRepaymentPage />, '/card-repayment', query);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Enlace de pago no válido' })).toBeTruthy();
    expect(callsTo(wayPath)).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Volver a pagar' }));
    const target = lastUrl(assignLocation);
    expect(target.pathname).toBe('/repayment');
    expect(target.searchParams.get('swift')).toBe('sess-9');
  });

  it('is in English with language=1', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: ok(cardsAnswer()), [commitPath]: smsSent });
    await loaded(`${cardQuery}&language=1`);
    expect(screen.getByRole('heading', { level: 1, name: 'Card payment' })).toBeTruthy();
    // Issue 12: the sign is the loan's market's (a Mexican loan), not the language's.
    expect(screen.getByText('$2.625,00')).toBeTruthy();
    expect(screen.queryByText('₹2,625.00')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(showToast).toHaveBeenLastCalledWith('Please select a bank card first');
    await user.click(screen.getByRole('radio', { name: 'BBVA, ending in 4242' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verification code' });
    expect(within(dialog).getByRole('textbox', { name: 'SMS code' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(showToast).toHaveBeenLastCalledWith('Please enter the correct verification code');
  });

  it('writes the amount in the loan’s market’s currency, whatever the language (issue 12)', async () => {
    answerByPath({ [wayPath]: ok(cardsAnswer({ market: 'IN' })) });
    await loaded(`${cardQuery}&language=2`);
    expect(screen.getByText('₹2,625.00')).toBeTruthy();
  });

  it('has no serious or critical accessibility violations (cards, SMS step, invalid link)', async () => {
    const user = userEvent.setup();
    answerByPath({ [wayPath]: ok(cardsAnswer()), [commitPath]: smsSent });
    const { container, unmount } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await openSmsStepFromLoaded(user);
    expect(await seriousA11yViolations(document.body)).toEqual([]);
    unmount();
    const invalid = renderAt(<CardRepaymentPage />, '/card-repayment', sessionQuery);
    await screen.findByRole('alert');
    expect(await seriousA11yViolations(invalid.container)).toEqual([]);
  });
});

async function openSmsStepFromLoaded(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'BBVA, terminada en 4242' }));
  await user.click(screen.getByRole('button', { name: 'Pagar' }));
  return screen.findByRole('dialog', { name: 'Código de verificación' });
}
