import fs from 'node:fs';
import path from 'node:path';
import { appReady, expect, test } from './support/test';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { signAgreement } from './support/agreement';
import { ops } from './support/cli';
import { saveScreenshot } from './support/layout';
import { spareAddressBudget } from './support/account';

// Signing asks for an SMS code from this machine's address: the run's earlier codes count as another's (decision 025).
test.beforeAll(spareAddressBudget);

/** Ana López's phone (apps/server/src/modules/demo/demo-seed.ts), where the signing code goes. */
const ANA_PHONE = '5512340001';

/** What the README's "Walk the loan journey" tells a new user to tap and to read, in its order (its **bold** words). */
function readmeWalkWords(): string[] {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const walk = readme.slice(readme.indexOf('## Walk the loan journey'));
  const steps = walk.slice(0, walk.indexOf('\n## ', 3)).split('\n').filter((line) => /^\d\. /.test(line));
  return steps.flatMap((line) => [...line.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!));
}

/** The operator commands of the walk's step 3, as written (`npm run ops -- approve <orderNo>` …): each one's arguments. */
function readmeWalkOps(orderNo: string): string[][] {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const walk = readme.slice(readme.indexOf('## Walk the loan journey'));
  const step = walk.split('\n').find((line) => line.startsWith('3. '))!;
  return [...step.matchAll(/`npm run ops -- ([^`]+)`/g)].map((m) => m[1]!.replace('<orderNo>', orderNo).split(' '));
}

test("the README's walk, as written: a borrower confirms a loan from the test page's list and watches review and disbursal", async ({ page, request }) => {
  // Two operator commands, the payout mock's settlement (3 s) and the page's 10 s polling.
  test.setTimeout(120_000);
  // The words this journey taps and reads are the README's, in its order (issue 14: the README must be exactly true).
  expect(readmeWalkWords()).toEqual([
    'Usar',
    'Confirmar préstamo',
    'Solicitar préstamo',
    'Firme su contrato',
    'Leer el contrato (PDF)',
    'Firmar y solicitar',
    'En revisión',
    'Contrato firmado (PDF)',
    'Aprobado',
    'Desembolsado',
    'Ahora no',
    'Podrá pagar su próxima cuota',
    'Pagar ahora',
  ]);

  await page.goto('/testPreview');
  await expect(page.getByRole('heading', { name: 'Página de prueba' })).toBeVisible();
  await expectAccessible(page);

  // 1. "Usar" next to Ana López, then "Confirmar préstamo" in the "Páginas" list (not the chips of her card).
  const ana = page.getByRole('listitem').filter({ hasText: 'Ana López' });
  await ana.getByRole('button', { name: 'Usar Ana López' }).click();
  await expect(ana.getByRole('button', { name: 'En uso Ana López' })).toHaveText('En uso');
  await expect(page.getByText('Sesión de Ana López lista', { exact: false })).toBeVisible();
  await expectAccessible(page);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 812 });
    await saveScreenshot(page, `test-page-ana-${width}`);
  }
  await expectFitsNarrowScreen(page);
  const pages = page.getByRole('list', { name: 'Páginas' });
  await pages.getByRole('link', { name: /^Confirmar préstamo/ }).click();

  // Confirmation page: figures, plan, agreement tick.
  await expect(page).toHaveURL(/\/confirm-loan\?/);
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Confirme su préstamo' })).toBeVisible();
  await expect(page.getByText('Plan de pagos')).toBeVisible();
  await expect(page.getByTestId('loan-coupon-row')).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);

  // 2. The agreement is already ticked: "Solicitar préstamo".
  const submit = page.getByRole('button', { name: 'Solicitar préstamo' });
  const tick = page.getByRole('checkbox');
  await expect(tick).toBeChecked();
  await expect(submit).toBeEnabled();
  await tick.click();
  await expect(submit).toBeDisabled();
  await tick.click();
  await expect(submit).toBeEnabled();
  await submit.click();
  // Signed with the SMS code sent to Ana's phone (demo-seed.ts): "Firmar y solicitar" sends the application.
  await signAgreement(page, request, ANA_PHONE);

  // Loan details in status 21.
  await expect(page).toHaveURL(/\/loan-details\?.*from=confirm/);
  await appReady(page);
  await expect(page.getByText('En revisión').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Contrato firmado \(PDF\)/ })).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  const url = new URL(page.url());
  const orderNoRow = page.getByText(/^PR\d{16}$/);
  const orderNo = (await orderNoRow.first().textContent())!.trim();
  expect(url.searchParams.get('orderId')).toBeTruthy();

  // The lender approves, with the README's own command: the page follows by itself (it polls while 21/151).
  const [approve, disburse] = readmeWalkOps(orderNo);
  expect(approve).toEqual(['approve', orderNo]);
  ops(...approve!);
  await expect(page.getByText('Aprobado').first()).toBeVisible({ timeout: 20_000 });

  // ...and a second member disburses (four eyes, decision 023): 174, the rating dialog ("Ahora no" closes it), then when
  // the first instalment can be paid: nothing can be paid on the disbursal day, so no Repay (issue 32).
  expect(disburse?.slice(0, 2)).toEqual(['disburse', orderNo]);
  ops(...disburse!);
  await expect(page.getByText('Desembolsado').first()).toBeVisible({ timeout: 30_000 });
  const rating = page.getByRole('dialog', { name: '¿Cómo fue su experiencia?' });
  await expect(rating).toBeVisible();
  await rating.getByRole('button', { name: 'Ahora no' }).click();
  await expect(rating).toBeHidden();
  await expect(page.getByText(/^Podrá pagar su próxima cuota, \$[\d.]+,\d\d, a partir del \d{4}-\d\d-\d\d\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar ahora' })).toHaveCount(0);
  await expectAccessible(page);
});

test("every link of the test page's list opens its page as the borrower chosen with \"Usar\"", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/testPreview');
  await page.getByRole('button', { name: 'Usar Jorge Ramírez' }).click();
  await expect(page.getByText('Sesión de Jorge Ramírez lista', { exact: false })).toBeVisible();
  const pages = page.getByRole('list', { name: 'Páginas' });
  const links = await pages.getByRole('link').evaluateAll((as) =>
    as.map((a) => ({ name: a.textContent ?? '', href: (a as HTMLAnchorElement).href, note: a.querySelector('.presta-test-preview-link-note')?.textContent ?? '' })),
  );
  expect(links).toHaveLength(13);
  // Jorge has an order: no link needs one; only the payment instructions say they open from the payment pages.
  expect(links.filter((l) => l.note).map((l) => [new URL(l.href).pathname, l.note])).toEqual([
    ['/carpmm', 'Se abre desde Pago a plazos o Pago de extensión, al elegir cómo pagar.'],
  ]);
  for (const link of links.filter((l) => !l.note)) {
    const url = new URL(link.href);
    expect(url.searchParams.get('swift'), link.name).toMatch(/.+/);
    expect(url.searchParams.get('productId'), link.name).toMatch(/^\d+$/);
    expect(url.searchParams.get('orderId'), link.name).toMatch(/^\d+$/);
    await page.goto(link.href);
    await expect(page.locator('h1').first(), link.name).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/No encontramos|No pudimos cargar/), link.name).toHaveCount(0);
  }
});

test('a forbidden operator move is refused with a clear message', () => {
  let message = '';
  try {
    ops('disburse', 'PR0000000000000000');
  } catch (error) {
    message = String((error as { stderr?: string }).stderr ?? error);
  }
  expect(message).toMatch(/could not find|not found/i);
});
