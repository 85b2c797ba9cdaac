import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { formatMarketMoney, markets } from '@presta/contract/markets';
import { demoOrder } from './support/cli';
import { checkPage, saveScreenshot } from './support/layout';
import { minorFromText } from './support/payments';
import { expect, test } from './support/test';

/*
 * Issue 32, items 9 and 15, on the real server and Chromium at 320 and 375 px:
 * - an Indian loan's amounts and rates are written as Indian readers write them ("₹27,167.98", "43.36%"),
 *   a Mexican loan's as the spec says ("$1.075,40") (decision 022);
 * - the UPI voucher opens a UPI app through a upi://pay link and shows the QR code of the same link (decoded
 *   here from a screenshot with zbarimg); the store voucher names its stores; the SPEI voucher puts the
 *   reference in the payment concept, not in the bank's 7-digit numeric reference.
 */

const run = promisify(execFile);

/** What zbarimg (zbar-tools, installed in CI) reads in a PNG: the data of each symbol found. */
async function decodePng(png: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'presta-qr-'));
  try {
    const file = path.join(dir, 'qr.png');
    await writeFile(file, png);
    const { stdout } = await run('zbarimg', ['--raw', '-q', file]);
    return stdout.replace(/\n$/, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const main = (page: Page) => page.locator('main').innerText();
/** An amount written the Mexican way (thousands with a dot, decimals after a comma) next to a rupee sign. */
const mexicanRupees = /₹\d{1,3}(\.\d{3})+,\d{2}|₹\d+,\d{2}(?!\d)/;

test('an Indian loan in English: Indian amounts; the UPI voucher’s link opens a UPI app and its QR code holds the same link', async ({ page }) => {
  test.setTimeout(120_000);
  const order = demoOrder('180', { lang: 'en' });

  await page.goto(order.urls.repayment);
  const hero = (await page.locator('.presta-amount-hero-amount').textContent()) ?? '';
  const due = minorFromText(hero);
  expect(hero.trim()).toBe(formatMarketMoney(due, 'IN'));
  expect(hero).toMatch(/^₹\d{1,2}(,\d{2})*(,\d{3}|\d{0,3})\.\d{2}$|^₹\d{1,3}\.\d{2}$/);
  expect(await main(page)).not.toMatch(mexicanRupees);

  await page.getByRole('region', { name: 'Choose how to pay' }).getByRole('button', { name: /UPI address \(VPA\)/ }).click();
  await expect(page).toHaveURL(/\/carpmm\?.*payCode=upi/);
  const pay = page.getByRole('link', { name: 'Pay with a UPI app' });
  await expect(pay).toBeVisible();
  const link = (await pay.getAttribute('href')) ?? '';
  const params = new URLSearchParams(link.replace(/^upi:\/\/pay\?/, ''));
  expect(link.startsWith('upi://pay?')).toBe(true);
  expect(Object.fromEntries(params)).toEqual({
    pa: `presta.${order.orderId}@sbxupi`,
    pn: markets.IN.legalEntity.name,
    am: `${Math.floor(due / 100)}.${String(due % 100).padStart(2, '0')}`,
    cu: 'INR',
    tn: expect.stringMatching(/^80\d{12}$/) as unknown as string,
    tr: params.get('tn')!,
  });
  const qr = page.getByRole('img', { name: 'QR code to pay with any UPI app' });
  await expect(qr).toBeVisible();
  expect(await main(page)).not.toMatch(mexicanRupees);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 812 });
    await qr.scrollIntoViewIfNeeded();
    expect(await decodePng(await qr.screenshot()), `the QR code at ${width} px`).toBe(link);
  }
  await checkPage(page, 'voucher-upi-qr-in-en');
});

test('the KFS’s APR and the agreement’s rates of an Indian offer are written with a decimal dot', async ({ page }) => {
  const applicant = demoOrder('110', { lang: 'en' });
  await page.goto(applicant.urls.confirmLoan);
  const apr = page.locator('[data-annual-cost="APR"]').first();
  await expect(apr).toContainText(/APR \(annual percentage rate\) \d+\.\d{2}%/);
  expect(await main(page)).not.toMatch(/\d,\d{1,2}%|\d,\d{2}(?!\d)/);
  await checkPage(page, 'confirmation-in-en-numbers');
});

test('a Mexican store voucher names its stores; the SPEI voucher puts the reference in the payment concept', async ({ page }) => {
  test.setTimeout(90_000);
  const order = demoOrder('180');

  await page.goto(order.urls.repayment);
  const hero = (await page.locator('.presta-amount-hero-amount').textContent()) ?? '';
  // Mexico keeps the spec's format.
  expect(hero.trim()).toMatch(/^\$\d{1,3}(\.\d{3})*,\d{2}$/);
  await page.getByRole('button', { name: /^Tiendas de conveniencia/ }).click();
  await expect(page).toHaveURL(/payCode=store/);
  const stores = page.getByRole('list', { name: 'Tiendas donde se paga' });
  await expect(stores.getByRole('listitem')).toHaveText(['OXXO']);
  await expect(page.getByText('Acuda a cualquier tienda OXXO.')).toBeVisible();
  await checkPage(page, 'voucher-store-stores-mx-es');

  await page.goto(order.urls.repayment);
  await page.getByRole('button', { name: /CLABE personal/ }).click();
  await expect(page).toHaveURL(/payCode=spei/);
  const reference = (await page.getByRole('list', { name: 'Datos para pagar' }).locator('.presta-instruction-voucher').nth(1).textContent())?.trim() ?? '';
  expect(reference).toMatch(/^80\d{12}$/);
  await expect(page.getByText(`En «Concepto de pago» escriba ${reference}.`, { exact: false })).toBeVisible();
  expect(await main(page)).not.toContain('En concepto o referencia numérica');
  await expect(page.getByRole('button', { name: 'Copiar Concepto de pago' })).toBeVisible();
  await saveScreenshot(page, 'voucher-spei-concept-mx-es');
  await checkPage(page, 'voucher-spei-concept-mx-es');
});
