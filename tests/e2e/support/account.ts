/**
 * Helpers of the sign-in journeys (issue 16, docs/sign-in.md).
 *
 * - `offerTo`: the credit review's offer for a registered borrower, recorded
 *   as the lender's operator records it: `npm run ops -- offer <phone>
 *   --product presta-mx --limit N` (the demo borrowers' limit, half the
 *   product's maximum).
 * - `codesSentAMinuteAgo`: the phone's codes moved a minute back, as if the
 *   borrower took the next step a minute later: codes to one phone are 60 s
 *   apart whatever their purpose (registration, sign-in, bank account).
 * - `appliedOnePeriodAgo`: the order's application moved one instalment period
 *   back, and the day the operator disburses it on (`ops disburse --on`), so
 *   instalment 1 falls due today and a store takes its payment (before half
 *   the term nothing can be prepaid: docs/ledger.md).
 * - `smsCode`: the newest code of a purpose in the SMS outbox of a phone.
 * - `signInPage`: the /login page's controls, as a borrower finds them.
 * - `sessionCookie`: the presta_session cookie the browser keeps.
 * - `appSignIn`: the native app's sign-in on another device, through the
 *   API of a server of the run (the captcha's answer set by the test, the code
 *   read from the SMS outbox).
 */
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { orders, products, verificationCodes } from '../../../apps/server/src/db/schema';
import { ops } from './cli';
import { e2eDb as db } from './e2e-database';
import { smsOutbox } from './payments';
import { expectCaptchaLoaded, setCaptchaAnswer, sidOf } from './promotion';



/** The credit review's offer on a product (presta-mx unless told) for the borrower with that phone, through `ops offer`. */
export async function offerTo(phone: string, productCode: 'presta-mx' | 'presta-in' = 'presta-mx'): Promise<{ productId: number; limitAmount: number }> {
  const { db: d } = await db();
  const [product] = await d.select().from(products).where(eq(products.code, productCode));
  expect(product, `the product ${productCode}`).toBeDefined();
  const limitAmount = Math.floor(product!.amountMax / 2 / product!.amountStep) * product!.amountStep;
  expect(ops('offer', phone, '--product', productCode, '--limit', String(limitAmount))).toContain(`limit ${limitAmount} (new offer)`);
  return { productId: product!.id, limitAmount };
}

/** The 6-digit code of the newest SMS of `purpose` sent to the phone; throws when there is none. */
export async function smsCode(request: APIRequestContext, phone: string, purpose: 'sign_in_code' | 'bank_account_code'): Promise<string> {
  const messages = (await smsOutbox(request, phone)).filter((m) => m.purpose === purpose);
  const match = messages[0] ? /\b(\d{6})\b/.exec(messages[0].body) : null;
  if (!match) throw new Error(`no ${purpose} in the SMS outbox of ${phone}: ${JSON.stringify(messages)}`);
  return match[1]!;
}

/** How many SMS of `purpose` the phone has received. */
export async function smsCount(request: APIRequestContext, phone: string, purpose: 'sign_in_code' | 'bank_account_code'): Promise<number> {
  return (await smsOutbox(request, phone)).filter((m) => m.purpose === purpose).length;
}

export type Lang = 'es' | 'en';

/**
 * The account pages' texts the journeys look for, copied from apps/web/src/features/account/messages.ts on
 * purpose (the journeys check the pages against them, not against the pages' own catalogue; that file's
 * '@/' imports are the web app's, not the e2e project's).
 */
export const accountTexts = {
  es: {
    signInTitle: 'Iniciar sesión',
    phoneLabel: 'Número de celular',
    captchaLabel: 'Código de la imagen',
    captchaImageAlt: 'Imagen con el código de verificación',
    codeLabel: 'Código de 6 dígitos',
    signIn: 'Entrar',
    resendIn: 'Reenviar en {seconds} s',
    offersTitle: 'Ofertas para usted',
    chooseAmount: 'Monto',
    activeLoanTitle: 'Su préstamo',
    pay: 'Pagar',
    myLoansTitle: 'Mis préstamos',
    noLoans: 'Aún no tiene préstamos.',
    accountTitle: 'Mi cuenta',
    languageEn: 'English',
    bankNone: 'Aún no tiene una cuenta para recibir sus préstamos.',
    bankAdd: 'Agregar cuenta',
    thisDevice: 'Este dispositivo',
    signOutOne: 'Cerrar esta sesión',
    signOutOneLabel: 'Cerrar la sesión de {device}',
    signOutOneTitle: '¿Cerrar la sesión de {device}?',
    sessionSignedOut: 'Sesión cerrada.',
    signOut: 'Cerrar sesión',
    bankPageTitle: 'Cuenta bancaria',
    clabeLabel: 'CLABE (18 dígitos)',
    clabeInvalid: 'La CLABE tiene 18 dígitos.',
    accountNumberLabel: 'Número de cuenta',
    ifscLabel: 'Código IFSC',
    saveAccount: 'Guardar cuenta',
    accountSaved: 'Cuenta guardada.',
  },
  en: {
    signInTitle: 'Sign in',
    phoneLabel: 'Mobile number',
    captchaLabel: 'Code in the picture',
    captchaImageAlt: 'Picture with the verification code',
    codeLabel: '6-digit code',
    signIn: 'Sign in',
    resendIn: 'Resend in {seconds} s',
    offersTitle: 'Offers for you',
    chooseAmount: 'Amount',
    activeLoanTitle: 'Your loan',
    pay: 'Pay',
    myLoansTitle: 'My loans',
    noLoans: 'You have no loans yet.',
    accountTitle: 'My account',
    languageEn: 'English',
    bankNone: 'You have no account to receive your loans yet.',
    bankAdd: 'Add an account',
    thisDevice: 'This device',
    signOutOne: 'Sign out this session',
    signOutOneLabel: 'Sign out the session of {device}',
    signOutOneTitle: 'Sign out the session of {device}?',
    sessionSignedOut: 'Session signed out.',
    signOut: 'Sign out',
    bankPageTitle: 'Bank account',
    clabeLabel: 'CLABE (18 digits)',
    clabeInvalid: 'The CLABE has 18 digits.',
    accountNumberLabel: 'Account number',
    ifscLabel: 'IFSC code',
    saveAccount: 'Save account',
    accountSaved: 'Account saved.',
  },
} as const;

