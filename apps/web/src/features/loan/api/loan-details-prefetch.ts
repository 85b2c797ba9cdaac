import { apiRoutes } from '@presta/contract/api/api-routes';
import type { loanDetails, LoanDetailsData } from '@presta/contract/api/loan';
import { preloadImage } from '@/shared/dom/preload';
import { prefetchApi, readAnswer } from '@/shared/http/api-request';
import { orderPayload, type OrderQuery } from '@/shared/http/order-payload';
import { getSessionParams } from '@/shared/session/session-params';
import { statusPictureUrl } from '../utils/order-status';

export type LoanDetailsQuery = OrderQuery;

/**
 * Run by the early entry on /loan-details and /order, before React and the
 * page's code load: starts the page's first call (the http layer hands this
 * answer to the page's identical call, failures included) and, once the answer
 * is in, preloads the status picture (the largest thing the page paints) and
 * the product logo. The promise (never rejected) is done once the pictures are asked for.
 */
export function prefetchLoanDetails(search: string = location.search): Promise<void> {
  const { orderId, productId } = getSessionParams(search);
  if (!orderId) return Promise.resolve();
  const answer = prefetchApi<typeof loanDetails>(apiRoutes.loanDetails, orderPayload({ orderId, productId }));
  return answer.then(
    (body) => {
      const result = readAnswer<LoanDetailsData>(body);
      if (!result.success || !result.data) return;
      preloadImage(statusPictureUrl(String(result.data.orderStatus ?? '')), 'high');
      if (result.data.productLogo) preloadImage(result.data.productLogo);
    },
    () => {},
  );
}
