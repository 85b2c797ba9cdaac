import { useLocationProperty } from 'wouter/use-browser-location';
import { firstRenderSearch } from '@/shared/session/page-address';

/**
 * The page address beyond the path, for the router (wouter, decision 021):
 * its query string and fragment as the browser holds them (`?…`/`#…`, not
 * decoded: a `%25` in a value stays one), re-read on every navigation, and
 * how the last navigation happened.
 */

const currentSearch = () => location.search;
const currentHash = () => location.hash;
const none = () => '';

/**
 * The address's query string (`?a=1&b=2`, '' when none); the component renders
 * again when it changes. A server render, and the client's hydration of it, read
 * the address the server rendered (page-address.ts).
 */
export function useAddressSearch(): string {
  return useLocationProperty(currentSearch, firstRenderSearch);
}

/** The address's fragment (`#offers`, '' when none); the component renders again when it changes. */
export function useAddressHash(): string {
  return useLocationProperty(currentHash, none);
}

/** How the address last changed: a link or navigate() (`push`), a replacement, or back/forward (`pop`). */
export type NavigationKind = 'push' | 'replace' | 'pop';

let lastNavigation: NavigationKind = 'pop';

// Registered when this module loads, before the router's own listeners, so the kind is known when a page renders.
// wouter dispatches `pushState` and `replaceState` events for its navigations (it wraps the history methods).
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (lastNavigation = 'pop'));
  window.addEventListener('pushState', () => (lastNavigation = 'push'));
  window.addEventListener('replaceState', () => (lastNavigation = 'replace'));
}

/** How the address last changed (`pop` for the first page, as the browser opened it). */
export function lastNavigationKind(): NavigationKind {
  return lastNavigation;
}
