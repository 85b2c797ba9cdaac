import { apiRoutes, type ApiRoute } from '@presta/contract/api/api-routes';
import { routes } from '@presta/contract/routes';
import { confirmationQueryOf, loanConfirmationPayload } from '@/features/loan/api/loan-confirmation-query';
import { orderPayload } from '@/shared/http/order-payload';
import { getSessionParams } from '@/shared/session/session-params';

/**
 * The first API call of the pages that make one on opening, by path: its
 * endpoint and payload for the page's query string, built by the same
 * functions as the page's own call (so the answers match it, byte for byte).
 * The early entry starts it before React loads (early.ts); the server makes it
 * to render a page's first view (server-entry.tsx). Null when the address does
 * not name what the page reads.
 *
 * This file must stay light (the early entry imports it): no React, no antd-mobile, no zod.
 */
export type FirstCall = { endpoint: ApiRoute; payload: Record<string, unknown> };

/** A page about one order (?orderId): its read, when the address names the order. */
function orderRead(endpoint: ApiRoute) {
  return (search: string): FirstCall | null => {
    const { orderId, productId } = getSessionParams(search);
    return orderId ? { endpoint, payload: orderPayload({ orderId, productId }) } : null;
  };
}

export const firstCalls: Partial<Record<string, (search: string) => FirstCall | null>> = {
  [routes.loanDetails]: orderRead(apiRoutes.loanDetails),
  [routes.order]: orderRead(apiRoutes.loanDetails),
  [routes.repayment]: orderRead(apiRoutes.loanPlayDetail),
  [routes.repaymentDelay]: orderRead(apiRoutes.loanPlayDelayDetail),
  [routes.loanStatement]: orderRead(apiRoutes.loanStatement),
  [routes.confirmLoan]: (search) => {
    const query = confirmationQueryOf(search);
    return query.productId ? { endpoint: apiRoutes.loanDetailConfirm, payload: loanConfirmationPayload(query) } : null;
  },
  [routes.main]: () => ({ endpoint: apiRoutes.accountHome, payload: {} }),
};

/** The first call of the page at `pathname` with `search`, or null. */
export function firstCallOf(pathname: string, search: string): FirstCall | null {
  return firstCalls[pathname]?.(search) ?? null;
}
