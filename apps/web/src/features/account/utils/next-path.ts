import { routes } from '@presta/contract/routes';

/**
 * Where sign-in goes afterwards: `next` when it is a path of this site (never
 * another origin, never sign-in itself), else home.
 */
export function nextPath(next: string | null, origin: string = location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return routes.main;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname === routes.login) return routes.main;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return routes.main;
  }
}
