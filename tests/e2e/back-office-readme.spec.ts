import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { demoOrder, ops, type DemoOrder } from './support/cli';
import {
  checkConsoleScreen,
  consoleTexts as c,
  openConsole,
  openSection,
  setUpLinkIn,
  setUpThroughLink,
  signIn,
  staffMember,
  type ConsoleWindow,
  type StaffRoleName,
} from './support/console';
import { disbursalTexts, waitUntilPaid } from './support/disbursal';
import { brokenAmounts, saveScreenshot } from './support/layout';

/*
 * Issue 32, items 5, 13 and 14: the README's back office, as written. The admin its `ops staff add` command makes
 * reviews applications and answers complaints; a member never approves and disburses the same loan, so the admin
 * adds a second member (finance) in Personal, who disburses what the admin approved; no one changes their own roles;
 * a member's roles changed by an admin show in their open console without a reload. And the console at 1280 px:
 * the review table's actions whole, amounts on one line, "1 orden" (not "1 órdenes"), an open complaint "Aún sin
 * respuesta." (not "Respondida por — el —"), the type filter's placeholder whole (screenshots console-readme-*).
 */

const root = path.resolve(import.meta.dirname, '../..');
const run = Date.now().toString(36);

/** The README's "The back office" section. */
function backOfficeSection(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The back office'));
  return section.slice(0, section.indexOf('\n## ', 3));
}

/** A borrower's API call as a demo order's borrower (form body, session parameters in the query). */
async function callAs(page: Page, order: DemoOrder, apiPath: string, form: Record<string, string | number> = {}) {
  const url = `${order.apiBase}${apiPath}?${new URLSearchParams(order.params).toString()}`;
  const response = await page.request.post(url, { form });
  return (await response.json()) as { code: string; data: Record<string, unknown> };
}

/** The element is drawn whole: nothing of it clipped by its own box or by the scrolling area around it. */
async function expectWhole(element: Locator, area: Locator, what: string) {
  const [box, room] = [await element.boundingBox(), await area.boundingBox()];
  expect(box && room, what).toBeTruthy();
  expect.soft(box!.x + box!.width, `${what}: its right edge within the table's visible area`).toBeLessThanOrEqual(room!.x + room!.width + 0.5);
  expect.soft(await element.evaluate((el) => el.scrollWidth <= el.clientWidth), `${what}: its text fits its box`).toBe(true);
}

