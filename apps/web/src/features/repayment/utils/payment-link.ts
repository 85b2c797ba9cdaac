import { routes } from '@presta/contract/routes';
import { getSessionParams, pageUrl } from '@/shared/session/session-params';

/** §2: 1 = normal (instalment) repayment, 2 = extension. */
export type RequestType = 1 | 2;

export type PaymentInstructionLink = {
  requestType: RequestType;
  /** Minor units. */
  amount: number;
  payCode: string;
  orderId: string;
  productId?: string;
};

/**
 * The payment instruction page (/carpmm) for a channel: requestType, amount
 * and payCode, plus the session parameters of the current page (pageUrl).
 */
export function paymentInstructionUrl({ requestType, amount, payCode, orderId, productId }: PaymentInstructionLink): string {
  return pageUrl(routes.paymentInstruction, { orderId, productId: productId || undefined, requestType, amount, payCode });
}

/** The payCode of the card channel: it opens the card payment page instead of a payment instruction. */
export const cardPayCode = 'card';

/**
 * The legacy card payment page (/card-repayment) for an instalment: the
 * amount being paid (minor units) plus the session parameters of the current
 * page (pageUrl). Only the instalment repayment offers the card channel.
 */
export function cardRepaymentUrl({ amount, orderId, productId }: { amount: number; orderId: string; productId?: string }): string {
  return pageUrl(routes.cardRepayment, { orderId, productId: productId || undefined, amount });
}

/** Where a channel of the instalment repayment leads: the card page for 'card', else its payment instruction. */
export function repaymentChannelUrl(link: Omit<PaymentInstructionLink, 'requestType'>): string {
  return link.payCode === cardPayCode ? cardRepaymentUrl(link) : paymentInstructionUrl({ ...link, requestType: 1 });
}

export type InstructionQuery = {
  requestType: RequestType;
  amount: number;
  payCode: string;
  orderId: string;
  productId?: string;
};

/** The largest amount generate-vcode accepts (contract: intField(1, 1_000_000_000)). */
const maxAmount = 1_000_000_000;

/**
 * Reads the query of /carpmm. Every field is checked as generate-vcode's
 * request schema would (requestType 1|2, amount a whole number of minor units
 * from 1, payCode 1–40 characters, orderId a numeric id), so a bad link shows
 * an error instead of a failed call. `requestType` is kept when readable so
 * the error page can lead back to the right payment page.
 */
export function parseInstructionQuery(
  search: string,
): { ok: true; query: InstructionQuery } | { ok: false; requestType: RequestType | null } {
  const params = new URLSearchParams(search);
  const rawType = (params.get('requestType') ?? '').trim();
  const requestType: RequestType | null = rawType === '1' ? 1 : rawType === '2' ? 2 : null;
  const rawAmount = (params.get('amount') ?? '').trim();
  const amount = /^\d{1,10}$/.test(rawAmount) ? Number(rawAmount) : NaN;
  const payCode = (params.get('payCode') ?? '').trim();
  const { orderId = '', productId } = getSessionParams(search);
  const valid =
    requestType !== null &&
    Number.isSafeInteger(amount) &&
    amount >= 1 &&
    amount <= maxAmount &&
    payCode.length >= 1 &&
    payCode.length <= 40 &&
    /^\d{1,18}$/.test(orderId) &&
    (productId === undefined || /^\d{1,18}$/.test(productId));
  if (!valid) return { ok: false, requestType };
  return { ok: true, query: { requestType, amount, payCode, orderId, productId } };
}

/** Where a borrower with a bad /carpmm link goes back to: the repayment or the extension page. */
export function paymentPageUrl(requestType: RequestType | null): string {
  return pageUrl(requestType === 2 ? routes.repaymentDelay : routes.repayment);
}
