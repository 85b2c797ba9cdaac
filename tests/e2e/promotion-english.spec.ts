import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { promoMessages } from '../../apps/web/src/promo/messages';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { saveScreenshot } from './support/layout';
import { fetchTemplate, promoPaths, zhMessages, type PromoTemplate } from './support/promotion';

/*
 * The promotion page in English (issue 14, item 11): with English chosen (?language=1), every view —
 * registration, #/agreementTemplate and #/downloadTemplate — and the document's title are English: the
 * template's own texts in English (channel-template answers them in the language the page asks for), the
 * page's texts from its English catalogue. The Chinese messages of §5 and §8 stay exactly as the spec
 * gives them, in every language.
 */
const en = promoMessages.en;
const es = promoMessages.es;

let spanish: PromoTemplate;
let english: PromoTemplate & { textLanguage?: string };

test.beforeAll(async ({ request }) => {
  spanish = await fetchTemplate(request);
  const response = await request.get(`${promoPaths.channelTemplate}?templateId=1`, { headers: { language: '1' } });
  english = ((await response.json()) as { data: PromoTemplate & { textLanguage?: string } }).data;
});

/** The visible text of a view: none of the template's Spanish texts, none of the page's Spanish catalogue. */
async function expectNoSpanish(page: Page, selector: string) {
  const text = await page.locator(selector).innerText();
  const spanishTexts = [spanish.agreementTitle, ...spanish.agreementParagraphs, spanish.downloadTitle, spanish.downloadText, ...Object.values(es)];
  for (const words of spanishTexts.filter((w) => w !== 'Presta' && w.length > 3)) expect(text, `"${words}" on the English page`).not.toContain(words);
}

async function photograph(page: Page, name: string) {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 812 });
    await saveScreenshot(page, `promo-en-${name}-${width}`);
  }
}

test('channel-template answers the template in the language the page asks for', () => {
  expect(english.textLanguage).toBe('en');
  expect(english.agreementTitle).not.toBe(spanish.agreementTitle);
  expect(english.agreementParagraphs).toHaveLength(spanish.agreementParagraphs.length);
  expect(english.downloadTitle).not.toBe(spanish.downloadTitle);
  // The store links, the app's name and the pixel are the template's, whatever the language.
  expect({ ...english, agreementTitle: '', agreementParagraphs: [], downloadTitle: '', downloadText: '', textLanguage: '' }).toEqual({
    ...spanish,
    agreementTitle: '',
    agreementParagraphs: [],
    downloadTitle: '',
    downloadText: '',
    textLanguage: '',
  });
});

test('the registration view in English: its texts, title and description; the Chinese messages exactly as given', async ({ page }) => {
  await page.goto('/promo/?id=1&language=1');
  await expect(page.getByRole('heading', { level: 1, name: en.heroTitle })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(en.pageTitle);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', en.metaDescription);
  await expectNoSpanish(page, '#promo-registration');
  await expectAccessible(page);
  await photograph(page, 'registration');

  // §5: an invalid phone, in Chinese, marked so.
  await page.locator('#promo-get-code').click();
  const bubble = page.getByRole('status').locator('.promo-toast-bubble');
  await expect(bubble).toHaveText(zhMessages.phoneInvalid);
  await expect(bubble).toHaveAttribute('lang', 'zh-CN');
});

test('the agreement view in English, and its document title', async ({ page }) => {
  await page.goto('/promo/?id=1&language=1');
  await page.getByRole('link', { name: en.agreementLink }).click();
  const heading = page.getByRole('heading', { level: 1, name: english.agreementTitle });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(english.agreementTitle);
  await expect(page.locator('#promo-agreement-body p')).toHaveText(english.agreementParagraphs);
  await expect(page.locator('#promo-agreement-body')).not.toHaveAttribute('lang', /.+/);
  await expect(page.getByRole('link', { name: en.backToRegistration })).toBeVisible();
  await expectNoSpanish(page, '#promo-agreement');
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await photograph(page, 'agreement');
});

test('the download view in English, opened at its address, and its document title', async ({ page }) => {
  await page.goto('/promo/?language=1#/downloadTemplate?id=1');
  await expect(page.getByRole('heading', { level: 1, name: english.downloadTitle })).toBeVisible();
  await expect(page).toHaveTitle(english.downloadTitle);
  await expect(page.locator('#promo-download-text')).toHaveText(english.downloadText);
  await expect(page.getByRole('link', { name: en.googlePlay })).toHaveAttribute('href', spanish.androidUrl);
  await expect(page.getByRole('link', { name: en.appStore })).toHaveAttribute('href', spanish.iosUrl);
  await expectNoSpanish(page, '#promo-download');
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await photograph(page, 'download');
});
