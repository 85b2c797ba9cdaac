import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { defaultBrand } from '@presta/contract/brand';
import { loanTerms } from '../../apps/web/src/legal/loan-terms';
import { privacyNotice } from '../../apps/web/src/legal/privacy-notice';
import { siteMessages, type SiteLanguage } from '../../apps/web/site/messages';
import { pagePath, sitePageIds, type SitePageId } from '../../apps/web/site/site-pages';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';

/*
 * The marketing site on the real server (docs/marketing-site.md; spec §2, §5,
 * §8): the prerendered pages of dist/site at '/', '/About', '/User',
 * '/Contact', '/Policy', '/Loan' and their English twins under '/en/'. The
 * nav reaches every section, the banner advances every 3000 ms (Playwright's
 * clock), pauses while the page is hidden and follows a swipe, the contact
 * form shows its two messages, and the text is there with scripts off.
 */

const languages: SiteLanguage[] = ['es', 'en'];

/** The h1 a visitor sees on each page: the legal pages show their document's title. */
function headingOf(id: SitePageId, lang: SiteLanguage): string {
  if (id === 'policy') return privacyNotice[lang].title;
  if (id === 'loan') return loanTerms[lang].title;
  return siteMessages[lang].pages[id].heading;
}

const navOrder: { id: SitePageId; label: (lang: SiteLanguage) => string }[] = [
  { id: 'home', label: (lang) => siteMessages[lang].nav.home },
  { id: 'about', label: (lang) => siteMessages[lang].nav.about },
  { id: 'policy', label: (lang) => siteMessages[lang].nav.policy },
  { id: 'loan', label: (lang) => siteMessages[lang].nav.loan },
  { id: 'contact', label: (lang) => siteMessages[lang].nav.contact },
];

function nav(page: Page, lang: SiteLanguage) {
  return page.getByRole('navigation', { name: siteMessages[lang].navLabel });
}

for (const lang of languages) {
  test(`${lang}: the nav bar reaches every section, and each page says where the visitor is`, async ({ page }) => {
    await page.goto(pagePath('home', lang));
    await expect(page.locator('html')).toHaveAttribute('lang', siteMessages[lang].locale);
    const links = nav(page, lang).getByRole('link');
    await expect(links).toHaveText(navOrder.map((item) => item.label(lang)));

    for (const item of [...navOrder.slice(1), navOrder[0]!]) {
      await nav(page, lang).getByRole('link', { name: item.label(lang), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${pagePath(item.id, lang).replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(item.id, lang));
      await expect(page).toHaveTitle(siteMessages[lang].pages[item.id].title);
      await expect(nav(page, lang).getByRole('link', { name: item.label(lang), exact: true })).toHaveAttribute('aria-current', 'page');
    }
  });
}

test('every standalone page answers on its own address, in both languages, with its title, description, language and preview tags', async ({ page, request }) => {
  for (const lang of languages) {
    for (const id of sitePageIds) {
      const address = pagePath(id, lang);
      const response = await request.get(address);
      expect(response.status(), address).toBe(200);
      expect(response.headers()['content-type'], address).toContain('text/html');

      await page.goto(address);
      const texts = siteMessages[lang].pages[id];
      await expect(page, address).toHaveTitle(texts.title);
      await expect(page.locator('html')).toHaveAttribute('lang', siteMessages[lang].locale);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', texts.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', texts.title);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', texts.description);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/site\/og-image\.png$/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${address.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(id, lang));
      // The footer's company details on every page.
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(defaultBrand.companyName);
      await expect(footer.getByRole('link', { name: defaultBrand.servicePhone })).toHaveAttribute('href', `tel:${defaultBrand.servicePhone.replace(/[^\d+]/g, '')}`);
      await expect(footer.getByRole('link', { name: defaultBrand.serviceEmail })).toHaveAttribute('href', `mailto:${defaultBrand.serviceEmail}`);
      await expect(footer).toContainText(defaultBrand.companyAddress);
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${defaultBrand.companyName}`);
      await expectAccessible(page);
      await expectFitsNarrowScreen(page);
    }
  }
  // The social preview image is served.
  const image = await request.get('/site/og-image.png');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});

test('/en without its slash leads to the English home', async ({ request }) => {
  const answer = await request.get('/en?utm_source=x', { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers()['location']).toBe('/en/?utm_source=x');
});

test('the language link leads to the same page in the other language', async ({ page }) => {
  await page.goto(pagePath('loan', 'es'));
  await page.getByRole('link', { name: siteMessages.es.otherLanguage.name }).click();
  await expect(page).toHaveURL(/\/en\/Loan$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(loanTerms.en.title);
  await page.getByRole('link', { name: siteMessages.en.otherLanguage.name }).click();
  await expect(page).toHaveURL(/\/Loan$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(loanTerms.es.title);
});

test('/User is an empty page with only its heading and a line', async ({ page }) => {
  await page.goto('/User');
  await expect(page.getByRole('main')).toHaveText(`${siteMessages.es.pages.user.heading}${siteMessages.es.user.text}`);
});

test('with scripts off, the home page, its first banner slide and the legal texts are all there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const t = siteMessages.es;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.home.heading);
  await expect(page.getByRole('heading', { name: t.banner.slides[0]!.title })).toBeVisible();
  await page.goto('/Policy');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(privacyNotice.es.sections[0]!.heading);
  await context.close();
});

test('the home page embeds the privacy notice in a frame, in the page language', async ({ page }) => {
  for (const lang of languages) {
    await page.goto(pagePath('home', lang));
    const frame = page.locator('iframe.privacy-frame__frame');
    await frame.scrollIntoViewIfNeeded();
    await expect(frame).toHaveAttribute('title', siteMessages[lang].home.privacyFrameTitle);
    const inside = page.frameLocator('iframe.privacy-frame__frame');
    await expect(inside.getByRole('heading', { level: 1 })).toHaveText(privacyNotice[lang].title);
    await expect(inside.locator('html')).toHaveAttribute('lang', siteMessages[lang].locale);
    await expect(inside.getByRole('heading', { level: 2, name: privacyNotice[lang].sections.at(-1)!.heading })).toBeAttached();
    // The notice inside fits the frame: no sideways scrolling in it.
    const frameOverflow = await inside.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(frameOverflow).toBeLessThanOrEqual(0);
    // The link under the frame opens the notice's own page.
    await page.getByRole('link', { name: siteMessages[lang].home.privacyFrameLink }).click();
    await expect(page).toHaveURL(new RegExp(`${pagePath('policy', lang).replace(/\//g, '\\/')}$`));
  }
});

test.describe('the home banner', () => {
  const t = siteMessages.es.banner;
  /** Slide n (1-based); hidden slides are out of the accessibility tree, so found by their markup. */
  const slide = (page: Page, n: number) => page.locator('[data-banner-slide]').nth(n - 1);
  const current = (page: Page) => page.locator('[data-banner-dot][aria-current="true"]');

  test('advances every 3000 ms and wraps round', async ({ page }) => {
    await stopClock(page);
    await page.goto('/');
    await expect(page.locator('[data-banner]')).toHaveAttribute('data-ready', '');
    await expect(slide(page, 1)).not.toHaveAttribute('aria-hidden', 'true');
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 1));

    await page.clock.runFor(2900);
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 1));
    await page.clock.runFor(100);
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 2));
    await expect(slide(page, 2)).not.toHaveAttribute('aria-hidden', 'true');
    await expect(slide(page, 1)).toHaveAttribute('aria-hidden', 'true');
    await expect(slide(page, 2).getByRole('heading')).toBeInViewport();

    await page.clock.runFor(3000 * (t.slides.length - 1));
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 1));
  });

  test('stops while the page is hidden and starts again when it is shown', async ({ page }) => {
    await stopClock(page);
    await page.goto('/');
    await expect(page.locator('[data-banner]')).toHaveAttribute('data-ready', '');
    await setHidden(page, true);
    await page.clock.runFor(10_000);
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 1));
    await setHidden(page, false);
    await page.clock.runFor(3000);
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 2));
  });

  test('follows a swipe, the arrows, the dots and the pause button', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-banner]')).toHaveAttribute('data-ready', '');
    await page.getByRole('button', { name: t.pause }).click();
    await expect(page.getByRole('button', { name: t.play })).toBeVisible();

    await swipe(page, -150);
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 2));
    await swipe(page, 150);
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 1));

    await page.getByRole('button', { name: t.next }).click();
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 2));
    await page.getByRole('button', { name: t.previous }).click();
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 1));
    await page.getByRole('button', { name: format(t.goTo, 3) }).click();
    await expect(current(page)).toHaveAccessibleName(format(t.goTo, 3));
    await expect(slide(page, 3)).not.toHaveAttribute('aria-hidden', 'true');
  });
});

