import { routes } from '@presta/contract/routes';

/** The pages sign-in may go back to: every page route of the contract but sign-in itself. */
const pagePaths: ReadonlySet<string> = new Set(Object.values(routes).filter((p) => p.startsWith('/') && p !== routes.login));

/**
 * Where sign-in goes afterwards: `next` when it is a path of this site that
 * names one of its pages (the contract's page routes, never sign-in itself),
 * else home. `next` is resolved once against our origin and judged by what
 * it resolves to: `/.//evil.example`, `/a/..//evil.example` and
 * `/%2e//evil.example` all normalise to `//evil.example`, no page of ours.
 */
export function nextPath(next: string | null, origin: string = location.origin): string {
  if (!next?.startsWith('/')) return routes.main;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return routes.main;
  }
  if (url.origin !== origin || !pagePaths.has(url.pathname)) return routes.main;
  return `${url.pathname}${url.search}${url.hash}`;
}
