import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatMarketMoney } from '@presta/contract/markets';
import { startConektaMock } from '../../apps/server/src/modules/demo/payment-mocks/conekta-mock';
import { loanMessages } from '../../apps/web/src/features/loan/messages';
import { demoOrder, type DemoOrder } from './support/cli';
import { e2eDatabaseEnv, e2ePorts } from './support/e2e-env';
import { checkPage } from './support/layout';
import { openLoanDetails } from './support/loan-details';
import { ledgerPayments, minorFromText, oneInstalmentOrder } from './support/payments';
import { expect, test } from './support/test';

/*
 * Issue 36 on the real server, PostgreSQL and Chromium: a server whose repayment channels are the real providers'
 * (PAYMENT_CHANNELS: Conekta's stores, STP's SPEI, Razorpay's UPI and bank transfers), each through its local mock
 * (PAYMENT_PROVIDER_MOCKS=1; playwright.config.ts, the third server). A Mexican borrower pays a Conekta store
 * reference and a SPEI transfer to the loan's CLABE at STP, an Indian borrower pays a Razorpay UPI QR code; each
 * payment made by the provider's mock (the demo tools' pay route), sent to the server as that provider sends it,
 * and the loan's pages follow. A provider that does not answer makes the voucher say the channel is unavailable.
 * Every page axe clean and whole at 320 and 375 px (checkPage: screenshots under test-results/screenshots/).
 */

const root = path.resolve(import.meta.dirname, '../..');
const providersBase = `http://127.0.0.1:${e2ePorts.providers}`;

/** A demo order's page on the providers' server (the demo commands write the main server's address). */
function onProviders(address: string): string {
  const url = new URL(address);
  const base = new URL(providersBase);
  url.host = base.host;
  return url.toString();
}

/** A demo order made for the providers' server: its links there. */
const providersOrder = (order: DemoOrder): DemoOrder => ({ ...order, urls: Object.fromEntries(Object.entries(order.urls).map(([k, v]) => [k, onProviders(v)])) as DemoOrder['urls'] });

/** The value (dd) of a description-list term (dt) inside `scope`. */
const definition = (scope: Locator, term: string) => scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** The repayment page's amount to pay (minor units). */
const heroAmount = async (page: Page) => minorFromText((await page.locator('.presta-amount-hero-amount').textContent()) ?? '');

/** What the borrower reads on the voucher: each line of "what to enter", label and value. */
async function voucherDetails(page: Page, listName: string): Promise<{ label: string; value: string }[]> {
  const items = page.getByRole('list', { name: listName }).locator('.presta-instruction-field');
  await expect(items.first()).toBeVisible();
  const out: { label: string; value: string }[] = [];
  for (const item of await items.all()) {
    out.push({
      label: ((await item.locator('.presta-instruction-field-label').textContent()) ?? '').trim(),
      value: ((await item.locator('.presta-instruction-voucher, .presta-instruction-company').textContent()) ?? '').trim(),
    });
  }
  return out;
}

type DevPayAnswer = { provider: string; reference: string; amount: number; delivered: boolean };

/**
 * Pays what a voucher shows through the mock of the provider that made it (POST /api/dev/payments/pay, a demo tool
 * of the providers' server): the mock sends the provider's own webhooks to the server, and the answer comes once
 * they were answered.
 */
async function devPay(request: APIRequestContext, reference: string, amount?: number): Promise<DevPayAnswer> {
  const res = await request.post(`${providersBase}/api/dev/payments/pay`, { data: { reference, ...(amount === undefined ? {} : { amount }) } });
  const text = await res.text();
  if (!res.ok()) throw new Error(`POST /api/dev/payments/pay answered ${res.status()}: ${text}`);
  const body = JSON.parse(text) as { data?: DevPayAnswer } & DevPayAnswer;
  return body.data ?? body;
}

const run = promisify(execFile);

