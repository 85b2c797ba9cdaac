import { useCallback } from 'react';
import { useQuery } from '@/shared/http/use-query';
import { showToast } from '@/shared/ui/toast';
import { fetchCardsOnFile, type CardsOnFile } from '../api/cards-on-file';
import { failureMessage } from '../utils/failure-message';

/** The borrower's cards on file for the order, with a quiet reload that brings a new single-use repay token. */
export function useCardsOnFile(orderId: string) {
  const remote = useQuery<CardsOnFile>({ load: async ({ silent, signal }) => {
    const result = await fetchCardsOnFile(orderId, { signal });
    if (!result.success && !silent) showToast(failureMessage(result, 'cardListFailed'));
    return result;
  } });
  const { load } = remote;
  /** A new single-use repay token (and the cards again), quietly. */
  const refreshToken = useCallback(() => load(undefined, { silent: true }), [load]);
  return { remote, refreshToken };
}
