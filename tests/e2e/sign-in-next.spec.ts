import type { APIRequestContext, Page } from '@playwright/test';
import { closeE2eDb } from './support/e2e-database';
import { expect, test } from './support/test';
import { requestSignInCode, signInPage, smsCode } from './support/account';
import { checkPage } from './support/layout';
import { insertBorrower, randomPhone } from './support/promotion';

/*
 * Issue 32, item 1: /login?next= takes the borrower back to a page of this site after signing in, never to
 * another origin. Each `next` below normalises to //evil.example/x (a protocol-relative address once
 * navigated to); after a genuine sign-in the borrower lands on home, on our origin, and nothing is asked of
 * evil.example.
 */

test.afterAll(async () => {
  await closeE2eDb();
});

/** On /login: the code asked for, read from the SMS outbox, typed; "Entrar" answered 200. */
async function signInThroughPage(page: Page, request: APIRequestContext, phone: string) {
  const f = signInPage(page);
  await expect(f.heading).toBeVisible();
  expect(await requestSignInCode(page, phone)).toBe(200);
  await f.code.fill(await smsCode(request, phone, 'sign_in_code'));
  const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/account/sign-in');
  await f.submit.click();
  expect((await signedIn).status()).toBe(200);
}

for (const [i, next] of ['/.//evil.example/x', '/a/..//evil.example/x', '/%2e//evil.example/x'].entries()) {
  test(`signing in with next=${next} stays on our origin and goes home`, async ({ page, request, baseURL }) => {
    const width = i === 0 ? 320 : 375;
    await page.setViewportSize({ width, height: width === 320 ? 640 : 812 });
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== new URL(baseURL!).origin) elsewhere.push(r.url());
    });
    const phone = randomPhone();
    await insertBorrower(phone);
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await signInThroughPage(page, request, phone);
    await expect(page).toHaveURL((url) => url.origin === new URL(baseURL!).origin && url.pathname === '/main');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(elsewhere, 'requests to another origin').toEqual([]);
    if (i === 0) await checkPage(page, 'sign-in-next-home-es');
  });
}
