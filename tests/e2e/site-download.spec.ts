import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { defaultTemplateStoreLinks } from '../../packages/contract/src/promotion-rules';
import { siteMessages } from '../../apps/web/site/messages';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { saveScreenshot } from './support/layout';
import { fetchTemplate } from './support/promotion';

/*
 * Issue 14, item 14: the marketing site leads to the product. The home page's download section and every
 * page's footer link to the app's stores — the default landing template's store links, the same the
 * promotion page's download view shows — in Spanish and in English, with no script added.
 */
const pages = ['', 'About', 'User', 'Contact', 'Policy', 'Loan'];

async function storeLinks(page: Page, scope: string) {
  return page.locator(`${scope} a[data-store]`).evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
}

for (const lang of ['es', 'en'] as const) {
  const t = siteMessages[lang].download;
  const home = lang === 'es' ? '/' : '/en/';

  test(`the home page (${lang}) has the app's download links right under its lead`, async ({ page, request }) => {
    const template = await fetchTemplate(request);
    // The promotion page's download view and the site send visitors to the same stores.
    expect({ ios: template.iosUrl, android: template.androidUrl }).toEqual(defaultTemplateStoreLinks);

    await page.goto(home);
    const section = page.getByRole('region', { name: t.heading });
    await expect(section).toBeVisible();
    await expect(section).toContainText(t.text);
    expect(await storeLinks(page, '#download')).toEqual([
      [t.appStore, template.iosUrl],
      [t.googlePlay, template.androidUrl],
    ]);
    // On a 375 px phone, the first store button shows without scrolling.
    const first = section.getByRole('link', { name: t.appStore });
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
    await expectFitsNarrowScreen(page);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: width === 320 ? 640 : 812 });
      await saveScreenshot(page, `site-home-download-${lang}-${width}`);
    }
  });

  test(`every page's footer (${lang}) links to the stores`, async ({ page }) => {
    for (const path of pages) {
      await page.goto(`${lang === 'es' ? '/' : '/en/'}${path}`);
      const footerNav = page.getByRole('contentinfo').getByRole('navigation', { name: t.footerLabel });
      await expect(footerNav, path).toBeVisible();
      expect(await storeLinks(page, 'footer'), path).toEqual([
        [t.appStore, defaultTemplateStoreLinks.ios],
        [t.googlePlay, defaultTemplateStoreLinks.android],
      ]);
    }
    await page.goto(`${lang === 'es' ? '/' : '/en/'}About`);
    await expectAccessible(page);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: width === 320 ? 640 : 812 });
      await page.locator('footer').screenshot({ path: `test-results/screenshots/site-footer-${lang}-${width}.png` });
    }
  });
}

test('the download section has an address of its own (/#download), for the pages that send a visitor to it', async ({ page }) => {
  await page.goto('/#download');
  await expect(page.getByRole('heading', { level: 2, name: siteMessages.es.download.heading })).toBeInViewport();
});
