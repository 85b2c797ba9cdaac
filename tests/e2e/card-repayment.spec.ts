import type { APIRequestContext, Page, Response, TestInfo } from '@playwright/test';
import { appReady, expect, test } from './support/test';
import { nextResponse } from './support/responses';
import { formatMinor } from '@presta/contract/money';
import { loanMessages } from '../../apps/web/src/features/loan/messages';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { installFakeAndroidHost } from './support/android-host';
import { demoOrder } from './support/cli';
import { codeOf, ledgerPayments, minorFromText, oneInstalmentOrder, smsOutbox, type OneInstalmentOrder } from './support/payments';
import { openLoanDetails } from './support/loan-details';

/*
 * Legacy repayment by card (spec §4; docs/card-repayment.md) on the real
 * server, PostgreSQL and Chromium. Every order has one instalment due today,
 * so paying what /repayment asks settles the loan (200). Its borrower has the
 * two sandbox cards of every demo borrower: '…4242' asks for an SMS code (read
 * from the server's SMS outbox), '…0077' is charged at once. "Pagar con otra
 * tarjeta" opens the sandbox processor's hosted checkout page.
 */

const loan = loanMessages.es;
/** Texts of /card-repayment (apps/web/src/features/card-repayment/messages.ts, Spanish). */
const card = {
  heading: 'Pago con tarjeta',
  amountLabel: 'Monto a pagar',
  cardsTitle: 'Elija una tarjeta',
  pay: 'Pagar',
  anotherCard: 'Pagar con otra tarjeta',
  paymentDone: 'Pago realizado con éxito',
  selectCardFirst: 'Primero seleccione una tarjeta bancaria',
  smsTitle: 'Código de verificación',
  smsCodeLabel: 'Código SMS',
  resendIn: /^Reenviar en (\d+) s$/,
  resendWait: /^Podrá pedir otro código en \d+ segundos\.$/,
  confirm: 'Confirmar pago',
  loadFailedTitle: 'No pudimos cargar sus tarjetas',
  refusedTitle: 'No es posible pagar con tarjeta',
  loanSettled: 'Este préstamo ya está pagado: no tiene nada pendiente.',
} as const;
/** Server texts (apps/server/src/i18n/messages.ts, Spanish). */
const server = {
  cardChannelTitle: 'Tarjeta de débito',
  cardChannelDesc: /^Pague al momento con una tarjeta registrada/,
  wrongCode: (left: number) => `Código de verificación incorrecto. Le quedan ${left} intentos.`,
  repeatRequest: 'Este pago ya fue solicitado. No se hizo ningún cargo nuevo.',
  smsBody: /^Presta: su código para pagar con tarjeta es \d{6}\. Vence en 5 minutos\./,
  checkoutTitle: 'Pagar con tarjeta',
  checkoutOrder: (orderNo: string) => `Préstamo ${orderNo}`,
  checkoutCardNumber: 'Número de tarjeta',
  checkoutExpiry: 'Vencimiento',
  checkoutCvc: 'Código de seguridad',
  checkoutHolder: 'Nombre del titular',
  checkoutPay: (amount: string) => `Pagar ${amount}`,
  cardDeclined: 'Su banco rechazó el cargo. Pruebe con otra tarjeta u otro método de pago.',
  checkoutPaid: (amount: string) => `Pago recibido: ${amount}.`,
} as const;
/** The seeded sandbox cards of a Mexican demo borrower (apps/server/src/modules/demo/demo-orders.ts). */
const otpCard = { bank: 'BBVA México', last4: '4242' } as const;
const instantCard = { bank: 'Banorte', last4: '0077' } as const;

const money = (minor: number) => `$${formatMinor(minor)}`;
const cardPayment = (amount: number) => ({ amount, channel: 'card', provider: 'sandbox-card', purpose: 'repayment' });

/** The path of a legacy payment call (the query carries the session parameters). */
const callPath = (name: string) => `/api/v1/youmi/youmi-api/service/loan/${name}`;
const isCall = (name: string) => (response: Response) =>
  new URL(response.url()).pathname === callPath(name) && response.request().method() === 'POST';

/** The answer of a legacy payment call: HTTP status and the §3 wrapper. */
async function answerOf(response: Promise<Response>) {
  const r = await response;
  return { status: r.status(), body: (await r.json()) as { success: boolean; code: string; message: string; data: unknown } };
}

/**
 * A disbursed order that is not rated yet opens the rating prompt once its
 * loan details load: wait for it and close it, so the page is loaded and
 * nothing covers its buttons.
 */
