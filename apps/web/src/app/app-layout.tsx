import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { RouteErrorBoundary } from '@/app/route-error';
import { syncLanguageFromUrl } from '@/shared/i18n/language-store';

/**
 * Root route: follows the `language` parameter across navigations, shows
 * RouteError when a page's code cannot load or a page throws, and starts a
 * page opened by a link at the top (back and forward keep the browser's own
 * scroll restoration).
 */
export function AppLayout() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    syncLanguageFromUrl(search);
  }, [search]);

  useLayoutEffect(() => {
    if (navigationType === NavigationType.Push) window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
