import { expect, test } from '@playwright/test';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { ops } from './support/cli';

test('a borrower confirms a loan from the test page and watches review and disbursal', async ({ page }) => {
  await page.goto('/testPreview');
  await expect(page.getByRole('heading', { name: 'Página de prueba' })).toBeVisible();
  await expectAccessible(page);

  // Open the pages as the seeded borrower Ana López.
  await page.getByRole('button', { name: 'Usar Ana López' }).click();
  await expect(page.getByText('Sesión de Ana López lista', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Confirmar Presta Quincenal' }).click();

  // Confirmation page: figures, plan, agreement tick.
  await expect(page).toHaveURL(/\/confirm-loan\?/);
  await expect(page.getByRole('heading', { name: 'Confirme su préstamo' })).toBeVisible();
  await expect(page.getByText('Plan de pagos')).toBeVisible();
  await expect(page.getByTestId('loan-coupon-row')).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);

  const submit = page.getByRole('button', { name: 'Solicitar préstamo' });
  const tick = page.getByRole('checkbox');
  await expect(tick).toBeChecked();
  await tick.click();
  await expect(submit).toBeDisabled();
  await tick.click();
  await expect(submit).toBeEnabled();
  await submit.click();

  // Loan details in status 21.
  await expect(page).toHaveURL(/\/loan-details\?.*from=confirm/);
  await expect(page.getByText('En revisión').first()).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  const url = new URL(page.url());
  const orderNoRow = page.getByText(/^PR\d{16}$/);
  const orderNo = (await orderNoRow.first().textContent())!.trim();
  expect(url.searchParams.get('orderId')).toBeTruthy();

  // The lender approves: the page follows by itself (it polls while 21/151).
  ops('approve', orderNo);
  await expect(page.getByText('Aprobado').first()).toBeVisible({ timeout: 20_000 });

  // ...and disburses: 174 with Repay.
  ops('disburse', orderNo);
  await expect(page.getByText('Desembolsado').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Pagar ahora' })).toBeVisible();
  await expectAccessible(page);
});

test('a forbidden operator move is refused with a clear message', async () => {
  let message = '';
  try {
    ops('disburse', 'PR0000000000000000');
  } catch (error) {
    message = String((error as { stderr?: string }).stderr ?? error);
  }
  expect(message).toMatch(/could not find|not found/i);
});
