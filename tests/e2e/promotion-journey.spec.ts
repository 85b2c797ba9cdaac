import { closeE2eDb } from './support/e2e-database';
import type { APIRequestContext, Page, Response, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { ops } from './support/cli';
import {
  expectCaptchaLoaded,
  fetchTemplate,
  funnelRow,
  insertBorrower,
  promoPaths,
  promoSmsCode,
  promoSmsCount,
  promoTexts as t,
  promoUrl,
  randomPhone,
  randomTag,
  registeredBorrower,
  setCaptchaAnswer,
  sidOf,
  zhMessages as zh,
  type PromoTemplate,
} from './support/promotion';

/*
 * Promotion journeys on the real server, PostgreSQL and Chromium
 * (docs/promotion.md; spec §2, §4, §5, §8): a visitor from an ad opens
 * /promo/?id=1&app_from=fb&user_from=ad1&utm_tag=e2e-<random>, and the page
 * refuses a bad phone, refreshes the captcha only with a phone, refreshes it
 * after a wrong answer ('101'), counts the SMS resend down from 60 s, registers
 * and goes to the download page (or stays, with down_id or links_id), sends a
 * registered phone ('11') to the download page, and shows the agreement. The
 * funnel report counts the visit and the registration.
 *
 * The captcha is a real image: after the page loaded one, the test gives its
 * sid a known answer in the database (support/promotion.ts). Every test has
 * its own phone and utm_tag. Calls per run stay under the per-address limits
 * (get-sms 10 a minute, get-sid 30 a minute): about 7 and 10.
 */

/** A captcha answer the test sets in the database. */
const ANSWER = 'k7m2';
/** An answer no captcha can have: the server never draws '0' (ignoreChars '0oO1lIi'). */
const IMPOSSIBLE_ANSWER = '0000';

test.afterAll(closeE2eDb);

let template: PromoTemplate;
test.beforeAll(async ({ request }) => {
  template = await fetchTemplate(request);
});

/** The registration form's controls, found as a visitor finds them. */
function formOf(page: Page) {
  return {
    view: page.locator('#promo-registration'),
    heading: page.getByRole('heading', { level: 1, name: t.heroTitle }),
    phone: page.getByLabel(t.phoneLabel),
    captcha: page.getByLabel(t.captchaLabel, { exact: true }),
    refresh: page.getByRole('button', { name: t.captchaRefresh }),
    image: page.locator('#promo-captcha-image'),
    smsCode: page.getByLabel(t.smsLabel),
    /** Its name is 'Obtener código' or 'N s' during the countdown. */
    getCode: page.locator('#promo-get-code'),
    apply: page.getByRole('button', { name: t.apply }),
    agreement: page.getByRole('link', { name: t.agreementLink }),
    toast: page.getByRole('status'),
  };
}

/**
 * A new toast (not one an earlier call already saw: every message is a new
 * node) shows `text`, alone; Chinese messages are marked zh-CN.
 */
async function expectToast(page: Page, text: string, lang?: string) {
  const { toast } = formOf(page);
  const bubble = toast.locator('.promo-toast-bubble:not([data-e2e-seen])');
  await expect(bubble).toHaveText(text);
  await expect(toast.locator('.promo-toast-bubble')).toHaveCount(1);
  if (lang) await expect(bubble).toHaveAttribute('lang', lang);
  else await expect(bubble).not.toHaveAttribute('lang', /.+/);
  await bubble.evaluate((el) => el.setAttribute('data-e2e-seen', ''));
}

/** Records the calls the page makes to the promotion API, by path. */
function recordCalls(page: Page) {
  const calls: Record<keyof typeof promoPaths, string[]> = {
    channelTemplate: [],
    getSid: [],
    getCaptcha: [],
    getSms: [],
    register: [],
    trackVisit: [],
    trackClick: [],
  };
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    for (const [name, path] of Object.entries(promoPaths) as [keyof typeof promoPaths, string][]) {
      if (pathname === path) calls[name].push(r.url());
    }
  });
  return calls;
}

/** Opens the landing page and waits for its first captcha image; answers the image's address. */
async function openPromo(page: Page, utmTag: string, extra: Record<string, string> = {}): Promise<string> {
  await page.goto(promoUrl(utmTag, extra));
  const form = formOf(page);
  await expect(form.heading).toBeVisible();
  await expect(page).toHaveTitle(t.pageTitle);
  return expectCaptchaLoaded(form.image);
}

/** The wrapper a promotion call answered, with its HTTP status. */
async function answerOf(response: Promise<Response>) {
  const r = await response;
  return { status: r.status(), ...((await r.json()) as { code: string; message: string; data: unknown }) };
}

const responseTo = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path);

