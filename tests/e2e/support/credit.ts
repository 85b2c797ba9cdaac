/**
 * Helpers of the credit decision's journeys (issue 35, docs/application.md "Decision", docs/credit-policy.md).
 *
 * - `creditTexts`: what /certify, home, the confirmation and the console show of a decision, copied from the web's
 *   and the console's catalogues and the server's apps/server/src/i18n/messages/credit.ts on purpose (the journeys
 *   check the pages against these copies, not against the pages' own catalogues).
 * - `decidedApplicant`: `npm run -s demo -- applicant --outcome <o> [--step <s>]` against the e2e database (the
 *   identity of the outcome's bureau profile; alone, submitted and decided at once).
 * - `freshIdentity`: an identity the KYC sandbox verifies with a bureau profile, seeded apart from the demo's
 *   (whose seeds are borrower ids), so a journey typing it never meets the identity_in_use knock-out.
 * - `signAndSubmit`: a demo applicant at the consents step signs and sends through the pages.
 * - `bindBankAccount`: the account a loan is paid into, on /bind-bank with the SMS code, in the borrower's market.
 * - `consoleMember`: a member added with `npm run ops -- staff add`, set up through the link and signed in.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { MarketCode } from '@presta/contract/markets';
import { sandboxBureauIdentity, type SandboxBureauProfile } from '../../../apps/server/src/modules/credit/bureau/bureau-sandbox-data';
import type { IndiaIdentity, MexicoIdentity } from '../../../apps/server/src/modules/application/kyc/kyc-sandbox-data';
import { accountTexts, codesSentAMinuteAgo, smsCode } from './account';
import { applicationTexts, continueTo, expectView, fillConsents, type DemoApplicant, type Lang } from './application';
import { signedInMember, staffMember, type StaffMember, type StaffRoleName } from './console';
import { e2eDatabaseEnv, e2ePorts } from './e2e-env';
import { expect } from './test';

const root = path.resolve(import.meta.dirname, '../../..');

export type Outcome = 'approved' | 'referred' | 'declined';

export const creditTexts = {
  es: {
    // server: i18n/messages/credit.ts
    statusApproved: 'Solicitud aprobada: sus ofertas están en Inicio',
    statusReferred: 'Su solicitud está con un analista de crédito: le avisaremos por SMS',
    statusDeclined: 'Por ahora no podemos prestarle',
    smsApproved: 'fue aprobada. Entre a la app para ver su oferta.',
    smsReferred: 'Presta: un analista revisa su solicitud',
    smsDeclined: 'Presta: por ahora no podemos aprobar su solicitud',
    reason: {
      current_delinquency: 'Su historial de crédito muestra pagos atrasados en este momento.',
      score_below_cutoff: 'Su calificación de crédito es menor que la que pedimos.',
    },
    // web: account/messages.ts
    offersTitle: 'Ofertas para usted',
    /** An offer's button: "Solicitar $5,000.00" (not home's "Solicitar ahora"). */
    borrow: /^Solicitar \$/,
    applyButton: 'Solicitar ahora',
    reasonsTitle: 'Por qué',
    reapplyFrom: /^Podrá solicitar de nuevo a partir del .+\.$/,
    activeLoanTitle: 'Su préstamo',
    // web: loan/messages.ts
    confirmTitle: 'Confirme su préstamo',
    confirmSubmit: 'Solicitar préstamo',
    keyFactsAcknowledge: '',
  },
  en: {
    statusApproved: 'Application approved: your offers are on Home',
    statusReferred: 'A credit analyst is reviewing your application: we will tell you by SMS',
    statusDeclined: 'We cannot lend to you for now',
    smsApproved: 'is approved. Open the app to see your offer.',
    smsReferred: 'Presta: an analyst is reviewing your application',
    smsDeclined: 'Presta: we cannot approve your application',
    reason: {
      current_delinquency: 'Your credit history shows payments overdue now.',
      score_below_cutoff: 'Your credit score is below the one we ask for.',
    },
    offersTitle: 'Offers for you',
    borrow: /^Apply for ₹/,
    applyButton: 'Apply now',
    reasonsTitle: 'Why',
    reapplyFrom: /^You may apply again from .+\.$/,
    activeLoanTitle: 'Your loan',
    confirmTitle: 'Confirm your loan',
    confirmSubmit: 'Apply for the loan',
    keyFactsAcknowledge: 'I have read and understood the Key Facts Statement',
  },
} as const;

/** The console's words for the reviewer's side (apps/console/src/features/applications/messages.ts). */
export const reviewTexts = {
  tabQueue: 'Cola de revisión',
  decisionTitle: 'Decisión de crédito',
  referred: 'Con analista',
  approve: 'Aprobar',
  approveTitle: (no: string) => `Aprobar la solicitud ${no}`,
  limitFor: (product: string) => `Límite de ${product}`,
  aboveBand: 'Arriba del máximo de la banda: un gerente de crédito debe confirmarlo.',
  approvedDone: (no: string) => `Solicitud ${no} aprobada.`,
  approvalSent: (no: string) => `La aprobación de ${no} espera a un gerente de crédito.`,
  pendingApproval: 'Aprobación por confirmar',
  ownApprovalHint: 'Usted hizo esta aprobación: la confirma otro gerente de crédito.',
  confirm: 'Confirmar',
  confirmTitle: (no: string) => `Confirmar la aprobación de ${no}`,
  confirmedDone: (no: string) => `Aprobación de ${no} confirmada.`,
} as const;