/** What zbarimg (zbar-tools) reads in a PNG: the data of each symbol found. */
async function decodePng(png: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'presta-providers-'));
  try {
    const file = path.join(dir, 'code.png');
    await writeFile(file, png);
    const { stdout } = await run('zbarimg', ['--raw', '-q', file]);
    return stdout.replace(/\n$/, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const loanEs = loanMessages.es;
const statusPicture = (page: Page, status: '174' | '200') => page.getByRole('img', { name: loanEs[`statusAlt${status}`] });

test('a Mexican borrower pays a Conekta store reference at a till, and the loan reads settled', async ({ page }) => {
  test.setTimeout(120_000);
  // One instalment, due today: paying what the repayment page asks settles the loan.
  const order = providersOrder(oneInstalmentOrder());
  await page.goto(order.urls.repayment);
  const due = await heroAmount(page);
  expect(due).toBeGreaterThan(0);
  await checkPage(page, 'providers-repayment-mx-es');

  await page.getByRole('region', { name: 'Elija cómo pagar' }).getByRole('button', { name: /^Tiendas de conveniencia/ }).click();
  await expect(page).toHaveURL(/\/carpmm\?.*payCode=store/);
  // Conekta's own reference (what its network's tills read), not our 14-digit number; its barcode; Conekta's stores.
  const details = await voucherDetails(page, 'Datos para pagar');
  expect(details[0]!.label).toBe('Número de referencia');
  const reference = details[0]!.value;
  expect(reference).toMatch(/^\d{14,30}$/);
  expect(reference).not.toMatch(/^80\d{12}$/);
  const barcode = page.getByRole('img', { name: `Código de la referencia de pago ${reference}` });
  await expect(barcode).toBeVisible();
  await expect.poll(() => barcode.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { message: 'barcode image loaded' }).toBeGreaterThan(0);
  await barcode.scrollIntoViewIfNeeded();
  expect(await decodePng(await barcode.screenshot()), 'the barcode holds the reference').toBe(reference);
  const stores = page.getByRole('list', { name: 'Tiendas donde se paga' });
  await expect(stores.getByText('7-Eleven', { exact: true })).toBeVisible();
  await expect(stores.getByText(/^OXXO$/)).toHaveCount(0);
  await checkPage(page, 'providers-voucher-conekta-store-es');

  const paid = await devPay(page.request, reference);
  expect(paid).toMatchObject({ provider: 'conekta', amount: due, delivered: true });
  expect(ledgerPayments(order.orderId)).toEqual([expect.objectContaining({ provider: 'conekta', amount: due })]);

  await openLoanDetails(page, order.urls.loanDetails);
  await expect(statusPicture(page, '200')).toBeVisible();
  await expect(page.getByRole('button', { name: loanEs.repay })).toHaveCount(0);
  await checkPage(page, 'providers-loan-settled-conekta-es');
});

test('a Mexican borrower transfers by SPEI to the loan’s CLABE at STP, nothing to type, and the next instalment follows', async ({ page }) => {
  test.setTimeout(120_000);
  const order = providersOrder(demoOrder('174'));
  await page.goto(order.urls.repayment);
  const due = await heroAmount(page);

  await page.getByRole('region', { name: 'Elija cómo pagar' }).getByRole('button', { name: /CLABE/ }).click();
  await expect(page).toHaveURL(/\/carpmm\?.*payCode=spei/);
  const details = await voucherDetails(page, 'Datos para pagar');
  // The loan's own CLABE in the lender's STP range: no payment concept to type.
  expect(details.map((d) => d.label)).toEqual(['CLABE: la cuenta a la que transfiere', 'Banco', 'Beneficiario', 'Este pago es para']);
  const clabe = details[0]!.value;
  expect(clabe).toMatch(/^646180\d{12}$/);
  expect(details[1]!.value).toBe('STP');
  await expect(page.getByText(/Esta CLABE es solo de su préstamo: no necesita escribir ninguna referencia/)).toBeVisible();
  await checkPage(page, 'providers-voucher-stp-spei-es');

  // The same loan always pays the same CLABE: the voucher made again names it again.
  await page.reload();
  expect((await voucherDetails(page, 'Datos para pagar'))[0]!.value).toBe(clabe);

  const paid = await devPay(page.request, clabe, due);
  expect(paid).toMatchObject({ provider: 'stp', amount: due, delivered: true });
  expect(ledgerPayments(order.orderId)).toEqual([expect.objectContaining({ provider: 'stp', amount: due })]);

  // Instalment 1 paid: the page moves to instalment 2, with what was paid.
  await page.goto(order.urls.repayment);
  const breakdown = page.getByRole('region', { name: 'Detalle del pago' });
  await expect(definition(breakdown, 'Cuota')).toHaveText('2 de 3');
  await breakdown.getByRole('button', { name: 'Ver más' }).click();
  await expect(definition(breakdown, 'Ya pagado')).toHaveText(formatMarketMoney(due, 'MX'));
  await checkPage(page, 'providers-repayment-after-stp-es');

  await openLoanDetails(page, order.urls.loanDetails);
  await expect(statusPicture(page, '174')).toBeVisible();
});

test('an Indian borrower pays a Razorpay UPI QR code from a UPI app, and the repayment page follows', async ({ page }) => {
  test.setTimeout(120_000);
  const order = providersOrder(demoOrder('174', { lang: 'en' }));
  await page.goto(order.urls.repayment);
  const due = await heroAmount(page);

  await page.getByRole('region', { name: 'Choose how to pay' }).getByRole('button', { name: /UPI address \(VPA\)/ }).click();
  await expect(page).toHaveURL(/\/carpmm\?.*payCode=upi/);
  // Razorpay's own upi://pay intent (its QR code's content): its VPA, the amount, INR; the QR code holds the same link.
  const pay = page.getByRole('link', { name: 'Pay with a UPI app' });
  await expect(pay).toBeVisible();
  const link = (await pay.getAttribute('href')) ?? '';
  expect(link).toMatch(/^upi:\/\/pay\?/);
  const params = new URLSearchParams(link.replace(/^upi:\/\/pay\?/, ''));
  expect(params.get('am')).toBe(`${Math.floor(due / 100)}.${String(due % 100).padStart(2, '0')}`);
  expect(params.get('cu')).toBe('INR');
  const vpa = params.get('pa') ?? '';
  expect(vpa).toMatch(/^[\w.-]+@[a-z]+$/);
  expect(vpa).not.toMatch(/@sbxupi$/);
  const qr = page.getByRole('img', { name: 'QR code to pay with any UPI app' });
  await expect(qr).toBeVisible();
  await qr.scrollIntoViewIfNeeded();
  expect(await decodePng(await qr.screenshot()), 'the QR code holds the link').toBe(link);
  const details = await voucherDetails(page, 'Payment details');
  expect(details[0]).toEqual({ label: 'UPI address (VPA) you pay to', value: vpa });
  await checkPage(page, 'providers-voucher-razorpay-upi-in-en');

  // What the voucher shows is enough to pay it: the pay route finds the reference by its VPA.
  const paid = await devPay(page.request, vpa);
  expect(paid).toMatchObject({ provider: 'razorpay', amount: due, delivered: true });
  expect(ledgerPayments(order.orderId)).toEqual([expect.objectContaining({ provider: 'razorpay', amount: due })]);

  await page.goto(order.urls.repayment);
  const breakdown = page.getByRole('region', { name: 'Payment details' });
  await breakdown.getByRole('button', { name: 'More' }).click();
  await expect(definition(breakdown, 'Already paid')).toHaveText(formatMarketMoney(due, 'IN'));
  await checkPage(page, 'providers-repayment-after-razorpay-in-en');
});

/**
 * A server whose Mexican store channel is Conekta's, the Conekta mock it was pointed at stopped (its SPEI stays
 * the sandbox's): started by the test on the e2e database, stopped after it.
 */
async function startOutageServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const conekta = await startConektaMock({ webhookUrl: `http://127.0.0.1:${e2ePorts.outage}/api/payments/notifications/conekta` });
  await conekta.close();
  const base = `http://127.0.0.1:${e2ePorts.outage}`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...e2eDatabaseEnv(), ...conekta.env, PORT: String(e2ePorts.outage), PUBLIC_BASE_URL: base, PAYMENT_CHANNELS: 'MX.store=conekta', PRESTA_JOBS: '0', LOG_LEVEL: 'warn' };
  delete env.PAYMENT_PROVIDER_MOCKS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.ok ?? false, { message: 'the outage server is up', timeout: 90_000 }).toBe(true);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