async function dismissRating(page: Page) {
  const rating = page.getByRole('dialog', { name: loan.ratingTitle });
  await rating.waitFor();
  await rating.getByRole('button', { name: loan.ratingLater }).click();
  await rating.waitFor({ state: 'hidden' });
}

/** The loan details of a settled loan: the 200 picture and Borrow again, no Repay. */
async function expectSettled(page: Page, order: OneInstalmentOrder) {
  await expect(page).toHaveURL(/\/loan-details\?/);
  await appReady(page);
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(order.orderId);
  await dismissRating(page);
  await expect(page.getByRole('img', { name: loan.statusAlt200 })).toBeVisible();
  await expect(page.getByRole('button', { name: loan.borrowAgain })).toBeVisible();
  await expect(page.getByRole('button', { name: loan.repay })).toHaveCount(0);
}

/** On /repayment: the amount due today (minor units), from the header card. */
async function amountDue(page: Page): Promise<number> {
  const hero = page.getByRole('region', { name: 'Pago de su préstamo' });
  const amount = hero.locator('p', { hasText: /^\$\d/ });
  await expect(amount).toBeVisible();
  return minorFromText((await amount.textContent()) ?? '');
}

/**
 * From /repayment, taps the 'Tarjeta de débito' channel and checks
 * /card-repayment: its address (order and amount), the amount and the
 * borrower's two cards on file, none chosen yet. Returns the amount.
 */
async function openCardPage(page: Page, order: { orderId: string }): Promise<number> {
  await expect(page).toHaveURL(/\/repayment\?/);
  await appReady(page);
  const due = await amountDue(page);
  expect(due).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: server.cardChannelTitle, level: 3 })).toBeVisible();
  await page.getByRole('button', { name: server.cardChannelDesc }).click();

  await expect(page).toHaveURL(/\/card-repayment\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get('orderId')).toBe(order.orderId);
  expect(Number(query.get('amount'))).toBe(due);

  await expect(page.getByRole('heading', { name: card.heading, level: 1 })).toBeVisible();
  const header = page.getByRole('region', { name: card.heading });
  await expect(header.getByText(card.amountLabel, { exact: true })).toBeVisible();
  await expect(header.getByText(money(due), { exact: true })).toBeVisible();

  const cards = page.getByRole('group', { name: card.cardsTitle });
  await expect(cards.getByRole('radio')).toHaveCount(2);
  for (const c of [otpCard, instantCard]) {
    const radio = cards.getByRole('radio', { name: new RegExp(`^${c.bank}\\W+terminada en ${c.last4}$`) });
    await expect(radio).not.toBeChecked();
    await expect(cards.getByText(`**** **** **** ${c.last4}`, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: card.pay, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: card.anotherCard })).toBeVisible();
  return due;
}

const cardRadio = (page: Page, c: { last4: string }) =>
  page.getByRole('group', { name: card.cardsTitle }).getByRole('radio', { name: new RegExp(`terminada en ${c.last4}$`) });

/** Chooses a card and taps Pay; resolves the answer of repayment-commit. */
async function payWith(page: Page, c: { last4: string }) {
  await cardRadio(page, c).check();
  await expect(cardRadio(page, c)).toBeChecked();
  const commit = page.waitForResponse(isCall('repayment-commit'));
  await page.getByRole('button', { name: card.pay, exact: true }).click();
  return answerOf(commit);
}

