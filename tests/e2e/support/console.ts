/**
 * Helpers of the back-office journey (issue 17, docs/back-office.md): the console in real Chromium.
 *
 * - `consoleTexts`: the console's Spanish texts the journey looks for, copied from apps/console/src (its
 *   catalogues import the console's '@/' alias, which the e2e project does not resolve; the journey checks the
 *   screens against these copies, as the repayment and complaint journeys do).
 * - `StaffMember` and `totpCode`: a member's password and TOTP secret as the test knows them, and the code their
 *   authenticator app would show, of a step the server still takes and has not taken from them yet (a code is
 *   accepted once: staff-service.ts stores the last step used and takes one 30 s step either side of now).
 * - `setUpLinkIn`: the one-time set-up link in a text (`ops staff add`'s output, the staff screen's dialog).
 * - `openConsole`: a browser context of the member's own at 1280×800 that records every Content Security Policy
 *   violation of its pages (the `securitypolicyviolation` event and the console's CSP messages).
 * - `setUpThroughLink`, `signIn`: the set-up page and the sign-in form, as a member uses them.
 * - `checkConsoleScreen`: no serious or critical axe violation at 1280×800 and 768×1024, and a screenshot at each
 *   width (`console-<screen>-<width>`).
 * - `consoleCall`: a console call made from the member's page as the console makes it (the session's cookie and
 *   the CSRF token /me answers), for what the console does not offer the member.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './a11y';
import { ops } from './cli';
import { e2ePorts } from './e2e-env';
import { saveScreenshot } from './layout';

export const consoleTexts = {
  // features/set-up/messages.ts
  setUpTitle: 'Configura tu cuenta',
  secretHint: '¿No puedes escanear? Escribe esta clave en la app:',
  qrLabel: 'Código QR para la app de autenticación',
  password: 'Contraseña',
  passwordAgain: 'Repite la contraseña',
  setUpCode: 'Código de la app',
  activate: 'Activar mi cuenta',
  setUpDone: 'Tu cuenta está lista',
  recoveryLabel: 'Códigos de recuperación',
  goSignIn: 'Ir al acceso',
  // features/sign-in/messages.ts
  signInTitle: 'Acceso del personal',
  email: 'Correo',
  signInCode: 'Código de la app de autenticación',
  signIn: 'Entrar',
  // shared/i18n/common-messages.ts
  welcome: (name: string) => `Hola, ${name}.`,
  menu: 'Menú',
  nav: {
    applications: 'Solicitudes',
    review: 'Revisión',
    disbursal: 'Desembolsos',
    loans: 'Préstamos',
    payments: 'Pagos',
    complaints: 'Quejas',
    promotion: 'Promoción',
    staff: 'Personal',
    audit: 'Auditoría',
  },
  role: { reviewer: 'Revisor', finance: 'Finanzas', support: 'Soporte', analyst: 'Analista', admin: 'Administrador', credit_manager: 'Gerente de crédito' },
  cancel: 'Cancelar',
} as const;

export type StaffRoleName = keyof typeof consoleTexts.role;

export type StaffMember = {
  email: string;
  name: string;
  roles: StaffRoleName[];
  password: string;
  /** The TOTP secret (base32) read on the set-up page. */
  secret?: string;
  /** The last TOTP step the server took from this member (a code of it or an earlier one is refused). */
  lastStep: number;
};

/** Six random letters and digits: a password of two is strong (zxcvbn's score 3+) and names neither e-mail nor name. */
const randomWord = () => Math.random().toString(36).slice(2, 8).padEnd(6, 'x');

export function staffMember(email: string, name: string, roles: StaffRoleName[]): StaffMember {
  return { email, name, roles, password: `e2e frase larga ${randomWord()} ${randomWord()}`, lastStep: -1 };
}

const period = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / period);

/**
 * The member's code for the earliest step the server will take now and has not taken from them: the current step,
 * or the next one (the server's window is one step either side) when the current one is used up; when both are,
 * waits for the next step. The step is recorded as used: call it once per code typed.
 */
export async function totpCode(member: StaffMember): Promise<string> {
  if (!member.secret) throw new Error(`${member.email} has no TOTP secret yet`);
  let step = Math.max(stepNow(), member.lastStep + 1);
  while (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = Math.max(stepNow(), member.lastStep + 1);
  }
  member.lastStep = step;
  return new TOTP({ secret: Secret.fromBase32(member.secret), digits: 6, period }).generate({ timestamp: step * period * 1000 });
}

