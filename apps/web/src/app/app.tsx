import { StrictMode, useEffect } from 'react';
import { Router } from 'wouter';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/router';

/**
 * Once the app's code runs the page (its first render committed, or the
 * server's markup hydrated): `<html data-app-ready>`. A page sent with its
 * first view is drawn before its scripts arrive; until then its buttons do
 * nothing, and the e2e tests wait for this mark before using them.
 */
function MarkReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

/**
 * The whole app, as the client renders it and as the server renders a page's
 * first view (server-entry.tsx): one tree, so the client's hydration finds
 * the server's markup. `ssrPath` is the server's (it has no address bar).
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Providers>
        <Router ssrPath={ssrPath}>
          <AppRoutes />
        </Router>
      </Providers>
      <MarkReady />
    </StrictMode>
  );
}