/** The SMS step after a Pay with the 4242 card: open, with the resend button counting down from 60 s. */
async function expectSmsStep(page: Page) {
  const dialog = page.getByRole('dialog', { name: card.smsTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(card.smsCodeLabel)).toBeVisible();
  const resend = dialog.getByRole('button', { name: card.resendIn });
  await expect(resend).toBeDisabled();
  const secondsLeft = async () => Number(card.resendIn.exec(((await resend.textContent()) ?? '').trim())?.[1] ?? NaN);
  const first = await secondsLeft();
  expect(first).toBeGreaterThanOrEqual(50);
  expect(first).toBeLessThanOrEqual(60);
  // The countdown runs: the button shows fewer seconds a moment later, and stays disabled.
  await expect.poll(secondsLeft, { message: 'resend countdown ticks', timeout: 5_000 }).toBeLessThan(first);
  await expect(resend).toBeDisabled();
  await expect(dialog.getByRole('status')).toHaveText(card.resendWait);
  return dialog;
}

/** The code the server 'sent' (the newest message of the SMS outbox) and how many messages the phone got. */
async function sentCode(request: APIRequestContext, phone: string) {
  const messages = await smsOutbox(request, phone);
  expect(messages.length, 'an SMS code was sent').toBeGreaterThan(0);
  const newest = messages[0]!;
  expect(newest.purpose).toBe('card_repayment_code');
  expect(newest.body).toMatch(server.smsBody);
  return { code: codeOf(newest), count: messages.length };
}

/** A 6-digit code that is not `code` (every digit moved by one). */
const otherCode = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await expect.poll(() => page.viewportSize()?.width).toBe(375);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('the 4242 card pays from loan details with the SMS code: a wrong code is refused, the right one settles the loan (200)', async ({
  page,
  request,
}, testInfo) => {
  const order = oneInstalmentOrder();
  expect(order.phone).toMatch(/^\d{10,11}$/);
  // Due today: no rating prompt over the Pay button (issue 14).
  expect(await openLoanDetails(page, order.urls.loanDetails)).toBe(0);
  await expect(page.getByRole('img', { name: loan.statusAlt174 })).toBeVisible();
  await page.getByRole('button', { name: loan.repay }).click();
  const due = await openCardPage(page, order);

  // Pay before choosing a card: the page asks for one, nothing is sent.
  const commits: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === callPath('repayment-commit')) commits.push(r.url());
  });
  await page.getByRole('button', { name: card.pay, exact: true }).click();
  const pickFirst = page.getByText(card.selectCardFirst, { exact: true });
  await expect(pickFirst).toBeVisible();
  await expect(page.getByRole('dialog', { name: card.smsTitle })).toHaveCount(0);
  expect(commits).toEqual([]);
  await expect(pickFirst).toBeHidden();

  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await screenshot(page, testInfo, 'card-repayment-cards-375');

  const commit = await payWith(page, otpCard);
  expect(commit).toMatchObject({ status: 200, body: { success: true, code: '00', data: { needValid: 1 } } });
  const dialog = await expectSmsStep(page);
  const { code } = await sentCode(request, order.phone);

  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await screenshot(page, testInfo, 'card-repayment-sms-step-375');

  // A wrong code: '800006' with the attempts left; the step stays, the input is cleared for another try.
  const input = dialog.getByLabel(card.smsCodeLabel);
  await input.fill(otherCode(code));
  let confirm = page.waitForResponse(isCall('repayment-confirm'));
  await dialog.getByRole('button', { name: card.confirm }).click();
  expect(await answerOf(confirm)).toMatchObject({ status: 400, body: { success: false, code: '800006' } });
  await expect(page.getByText(server.wrongCode(4), { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(page).toHaveURL(/\/card-repayment\?/);
  expect(ledgerPayments(order.orderId)).toEqual([]);

  // The right code: paid, then the loan details of the settled loan.
  await input.fill(code);
  confirm = page.waitForResponse(isCall('repayment-confirm'));
  await dialog.getByRole('button', { name: card.confirm }).click();
  expect(await answerOf(confirm)).toMatchObject({ status: 200, body: { success: true, code: '00', data: { amount: due } } });
  await expect(page.getByText(card.paymentDone, { exact: true })).toBeVisible();
  await expectSettled(page, order);
  expect(ledgerPayments(order.orderId)).toEqual([cardPayment(due)]);
});

test('the 0077 card is charged at once, without an SMS code, and the loan reads settled (200)', async ({ page, request }) => {
  const order = oneInstalmentOrder();
  await page.goto(order.urls.repayment);
  const due = await openCardPage(page, order);

  const commit = await payWith(page, instantCard);
  expect(commit).toMatchObject({ status: 200, body: { success: true, code: '00', data: { needValid: 0 } } });
  await expect(page.getByText(card.paymentDone, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: card.smsTitle })).toHaveCount(0);
  await expectSettled(page, order);

  // No card code went out (the phone did get the disbursal notice when the loan was paid out).
  expect((await smsOutbox(request, order.phone)).filter((m) => m.purpose === 'card_repayment_code')).toEqual([]);
  expect(ledgerPayments(order.orderId)).toEqual([cardPayment(due)]);
});

