import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { RouteErrorBoundary } from '@/app/route-error';
import { syncLanguageFromUrl } from '@/shared/i18n/language-store';
import { lastNavigationKind, useAddressSearch } from '@/shared/router/address';

/**
 * Root of every page: follows the `language` parameter across navigations,
 * shows RouteError when a page's code cannot load or a page throws, and starts
 * a page opened by a link at the top (back and forward keep the browser's own
 * scroll restoration, as does the first page).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useAddressSearch();

  useEffect(() => {
    syncLanguageFromUrl(search);
  }, [search]);

  useLayoutEffect(() => {
    // The first page was opened (pop) or had its session taken out of the address (replace): not a push.
    if (lastNavigationKind() === 'push') window.scrollTo(0, 0);
  }, [pathname]);

  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}
