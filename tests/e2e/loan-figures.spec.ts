import type { Page } from '@playwright/test';
import { appReady, expect, test } from './support/test';
import { demoOrder, ops, type DemoOrder } from './support/cli';
import { disburseAndWait } from './support/disbursal';
import { checkPage } from './support/layout';
import { openLoanDetails } from './support/loan-details';
import { demoPay, referenceFor } from './support/payments';

/*
 * Issue 32 on the real server, PostgreSQL and Chromium, at 320 and 375 px (screenshots under
 * test-results/screenshots/issue32-*): the figures labelled for what they are (the tax's real base, the plan's
 * total beside what a late loan owes today), Repay offered only while something can be paid, and the receipt of
 * a cooling-off exit's payment saying the loan is settled.
 */

const session = (order: DemoOrder) => new URLSearchParams(order.params).toString();

/** The value (dd) beside a term (dt) of the page's detail lists. */
const valueOf = (page: Page, term: string) => page.locator('dt', { hasText: new RegExp(`^${term.replace(/[()$]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

test('the confirmation names the tax by what it is on and its sum, no extension fee (Spanish)', async ({ page }) => {
  // A borrower whose last application was not approved: no open order, so the offer is quoted.
  const applicant = demoOrder('110');
  await page.goto(applicant.urls.confirmLoan);
  await appReady(page);
  const tax = page.locator('dt', { hasText: /^IVA del 16% sobre / });
  await expect(tax).toHaveText(/^IVA del 16% sobre interés y comisión \(\$[\d.]+,\d\d\)$/);
  await expect(page.getByText('extensión', { exact: false })).toHaveCount(0);
  // The line under the header explains the amount; it no longer repeats its label.
  await expect(page.getByText('Monto a recibir en su cuenta')).toHaveCount(0);
  await expect(page.getByText('Se deposita completo en su cuenta: la comisión se paga con las cuotas.')).toBeVisible();
  await checkPage(page, 'issue32-confirmation-es');
});

for (const lang of ['es', 'en'] as const) {
  const t =
    lang === 'es'
      ? { planTotal: 'Total del plan de pagos', owedToday: 'Adeudo total hoy', late: 'Cargos por atraso', oldTotal: 'Total a pagar', outstanding: 'Saldo pendiente' }
      : { planTotal: 'Repayment plan total', owedToday: 'Total owed today', late: 'Late charges', oldTotal: 'Total to repay', outstanding: 'Balance due' };

  test(`an overdue loan says what is owed today, the statement's outstanding, beside the plan's total (${lang})`, async ({ page }) => {
    const overdue = demoOrder('180', { lang });
    await openLoanDetails(page, overdue.urls.loanDetails);
    await expect(valueOf(page, t.planTotal)).toBeVisible();
    await expect(valueOf(page, t.late)).toBeVisible();
    await expect(page.locator('dt', { hasText: new RegExp(`^${t.oldTotal}$`) })).toHaveCount(0);
    const owed = ((await valueOf(page, t.owedToday).textContent()) ?? '').trim();
    // Each market writes its own way (decision 022): "$11.187,65", "₹27,167.98".
    expect(owed).toMatch(lang === 'es' ? /^\$[\d.]+,\d\d$/ : /^₹[\d,]+\.\d\d$/);
    await checkPage(page, `issue32-overdue-details-${lang}`);

    await page.goto(`/loan-statement?${session(overdue)}`);
    await appReady(page);
    const hero = page.getByRole('region').filter({ hasText: t.outstanding }).first();
    await expect(hero.getByText(owed, { exact: true }).first()).toBeVisible();
  });
}

test('after paying the overdue instalment, nothing can be paid yet: no Pagar ahora, one clear sentence', async ({ page }) => {
  const overdue = demoOrder('180');
  await openLoanDetails(page, overdue.urls.loanDetails);
  await expect(page.getByRole('button', { name: 'Pagar ahora' })).toBeVisible();
  const { reference } = await referenceFor(page, overdue, 'store');
  expect(demoPay(reference).body.applied).toBe(true);

  await openLoanDetails(page, overdue.urls.loanDetails);
  const sentence = /^Podrá pagar su próxima cuota, \$[\d.]+,\d\d, a partir del \d{4}-\d\d-\d\d\.$/;
  await expect(page.getByText(sentence)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar ahora' })).toHaveCount(0);
  await checkPage(page, 'issue32-not-payable-details');

  await page.goto(overdue.urls.repayment);
  await appReady(page);
  await expect(page.getByText(sentence)).toBeVisible();
  await expect(page.getByText(/métodos de pago/)).toHaveCount(0);
  await expect(page.getByText('Elija cómo pagar')).toHaveCount(0);
  await checkPage(page, 'issue32-not-payable-repayment');
});

test("the receipt of the payment that carries out a cooling-off exit: the waiver, nothing owed, settled (India, English)", async ({ page }) => {
  // Disbursed today, so the exit may be asked for (within 3 days of disbursal).
  const approved = demoOrder('151', { lang: 'en' });
  await disburseAndWait(approved.orderNo);
  ops('cooling-off-exit', approved.orderNo);
  const { reference } = await referenceFor(page, approved, 'upi');
  expect(demoPay(reference).body.applied).toBe(true);

  await page.goto(`/loan-statement?${session(approved)}`);
  await appReady(page);
  await page.getByRole('link', { name: /^View receipt/ }).last().click();
  await expect(page).toHaveURL(/\/payment-receipt\?/);
  await expect(page.getByRole('heading', { name: 'Payment receipt', level: 1 })).toBeVisible();
  await expect(valueOf(page, 'Waived: cooling-off exit')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await expect(valueOf(page, 'Balance after this payment')).toHaveText('₹0.00');
  await expect(page.getByText('This payment settled your loan: nothing is owed.')).toBeVisible();
  await checkPage(page, 'issue32-cooling-off-receipt-en');
});