test('a paid loan is not charged twice: a double tap, a page left open and the reopened page are all refused', async ({ page, context }) => {
  const order = oneInstalmentOrder();
  await page.goto(order.urls.repayment);
  const due = await openCardPage(page, order);
  const cardPageUrl = page.url();

  // The same payment page left open in another tab (it holds its own repay token). A new tab has no
  // session of its own: it is opened as the app opens a page, with the session in its address (decision 011).
  const stale = await context.newPage();
  const staleUrl = new URL(cardPageUrl);
  for (const [name, value] of Object.entries(order.params)) if (!staleUrl.searchParams.has(name)) staleUrl.searchParams.set(name, value);
  await stale.goto(staleUrl.href);
  await expect(cardRadio(stale, instantCard)).toBeVisible();

  // A double tap on Pay: one commit, one charge.
  const commits: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === callPath('repayment-commit')) commits.push(r.url());
  });
  await cardRadio(page, instantCard).check();
  await page.getByRole('button', { name: card.pay, exact: true }).dblclick();
  await expect(page.getByText(card.paymentDone, { exact: true })).toBeVisible();
  await expectSettled(page, order);
  expect(commits).toHaveLength(1);
  expect(ledgerPayments(order.orderId)).toEqual([cardPayment(due)]);

  // The tab left open pays again: '800005', the server's message, no charge, no success.
  const again = await payWith(stale, instantCard);
  expect(again).toMatchObject({ status: 409, body: { success: false, code: '800005' } });
  await expect(stale.getByText(server.repeatRequest, { exact: true })).toBeVisible();
  await expect(stale.getByText(card.paymentDone, { exact: true })).toHaveCount(0);
  await expect(stale).toHaveURL(/\/card-repayment\?/);
  expect(ledgerPayments(order.orderId)).toEqual([cardPayment(due)]);

  // The payment page opened again (Back, a bookmark): nothing left to pay with.
  const way = nextResponse(page, isCall('repayment-way'));
  await page.goto(cardPageUrl);
  expect(await answerOf(way)).toMatchObject({ status: 409, body: { success: false } });
  // The server's reason, not "check your connection", and no useless retry.
  const refusal = page.getByRole('alert');
  await expect(refusal.getByRole('heading', { name: card.refusedTitle })).toBeVisible();
  await expect(refusal.getByText(card.loanSettled)).toBeVisible();
  await expect(refusal.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: card.pay, exact: true })).toHaveCount(0);
  expect(ledgerPayments(order.orderId)).toEqual([cardPayment(due)]);
});

test('"Pagar con otra tarjeta" opens the hosted checkout: a declined card shows the bank refusal, 4242 pays once (200)', async ({
  page,
}, testInfo) => {
  const order = oneInstalmentOrder();
  await page.goto(order.urls.repayment);
  const due = await openCardPage(page, order);

  const huichao = page.waitForResponse(isCall('repayment-huichao'));
  await page.getByRole('button', { name: card.anotherCard }).click();
  // The page leaves for the answer's address at once (its body is gone with the page): its status, then where it led.
  expect((await huichao).status()).toBe(200);
  await expect(page).toHaveURL(/\/api\/payments\/card-checkout\/[0-9a-f]{32}$/);
  const checkoutUrl = page.url();

  await expect(page.getByRole('heading', { name: server.checkoutTitle, level: 1 })).toBeVisible();
  await expect(page.getByText(money(due), { exact: true })).toBeVisible();
  await expect(page.getByText(server.checkoutOrder(order.orderNo), { exact: true })).toBeVisible();
  const payButton = page.getByRole('button', { name: server.checkoutPay(money(due)) });
  await expect(payButton).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await screenshot(page, testInfo, 'hosted-checkout-375');

  const fillCard = async (number: string) => {
    await page.getByLabel(server.checkoutCardNumber).fill(number);
    await page.getByLabel(server.checkoutExpiry).fill('12/39');
    await page.getByLabel(server.checkoutCvc).fill('123');
    await page.getByLabel(server.checkoutHolder).fill('Elena Ruiz');
  };
  const isCheckoutPost = (r: Response) => r.url() === checkoutUrl && r.request().method() === 'POST';

  // Declined by the bank: the form again, with the refusal; nothing charged.
  await fillCard('4000 0000 0000 0002');
  let post = page.waitForResponse(isCheckoutPost);
  await payButton.click();
  expect((await post).status()).toBe(402);
  await expect(page.getByRole('alert')).toHaveText(server.cardDeclined);
  await expect(payButton).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'hosted-checkout-declined-375');
  expect(ledgerPayments(order.orderId)).toEqual([]);

  // A good card: paid.
  await fillCard('4242 4242 4242 4242');
  post = page.waitForResponse(isCheckoutPost);
  await payButton.click();
  expect((await post).status()).toBe(200);
  const paid = page.getByRole('status');
  await expect(paid.getByRole('heading', { name: server.checkoutPaid(money(due)), level: 1 })).toBeVisible();
  await expect(page.getByLabel(server.checkoutCardNumber)).toHaveCount(0);
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await screenshot(page, testInfo, 'hosted-checkout-paid-375');

  // The checkout link opened again shows the payment, not a form: it charges once.
  await page.goto(checkoutUrl);
  await expect(page.getByRole('heading', { name: server.checkoutPaid(money(due)), level: 1 })).toBeVisible();
  await expect(page.getByLabel(server.checkoutCardNumber)).toHaveCount(0);
  expect(ledgerPayments(order.orderId)).toEqual([cardPayment(due)]);

  await page.goto(order.urls.loanDetails);
  await expectSettled(page, order);
});

