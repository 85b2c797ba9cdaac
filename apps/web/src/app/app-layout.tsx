import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { syncLanguageFromUrl } from '@/shared/i18n/language-store';

/** Root route: follows the `language` parameter across navigations. */
export function AppLayout() {
  const { search } = useLocation();
  useEffect(() => {
    syncLanguageFromUrl(search);
  }, [search]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
