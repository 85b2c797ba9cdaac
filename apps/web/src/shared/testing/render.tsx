import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';

/** The session of the page URL in the tests (session id, device id, order and product). */
export const sessionQuery = 'swift=sess-9&showy=dev-1&orderId=12&productId=1';

/** Shows the router's current address (path + query), to check in-app navigations. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location" hidden>{`${pathname}${search}`}</div>;
}

/**
 * Renders a page at `path?query` (window URL and router alike), in the URL's
 * language. `routes` adds other pages the test navigates to.
 */
export function renderAt(page: ReactElement, path: string, query = sessionQuery, routes: Record<string, ReactElement> = {}) {
  const url = query ? `${path}?${query}` : path;
  window.history.replaceState(null, '', url);
  initLanguage(window.location.search);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        {Object.entries(routes).map(([other, element]) => (
          <Route key={other} path={other} element={element} />
        ))}
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** The last address given to a mocked navigation function, parsed. */
export function lastUrl(mock: (url: string) => void): URL {
  const calls = vi.mocked(mock).mock.calls;
  return new URL(calls[calls.length - 1]![0], 'http://localhost');
}
