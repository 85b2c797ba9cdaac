/**
 * The address of the page being shown: the browser's, or on the server the
 * address it renders a page's first view for (decision 020, server-entry.tsx).
 * Code that reads the address outside React (the session parameters, the
 * language) reads it here, so the same code runs on both sides.
 *
 * This file does not import React: the early entry uses it.
 */

/** The address a server render is for, while renderToString runs (synchronous: one at a time). */
let rendering: URL | null = null;

/** Runs `render` (synchronous) with `address` as the page's address; the server's renders only. */
export function renderingAt<T>(address: URL, render: () => T): T {
  rendering = address;
  try {
    return render();
  } finally {
    rendering = null;
  }
}

/** The page's query string (`?a=1`, '' when none). */
export function pageSearch(): string {
  if (typeof location !== 'undefined') return location.search;
  return rendering?.search ?? '';
}

/** The page's origin (`http://localhost` when there is no page). */
export function pageOrigin(): string {
  if (typeof location !== 'undefined') return location.origin;
  return rendering?.origin ?? 'http://localhost';
}

/**
 * The query string a first render uses (useSyncExternalStore's server
 * snapshot): on the server the rendered address's; on the client the
 * browser's. The early entry has taken the session out of the client's
 * address by then, but the pages read the session through getSessionParams,
 * which finds it in the tab: the same values the server read in the address.
 */
export function firstRenderSearch(): string {
  return rendering ? rendering.search : pageSearch();
}