/** The input's placeholder fits inside it (measured in the input's own font). */
async function placeholderFits(input: Locator): Promise<{ text: number; room: number }> {
  return input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    return { text: context.measureText(el.placeholder).width, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
}

test.describe.configure({ timeout: 5 * 60_000 });
test.use({ actionTimeout: 15_000 });

test("the README's back office, as written: its admin reviews and answers complaints, a second member disburses, roles follow without a reload; the console at 1280 px", async ({
  browser,
  page: borrower,
}) => {
  const windows: ConsoleWindow[] = [];
  const section = backOfficeSection();

  // ---- The README's command, as written (its e-mail made unique to this run).
  const command = /`npm run ops -- (staff add you@example\.com [^`]+)`/.exec(section)?.[1];
  expect(command, 'the README makes the admin with ops staff add').toBeDefined();
  const address = `you-${run}@example.com`;
  const args = command!.replace('you@example.com', address).split(' ');
  const roles = args[args.indexOf('--role') + 1]!.split(',') as StaffRoleName[];
  expect(roles).toEqual(expect.arrayContaining(['admin', 'reviewer', 'support']));
  expect(roles, 'four eyes: the admin does not hold both duties').not.toContain('finance');
  const admin = staffMember(address, address, roles);
  const adminLink = setUpLinkIn(ops(...args));

  const adminWindow = await openConsole(browser);
  windows.push(adminWindow);
  const a = adminWindow.page;
  await setUpThroughLink(a, adminLink, admin);
  await a.getByRole('link', { name: c.goSignIn }).click();
  await signIn(a, admin);
  const menu = a.getByRole('navigation', { name: c.menu });
  for (const section of ['review', 'complaints', 'staff'] as const) await expect(menu.getByRole('link', { name: c.nav[section], exact: true })).toBeVisible();
  // The admin reads the disbursal screen's payouts (issue 37: payouts.read) but never disburses (decision 023).
  await openSection(a, 'disbursal');
  await expect(a.getByText('Tu rol puede ver esta lista, pero no desembolsar.')).toBeVisible();
  await expect(a.getByRole('button', { name: disbursalTexts.console.disburse })).toHaveCount(0);

  // ---- The admin approves an application in the review queue: its actions drawn whole at 1280 px.
  const application = demoOrder('21');
  await test.step('the admin reviews: the actions column whole, amounts on one line', async () => {
    await openSection(a, 'review');
    const row = a.getByRole('row').filter({ hasText: application.orderNo });
    await expect(row).toBeVisible();
    const area = a.locator('.ant-table-container');
    for (const name of ['Aprobar', 'Rechazar']) await expectWhole(row.getByRole('button', { name, exact: true }), area, name);
    expect.soft(await brokenAmounts(a), 'amounts on one line').toEqual([]);
    await saveScreenshot(a, 'console-readme-review-1280');
    await row.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await a.locator('.ant-popconfirm').filter({ hasText: `¿Aprobar la orden ${application.orderNo}?` }).getByRole('button', { name: 'Aprobar', exact: true }).click();
    await expect(a.getByText(`Orden ${application.orderNo} aprobada.`)).toBeVisible();
  });

  // ---- The admin adds the second member (finance) in Personal; their own row offers no change of their account.
  const finance = staffMember(`finanzas-${run}@example.com`, 'Fabián Finanzas', ['finance']);
  let financeLink = '';
  await test.step('the admin adds a finance member, and cannot change their own account', async () => {
    await openSection(a, 'staff');
    const own = a.getByRole('row').filter({ hasText: admin.email });
    await expect(own).toContainText('Su cuenta: sus roles los cambia otro administrador');
    await expect(own.getByRole('button')).toHaveCount(0);
    await a.getByRole('button', { name: 'Añadir miembro' }).click();
    const form = a.getByRole('dialog', { name: 'Añadir un miembro del personal' });
    await form.getByLabel(c.email, { exact: true }).fill(finance.email);
    await form.getByLabel('Nombre', { exact: true }).fill(finance.name);
    await form.getByRole('checkbox', { name: c.role.finance, exact: true }).check();
    await form.getByRole('button', { name: 'Añadir', exact: true }).click();
    const shown = a.getByRole('dialog', { name: `Enlace de configuración de ${finance.email}` });
    financeLink = setUpLinkIn(await shown.innerText());
    await shown.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar', exact: true }).click();
    await saveScreenshot(a, 'console-readme-staff-1280');
  });

  // ---- The finance member, in a browser of their own, disburses what the admin approved.
  const financeWindow = await openConsole(browser);
  windows.push(financeWindow);
  const f = financeWindow.page;
  await test.step('the second member disburses it: "1 desembolso iniciado", then the provider pays it', async () => {
    await setUpThroughLink(f, financeLink, finance);
    await f.getByRole('link', { name: c.goSignIn }).click();
    await signIn(f, finance);
    await openSection(f, 'disbursal');
    const row = f.getByRole('row').filter({ hasText: application.orderNo });
    await row.getByRole('checkbox', { name: application.orderNo }).check();
    await expect.soft(f.getByText(/^1 seleccionada · \$/)).toBeVisible();
    await f.getByRole('button', { name: 'Desembolsar seleccionadas' }).click();
    const confirm = f.locator('.ant-popconfirm').filter({ hasText: /^¿Desembolsar 1 / });
    await expect.soft(confirm).toContainText(/^¿Desembolsar 1 orden por \$/);
    await confirm.getByRole('button', { name: 'Desembolsar seleccionadas' }).click();
    // A payout started (decision 030): the order turns Desembolsada when the provider (its mock, within seconds) confirms.
    const done = f.getByRole('status').filter({ hasText: application.orderNo });
    await expect(done).toBeVisible();
    await expect.soft(done).toContainText(disbursalTexts.console.started);
    await expect.soft(done).not.toContainText('desembolsos');
    expect.soft(await brokenAmounts(f), 'amounts on one line').toEqual([]);
    await checkConsoleScreen(f, 'readme-disbursal-done');
    await waitUntilPaid(f, application.orderNo);
  });

  // ---- The admin gives the finance member support too: their open console follows at its next call, no reload.
  await test.step("a member's roles changed by the admin show in their open console without a reload", async () => {
    await expect(f.getByText(`${finance.name} · ${c.role.finance}`, { exact: true })).toBeVisible();
    const row = a.getByRole('row').filter({ hasText: finance.email });
    await row.getByRole('button', { name: 'Cambiar roles' }).click();
    const dialog = a.getByRole('dialog', { name: `Roles de ${finance.email}` });
    await dialog.getByRole('checkbox', { name: c.role.support, exact: true }).check();
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(row).toContainText(c.role.support);
    let reloaded = false;
    f.on('load', () => (reloaded = true));
    await openSection(f, 'payments');
    await expect(f.getByText(`${finance.name} · ${c.role.finance}, ${c.role.support}`, { exact: true })).toBeVisible();
    await expect(f.getByRole('navigation', { name: c.menu }).getByRole('link', { name: c.nav.complaints, exact: true })).toBeVisible();
    expect(reloaded, 'no reload').toBe(false);
  });

  // ---- The borrower files a complaint; the admin (support) reads it unanswered, and answers it.
  const init = await callAs(borrower, application, '/user-problem/problem-init');
  const type = (init.data.problemType as { value: number }[]).find((option) => option.value !== 1)!;
  const saved = await callAs(borrower, application, '/user-problem/problem-save', {
    problemType: type.value,
    problemDetail: `No me llegó el dinero del préstamo. ${run}`,
    orderNo: application.orderNo,
  });
  expect(saved.code).toBe('0');
  const problemId = String(saved.data.problemId);

  await test.step('the loan page at 1280 px: amounts on one line, the complaint not replied', async () => {
    await a.goto(`/console/loans/${application.orderNo}`);
    await expect(a.getByRole('heading', { level: 1, name: `Préstamo ${application.orderNo}` })).toBeVisible();
    await expect(a.getByText(/^El libro al /)).toBeVisible();
    expect.soft(await brokenAmounts(a), 'amounts on one line').toEqual([]);
    await saveScreenshot(a, 'console-readme-loan-1280');
    await a.getByRole('tab', { name: 'Quejas' }).click();
    await expect(a.getByRole('tabpanel', { name: 'Quejas' }).getByRole('row').filter({ hasText: problemId })).toContainText('Sin respuesta');
  });

  await test.step('the complaints inbox at 1280 px: the type filter whole, an open complaint "Aún sin respuesta."', async () => {
    await openSection(a, 'complaints');
    const fits = await placeholderFits(a.getByLabel('Tipo', { exact: true }));
    expect.soft(fits.text, "the type filter's placeholder fits").toBeLessThanOrEqual(fits.room);
    await saveScreenshot(a, 'console-readme-complaints-1280');
    await a.getByRole('row').filter({ hasText: application.orderNo }).getByRole('button', { name: `Abrir la queja ${problemId}` }).click();
    const drawer = a.getByRole('dialog', { name: `Queja ${problemId}` });
    await expect.soft(drawer.getByText('Aún sin respuesta.')).toBeVisible();
    await expect.soft(drawer.getByText(/Respondida por/)).toHaveCount(0);
    await saveScreenshot(a, 'console-readme-complaint-1280');
    await drawer.getByLabel('Texto de la respuesta').fill('Hola. El desembolso ya está en su cuenta: llega en unos minutos.');
    await drawer.getByRole('button', { name: 'Enviar la respuesta' }).click();
    await expect(a.getByText('Respuesta enviada.')).toBeVisible();
  });

  for (const w of windows) expect(w.cspViolations).toEqual([]);
  for (const w of windows) await w.context.close();
});
