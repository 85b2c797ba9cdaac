import { firstCallOf } from '@/app/first-calls';
import { prefetchLoanDetails } from '@/features/loan/api/loan-details-prefetch';
import { prefetchApi } from '@/shared/http/api-request';
import { firstView } from '@/shared/http/first-view';
import { takeSessionFromAddress } from '@/shared/session/tab-session';
import { routes } from '@presta/contract/routes';
import type { Endpoint } from '@presta/contract/api/endpoint';

/**
 * The early entry: a small script of its own (`<script type="module" async>`,
 * added to index.html by the build, one chunk) that runs as soon as it
 * arrives, before React and the page's code have loaded. It starts the first
 * API call of the page being opened (first-calls.ts), so the answer (and the
 * picture it names) arrive while the app code still downloads; the http layer
 * hands that answer to the page's own identical call (HttpClient.prefetch).
 * A page the server rendered with its data (first-view.ts) needs no call. The
 * main entry imports this module first, so it has always run before any page
 * asks (and runs once). It must stay small: no React, no antd-mobile, no zod.
 *
 * First of all it takes the session out of the address bar (decision 011),
 * before the router or any call reads the address.
 */

try {
  takeSessionFromAddress();
} catch {
  // The address keeps the session; the pages read it there.
}

try {
  if (!firstView()) {
    if (location.pathname === routes.loanDetails || location.pathname === routes.order) void prefetchLoanDetails(location.search);
    else {
      const call = firstCallOf(location.pathname, location.search);
      if (call) void prefetchApi<Endpoint>(call.endpoint, call.payload).catch(() => undefined);
    }
  }
} catch {
  // The page makes its own call anyway.
}
