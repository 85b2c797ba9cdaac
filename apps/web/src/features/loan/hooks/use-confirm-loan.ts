import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LoanConfirmData } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';
import { routes } from '@presta/contract/routes';
import { bridge } from '@/shared/bridge/native-bridge';
import type { QueryResult } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { replaceLocation } from '@/shared/session/navigation';
import { pageUrl } from '@/shared/session/session-params';
import { acknowledgeKeyFacts } from '../api/acknowledge-key-facts';
import { submitLoan, type LoanSubmission, type LoanSubmitResult } from '../api/submit-loan';
import { loanMessages } from '../messages';
import { sessionLinkFromAddress } from '../utils/links';

/** §9: the offer is reloaded 5.5 s after the recalculation modal opens. */
export const recalculationDelayMs = 5500;

type Recalculation = 'idle' | 'reloading' | 'done';

type ConfirmationRemote = QueryResult<LoanConfirmData, { recalculated: boolean }>;

/**
 * Issue 16: the server refuses a second active loan (409005) before the
 * borrower fills anything; `watch` passes the confirmation's answer on and
 * notes that refusal, which the page then shows instead of the form.
 */
export function useActiveLoanRefusal() {
  const [activeLoan, setActiveLoan] = useState(false);
  const watch = useCallback(<T,>(result: Normalised<T>): Normalised<T> => {
    if (result.code === errorCodes.activeLoanExists) setActiveLoan(true);
    return result;
  }, []);
  return { activeLoan, watch };
}

/** Analytics: the host is told which product's confirmation was opened (once per page). */
export function useConfirmBurialPoint(productId: string): void {
  const burialPointSent = useRef(false);
  useEffect(() => {
    if (!productId || burialPointSent.current) return;
    burialPointSent.current = true;
    try {
      bridge.confirmBurialPoint(productId);
    } catch {
      // A failing host call must not break the page.
    }
  }, [productId]);
}

/**
 * isNeedPop = 1: countdown modal, then ONE reload with isType=1, then the modal
 * closes. True while the modal shows.
 */
export function useRecalculation({ data, load }: ConfirmationRemote): boolean {
  const [recalculation, setRecalculation] = useState<Recalculation>('idle');
  const needsRecalculation = data?.isNeedPop === 1;
  useEffect(() => {
    if (!needsRecalculation || recalculation !== 'idle') return undefined;
    const timer = setTimeout(() => {
      setRecalculation('reloading');
      void load({ recalculated: true }, { silent: true }).finally(() => setRecalculation('done'));
    }, recalculationDelayMs);
    return () => clearTimeout(timer);
  }, [needsRecalculation, recalculation, load]);
  return needsRecalculation && recalculation !== 'done';
}

/** India (issue 13): the offer's Key Facts Statement, acknowledged here before the apply button is enabled. */
export function useKeyFactsAcknowledgement({ data, load }: ConfirmationRemote) {
  const { t } = useMessages(loanMessages);
  const [acknowledged, setAcknowledged] = useState<string | null>(null);
  const [acknowledging, setAcknowledging] = useState(false);
  const offeredKeyFacts = data?.keyFacts;
  const keyFacts = useMemo(
    () => (offeredKeyFacts ? { ...offeredKeyFacts, acknowledged: offeredKeyFacts.acknowledged || acknowledged === offeredKeyFacts.proposalNo } : null),
    [offeredKeyFacts, acknowledged],
  );
  const acknowledge = useCallback(async () => {
    if (!keyFacts || acknowledging) return;
    setAcknowledging(true);
    const result = await acknowledgeKeyFacts(keyFacts.proposalNo, t('keyFactsAcknowledging'));
    setAcknowledging(false);
    // A refusal (an expired KFS) was toasted; reloading gives the offer's current KFS.
    if (result.success) setAcknowledged(keyFacts.proposalNo);
    else void load(undefined, { silent: true });
  }, [keyFacts, acknowledging, t, load]);
  return { keyFacts, acknowledging, acknowledge };
}

/**
 * Submitting the signed figures creates the order and replaces the page with its details page. Answers the
 * call's result; on success the page is already being replaced.
 */
export function useSubmitLoan() {
  const { t } = useMessages(loanMessages);
  return useCallback(
    async (submission: LoanSubmission): Promise<Normalised<LoanSubmitResult>> => {
      const result = await submitLoan(submission, t('submitting'));
      if (result.success && result.data) {
        const { lendDetailsUrl, orderId } = result.data;
        const target =
          sessionLinkFromAddress(lendDetailsUrl, { from: 'confirm' }) ??
          pageUrl(routes.loanDetails, { orderId, productId: submission.productId, from: 'confirm' });
        replaceLocation(target);
      }
      return result;
    },
    [t],
  );
}