/** The sign-in page's controls (and those of the SMS code, shared with /bind-bank). */
export function signInPage(page: Page, lang: Lang = 'es') {
  const t = accountTexts[lang];
  return {
    t,
    heading: page.getByRole('heading', { level: 1, name: t.signInTitle }),
    phone: page.getByLabel(t.phoneLabel),
    captcha: page.getByLabel(t.captchaLabel, { exact: true }),
    image: page.getByRole('img', { name: t.captchaImageAlt }),
    code: page.getByLabel(t.codeLabel),
    sendCode: page.locator('.presta-account-code-button'),
    submit: page.getByRole('button', { name: t.signIn, exact: true }),
    refusal: page.locator('.presta-account-refusal[role="alert"]'),
  };
}

/** A captcha answer the test sets in the database for the picture the page shows. */
export const CAPTCHA_ANSWER = 'k7m2';

/** The picture decoded, its sid given the known answer, the answer typed. */
export async function answerCaptcha(image: Locator, field: Locator): Promise<void> {
  await setCaptchaAnswer(sidOf(await expectCaptchaLoaded(image)), CAPTCHA_ANSWER);
  await field.fill(CAPTCHA_ANSWER);
}

/** Phone and captcha typed, "send code" pressed; waits for the server's answer and answers its status. */
export async function requestSignInCode(page: Page, phone: string, lang: Lang = 'es'): Promise<number> {
  const f = signInPage(page, lang);
  await f.phone.fill(phone);
  await answerCaptcha(f.image, f.captcha);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/account/sign-in-code');
  await f.sendCode.click();
  return (await answered).status();
}

/** The browser's presta_session cookie (its value: the session id). */
export async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'presta_session')?.value;
}

/**
 * The native app's sign-in on another device, through the API of a server of the run, as the app's login
 * screen makes it: get-sid, the captcha picture drawn, its answer (set by the test), sign-in-code, the code from
 * the SMS outbox, sign-in with client=app and the device's name and OS in the address. Answers the session id.
 */
export async function appSignIn(request: APIRequestContext, port: number, phone: string, deviceArg: { name: string; os: string }): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const sidAnswer = await request.get(`${base}/api/v2/youmi/promotion/get-sid`);
  const sid = ((await sidAnswer.json()) as { data: { sid: string } }).data.sid;
  expect((await request.get(`${base}/api/v2/youmi/promotion/get-captcha?sid=${sid}&t=1`)).status()).toBe(200);
  await setCaptchaAnswer(sid, CAPTCHA_ANSWER);
  const sent = await request.post(`${base}/v3/account/sign-in-code`, { form: { phone, sid, capcode: CAPTCHA_ANSWER } });
  expect(sent.status(), await sent.text()).toBe(200);
  const device = new URLSearchParams({ dearest: deviceArg.name, dearer: deviceArg.os });
  const signedIn = await request.post(`${base}/v3/account/sign-in?${device}`, {
    form: { phone, code: await smsCode(request, phone, 'sign_in_code'), client: 'app' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const sessionId = ((await signedIn.json()) as { data: { sessionId: string } }).data.sessionId;
  expect(sessionId).toMatch(/^[0-9a-f]{32,}$/);
  return sessionId;
}

/**
 * The codes sent so far counted as another address's. Every journey's browser asks from this machine's address,
 * and the server lets one address ask for 30 SMS codes in 24 hours (decision 025): the whole run together passes
 * that, where each real borrower asks from their own. Called before a spec's journeys; the codes' times, expiry and
 * per-phone counts are unchanged.
 */
export async function spareAddressBudget(): Promise<void> {
  const { db: d } = await db();
  await d.update(verificationCodes).set({ clientIp: 'e2e-earlier-journeys' }).where(sql`${verificationCodes.clientIp} <> 'e2e-earlier-journeys'`);
}

/** Every verification code of the phone moved 61 s back (the 60 s between codes to a phone has passed). */
export async function codesSentAMinuteAgo(phone: string): Promise<void> {
  const { db: d } = await db();
  const moved = await d
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '61 seconds'` })
    .where(eq(verificationCodes.phone, phone))
    .returning({ id: verificationCodes.id });
  expect(moved.length, `codes sent to ${phone}`).toBeGreaterThan(0);
}

/**
 * The order applied for one instalment period ago (orders.created_at moved back); answers the day, in the
 * product's time zone, to disburse it on so that instalment 1 falls due today.
 */
export async function appliedOnePeriodAgo(orderNo: string): Promise<string> {
  const { db: d } = await db();
  const [order] = await d
    .update(orders)
    .set({ createdAt: sql`${orders.createdAt} - make_interval(days => ${orders.termUnitDays}::int)` })
    .where(eq(orders.orderNo, orderNo))
    .returning({ days: orders.termUnitDays, productId: orders.productId });
  expect(order, `the order ${orderNo}`).toBeDefined();
  const [product] = await d.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, order!.productId));
  const day = new Date(Date.now() - order!.days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: product!.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}
