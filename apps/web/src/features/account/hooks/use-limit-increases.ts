import { useState } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { showToast } from '@/shared/ui/toast';
import { answerLimitIncrease } from '../api/account-actions';
import type { HomeData, LimitIncrease } from '../api/account-data';
import { accountMessages } from '../messages';

type OffersAndIncreases = Pick<HomeData, 'offers' | 'limitIncreases'>;

/**
 * Home's proposed higher limits (issue 35): Accept asks for a confirmation first (`asking`), Not now answers at once;
 * each answer's call gives the offers and proposals as they now stand, which replace home's. A refusal is toasted by
 * the API client and leaves everything as it was.
 */
export function useLimitIncreases(home: OffersAndIncreases) {
  const { t } = useMessages(accountMessages);
  const [answered, setAnswered] = useState<OffersAndIncreases | null>(null);
  const [asking, setAsking] = useState<LimitIncrease | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const answer = async (proposal: LimitIncrease, accept: 0 | 1) => {
    if (busy) return;
    setBusy(proposal.proposalId);
    const result = await answerLimitIncrease(proposal.proposalId, accept, t('limitIncreaseSaving'));
    setBusy(null);
    if (!result.success || !result.data) return;
    setAnswered(result.data);
    setAsking(null);
    showToast(accept === 1 ? t('limitIncreaseAccepted') : t('limitIncreaseDeclined'));
  };
  const close = () => {
    if (!busy) setAsking(null);
  };

  const current = answered ?? home;
  return { offers: current.offers, proposals: current.limitIncreases, asking, ask: setAsking, close, answer, busy };
}

export type LimitIncreasesState = ReturnType<typeof useLimitIncreases>;
