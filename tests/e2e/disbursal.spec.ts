import type { APIRequestContext, Page } from '@playwright/test';
import type { MarketCode } from '@presta/contract/markets';
import { spareAddressBudget } from './support/account';
import { signAgreement } from './support/agreement';
import type { Lang } from './support/application';
import { closeE2eDb } from './support/e2e-database';
import { saveScreenshot } from './support/layout';
import { bindBankAccount, consoleMember, creditTexts, decidedApplicant, pageOf, reloadHomeUntilOffer } from './support/credit';
import { approveInConsole, disbursalTexts, startDisbursal, waitUntilPaid } from './support/disbursal';
import { appReady, expect, test } from './support/test';

/*
 * Issue 37 (decision 030, docs/account.md "Verification"), a journey per market in Chromium on the real server and
 * its payout mock (STP in Mexico, RazorpayX in India), each in the borrower's language: an approved applicant takes
 * the offer and binds the account; the account page shows it verified (the mock's account validation returns the
 * holder's name the lender sent, the borrower's own); a reviewer approves the order and a second member, finance,
 * disburses it (four eyes): the payout starts, the order stays approved ("money on its way" for the borrower) until
 * the mock settles it by itself and posts the provider's callback; then the Payouts tab reads "Pagado" and the
 * borrower's loan reads Disbursed. Screenshots: the loan at 375 px (on its way when caught, disbursed) and the
 * console's payouts at 1280 px.
 */

test.beforeAll(spareAddressBudget);
test.afterAll(closeE2eDb);

const run = Date.now().toString(36);
const email = (who: string) => `${who}-${run}@presta.test`;

/** From home's offer through the confirmation (India: the Key Facts Statement acknowledged): the order's number. */
async function takeOffer(page: Page, request: APIRequestContext, lang: Lang, applicant: ReturnType<typeof decidedApplicant>): Promise<string> {
  const c = creditTexts[lang];
  await reloadHomeUntilOffer(page, lang, applicant);
  await page.getByRole('button', { name: c.borrow }).first().click();
  await expect(page.getByRole('heading', { name: c.confirmTitle })).toBeVisible();
  if (lang === 'en') await page.getByRole('checkbox', { name: c.keyFactsAcknowledge }).check();
  await page.getByRole('button', { name: c.confirmSubmit }).click();
  await signAgreement(page, request, applicant.phone, lang);
  await expect(page).toHaveURL(/\/loan-details\?/);
  await appReady(page);
  return (await page.getByText(/^PR\d{16}$/).first().textContent())!.trim();
}

/** The account page (/setting) until the bank account reads verified (the validation's callback may come later). */
async function expectAccountVerified(page: Page, lang: Lang, applicant: ReturnType<typeof decidedApplicant>) {
  const verified = page.locator('.presta-bank-verification').getByText(disbursalTexts[lang].bankVerified, { exact: true });
  await page.goto(pageOf(applicant, '/setting'));
  await expect(async () => {
    await page.reload();
    await expect(verified).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [500, 1_000] });
}

const markets = [
  { market: 'MX', lang: 'es', provider: 'STP' },
  { market: 'IN', lang: 'en', provider: 'RazorpayX' },
] as const satisfies { market: MarketCode; lang: Lang; provider: string }[];

for (const c of markets) {
  test(`${c.market} (${c.lang}): approved → account verified → finance disburses through ${c.provider} → the mock settles → Disbursed`, async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const t = disbursalTexts[c.lang];
    const applicant = decidedApplicant(c.lang, 'approved');
    const orderNo = await test.step('the approved applicant takes the offer', () => takeOffer(page, request, c.lang, applicant));
    const loanDetails = page.url();
    await test.step('binds the account; the account page shows it verified', async () => {
      await bindBankAccount(page, request, c.lang, applicant, c.market);
      await expectAccountVerified(page, c.lang, applicant);
    });

    const who = c.market.toLowerCase();
    await test.step('a reviewer approves the order', async () => {
      const r = (await consoleMember(browser, email(`revisor-pago-${who}`), 'Rita Revisora', ['reviewer'])).page;
      await approveInConsole(r, orderNo);
    });
    const f = (await consoleMember(browser, email(`finanzas-pago-${who}`), 'Fabián Finanzas', ['finance'])).page;
    await page.goto(loanDetails);
    await appReady(page);
    await test.step('finance, a second member, starts the payout', () => startDisbursal(f, orderNo));

    // Money on its way while the provider holds the payout: the page reads itself again while the order is 151.
    // The mock settles within seconds, so this state is shown when caught, and not required.
    const onItsWay = page.getByText(t.onItsWay).first();
    if (await onItsWay.waitFor({ timeout: 2_500 }).then(() => true, () => false)) await saveScreenshot(page, `disbursal-on-its-way-${c.market}-375`);

    await test.step('the mock settles it: the Payouts tab reads Pagado', async () => {
      await waitUntilPaid(f, orderNo);
      await saveScreenshot(f, `console-disbursal-payouts-${c.market}-1280`);
    });

    await test.step("the borrower's loan reads disbursed", async () => {
      const disbursed = page.getByText(t.disbursed, { exact: true }).first();
      await expect(async () => {
        if (!(await disbursed.isVisible())) await page.reload();
        await expect(disbursed).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByText(t.onItsWay)).toHaveCount(0);
      // A disbursed loan not rated yet asks for a rating once: closed, to see the loan.
      const rating = page.getByRole('dialog', { name: t.ratingTitle });
      await rating.getByRole('button', { name: t.ratingLater }).click();
      await expect(rating).toBeHidden();
      await saveScreenshot(page, `disbursal-disbursed-${c.market}-375`);
    });
  });
}
