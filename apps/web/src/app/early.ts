import { routes } from '@presta/contract/routes';
import { prefetchLoanDetails } from '@/features/loan/api/loan-details-prefetch';
import { takeSessionFromAddress } from '@/shared/session/tab-session';

/**
 * The early entry: a small script of its own (`<script type="module" async>`,
 * added to index.html by the build, one chunk) that runs as soon as it
 * arrives, before React and the page's code have loaded. It starts the first
 * API call of the page being opened, so the answer (and the picture it names)
 * arrive while the app code still downloads; the http layer hands that answer
 * to the page's own identical call (HttpClient.prefetch). The main entry
 * imports this module first, so it has always run before any page asks (and
 * runs once). It must stay small: no React, no antd-mobile, no zod.
 *
 * First of all it takes the session out of the address bar (decision 011),
 * before the router or any call reads the address.
 */
const earlyWork: Partial<Record<string, (search: string) => unknown>> = {
  [routes.loanDetails]: prefetchLoanDetails,
  [routes.order]: prefetchLoanDetails,
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
