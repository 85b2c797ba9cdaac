/**
 * Full-page navigations, in one place so tests can replace them
 * (jsdom does not navigate).
 */

/** The address this document is already leaving for by replaceLocation, if any. */
let leavingFor: string | null = null;

if (typeof window !== 'undefined') {
  // A page shown again from the back/forward cache may navigate again.
  window.addEventListener('pageshow', () => {
    leavingFor = null;
  });
}

/**
 * Replaces this page with `url`, once: several calls refused together (a page's
 * parallel reads all answered 401) start one navigation, not one each. In
 * Chromium a second location.replace made while the first is under way can
 * land after the new page has loaded and take the borrower away from it.
 */
export function replaceLocation(url: string, host: Pick<Location, 'replace'> = location): void {
  if (leavingFor === url) return;
  leavingFor = url;
  host.replace(url);
}

export function assignLocation(url: string): void {
  location.assign(url);
}
