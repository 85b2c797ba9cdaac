import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { vi } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';
import { useAddressSearch } from '@/shared/router/address';
import { takeSessionFromAddress } from '@/shared/session/tab-session';

/** The session of the page URL in the tests (session id, device id, order and product). */
export const sessionQuery = 'swift=sess-9&showy=dev-1&orderId=12&productId=1';

/** Shows the router's current address (path + query), to check in-app navigations. */
export function LocationProbe() {
  const [pathname] = useLocation();
  const search = useAddressSearch();
  return <div data-testid="location" hidden>{`${pathname}${search}`}</div>;
}

/**
 * Renders a page opened at `path?query`, in the URL's language. As in the
 * app (the early entry), the session parameters leave the address for the
 * tab's session first; the router reads what is left in the window URL.
 * `routes` adds other pages the test navigates to.
 */
export function renderAt(page: ReactElement, path: string, query = sessionQuery, routes: Record<string, ReactElement> = {}) {
  window.history.replaceState(null, '', query ? `${path}?${query}` : path);
  takeSessionFromAddress();
  initLanguage(window.location.search);
  return render(
    <>
      <Switch>
        <Route path={path}>{page}</Route>
        {Object.entries(routes).map(([other, element]) => (
          <Route key={other} path={other}>
            {element}
          </Route>
        ))}
      </Switch>
      <LocationProbe />
    </>,
  );
}

/** The last address given to a mocked navigation function, parsed. */
export function lastUrl(mock: (url: string) => void): URL {
  const calls = vi.mocked(mock).mock.calls;
  return new URL(calls[calls.length - 1]![0], 'http://localhost');
}

/**
 * Runs `fn` inside an async act(): React applies the updates it causes, those
 * of the promises it settles included, before this resolves.
 */
export function actAsync(fn: () => unknown): Promise<void> {
  return act(() => {
    fn();
    return Promise.resolve();
  });
}
