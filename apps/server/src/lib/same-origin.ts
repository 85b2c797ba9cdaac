import type { FastifyRequest } from 'fastify';

/**
 * Whether a call that authenticates by cookie comes from our own pages: Sec-Fetch-Site same-origin (or none:
 * the person typed the address) and an Origin equal to PUBLIC_BASE_URL's, each when the browser sends it.
 * With SameSite=Strict this closes cross-site request forgery (the borrower's cookie, decision 017; the
 * console's, decision 018, which also asks for a CSRF token).
 */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  return origin === undefined || origin === publicOrigin;
}
