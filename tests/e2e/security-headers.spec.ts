import type { Page, Request, TestInfo } from '@playwright/test';
import { appReady, expect, test } from './support/test';
import { loanMessages } from '../../apps/web/src/features/loan/messages';
import { demoOrder, type DemoOrder } from './support/cli';
import { bridgeCalls, installFakeIosHost } from './support/native-host';
import { expectCaptchaLoaded, promoTexts, promoUrl, randomTag } from './support/promotion';

/*
 * Security headers and the session out of the address bar (issue 11;
 * docs/security-headers.md, docs/decisions/011-session-out-of-the-address-bar.md)
 * on the real server in Chromium: each kind of page (a borrower page in a
 * browser and in the iOS web view, the payment instruction it leads to, the
 * promotion page, the marketing home and the privacy notice it frames, the
 * card processor's hosted checkout, the API reference) works under its
 * Content-Security-Policy without a single violation; the borrower pages
 * drop the session parameters from the address once read, keep working
 * after a reload, and their calls and full-page navigations still carry the
 * session.
 */

const loan = loanMessages.es;
/** The parameters that leave the address bar (wire names). */
const sessionNames = ['swift', 'eyes', 'crp_phe', 'dearest', 'showy', 'dearer'] as const;
const storeChannel = /^Tiendas de conveniencia/;

/**
 * Records every CSP violation of the page and its frames: the browser's own
 * console report ("Refused to …") and the securitypolicyviolation event.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return violations;
}

/** The API calls a page makes (its document, scripts and pictures aside). */
function recordCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.resourceType() === 'fetch' && /^\/(v3|api|user-problem)\//.test(pathname)) calls.push(r);
  });
  return calls;
}

/** Each call carries the session as before: in its query, and swift/eyes as headers of the form client. */
async function expectCallsCarrySession(calls: Request[], order: DemoOrder) {
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    const query = new URL(call.url()).searchParams;
    for (const name of sessionNames) expect(query.get(name), `${name} in ${call.url()}`).toBe(order.params[name]);
    if (call.method() === 'POST') {
      const headers = await call.allHeaders();
      expect(headers.swift).toBe(order.params.swift);
      expect(headers.eyes).toBe(order.params.eyes);
    }
  }
}

