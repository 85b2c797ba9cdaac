import { test as base, type Page, type Response } from '@playwright/test';

/**
 * Playwright's test, whose page waits, after each navigation, until the app's
 * code runs the page. A borrower page opened with the session in its address
 * comes rendered by the server (its first view, decision 020) and asks for its
 * scripts after it has painted: its buttons answer only once the app has
 * hydrated it (`<html data-app-ready>`, app/app.tsx). A page without a first
 * view is waited for as Playwright does. A page opened by a click is waited
 * for with `appReady`.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.waitForFunction(() => !document.querySelector('#root[data-first-view]') || document.documentElement.hasAttribute('data-app-ready'));
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>): Promise<Response | null> => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>): Promise<Response | null> => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
    await use(page);
  },
});

export { expect } from '@playwright/test';
