import type { accountHome } from '@presta/contract/api/account';
import { apiRoutes, type ApiRoute } from '@presta/contract/api/api-routes';
import type { loanDetailConfirm } from '@presta/contract/api/loan';
import type { loanPlayDelayDetail, loanPlayDetail } from '@presta/contract/api/repayment';
import type { loanStatement } from '@presta/contract/api/statement';
import { routes } from '@presta/contract/routes';
import { confirmationQueryOf, loanConfirmationPayload } from '@/features/loan/api/loan-confirmation-query';
import { prefetchLoanDetails } from '@/features/loan/api/loan-details-prefetch';
import { prefetchApi } from '@/shared/http/api-request';
import { orderPayload } from '@/shared/http/order-payload';
import { getSessionParams } from '@/shared/session/session-params';
import { takeSessionFromAddress } from '@/shared/session/tab-session';

/**
 * The early entry: a small script of its own (`<script type="module" async>`,
 * added to index.html by the build, one chunk) that runs as soon as it
 * arrives, before React and the page's code have loaded. It starts the first
 * API call of the page being opened, so the answer (and the picture it names)
 * arrive while the app code still downloads; the http layer hands that answer
 * to the page's own identical call (HttpClient.prefetch: the payloads are
 * built by the same functions as the pages'). The main entry imports this
 * module first, so it has always run before any page asks (and runs once). It
 * must stay small: no React, no antd-mobile, no zod.
 *
 * First of all it takes the session out of the address bar (decision 011),
 * before the router or any call reads the address.
 */

type OrderRead = typeof loanPlayDetail | typeof loanPlayDelayDetail | typeof loanStatement;

/** A page about one order (?orderId): its read, when the address names the order. */
function prefetchOrderRead(endpoint: ApiRoute) {
  return (search: string) => {
    const { orderId, productId } = getSessionParams(search);
    if (orderId) void prefetchApi<OrderRead>(endpoint, orderPayload({ orderId, productId })).catch(() => undefined);
  };
}

const earlyWork: Partial<Record<string, (search: string) => unknown>> = {
  [routes.loanDetails]: prefetchLoanDetails,
  [routes.order]: prefetchLoanDetails,
  [routes.repayment]: prefetchOrderRead(apiRoutes.loanPlayDetail),
  [routes.repaymentDelay]: prefetchOrderRead(apiRoutes.loanPlayDelayDetail),
  [routes.loanStatement]: prefetchOrderRead(apiRoutes.loanStatement),
  [routes.confirmLoan]: (search: string) => {
    const query = confirmationQueryOf(search);
    if (query.productId) void prefetchApi<typeof loanDetailConfirm>(apiRoutes.loanDetailConfirm, loanConfirmationPayload(query)).catch(() => undefined);
  },
  [routes.main]: () => prefetchApi<typeof accountHome>(apiRoutes.accountHome, {}).catch(() => undefined),
};

try {
  takeSessionFromAddress();
} catch {
  // The address keeps the session; the pages read it there.
}

try {
  earlyWork[location.pathname]?.(location.search);
} catch {
  // The page makes its own call anyway.
}
