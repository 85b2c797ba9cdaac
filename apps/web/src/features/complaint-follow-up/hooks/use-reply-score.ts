import { useEffect, useRef, useState } from 'react';
import { COMPLAINT_SCORE_DELAY_MS } from '@presta/contract/complaint-rules';
import { errorCodes } from '@presta/contract/error-codes';
import type { QueryResult } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { showToast } from '@/shared/ui/toast';
import type { ComplaintDetail } from '../api/complaint-detail';
import { scoreReply } from '../api/score-reply';
import { complaintFollowUpMessages } from '../messages';

/**
 * The score of the support reply: needed while the reply waits for it
 * (isNeedScore non-zero); the prompt opens once per page load,
 * COMPLAINT_SCORE_DELAY_MS after the complaint has loaded, and again on demand.
 */
export function useReplyScore(problemId: string, { data, load }: QueryResult<ComplaintDetail>) {
  const { t } = useMessages(complaintFollowUpMessages);
  const [scored, setScored] = useState(false);
  const [open, setOpen] = useState(false);
  const needsScore = data !== null && data.isNeedScore !== 0 && !scored;

  const offered = useRef(false);
  useEffect(() => {
    if (!needsScore || offered.current) return undefined;
    const timer = setTimeout(() => {
      if (offered.current) return;
      offered.current = true;
      setOpen(true);
    }, COMPLAINT_SCORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [needsScore]);

  const openScore = () => {
    offered.current = true;
    setOpen(true);
  };

  const sendScore = async (score: number) => {
    const result = await scoreReply({ problemId, score }, { loading: t('scoreSending') });
    if (result.success) {
      setScored(true);
      setOpen(false);
      showToast(t('scoreThanks'));
      void load(undefined, { silent: true });
      return;
    }
    // Already scored (or no longer answered): the server's message was shown; the page catches up.
    if (result.code === errorCodes.invalidTransition || result.code === errorCodes.notFound) {
      setOpen(false);
      void load(undefined, { silent: true });
    }
  };

  return { needsScore, open, openScore, close: () => setOpen(false), sendScore };
}
