import type { AgreementTerms } from '@presta/contract/api/loan';
import type { QueryOptions } from '@/shared/http/query';
import { useQuery, type QueryResult } from '@/shared/http/use-query';
import { fetchAgreement, fetchOfferTerms, type LoanAgreementData } from '../api/agreement-detail';
import type { AgreementQuery } from '../utils/agreement-query';

/** The order's contract with its terms, or (before the order exists) the quote's terms alone. */
export type LoadedAgreement = { contract: LoanAgreementData | null; terms: AgreementTerms | null };

export type AgreementRemote = QueryResult<LoadedAgreement>;

/** Loads what the address names: the order's contract, or the offer's terms; nothing for no query. */
export function useAgreement(query: AgreementQuery): AgreementRemote {
  const load = async ({ signal }: QueryOptions) => {
    if (query.kind === 'order') {
      const result = await fetchAgreement(query.query, { signal });
      return { ...result, data: result.data ? { contract: result.data, terms: result.data.terms } : null };
    }
    const result = await fetchOfferTerms((query as Extract<AgreementQuery, { kind: 'offer' }>).query, { signal });
    return { ...result, data: result.data ? { contract: null, terms: result.data } : null };
  };
  return useQuery<LoadedAgreement>({ load }, { enabled: query.kind !== 'none' });
}
