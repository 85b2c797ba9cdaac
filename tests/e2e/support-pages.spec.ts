import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { defaultBrand } from '@presta/contract/brand';
import { routes } from '@presta/contract/routes';
import { privacyNotice } from '../../apps/web/src/legal/privacy-notice';
import { bridgeMessages } from '@presta/contract/bridge-messages';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { installFakeAndroidHost } from './support/android-host';
import { bridgeCalls, installFakeIosHost } from './support/native-host';

/*
 * Customer service, about us and the privacy notice in the SPA, on the real
 * server (spec §2, §3, §7 get-whatsapp; docs/api.md): the contacts come from
 * the server's configuration (the e2e server runs with the brand's defaults),
 * WhatsApp opens a chat link, the telephone is a tel: link in a browser and a
 * bridge call in the app, the e-mail a mail link; the privacy notice switches
 * between Spanish and English on the page.
 */

const whatsappDigits = defaultBrand.serviceWhatsapp.replace(/\D/g, '');
const telHref = `tel:+${defaultBrand.servicePhone.replace(/\D/g, '')}`;

function contacts(page: Page, lang: 'es' | 'en' = 'es') {
  return {
    whatsapp: page.getByRole('link', { name: /WhatsApp/ }),
    telephone: page.getByRole('link', { name: lang === 'es' ? /Teléfono/ : /Telephone/ }),
    email: page.getByRole('link', { name: lang === 'es' ? /Correo electrónico/ : /E-mail/ }),
  };
}

/** Records whether the next click on the page was left to the browser, then stops it (a tel: or mailto: link would leave for the system). */
async function watchNextClick(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __clickPrevented?: boolean };
    delete w.__clickPrevented;
    window.addEventListener(
      'click',
      (event) => {
        w.__clickPrevented = event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
  });
}
const clickWasPrevented = (page: Page) => page.evaluate(() => (window as unknown as { __clickPrevented?: boolean }).__clickPrevented);

for (const route of [routes.customerService, routes.customerServiceShort]) {
  test(`${route} in a browser: WhatsApp opens the chat, the telephone is a tel: link, the e-mail a mail link`, async ({ page }) => {
    const asked = page.waitForRequest((r) => r.url().includes('/user-problem/get-whatsapp'));
    await page.goto(route);
    const request = await asked;
    expect(request.method()).toBe('POST');
    const body = request.postData() ?? '';
    const type: unknown = body.startsWith('{') ? (JSON.parse(body) as { type?: unknown }).type : new URLSearchParams(body).get('type');
    expect(String(type)).toBe('30');
    const c = contacts(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Atención al cliente' })).toBeVisible();
    await expect(c.whatsapp).toHaveAttribute('href', `https://wa.me/${whatsappDigits}`);
    await expect(c.telephone).toHaveAttribute('href', telHref);
    await expect(c.telephone).toContainText(defaultBrand.servicePhone);
    await expect(c.email).toHaveAttribute('href', `mailto:${defaultBrand.serviceEmail}`);
    await expectAccessible(page);
    await expectFitsNarrowScreen(page);

    // The telephone and the e-mail are left to the browser.
    await watchNextClick(page);
    await c.telephone.click();
    expect(await clickWasPrevented(page)).toBe(false);
    await watchNextClick(page);
    await c.email.click();
    expect(await clickWasPrevented(page)).toBe(false);

    // WhatsApp: the chat page of the support number (answered here, the test machine has no Internet).
    await page.route('https://wa.me/**', (r) => r.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    await c.whatsapp.click();
    await expect(page).toHaveURL(`https://wa.me/${whatsappDigits}`);
  });
}

test('in the iOS app, the telephone is called through the bridge and the page stays', async ({ page }) => {
  await installFakeIosHost(page);
  await page.goto(routes.customerServiceShort);
  await contacts(page).telephone.click();
  await expect.poll(() => bridgeCalls(page)).toEqual([{ name: bridgeMessages.callTelephone, payload: { phone: defaultBrand.servicePhone } }]);
  await expect(page).toHaveURL(new RegExp(`${routes.customerServiceShort}$`));
});

test('in the Android app, the telephone is called through the bridge', async ({ page }) => {
  const calls = await installFakeAndroidHost(page);
  await page.goto(routes.customerService);
  await contacts(page).telephone.click();
  await expect.poll(() => calls.map((c) => [c.name, JSON.parse(c.json) as unknown])).toEqual([[bridgeMessages.callTelephone, { phone: defaultBrand.servicePhone }]]);
});

test('customer service speaks English with language=1', async ({ page }) => {
  await page.goto(`${routes.customerService}?language=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer service' })).toBeVisible();
  await expect(contacts(page, 'en').telephone).toHaveAttribute('href', telHref);
  await expect(contacts(page, 'en').email).toHaveAttribute('href', `mailto:${defaultBrand.serviceEmail}`);
});

test('about us shows the logo, the app name and the welcome text', async ({ page }) => {
  await page.goto(routes.aboutUs);
  const logo = page.getByRole('img', { name: `Logotipo de ${defaultBrand.brandName}` });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 2, name: defaultBrand.brandName })).toBeVisible();
  await expect(page.getByText(`Bienvenido a ${defaultBrand.brandName}`)).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
});

test('the privacy notice switches between Spanish and English on the page', async ({ page }) => {
  await page.goto(routes.privacyPolicy);
  const spanish = page.getByRole('button', { name: 'Español' });
  const english = page.getByRole('button', { name: 'English' });
  const title = page.getByRole('heading', { level: 1 });

  await expect(title).toHaveText(privacyNotice.es.title);
  await expect(spanish).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2, name: privacyNotice.es.sections[0]!.heading })).toBeVisible();
  await expectAccessible(page);

  await english.click();
  await expect(title).toHaveText(privacyNotice.en.title);
  await expect(english).toHaveAttribute('aria-pressed', 'true');
  await expect(spanish).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('article.legal-document')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 2, name: privacyNotice.en.sections[0]!.heading })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(privacyNotice.en.title));
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);

  await spanish.click();
  await expect(title).toHaveText(privacyNotice.es.title);

  // With language=1 the notice opens in English.
  await page.goto(`${routes.privacyPolicy}?language=1`);
  await expect(title).toHaveText(privacyNotice.en.title);
  await expect(english).toHaveAttribute('aria-pressed', 'true');
});
