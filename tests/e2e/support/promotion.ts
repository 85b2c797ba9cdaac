/**
 * Helpers of the promotion journeys (docs/promotion.md).
 *
 * - `promoTexts` / `zhMessages`: what the landing page shows. The Spanish texts
 *   are those of promo/index.html; the Chinese ones are the §5 / §8 messages
 *   of apps/web/src/promo/messages.ts, copied here on purpose: the journeys
 *   check the page against them, not against its own catalogue.
 * - `randomPhone` / `randomTag` / `promoUrl`: a fresh visitor per test
 *   (11 digits, 1 then 3–9) and a campaign tag of its own.
 * - `setCaptchaAnswer`: the captcha is a real image, so the test gives the
 *   sid's current captcha a known answer in the e2e database, hashed by the
 *   server's own `answerHash`.
 * - `registeredBorrower` / `insertBorrower`: the borrowers table.
 * - `promoSmsCode`: the registration code sent to a phone (the demo tools' SMS
 *   outbox, GET /api/dev/sms-outbox).
 * - `funnelRow`: a row of `npm run ops -- funnel`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { borrowers, promoSessions } from '../../../apps/server/src/db/schema';
import { answerHash } from '../../../apps/server/src/modules/promotion/promotion-service';
import { e2eDb as db } from './e2e-database';
import { smsOutbox } from './payments';


/** The page's Spanish texts (promo/index.html) and the server's Spanish messages it shows. */
export const promoTexts = {
  pageTitle: 'Regístrese y reciba su préstamo',
  heroTitle: 'Su préstamo en minutos',
  phoneLabel: 'Número de teléfono',
  captchaLabel: 'Código de la imagen',
  captchaRefresh: 'Cambiar la imagen del código',
  smsLabel: 'Código SMS',
  getCode: 'Obtener código',
  apply: 'Solicitar ahora',
  agreementLink: 'Acuerdo de usuario',
  backToRegistration: 'Volver al registro',
  appStore: 'Descargar en App Store',
  googlePlay: 'Descargar en Google Play',
  countdown: (seconds: number) => `${seconds} s`,
  // apps/server/src/i18n/messages.ts (es)
  serverCaptchaWrong: 'El código de la imagen no es correcto. Escriba el de la nueva imagen.',
} as const;

/** §5 and §8: shown exactly so, whatever the page language (toasts marked lang="zh-CN"). */
export const zhMessages = {
  phoneInvalid: '请正确输入手机号码',
  captchaInvalid: '请正确输入图形验证码',
  smsCodeInvalid: '请正确输入短信验证码',
  doNotResend: '请勿重复发送验证码',
  codeSent: '验证码已发送，请注意查收',
  alreadyRegistered: '已注册，请下载APP登录',
  registered: '注册成功',
} as const;

/** §7 paths of the promotion calls (packages/contract/src/api/api-routes.ts). */
export const promoPaths = {
  channelTemplate: '/api/v2/youmi/service/channel/channel-template',
  getSid: '/api/v2/youmi/promotion/get-sid',
  getCaptcha: '/api/v2/youmi/promotion/get-captcha',
  getSms: '/api/v2/youmi/promotion/get-sms',
  register: '/api/v2/youmi/promotion/register',
  trackVisit: '/api/v2/youmi/promotion/track-visit',
  trackClick: '/api/v2/youmi/promotion/track-click',
} as const;

/** A phone §5 accepts (11 digits, 1 then 3–9), random enough to be new in every test. */
export function randomPhone(): string {
  return `1${randomInt(3, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** A campaign tag of one test: the funnel row and the borrower are found by it. */
export function randomTag(): string {
  return `e2e-${randomBytes(5).toString('hex')}`;
}

/** /promo/?id=1&app_from=fb&user_from=ad1&utm_tag=<tag>, plus the extra parameters (down_id, links_id …). */
export function promoUrl(utmTag: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ id: '1', app_from: 'fb', user_from: 'ad1', utm_tag: utmTag, ...extra });
  return `/promo/?${query}`;
}

/** The template record the page reads (GET channel-template, code '00'). */
export type PromoTemplate = {
  id: string;
  appName: string;
  agreementTitle: string;
  agreementParagraphs: string[];
  downloadTitle: string;
  downloadText: string;
  iosUrl: string;
  androidUrl: string;
  pixelId: string;
};

export async function fetchTemplate(request: APIRequestContext, templateId = '1'): Promise<PromoTemplate> {
  const response = await request.get(`${promoPaths.channelTemplate}?templateId=${templateId}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { code: string; data: PromoTemplate };
  expect(body.code).toBe('00');
  return body.data;
}

// ---------------------------------------------------------------------------
// The captcha image
// ---------------------------------------------------------------------------

/** The captcha <img> has an address and the browser decoded it (a real image, not a broken one). */
export async function expectCaptchaLoaded(image: Locator): Promise<string> {
  await expect(image).toHaveAttribute('src', new RegExp(`${promoPaths.getCaptcha}\\?sid=[0-9a-f]{32}&t=\\d+$`));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { message: 'the captcha image decoded' })
    .toBeGreaterThan(0);
  return (await image.getAttribute('src'))!;
}