test.describe('the contact form', () => {
  for (const lang of languages) {
    const t = siteMessages[lang].contact;

    test(`${lang}: an empty field shows "${t.incomplete}" for 1 s; all four filled shows "${t.success}"; nothing is sent`, async ({ page }) => {
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET') sent.push(`${r.method()} ${r.url()}`);
      });
      await stopClock(page);
      await page.goto(pagePath('contact', lang));
      const status = page.getByRole('status');
      const submit = page.getByRole('button', { name: t.submit });

      await submit.click();
      await expect(status).toHaveText(t.incomplete);
      await page.clock.runFor(999);
      await expect(status).toHaveText(t.incomplete);
      await page.clock.runFor(1);
      await expect(status).toHaveText('');

      // Three of four filled, and a remark of blanks, still count as incomplete.
      await page.getByLabel(t.name).fill('Ana López');
      await page.getByLabel(t.phone).fill('5512345678');
      await page.getByLabel(t.email).fill('ana@example.com');
      await page.getByLabel(t.remark).fill('   ');
      await submit.click();
      await expect(status).toHaveText(t.incomplete);
      await expect(page.getByLabel(t.remark)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(t.name)).toHaveAttribute('aria-invalid', 'false');
      // axe-core waits on timers: let the clock run again for it.
      await page.clock.resume();
      await expectAccessible(page);

      await page.getByLabel(t.remark).fill('¿Puedo pagar antes?');
      await submit.click();
      await expect(status).toHaveText(t.success);
      await expect(page.getByLabel(t.name)).toHaveValue('');
      await expectAccessible(page);
      expect(sent).toEqual([]);
    });
  }

  test('English speaks the spec messages word for word', () => {
    expect(siteMessages.en.contact.incomplete).toBe('Please provide complete information!');
    expect(siteMessages.en.contact.success).toBe('Successful!');
  });
});

/** The page's clock stands still until the test moves it (runFor), so delays are measured exactly. */
async function stopClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
}

function format(text: string, n: number): string {
  return text.replace('{n}', String(n));
}

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** A real touch swipe across the banner (dx < 0: to the left, towards the next slide). */
async function swipe(page: Page, dx: number) {
  const box = (await page.locator('[data-banner-viewport]').boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0) });
  for (let i = 1; i <= 5; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x0 + (dx * i) / 5) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