/** Phone and right captcha typed, 'get code' pressed: the get-sms answer. */
async function requestCode(page: Page, phone: string, captchaSrc: string) {
  const form = formOf(page);
  await setCaptchaAnswer(sidOf(captchaSrc), ANSWER);
  await form.phone.fill(phone);
  await form.captcha.fill(ANSWER);
  const sent = responseTo(page, promoPaths.getSms);
  await form.getCode.click();
  return answerOf(sent);
}

/** The whole registration on the page: the code from the SMS outbox, then 'apply'; the register answer. */
async function registerThroughPage(page: Page, request: APIRequestContext, phone: string, captchaSrc: string) {
  const form = formOf(page);
  expect(await requestCode(page, phone, captchaSrc)).toMatchObject({ status: 200, code: '0' });
  await expectToast(page, zh.codeSent, 'zh-CN');
  await expect(form.smsCode).toBeFocused();
  await form.smsCode.fill(await promoSmsCode(request, phone));
  const registered = responseTo(page, promoPaths.register);
  await form.apply.click();
  const answer = await answerOf(registered);
  expect(answer).toMatchObject({ status: 200, code: '0' });
  await expectToast(page, zh.registered, 'zh-CN');
  return answer;
}

/** The download page of the template: its title and text, the store buttons (Android first: the test browser is not an iPhone). */
async function expectDownloadPage(page: Page, utmTag: string) {
  const hash = `#/downloadTemplate?${new URLSearchParams({ app_from: 'fb', user_from: 'ad1', utm_tag: utmTag, id: '1' })}`;
  await expect(page).toHaveURL((url) => url.pathname === '/promo/' && url.hash === hash);
  const heading = page.getByRole('heading', { level: 1, name: template.downloadTitle });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(template.downloadTitle);
  await expect(page.locator('#promo-download-text')).toHaveText(template.downloadText);
  await expect(formOf(page).view).toBeHidden();
  const stores = page.locator('#promo-download').getByRole('listitem').getByRole('link');
  await expect(stores).toHaveText([t.googlePlay, t.appStore]);
  await expect(stores.nth(0)).toHaveAttribute('href', template.androidUrl);
  await expect(stores.nth(1)).toHaveAttribute('href', template.iosUrl);
}

/** A 375 px wide picture of the page, kept with the test's results. */
async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test('an invalid phone shows the Chinese phone message and sends nothing', async ({ page }) => {
  const calls = recordCalls(page);
  await openPromo(page, randomTag());
  const form = formOf(page);

  // Typed, the field keeps digits only, at most 11 (§5).
  await form.phone.pressSequentially('abc 138-0013-8000 99');
  await expect(form.phone).toHaveValue('13800138000');

  for (const phone of ['12345678901', '1380013800', '23800138000']) {
    await form.phone.fill(phone);
    await form.captcha.fill(ANSWER);
    await form.getCode.click();
    await expectToast(page, zh.phoneInvalid, 'zh-CN');
    await expect(form.phone).toBeFocused();
    await form.smsCode.fill('123456');
    await form.apply.click();
    await expectToast(page, zh.phoneInvalid, 'zh-CN');
    await expect(form.phone).toBeFocused();
  }

  // A valid phone without the captcha: the captcha message, still nothing sent.
  await form.phone.fill('13800138000');
  await form.captcha.fill('');
  await form.getCode.click();
  await expectToast(page, zh.captchaInvalid, 'zh-CN');
  await expect(form.captcha).toBeFocused();

  expect(calls.getSms).toEqual([]);
  expect(calls.register).toEqual([]);
  expect(calls.trackClick).toEqual([]);
  await expect(form.getCode).toHaveText(t.getCode);
});

test('the captcha refreshes only with a phone, and then loads a new image', async ({ page }) => {
  const calls = recordCalls(page);
  const first = await openPromo(page, randomTag());
  const form = formOf(page);
  expect(calls.getSid).toHaveLength(1);
  expect(calls.getCaptcha).toHaveLength(1);

  // No phone: the phone message, the same image, no new draw.
  await form.refresh.click();
  await expectToast(page, zh.phoneInvalid, 'zh-CN');
  await expect(form.phone).toBeFocused();
  await expect(form.image).toHaveAttribute('src', first);
  expect(calls.getCaptcha).toHaveLength(1);

  // A phone that is not valid is no better.
  await form.phone.fill('12000000000');
  await form.refresh.click();
  await expectToast(page, zh.phoneInvalid, 'zh-CN');
  expect(calls.getCaptcha).toHaveLength(1);

  // With a phone: a new image of the same sid (a new timestamp), really decoded.
  await form.phone.fill(randomPhone());
  const drawn = page.waitForResponse((r) => new URL(r.url()).pathname === promoPaths.getCaptcha);
  await form.refresh.click();
  const response = await drawn;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  await expect(form.image).not.toHaveAttribute('src', first);
  const second = await expectCaptchaLoaded(form.image);
  expect(sidOf(second)).toBe(sidOf(first));
  expect(calls.getCaptcha).toHaveLength(2);
  expect(calls.getSid).toHaveLength(1);
  expect(calls.getSms).toEqual([]);
});

