import { routes } from '@presta/contract/routes';
import { getSessionParams, pageUrl } from '@/shared/session/session-params';

/** What /card-repayment pays: the order of the session and the amount, minor units. */
export type CardRepaymentQuery = { orderId: string; productId?: string; amount: number };

/** The largest amount the legacy calls accept (contract: 1 000 000 000,00 in minor units). */
const maxAmount = 100_000_000_000;

/**
 * Reads the query of /card-repayment (session parameters + `amount`). The
 * order must be a numeric id and the amount a whole number of minor units
 * from 1, as the repayment calls require, so a bad link shows an error
 * instead of failed calls.
 */
export function parseCardRepaymentQuery(search: string): { ok: true; query: CardRepaymentQuery } | { ok: false } {
  const rawAmount = (new URLSearchParams(search).get('amount') ?? '').trim();
  const amount = /^\d{1,12}$/.test(rawAmount) ? Number(rawAmount) : NaN;
  const { orderId = '', productId } = getSessionParams(search);
  const valid =
    Number.isSafeInteger(amount) &&
    amount >= 1 &&
    amount <= maxAmount &&
    /^\d{1,18}$/.test(orderId) &&
    (productId === undefined || /^\d{1,18}$/.test(productId));
  return valid ? { ok: true, query: { orderId, productId, amount } } : { ok: false };
}

/** The loan details of the order, with the session (where a paid borrower goes, §4). */
export function loanDetailsUrl({ orderId, productId }: CardRepaymentQuery): string {
  return pageUrl(routes.loanDetails, { orderId, productId: productId || undefined });
}

/** The instalment repayment page, with the session (where a bad link leads back to). */
export function repaymentPageUrl(): string {
  return pageUrl(routes.repayment);
}