/** The one-time set-up link in a text; its path and fragment (`/console/set-up#<token>`), on the run's main server. */
export function setUpLinkIn(text: string): string {
  const match = /(https?:\/\/[^\s/]+)(\/console\/set-up#[A-Za-z0-9_-]{20,})/.exec(text);
  if (!match) throw new Error(`no set-up link in ${JSON.stringify(text)}`);
  expect(match[1], 'the link names the server (PUBLIC_BASE_URL)').toBe(`http://127.0.0.1:${e2ePorts.main}`);
  return match[2]!;
}

export type ConsoleWindow = { context: BrowserContext; page: Page; cspViolations: string[] };

declare global {
  interface Window {
    prestaCspViolation?: (report: string) => void;
  }
}

/** A browser context of the member's own (desktop, 1280×800, Spanish) that records CSP violations. */
export async function openConsole(browser: Browser): Promise<ConsoleWindow> {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${e2ePorts.main}`,
    viewport: { width: 1280, height: 800 },
    locale: 'es-ES',
  });
  context.setDefaultTimeout(15_000);
  const cspViolations: string[] = [];
  await context.exposeFunction('prestaCspViolation', (report: string) => cspViolations.push(report));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.prestaCspViolation?.(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(`console: ${message.text()}`);
  });
  const page = await context.newPage();
  return { context, page, cspViolations };
}

/**
 * Opens the set-up link, reads the secret shown beside the QR code, sets the password and types a code of it.
 * Answers the recovery codes shown; the page then offers the sign-in.
 */
export async function setUpThroughLink(page: Page, link: string, member: StaffMember): Promise<string[]> {
  const t = consoleTexts;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: t.setUpTitle })).toBeVisible();
  // The token leaves the address bar once read.
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await expect(page.getByRole('img', { name: t.qrLabel })).toBeVisible();
  const shown = (await page.getByText(t.secretHint).locator('code').textContent()) ?? '';
  const secret = /\b[A-Z2-7]{32}\b/.exec(shown)?.[0];
  expect(secret, `the secret shown: ${shown}`).toBeDefined();
  member.secret = secret;
  await page.getByLabel(t.password, { exact: true }).fill(member.password);
  await page.getByLabel(t.passwordAgain, { exact: true }).fill(member.password);
  await page.getByLabel(t.setUpCode, { exact: true }).fill(await totpCode(member));
  await page.getByRole('button', { name: t.activate }).click();
  await expect(page.getByRole('heading', { name: t.setUpDone })).toBeVisible();
  const codes = await page.getByRole('list', { name: t.recoveryLabel }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  return codes;
}

/** The sign-in form (the console's address without a session): e-mail, password and a fresh code; the home page. */
export async function signIn(page: Page, member: StaffMember): Promise<void> {
  const t = consoleTexts;
  await expect(page.getByRole('heading', { level: 1, name: t.signInTitle })).toBeVisible();
  await page.getByLabel(t.email, { exact: true }).fill(member.email);
  await page.getByLabel(t.password, { exact: true }).fill(member.password);
  await page.getByLabel(t.signInCode, { exact: true }).fill(await totpCode(member));
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.welcome(member.name) })).toBeVisible();
}

/** A member added with `ops staff add`, set up through their link and signed in, in a browser of their own: its home. */
export async function signedInMember(browser: Browser, who: StaffMember): Promise<ConsoleWindow> {
  const link = setUpLinkIn(ops('staff', 'add', who.email, '--role', who.roles.join(','), '--name', who.name));
  const w = await openConsole(browser);
  await setUpThroughLink(w.page, link, who);
  await w.page.goto('/console/');
  await signIn(w.page, who);
  return w;
}

/** The menu offers the sections the member's roles may use, and none of the other sections of issue 17. */
export async function expectMenu(page: Page, sections: (keyof typeof consoleTexts.nav)[]): Promise<void> {
  const menu = page.getByRole('navigation', { name: consoleTexts.menu });
  for (const [section, name] of Object.entries(consoleTexts.nav)) {
    const link = menu.getByRole('link', { name, exact: true });
    if (sections.includes(section as keyof typeof consoleTexts.nav)) await expect(link, name).toBeVisible();
    else await expect(link, name).toHaveCount(0);
  }
}

/** Opens a section through the menu. */
export async function openSection(page: Page, section: keyof typeof consoleTexts.nav): Promise<void> {
  const link = page.getByRole('navigation', { name: consoleTexts.menu }).getByRole('link', { name: consoleTexts.nav[section], exact: true });
  // The menu may still be sliding back in after a narrower viewport (the sider collapses under 992 px).
  await expect(async () => {
    await link.click({ timeout: 2_000 });
    await expect(page).toHaveURL(new RegExp(`/console/${section}$`), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * The screen as it stands, once antd's toasts have gone: no serious or critical axe violation at 1280×800 and at
 * 768×1024, a screenshot at each width (test-results/screenshots/console-<screen>-<width>.png); back to 1280×800.
 */
export async function checkConsoleScreen(page: Page, screen: string): Promise<void> {
  await expect(page.locator('.ant-message-notice'), `${screen}: a toast still shown`).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.ant-spin-spinning'), `${screen}: still loading`).toHaveCount(0);
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The pointer off the menu: a resize can leave it over another item, whose hover colour is not the page's.
    await page.mouse.move(width - 2, height - 2);
    await page.waitForTimeout(150);
    await expectAccessible(page);
    await saveScreenshot(page, `console-${screen}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('.ant-layout-sider-collapsed')).toHaveCount(0);
}

export type CallAnswer = { status: number; body: { code?: string; message?: string; data?: unknown } };

/**
 * A console call from the member's page, as the console makes it: same origin, the presta_console cookie, and on a
 * POST the CSRF token /me answers in x-csrf-token.
 */
export async function consoleCall(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<CallAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const me = (await (await fetch('/console/api/me', { headers: { accept: 'application/json' } })).json()) as { data: { csrfToken: string } };
      const response = await fetch(path, {
        method,
        headers: { accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/json', 'x-csrf-token': me.data.csrfToken } : {}) },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
      return { status: response.status, body: (await response.json()) as CallAnswer['body'] };
    },
    { method, path, body },
  );
}