test("a wrong captcha: get-sms answers '101', the image refreshes and the server's message shows", async ({ page, request }) => {
  const phone = randomPhone();
  const first = await openPromo(page, randomTag());
  const form = formOf(page);

  await form.phone.fill(phone);
  await form.captcha.fill(IMPOSSIBLE_ANSWER);
  const sent = responseTo(page, promoPaths.getSms);
  await form.getCode.click();
  expect(await answerOf(sent)).toMatchObject({ status: 200, code: '101', message: t.serverCaptchaWrong });

  await expectToast(page, t.serverCaptchaWrong);
  await expect(form.image).not.toHaveAttribute('src', first);
  const second = await expectCaptchaLoaded(form.image);
  expect(sidOf(second)).toBe(sidOf(first));
  await expect(form.captcha).toHaveValue('');
  await expect(form.captcha).toBeFocused();
  await expect(form.getCode).toHaveText(t.getCode);
  expect(await promoSmsCount(request, phone)).toBe(0);
});

test("the SMS countdown: 'code sent', 60 s, 'do not resend' while it runs, then 'get code' again", async ({ page, request }) => {
  const calls = recordCalls(page);
  const phone = randomPhone();
  // The page's clock is the test's: the 60 s pass in a moment.
  await page.clock.install();
  const src = await openPromo(page, randomTag());
  const form = formOf(page);
  await page.clock.pauseAt(new Date(Date.now() + 5_000));

  expect(await requestCode(page, phone, src)).toMatchObject({ status: 200, code: '0' });
  await expectToast(page, zh.codeSent, 'zh-CN');
  await expect(form.getCode).toHaveText(t.countdown(60));
  await expect(form.getCode).toHaveAttribute('data-counting', 'true');
  // Never disabled: a press must be able to say 'do not resend'.
  await expect(form.getCode).toBeEnabled();
  await expect(form.smsCode).toBeFocused();
  expect(await promoSmsCount(request, phone)).toBe(1);

  await page.clock.runFor(1000);
  await expect(form.getCode).toHaveText(t.countdown(59));

  // A press during the countdown: the message, and no request.
  await form.getCode.click();
  await expectToast(page, zh.doNotResend, 'zh-CN');
  await expect(form.getCode).toHaveText(t.countdown(59));
  expect(calls.getSms).toHaveLength(1);

  await page.clock.runFor(29_000);
  await expect(form.getCode).toHaveText(t.countdown(30));
  await page.clock.runFor(29_000);
  await expect(form.getCode).toHaveText(t.countdown(1));
  await form.getCode.click();
  await expectToast(page, zh.doNotResend, 'zh-CN');
  expect(calls.getSms).toHaveLength(1);

  // 60 s after the code was sent: 'get code' again, and a press is a real request.
  await page.clock.runFor(1000);
  await expect(form.getCode).toHaveText(t.getCode);
  await expect(form.getCode).not.toHaveAttribute('data-counting');
  const again = responseTo(page, promoPaths.getSms);
  await form.getCode.click();
  // The captcha was spent on the first code (one SMS per captcha): the server wants a new one.
  expect(await answerOf(again)).toMatchObject({ code: '101' });
  await expectToast(page, t.serverCaptchaWrong);
  await expect(form.image).not.toHaveAttribute('src', src);
  await expectCaptchaLoaded(form.image);
  expect(calls.getSms).toHaveLength(2);
  expect(await promoSmsCount(request, phone)).toBe(1);
});

