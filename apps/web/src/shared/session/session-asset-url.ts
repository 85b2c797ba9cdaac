import { apiUrl, getApiBase } from '@/shared/http/api-base';
import { commonParams, withQuery } from '@/shared/session/session-params';

function originOf(address: string, base: string): string | null {
  try {
    return new URL(address, base).origin;
  } catch {
    return null;
  }
}

/**
 * The address of a picture the API serves to the order's owner only (a
 * payment reference's barcode or code image): the session parameters and
 * `language` (as every API call carries them) are added so the route can tell
 * whose it is. A path is resolved against the API base. The parameters are
 * only ever sent to this site or to the API; an address of another origin
 * comes back unchanged. '' stays ''.
 */
export function sessionAssetUrl(address: string): string {
  const trimmed = address.trim();
  if (!trimmed) return '';
  const pageOrigin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(trimmed) || trimmed.startsWith('//');
  const resolved = isAbsolute ? trimmed : apiUrl(trimmed);
  const origin = originOf(resolved, pageOrigin + '/');
  if (origin === null) return trimmed;
  const apiOrigin = originOf(getApiBase() || '/', pageOrigin + '/');
  if (origin !== pageOrigin && origin !== apiOrigin) return trimmed;
  const url = new URL(resolved, pageOrigin + '/');
  // Parameters already written in the address win over the carried session.
  const carried: Record<string, string> = {};
  for (const [key, value] of Object.entries(commonParams())) {
    if (!url.searchParams.has(key)) carried[key] = value;
  }
  return withQuery(resolved, carried);
}