/** The address bar: no session parameter, the page's own (orderId) kept. */
function expectCleanAddress(page: Page, order: DemoOrder) {
  const query = new URL(page.url()).searchParams;
  for (const name of sessionNames) expect(query.has(name), `${name} in the address ${page.url()}`).toBe(false);
  expect(query.get('orderId')).toBe(order.orderId);
}

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 812 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test('a borrower page: no CSP violation, the session leaves the address, a reload works, calls and full-page navigations carry it', async ({
  page,
}, testInfo) => {
  const violations = await watchCsp(page);
  const calls = recordCalls(page);
  const order = demoOrder('174');

  const response = await page.goto(order.urls.repayment);
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/);
  expect(response!.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('button', { name: storeChannel })).toBeVisible();
  expectCleanAddress(page, order);
  // Opened from the app, the page came with its data (its first view, decision 020): it made no call.
  expect(await response!.text()).toContain('id="presta-first-view"');
  expect(calls).toEqual([]);
  await screenshots(page, testInfo, 'repayment-clean-address');

  // A reload opens the clean address: the tab still has the session.
  calls.length = 0;
  await page.reload();
  await expect(page.getByRole('button', { name: storeChannel })).toBeVisible();
  expectCleanAddress(page, order);
  await expectCallsCarrySession(calls, order);

  // A full-page navigation of the spec (/carpmm) carries the session in the address it opens; that page cleans it too.
  calls.length = 0;
  const opened = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/carpmm');
  await page.getByRole('button', { name: storeChannel }).click();
  const target = new URL((await opened).url()).searchParams;
  for (const name of sessionNames) expect(target.get(name), `${name} in the /carpmm address`).toBe(order.params[name]);
  await expect(page.getByRole('heading', { name: 'Instrucciones de pago', level: 1 })).toBeVisible();
  // The barcode picture, the session in its own address (never the page's), loads under img-src 'self'.
  const barcode = page.getByRole('img', { name: /^Código de la referencia de pago/ });
  await expect.poll(() => barcode.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  expectCleanAddress(page, order);
  await expectCallsCarrySession(calls, order);

  expect(violations).toEqual([]);

  // The watch itself: an inline script no hash allows is refused and reported.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('in the iOS web view: the same page behaves as before, with a clean address bar', async ({ page }) => {
  const violations = await watchCsp(page);
  await installFakeIosHost(page);
  // A settled loan asks for a rating (a loan with something to pay today never does: issue 14).
  const settled = demoOrder('200');
  const settledCalls = recordCalls(page);
  await page.goto(settled.urls.loanDetails);
  const rating = page.getByRole('dialog', { name: loan.ratingTitle });
  await rating.getByRole('radio', { name: '5 de 5 estrellas' }).click();
  await rating.getByRole('button', { name: 'Enviar' }).click();
  // The rating call went through with the session, and the host was asked to open the app-store rating.
  await expect.poll(async () => (await bridgeCalls(page)).map((c) => c.name)).toContain('openAppRating');
  expectCleanAddress(page, settled);
  await expectCallsCarrySession(settledCalls, settled);
  page.removeAllListeners('request');

  // A repaying loan: its calls and the full-page navigation to the repayment page carry its session.
  const calls = recordCalls(page);
  const order = demoOrder('174');
  const opening = await page.goto(order.urls.loanDetails);
  await expect(page.getByRole('button', { name: loan.repay })).toBeVisible();
  expectCleanAddress(page, order);
  // It came with its data (its first view, decision 020): no call of its own.
  expect(await opening!.text()).toContain('id="presta-first-view"');
  expect(calls).toEqual([]);

  const opened = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/repayment');
  await page.getByRole('button', { name: loan.repay }).click();
  const target = new URL((await opened).url()).searchParams;
  expect(target.get('swift')).toBe(order.params.swift);
  await expect(page.getByRole('button', { name: storeChannel })).toBeVisible();
  // The repayment page came with its first view: the app takes the session out of the address once its code runs.
  await appReady(page);
  expectCleanAddress(page, order);
  expect(violations).toEqual([]);
});

test('the promotion page: no CSP violation; its captcha image and calls work', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto(promoUrl(randomTag()));
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: promoTexts.heroTitle })).toBeVisible();
  await page.getByLabel(promoTexts.phoneLabel).fill('13812345678');
  await expectCaptchaLoaded(page.getByRole('button', { name: promoTexts.captchaRefresh }).locator('img'));
  expect(violations).toEqual([]);
});

test('the marketing home and the privacy notice it frames: no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  const frame = page.locator('iframe').first();
  await frame.scrollIntoViewIfNeeded();
  const notice = page.frameLocator('iframe').first();
  await expect(notice.getByRole('heading').first()).toBeVisible();
  expect(violations).toEqual([]);

  // The watch sees the frame too: an inline script no hash allows is refused there and reported.
  const privacy = page.frames().find((f) => new URL(f.url()).pathname.endsWith('/privacy-frame.html'));
  expect(privacy).toBeDefined();
  await privacy!.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.parent.postMessage("ran", "*")';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('the hosted checkout page: no CSP violation, and its form posts to itself', async ({ page, request }) => {
  const violations = await watchCsp(page);
  const order = demoOrder('174');
  const answer = await request.post(`/api/v1/youmi/youmi-api/service/loan/repayment-huichao?${new URLSearchParams(order.params)}`, {
    form: { orderId: order.orderId, amount: '100' },
  });
  const { url } = ((await answer.json()) as { data: { url: string } }).data;
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Pagar con tarjeta', level: 1 })).toBeVisible();
  await page.getByLabel('Número de tarjeta').fill('1234');
  await page.getByLabel('Vencimiento').fill('12/39');
  await page.getByLabel('Código de seguridad').fill('123');
  await page.getByLabel('Nombre del titular').fill('Elena Ruiz');
  const posted = page.waitForResponse((r) => r.url() === url && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  expect((await posted).status()).toBe(400);
  await expect(page.getByRole('alert')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API reference (/docs): Swagger UI renders under its policy without a violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/docs/');
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: /Presta API/ })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(violations).toEqual([]);
});
