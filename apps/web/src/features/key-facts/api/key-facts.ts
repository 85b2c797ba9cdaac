import { apiRoutes } from '@presta/contract/api/api-routes';
import type { KeyFactsData, keyFacts } from '@presta/contract/api/key-facts';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';

export type KeyFactsQuery = { proposalNo: string } | { orderId: string };

/** POST /v3/loan-confirm/key-facts: an offer's (proposalNo) or a loan's (orderId) Key Facts Statement (India, issue 13). */
export async function fetchKeyFacts(query: KeyFactsQuery, opts: { signal?: AbortSignal } = {}): Promise<Normalised<KeyFactsData>> {
  const result = await callApi<typeof keyFacts>(apiRoutes.keyFacts, query, opts);
  if (!result.success || !result.data) return { ...result, data: null };
  // Typed, not validated at run time: the lists and the market are read defensively.
  const data = result.data;
  return { ...result, data: { ...data, market: readMarket(data.market), charges: Array.isArray(data.charges) ? data.charges : [] } };
}