/** `npm run -s demo -- applicant --lang <lang> --outcome <outcome> [--step <step>]` against the e2e database. */
export function decidedApplicant(lang: Lang, outcome: Outcome, step?: string): DemoApplicant & { outcome?: string; reasons?: { code: string; text: string }[] } {
  const args = ['--import', 'tsx', 'apps/server/src/cli/demo.ts', 'applicant', '--lang', lang, '--outcome', outcome, ...(step ? ['--step', step] : [])];
  const out = execFileSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...e2eDatabaseEnv(), PORT: String(e2ePorts.main), PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePorts.main}` },
    encoding: 'utf8',
  });
  return JSON.parse(out) as DemoApplicant;
}

/** Above the demo applicants' seeds (demoIdentitySeed: below 1 000 000): a journey's identity is never a demo applicant's. */
const JOURNEY_SEEDS = [1_000_000, 1_559_999] as const;
export function freshIdentity(market: 'MX', profile: SandboxBureauProfile): MexicoIdentity;
export function freshIdentity(market: 'IN', profile: SandboxBureauProfile): IndiaIdentity;
export function freshIdentity(market: MarketCode, profile: SandboxBureauProfile): MexicoIdentity | IndiaIdentity {
  return sandboxBureauIdentity(market, profile, randomInt(...JOURNEY_SEEDS));
}

/** The borrower's page at `path` with the demo applicant's session (its address carries it). */
export function pageOf(applicant: DemoApplicant, pathname: string, extra: Record<string, string> = {}): string {
  const url = new URL(applicant.urls.home);
  url.pathname = pathname;
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
}

/**
 * Reloads home until an offer shows (the decision's job approved the application, or a reviewer did). Once decided,
 * the application is no longer open: /certify shows none, home shows the offers (or a decline's reasons).
 */
export async function reloadHomeUntilOffer(page: Page, lang: Lang, applicant: DemoApplicant | null, seconds = 60) {
  const borrow = page.getByRole('button', { name: creditTexts[lang].borrow }).first();
  await page.goto(applicant ? pageOf(applicant, '/main') : '/main');
  await expect(async () => {
    await page.reload();
    await expect(borrow).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: seconds * 1000, intervals: [1_000, 2_000] });
}

/** A demo applicant at the consents step signs with the SMS code and sends the application. */
export async function signAndSubmit(page: Page, request: APIRequestContext, lang: Lang, applicant: DemoApplicant) {
  const t = applicationTexts[lang];
  await page.goto(pageOf(applicant, '/certify', { step: 'consents' }));
  await expectView(page, lang, t.stepTitle.consents);
  await fillConsents(page, request, lang, applicant.phone);
  await continueTo(page, lang, t.reviewTitle, t.sign);
  await page.getByRole('button', { name: t.submit }).click();
  await expectView(page, lang, t.statusTitle);
}

/** A valid CLABE (Banamex, check digit right), and an Indian account with its IFSC. */
const CLABE = '002180700912395678';
const INDIA_ACCOUNT = { number: '123456789012', ifsc: 'HDFC0001234' };

/** The account the loan is paid into, on /bind-bank, confirmed with the SMS code. */
export async function bindBankAccount(page: Page, request: APIRequestContext, lang: Lang, applicant: DemoApplicant, market: MarketCode) {
  const t = accountTexts[lang];
  await page.goto(pageOf(applicant, '/bind-bank'));
  await expect(page.getByRole('heading', { level: 1, name: t.bankPageTitle })).toBeVisible();
  if (market === 'MX') {
    await page.getByLabel(t.clabeLabel).fill(CLABE);
  } else {
    await page.getByLabel(t.accountNumberLabel).fill(INDIA_ACCOUNT.number);
    await page.getByLabel(t.ifscLabel).fill(INDIA_ACCOUNT.ifsc);
  }
  await codesSentAMinuteAgo(applicant.phone);
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/account/bank-account-code');
  await page.locator('.presta-account-code-button').click();
  expect((await sent).status()).toBe(200);
  await page.getByLabel(t.codeLabel).fill(await smsCode(request, applicant.phone, 'bank_account_code'));
  await page.getByRole('button', { name: t.saveAccount }).click();
  await expect(page.getByText(t.accountSaved)).toBeVisible();
}

/** A console member with these roles: added by the ops command, set up through the link, signed in (1280 px). */
export async function consoleMember(browser: Browser, email: string, name: string, roles: StaffRoleName[]): Promise<{ page: Page; member: StaffMember }> {
  const member = staffMember(email, name, roles);
  return { page: (await signedInMember(browser, member)).page, member };
}