test('a provider that does not answer: the voucher says the channel is unavailable, and another channel still pays', async ({ page }) => {
  test.setTimeout(150_000);
  const server = await startOutageServer();
  try {
    const order = demoOrder('174');
    const onOutage = (address: string) => {
      const url = new URL(address);
      url.host = new URL(server.base).host;
      return url.toString();
    };
    await page.goto(onOutage(order.urls.repayment));
    const channels = page.getByRole('region', { name: 'Elija cómo pagar' });
    await expect(channels.getByRole('heading', { level: 3 })).toHaveText(['Pago en efectivo en tiendas', 'Transferencia bancaria SPEI', 'Tarjeta de débito']);

    // The store voucher: Conekta cannot be reached (after its retries); the page says so, with the server's words, no 5xx.
    const voucherAnswer = page.waitForResponse((r) => r.url().includes('/v3/loan-details/generate-vcode'));
    await channels.getByRole('button', { name: /^Tiendas de conveniencia/ }).click();
    const answer = await voucherAnswer;
    expect(answer.status()).toBe(422);
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'No es posible continuar', level: 1 })).toBeVisible();
    // On the page (a toast says it too, for a moment).
    await expect(page.locator('.presta-load-failure-text')).toHaveText(
      'Pago en efectivo en tiendas no está disponible en este momento; inténtelo de nuevo en unos minutos o elija otra forma de pago.',
    );
    await checkPage(page, 'providers-voucher-unavailable-es');

    // Another way to pay: the SPEI voucher (the sandbox's on this server) is made.
    await page.goto(onOutage(order.urls.repayment));
    await page.getByRole('region', { name: 'Elija cómo pagar' }).getByRole('button', { name: /CLABE/ }).click();
    await expect(page).toHaveURL(/\/carpmm\?.*payCode=spei/);
    expect((await voucherDetails(page, 'Datos para pagar'))[0]!.label).toBe('CLABE: la cuenta a la que transfiere');
  } finally {
    await server.stop();
  }
});
