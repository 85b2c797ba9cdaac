import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { MarketCode } from '@presta/contract/markets';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { spareAddressBudget } from './support/account';
import { agreementTexts, borrowerPhone, signAgreement, signingSms } from './support/agreement';
import { demoOrder } from './support/cli';
import { consoleMember } from './support/credit';
import { closeE2eDb } from './support/e2e-database';
import { saveScreenshot } from './support/layout';
import { codeOf } from './support/payments';
import { appReady, expect, test } from './support/test';

/*
 * Issue 38, a journey per market in Chromium on the real server, each in the borrower's language: the confirmation's
 * submit opens the signing dialog (axe clean, whole at 320 and 375 px), whose text names the amount and the
 * document's hash tail the SMS names; a wrong code is refused (the message shown, the field emptied), the right one
 * signs and sends the application; loan details offers the signed PDF, whose bytes are the document (its SHA-256 ends
 * in the tail the dialog showed) and whose text (pdftotext) states the amount the confirmation showed. Then (Mexico)
 * in the console, a finance member's loan page: its agreement tab finds the document intact and the time-stamp valid,
 * and exports the evidence package (a zip of the PDF, the token, the evidence and the authority's chain).
 */

test.beforeAll(spareAddressBudget);
test.afterAll(closeE2eDb);

const journeys = [
  { market: 'MX', lang: 'es' },
  { market: 'IN', lang: 'en' },
] as const satisfies { market: MarketCode; lang: 'es' | 'en' }[];

const confirmTexts = {
  es: { heading: 'Confirme su préstamo', submit: 'Solicitar préstamo', keyFacts: '' },
  en: { heading: 'Confirm your loan', submit: 'Apply for the loan', keyFacts: 'I have read and understood the Key Facts Statement' },
} as const;

/** The text pdftotext reads from a PDF, its spaces (no-break ones too) made single. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'presta-agreement-'));
  try {
    const file = path.join(dir, 'agreement.pdf');
    fs.writeFileSync(file, pdf);
    return oneLine(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const oneLine = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** Finance's loan page in the console: the agreement tab's verification, and the evidence package it exports. */
async function checkInConsole(browser: Browser, orderNo: string) {
  const f = (await consoleMember(browser, `finanzas-contrato-${Date.now().toString(36)}@presta.test`, 'Fabián Finanzas', ['finance'])).page;
  await f.goto(`/console/loans/${orderNo}`);
  await f.getByRole('tab', { name: 'Contrato', exact: true }).click();
  const tab = f.getByRole('tabpanel', { name: 'Contrato' });
  await expect(tab.getByText('El PDF guardado coincide con su SHA-256.')).toBeVisible();
  await expect(tab.getByText(/^Sello válido: /)).toBeVisible();
  await f.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(f, 'console-loan-agreement-1280');
  await expectAccessible(f);
  const download = f.waitForEvent('download');
  await tab.getByRole('link', { name: 'Exportar evidencia' }).click();
  const zip = fs.readFileSync(await (await download).path());
  expect(zip.subarray(0, 2).toString('latin1'), 'a zip').toBe('PK');
  for (const name of ['agreement.pdf', 'agreement.tsr', 'evidence.json', 'tsa.pem']) expect(zip.includes(name), name).toBe(true);
}

/** The dialog at 320 and 375 px: screenshots, axe clean, nothing wider than the screen. */
async function checkDialog(page: Page, name: string) {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 812 });
    await saveScreenshot(page, `${name}-${width}`);
  }
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
}

for (const j of journeys) {
  test(`${j.market} (${j.lang}): confirm → a wrong code, then the right one → loan details offers the signed PDF, the document signed`, async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const t = agreementTexts[j.lang];
    const c = confirmTexts[j.lang];
    const order = demoOrder('200', { lang: j.lang });
    const phone = await borrowerPhone(order.borrowerId);

    await page.goto(order.urls.confirmLoan);
    await expect(page.getByRole('heading', { name: c.heading })).toBeVisible();
    const amountText = oneLine((await page.locator('.presta-amount-hero-amount').first().textContent())!.trim());
    if (c.keyFacts) await page.getByRole('checkbox', { name: c.keyFacts }).check();
    await page.getByRole('button', { name: c.submit }).click();

    // The dialog names the amount the page showed and the document's tail; the SMS names the same tail.
    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(amountText);
    const tail = /…([0-9a-f]{8})\b/.exec((await dialog.textContent()) ?? '')?.[1];
    expect(tail, 'the dialog names the document').toBeTruthy();
    await expect(dialog.getByRole('link', { name: t.readPdf })).toBeVisible();
    await checkDialog(page, `agreement-sign-${j.market}`);

    // A wrong code: refused, said so, the field emptied for the next try.
    const right = codeOf(await signingSms(request, phone, tail!));
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const field = dialog.getByLabel(t.codeLabel);
    await field.fill(wrong);
    await dialog.getByRole('button', { name: t.sign }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(field).toHaveValue('');

    // The right code signs and applies: loan details offers the signed agreement.
    const signed = await signAgreement(page, request, phone, j.lang);
    expect(signed.tail).toBe(tail);
    await expect(page).toHaveURL(/\/loan-details\?/);
    await appReady(page);
    const link = page.getByRole('link', { name: t.signedPdf });
    await expect(link).toBeVisible();
    const href = new URL((await link.getAttribute('href'))!, page.url());
    expect(href.pathname).toBe(`/api/agreements/${signed.agreementNo}.pdf`);

    // The PDF through the page's link, with the page's own session: the bytes signed.
    const response = await page.request.get(href.toString());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const pdf = await response.body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex').slice(-8)).toBe(tail);
    expect(pdfText(pdf)).toContain(amountText);

    if (j.market === 'MX') await checkInConsole(browser, (await page.getByText(/^PR\d{16}$/).first().textContent())!.trim());
  });
}
