import { StrictMode } from 'react';
import { Router } from 'wouter';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/router';

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
    </StrictMode>
  );
}
