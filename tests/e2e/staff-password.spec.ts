import { randomBytes } from 'node:crypto';
import { closeE2eDb } from './support/e2e-database';
import { expect, test } from './support/test';
import { ops } from './support/cli';
import { checkConsoleScreen, consoleTexts as t, openConsole, setUpLinkIn, setUpThroughLink, staffMember } from './support/console';

/*
 * Issue 32, item 3 (decision 024): the console's set-up page refuses what the issue found accepted, and says why
 * in the member's language: six emoji are six characters (checked on the page, as the server counts), a common
 * and a repetitive password are refused by the server with their reason; a long phrase is taken.
 */

test.afterAll(async () => {
  await closeE2eDb();
});

test('the set-up page refuses six emoji, password1234 and aaaaaaaaaaaa with their reason, then takes a long phrase', async ({ browser }) => {
  const member = staffMember(`clave.${randomBytes(4).toString('hex')}@presta.example`, 'Carla Clave', ['support']);
  const link = setUpLinkIn(ops('staff', 'add', member.email, '--role', 'support', '--name', member.name));
  const { context, page, cspViolations } = await openConsole(browser);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: t.setUpTitle })).toBeVisible();
  const password = page.getByLabel(t.password, { exact: true });
  const again = page.getByLabel(t.passwordAgain, { exact: true });
  const code = page.getByLabel(t.setUpCode, { exact: true });

  // Six emoji: twelve UTF-16 units, six characters; the page says so before sending anything.
  await password.fill('😀😁😂🤣😃😄');
  await again.fill('😀😁😂🤣😃😄');
  await code.fill('123456');
  await page.getByRole('button', { name: t.activate }).click();
  await expect(page.getByText('Debe tener al menos 12 caracteres.')).toBeVisible();

  // Long enough, but common or repetitive: the server's reason is shown.
  for (const [weak, reason] of [
    ['password1234', 'Esta contraseña es de las más usadas, o casi: es fácil de adivinar.'],
    ['aaaaaaaaaaaa', 'La contraseña repite caracteres o sigue una secuencia'],
  ] as const) {
    await password.fill(weak);
    await again.fill(weak);
    const answered = page.waitForResponse((r) => r.url().endsWith('/console/api/set-up/complete'));
    await page.getByRole('button', { name: t.activate }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  }
  await checkConsoleScreen(page, 'set-up-weak-password');

  // The link still works (opened again in a new tab): a long phrase is taken.
  await setUpThroughLink(await context.newPage(), link, member);
  expect(cspViolations).toEqual([]);
  await context.close();
});