test('in the Android app a card payment dismisses the native repayment dialog, then opens the loan details', async ({ page, request }) => {
  const androidCalls = await installFakeAndroidHost(page);
  const dismissCalls = () => androidCalls.filter((c) => c.name === 'dismissRepaymentDialog');
  const order = oneInstalmentOrder();
  await page.goto(order.urls.repayment);
  const due = await openCardPage(page, order);

  const commit = await payWith(page, otpCard);
  expect(commit).toMatchObject({ status: 200, body: { data: { needValid: 1 } } });
  const dialog = await expectSmsStep(page);
  const { code } = await sentCode(request, order.phone);

  // A wrong code is not a payment: the native dialog stays.
  await dialog.getByLabel(card.smsCodeLabel).fill(otherCode(code));
  await dialog.getByRole('button', { name: card.confirm }).click();
  await expect(page.getByText(server.wrongCode(4), { exact: true })).toBeVisible();
  expect(dismissCalls()).toEqual([]);

  await dialog.getByLabel(card.smsCodeLabel).fill(code);
  await dialog.getByRole('button', { name: card.confirm }).click();
  // Dismissed from the card page itself, through the Android interface, once.
  await expect.poll(() => dismissCalls().length, { message: 'dismissRepaymentDialog called' }).toBe(1);
  expect(dismissCalls()[0]).toMatchObject({ json: '{}', pageUrl: expect.stringContaining('/card-repayment?') });
  await expectSettled(page, order);
  expect(dismissCalls()).toHaveLength(1);
  expect(ledgerPayments(order.orderId)).toEqual([cardPayment(due)]);
});

/** The hosted checkout page: fills the card form and pays; resolves the HTTP status of the POST. */
async function payOnCheckout(page: Page, cardNumber: string): Promise<number> {
  const checkoutUrl = page.url();
  await page.getByLabel(server.checkoutCardNumber).fill(cardNumber);
  await page.getByLabel(server.checkoutExpiry).fill('12/39');
  await page.getByLabel(server.checkoutCvc).fill('123');
  await page.getByLabel(server.checkoutHolder).fill('Elena Ruiz');
  const post = page.waitForResponse((r) => r.url() === checkoutUrl && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  return (await post).status();
}

test('two hosted checkouts opened for one instalment charge it once', async ({ page }) => {
  // Three instalments, the first due today: paying it leaves the loan in 174.
  const order = demoOrder('174');
  await page.goto(order.urls.repayment);
  await openCardPage(page, order);
  const cardPageUrl = page.url();

  // "Pagar con otra tarjeta" tapped, then again after coming back to the card page: two checkout pages.
  const checkouts: string[] = [];
  for (let i = 0; i < 2; i++) {
    await page.goto(cardPageUrl);
    await page.getByRole('button', { name: card.anotherCard }).click();
    await expect(page).toHaveURL(/\/api\/payments\/card-checkout\/[0-9a-f]{32}$/);
    checkouts.push(page.url());
  }
  expect(new Set(checkouts).size).toBe(2);

  await page.goto(checkouts[0]!);
  expect(await payOnCheckout(page, '4242 4242 4242 4242')).toBe(200);
  const paidOnce = ledgerPayments(order.orderId);
  expect(paidOnce).toHaveLength(1);

  // The second page, still open, pays the same instalment again: refused, nothing charged.
  await page.goto(checkouts[1]!);
  expect(await payOnCheckout(page, '4242 4242 4242 4242')).toBe(409);
  await expect(page.getByText(/No se hizo ningún cargo/)).toBeVisible();
  expect(ledgerPayments(order.orderId)).toEqual(paidOnce);
});
