import { useCallback, useEffect, useRef } from 'react';
import { bridgeMessages } from '@presta/contract/bridge-messages';
import { bridge } from '@/shared/bridge/native-bridge';
import { useMessages } from '@/shared/i18n/use-messages';
import { replaceLocation } from '@/shared/session/navigation';
import { showToast } from '@/shared/ui/toast';
import { cardRepaymentMessages } from '../messages';
import { loanDetailsUrl, type CardRepaymentQuery } from '../utils/card-link';

/** After a payment, the success message shows this long before the loan details open. */
const successRedirectDelayMs = 1500;

/** Closes the native repayment dialog after a payment (§4: Android only). A host error never stops the page. */
function dismissNativeRepaymentDialog(): void {
  if (bridge.transportFor(bridgeMessages.dismissRepaymentDialog) !== 'android') return;
  try {
    bridge.dismissRepaymentDialog();
  } catch {
    // The loan details open anyway.
  }
}

export type PaymentRequests = {
  /**
   * Runs one request of the page at a time: a tap meanwhile does nothing (the
   * loading toast covers the page too), and nothing runs once the page is
   * leaving. Buttons are not disabled, so focus stays where it was.
   */
  exclusive: <T>(task: () => Promise<T>) => Promise<T | undefined>;
  /** The payment went through: the success message, then the loan details. */
  paid: () => void;
};

/** The card repayment page's requests, one at a time, and its way out once paid. */
export function usePaymentRequests(query: CardRepaymentQuery): PaymentRequests {
  const { t } = useMessages(cardRepaymentMessages);
  const busy = useRef(false);
  const leaving = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const exclusive = useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await task();
    } finally {
      if (!leaving.current) busy.current = false;
    }
  }, []);

  const paid = () => {
    leaving.current = true;
    showToast(t('paymentDone'));
    dismissNativeRepaymentDialog();
    leaveTimer.current = setTimeout(() => replaceLocation(loanDetailsUrl(query)), successRedirectDelayMs);
  };

  return { exclusive, paid };
}
