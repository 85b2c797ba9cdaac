import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Amounts ("$1.234,56", "-₹0.05", "₹1,00,000.00") and rates ("0,10%", "43.36%") that the page shows on
 * more than one line: a line break inside a number (issue 12: '₹968,0' / '0').
 * Each match of a visible text node is measured with a Range: its boxes must
 * all sit on one line.
 */
export async function brokenAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pattern = /-?[$₹]\d{1,3}(?:[.,]\d{2,3})*[.,]\d{2}|\d+(?:[.,]\d+)?\s?%/g;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const boxes = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
        const lines = new Set(boxes.map((r) => Math.round(r.top + r.height / 2)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** A full-page screenshot under test-results/screenshots/<name>.png (to look at). */
export async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * At 320 and 375 px: amounts whole, nothing wider than the screen, no serious axe violation; a screenshot at each
 * width. The page as it stands once its toasts have left: a toast fading out (antd-mobile animates its opacity)
 * has the contrast of no colour, whatever its own.
 */
export async function checkPage(page: Page, name: string) {
  await expect(page.locator('.adm-toast-mask'), `${name}: a toast still shown`).toHaveCount(0, { timeout: 10_000 });
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 812 });
    await page.waitForTimeout(100);
    expect(await brokenAmounts(page), `${name}: amounts broken at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name}: wider than ${width} px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 375, height: 812 });
}
