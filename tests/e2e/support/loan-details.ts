import { expect, type Page } from '@playwright/test';
import { nextResponse } from './responses';

type LoanDetailsAnswer = { success?: boolean; data?: { isScore?: number; orderStatus?: string | number } };

/**
 * Opens loan details and resolves the answer it shows: from the page's first
 * view when the server rendered the page with it (opened with the session in
 * its address, decision 020), else the page's own call.
 */
export async function gotoLoanDetails(page: Page, url: string): Promise<LoanDetailsAnswer> {
  const answer = nextResponse(page, (r) => r.url().includes('/v3/loan-details/loan-details') && r.request().method() === 'POST');
  await page.goto(url);
  const firstView = await page.evaluate(() => document.getElementById('presta-first-view')?.textContent ?? null);
  if (!firstView) return (await (await answer).json()) as LoanDetailsAnswer;
  answer.catch(() => undefined);
  return (JSON.parse(firstView) as { answer: LoanDetailsAnswer }).answer;
}

/**
 * Opens loan details and waits for its answer (gotoLoanDetails). The page asks
 * for a rating only when the answer says so (isScore 1: a disbursed or settled
 * loan not rated yet, with nothing to pay today, whose borrower has not said
 * "not now" lately, issue 14): then the prompt is waited for and closed with
 * "Not now", so that nothing covers the page's buttons. Resolves the answer's
 * isScore.
 */
export async function openLoanDetails(page: Page, url: string): Promise<number> {
  const body = await gotoLoanDetails(page, url);
  const isScore = Number(body.data?.isScore ?? 0);
  if (isScore === 1) {
    const later = page.getByRole('dialog').getByRole('button', { name: /^(Ahora no|Not now)$/ });
    await later.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  return isScore;
}
