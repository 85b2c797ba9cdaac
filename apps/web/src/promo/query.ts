import { PROMO_AGREEMENT_HASH, PROMO_DOWNLOAD_HASH, promoQueryParams } from '@presta/contract/promotion-rules';

export type PromoQueryParam = (typeof promoQueryParams)[number];
/** The §2 query parameters the page was opened with (missing or empty ones are absent). */
export type PromoQuery = Partial<Record<PromoQueryParam, string>>;

/** The query part of a hash route ('#/downloadTemplate?id=2' → 'id=2'). */
export function hashSearch(hash: string): string {
  const at = hash.indexOf('?');
  return at === -1 ? '' : hash.slice(at + 1);
}

/**
 * Reads id, app_from, user_from, utm_tag, invite_code, links_id, down_id and UC
 * from the page's query string and from its hash route's query (a link
 * straight to '#/downloadTemplate?id=…' works too; the hash wins).
 */
export function readPromoQuery(search: string, hash = ''): PromoQuery {
  const sources = [new URLSearchParams(search), new URLSearchParams(hashSearch(hash))];
  const query: PromoQuery = {};
  for (const name of promoQueryParams) {
    for (const params of sources) {
      const value = params.get(name)?.trim();
      if (value) query[name] = value;
    }
  }
  return query;
}

/**
 * §4: after registering (or on an already-registered phone) the page goes to
 * the download page only when the query has neither down_id nor links_id.
 */
export function redirectsToDownload(query: PromoQuery): boolean {
  return !query.down_id && !query.links_id;
}

/** The parameters the two hash pages get (§2): app_from, user_from, utm_tag and id, plus links_id or down_id. */
export function hashPageParams(query: PromoQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['app_from', 'user_from', 'utm_tag', 'id'] as const) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  if (query.links_id) params.set('links_id', query.links_id);
  else if (query.down_id) params.set('down_id', query.down_id);
  return params;
}

function withParams(hash: string, query: PromoQuery): string {
  const params = hashPageParams(query).toString();
  return params ? `${hash}?${params}` : hash;
}

export const downloadHash = (query: PromoQuery) => withParams(PROMO_DOWNLOAD_HASH, query);
export const agreementHash = (query: PromoQuery) => withParams(PROMO_AGREEMENT_HASH, query);
