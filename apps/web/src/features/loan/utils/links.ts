import { pageUrl } from '@/shared/session/session-params';

export type LinkParams = Record<string, string | number | undefined>;

function sameOrigin(address: string): URL | null {
  if (!address.trim()) return null;
  try {
    const url = new URL(address, window.location.origin);
    return url.origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * A page address given by the server (e.g. lendDetailsUrl `/loan-details?orderId=12&productId=1`)
 * with the session parameters carried and `extra` added. Parameters written in
 * the address win over the carried session ones and `extra` wins over both, so
 * no name appears twice. Null when the address is empty, unreadable or of
 * another origin (the session parameters never leave the site).
 */
export function sessionLinkFromAddress(address: string, extra: LinkParams = {}): string | null {
  const url = sameOrigin(address);
  return url ? pageUrl(`${url.pathname}${url.search}`, extra) : null;
}

/** Whether an address points outside this site (e.g. an external repayment page). */
export function isExternalAddress(address: string): boolean {
  return address.trim() !== '' && sameOrigin(address) === null;
}