test('a successful registration goes to the download page, and the funnel counts it', async ({ page, request }, testInfo) => {
  const calls = recordCalls(page);
  const phone = randomPhone();
  const utmTag = randomTag();
  const src = await openPromo(page, utmTag);
  const form = formOf(page);

  expect(await requestCode(page, phone, src)).toMatchObject({ status: 200, code: '0' });
  await expectToast(page, zh.codeSent, 'zh-CN');
  // Apply without the SMS code: the SMS code message.
  await form.apply.click();
  await expectToast(page, zh.smsCodeInvalid, 'zh-CN');
  await expect(form.smsCode).toBeFocused();
  expect(calls.register).toEqual([]);

  await form.smsCode.fill(await promoSmsCode(request, phone));
  const registered = responseTo(page, promoPaths.register);
  await form.apply.click();
  expect(await answerOf(registered)).toMatchObject({ status: 200, code: '0' });
  await expectToast(page, zh.registered, 'zh-CN');
  await expectDownloadPage(page, utmTag);

  // The borrower, with where they came from.
  expect(await registeredBorrower(phone)).toEqual({ phone, promoTemplateId: 1, appFrom: 'fb', userFrom: 'ad1', utmTag });
  // The page counted one visit and one apply click with the campaign's fields.
  expect(calls.trackVisit).toHaveLength(1);
  expect(calls.trackClick).toHaveLength(1);
  const visit = new URL(calls.trackVisit[0]!).searchParams;
  expect(Object.fromEntries(visit)).toEqual({ page_id: '1', user_from: 'ad1', client_type: 'android', utm_tag: utmTag, app_from: 'fb', page_type: '1' });
  expect(new URL(calls.trackClick[0]!).searchParams.get('phone')).toBe(phone);

  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await snapshot(page, testInfo, 'download-375');

  // `npm run ops -- funnel`: the campaign's row.
  const row = funnelRow(ops('funnel'), '1', utmTag);
  expect(row, `the funnel lists template 1 / ${utmTag}`).toBeDefined();
  expect(row).toMatchObject({ template: '1', utmTag, visits: 1, clicks: 1, smsSent: 1, registrations: 1, conversion: '100%' });
  expect(row!.smsRequests).toBeGreaterThanOrEqual(1);
});

test("a registered phone: get-sms answers '11', the already-registered message, then the download page", async ({ page, request }) => {
  const phone = randomPhone();
  const utmTag = randomTag();
  await insertBorrower(phone);
  const src = await openPromo(page, utmTag);

  expect(await requestCode(page, phone, src)).toMatchObject({ status: 200, code: '11' });
  await expectToast(page, zh.alreadyRegistered, 'zh-CN');
  await expectDownloadPage(page, utmTag);
  expect(await promoSmsCount(request, phone)).toBe(0);
  // Still the one borrower, untouched.
  expect(await registeredBorrower(phone)).toEqual({ phone, promoTemplateId: null, appFrom: null, userFrom: null, utmTag: null });
});

for (const [param, value] of [
  ['down_id', '7'],
  ['links_id', '9'],
] as const) {
  test(`with ${param} in the query, a successful registration stays on the registration view (§4)`, async ({ page, request }) => {
    const phone = randomPhone();
    const utmTag = randomTag();
    const src = await openPromo(page, utmTag, { [param]: value });
    const form = formOf(page);
    // The hash pages' links carry it (§2).
    await expect(form.agreement).toHaveAttribute(
      'href',
      `#/agreementTemplate?${new URLSearchParams({ app_from: 'fb', user_from: 'ad1', utm_tag: utmTag, id: '1', [param]: value })}`,
    );

    await registerThroughPage(page, request, phone, src);
    // The redirect would have happened with the toast (same task): it did not.
    await expect(page).toHaveURL((url) => url.pathname === '/promo/' && url.hash === '' && url.searchParams.get(param) === value);
    await expect(form.view).toBeVisible();
    await expect(form.heading).toBeVisible();
    await expect(page.locator('#promo-download')).toBeHidden();
    await expect(page).toHaveTitle(t.pageTitle);
    expect(await registeredBorrower(phone)).toEqual({ phone, promoTemplateId: 1, appFrom: 'fb', userFrom: 'ad1', utmTag });
  });
}

test("the agreement link opens the template's agreement", async ({ page }) => {
  const utmTag = randomTag();
  await openPromo(page, utmTag);
  const form = formOf(page);

  await form.agreement.click();
  const hash = `#/agreementTemplate?${new URLSearchParams({ app_from: 'fb', user_from: 'ad1', utm_tag: utmTag, id: '1' })}`;
  await expect(page).toHaveURL((url) => url.pathname === '/promo/' && url.hash === hash);
  const heading = page.getByRole('heading', { level: 1, name: template.agreementTitle });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(template.agreementTitle);
  expect(template.agreementParagraphs.length).toBeGreaterThan(0);
  await expect(page.locator('#promo-agreement-body p')).toHaveText(template.agreementParagraphs);
  await expect(form.view).toBeHidden();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);

  await page.getByRole('link', { name: t.backToRegistration }).click();
  await expect(form.heading).toBeVisible();
  await expect(form.heading).toBeFocused();
  await expect(page.locator('#promo-agreement')).toBeHidden();
});

test('the registration view is accessible and fits a 320 px screen', async ({ page }, testInfo) => {
  await openPromo(page, randomTag());
  const form = formOf(page);
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);

  // Touch targets of 44 px or more.
  for (const control of [form.phone, form.captcha, form.refresh, form.smsCode, form.getCode, form.apply]) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0, await control.evaluate((el) => el.id)).toBeGreaterThanOrEqual(44);
  }
  await snapshot(page, testInfo, 'registration-375');

  // With a message on screen.
  await form.getCode.click();
  await expectToast(page, zh.phoneInvalid, 'zh-CN');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'registration-toast-375');
});