/** The sid in the captcha image's address (`get-captcha?sid=…&t=…`). */
export function sidOf(src: string): string {
  const sid = new URL(src, 'http://x').searchParams.get('sid');
  if (!sid || !/^[0-9a-f]{32}$/.test(sid)) throw new Error(`no sid in the captcha address ${src}`);
  return sid;
}

// ---------------------------------------------------------------------------
// Rows in the e2e database (e2e-database.ts)
// ---------------------------------------------------------------------------

/**
 * Gives the sid's current captcha the answer `answer` (the image the page
 * shows keeps its own characters). Call it after the page's image loaded: a
 * later draw (a refresh) replaces the answer again.
 */
export async function setCaptchaAnswer(sid: string, answer: string): Promise<void> {
  const { db: d } = await db();
  const rows = await d
    .update(promoSessions)
    .set({ answerHash: answerHash(sid, answer) })
    .where(eq(promoSessions.sid, sid))
    .returning({ sid: promoSessions.sid, draws: promoSessions.draws });
  expect(rows, `promo_sessions has the sid ${sid}`).toHaveLength(1);
  expect(rows[0]!.draws, 'the sid has a drawn captcha').toBeGreaterThan(0);
}

export type RegisteredBorrower = { phone: string; promoTemplateId: number | null; appFrom: string | null; userFrom: string | null; utmTag: string | null };

/** The borrower with that phone, or undefined. */
export async function registeredBorrower(phone: string): Promise<RegisteredBorrower | undefined> {
  const { db: d } = await db();
  const [row] = await d
    .select({
      phone: borrowers.phone,
      promoTemplateId: borrowers.promoTemplateId,
      appFrom: borrowers.appFrom,
      userFrom: borrowers.userFrom,
      utmTag: borrowers.utmTag,
    })
    .from(borrowers)
    .where(eq(borrowers.phone, phone));
  return row;
}

/** A borrower who already has an account with that phone (registered earlier, anywhere), in Spanish unless told. */
export async function insertBorrower(phone: string, opts: { language?: 'es' | 'en'; fullName?: string } = {}): Promise<void> {
  const { db: d } = await db();
  await d.insert(borrowers).values({ phone, fullName: opts.fullName ?? 'Registrada Antes', language: opts.language ?? 'es' });
}

// ---------------------------------------------------------------------------
// SMS and the funnel
// ---------------------------------------------------------------------------

/** The 6-digit code of the newest registration SMS sent to the phone; throws when there is none. */
export async function promoSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const messages = (await smsOutbox(request, phone)).filter((m) => m.purpose === 'promo_register_code');
  const match = messages[0] ? /\b(\d{6})\b/.exec(messages[0].body) : null;
  if (!match) throw new Error(`no registration code in the SMS outbox of ${phone}: ${JSON.stringify(messages)}`);
  return match[1]!;
}

/** Registration SMS messages sent to the phone. */
export async function promoSmsCount(request: APIRequestContext, phone: string): Promise<number> {
  return (await smsOutbox(request, phone)).filter((m) => m.purpose === 'promo_register_code').length;
}

export type FunnelRow = {
  template: string;
  utmTag: string;
  visits: number;
  clicks: number;
  smsRequests: number;
  smsSent: number;
  registrations: number;
  conversion: string;
};

/** The row of a template and utm_tag in the output of `npm run ops -- funnel` (undefined when absent). */
export function funnelRow(output: string, template: string, utmTag: string): FunnelRow | undefined {
  const lines = output.split('\n');
  const header = lines.findIndex((l) => l.trim() === 'template  utm_tag  visits  apply_clicks  sms_requests  sms_sent  registrations  conversion');
  if (header === -1) throw new Error(`no funnel table in:\n${output}`);
  for (const line of lines.slice(header + 1)) {
    const cells = line.trim().split(/\s{2,}/);
    if (cells.length !== 8 || cells[0] !== template || cells[1] !== utmTag) continue;
    return {
      template: cells[0],
      utmTag: cells[1],
      visits: Number(cells[2]),
      clicks: Number(cells[3]),
      smsRequests: Number(cells[4]),
      smsSent: Number(cells[5]),
      registrations: Number(cells[6]),
      conversion: cells[7]!,
    };
  }
  return undefined;
}

/** Registers the phone through the promotion page, as a visitor from an ad does; ends on the download view. */
export async function registerOnPromotionPage(page: Page, request: APIRequestContext, phone: string) {
  await page.goto(promoUrl(randomTag()));
  const image = page.locator('#promo-captcha-image');
  await setCaptchaAnswer(sidOf(await expectCaptchaLoaded(image)), 'k7m2');
  await page.getByLabel('Número de teléfono').fill(phone);
  await page.getByLabel('Código de la imagen', { exact: true }).fill('k7m2');
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/youmi/promotion/get-sms');
  await page.locator('#promo-get-code').click();
  expect(((await (await sent).json()) as { code: string }).code).toBe('0');
  await page.getByLabel('Código SMS').fill(await promoSmsCode(request, phone));
  const registered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/youmi/promotion/register');
  await page.getByRole('button', { name: 'Solicitar ahora' }).click();
  expect((await registered).status()).toBe(200);
  // Registered: the page turns to its download view (the answer's body is gone with the view it came to).
  await expect(page).toHaveURL((url) => url.pathname === '/promo/' && url.hash.startsWith('#/downloadTemplate?'));
}
