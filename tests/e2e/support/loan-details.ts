import { expect, type Page } from '@playwright/test';
import { nextResponse } from './responses';

/**
 * Opens loan details and waits for its answer. The page asks for a rating
 * only when the answer says so (isScore 1: a disbursed or settled loan not
 * rated yet, with nothing to pay today, whose borrower has not said "not now"
 * lately, issue 14): then the prompt is waited for and closed with "Not now",
 * so that nothing covers the page's buttons. Resolves the answer's isScore.
 */
export async function openLoanDetails(page: Page, url: string): Promise<number> {
  const answer = nextResponse(page, (r) => r.url().includes('/v3/loan-details/loan-details') && r.request().method() === 'POST');
  await page.goto(url);
  const body = (await (await answer).json()) as { data?: { isScore?: number } };
  const isScore = Number(body.data?.isScore ?? 0);
  if (isScore === 1) {
    const later = page.getByRole('dialog').getByRole('button', { name: /^(Ahora no|Not now)$/ });
    await later.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  return isScore;
}
