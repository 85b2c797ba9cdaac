import { useState } from 'react';
import type { BankCard } from '@presta/contract/api/legacy-payment';
import type { Normalised } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';
import { CARD_SMS_RESEND_SECONDS, legacyPaymentCodes } from '@presta/contract/legacy-payment-rules';
import { getMessage, useMessages } from '@/shared/i18n/use-messages';
import { showToast } from '@/shared/ui/toast';
import { commitCardPayment } from '../api/commit-card-payment';
import { confirmCardPayment } from '../api/confirm-card-payment';
import type { ConfirmOutcome } from '../components/sms-step';
import { cardRepaymentMessages } from '../messages';
import type { CardRepaymentQuery } from '../utils/card-link';
import { commitFailureMessage, failureMessage } from '../utils/failure-message';
import type { PaymentRequests } from './use-payment-requests';

/**
 * The payment waiting for its SMS code: the card and token it was committed
 * with, its record, and when the code may be sent again. It outlives a closed
 * SMS step (the server keeps the attempt 10 minutes and refuses another commit
 * meanwhile), so Pay with the same card opens the step again.
 */
type PendingPayment = { card: BankCard; repayToken: string; repayRecordId: string; resendAt: number };

/** When a code sent now may be sent again. */
const nextResendAt = () => Date.now() + CARD_SMS_RESEND_SECONDS * 1000;

/** What a refused confirmation shows, what it means for the step, and whether the attempt is over. */
function confirmRefusal(result: Normalised<unknown>): { message: string; outcome: ConfirmOutcome; attemptOver: boolean } {
  switch (result.code) {
    case legacyPaymentCodes.wrongVerificationCode:
      return { message: result.message.trim() || getMessage(cardRepaymentMessages, 'wrongCode'), outcome: 'wrongCode', attemptOver: false };
    case legacyPaymentCodes.repeatPaymentRequest:
      // Already paid: nothing left to confirm.
      return { message: result.message.trim() || getMessage(cardRepaymentMessages, 'repeatPayment'), outcome: 'failed', attemptOver: true };
    case errorCodes.cardRepaymentClosed:
      // Expired, declined or too many wrong codes: the borrower starts again.
      return { message: failureMessage(result), outcome: 'failed', attemptOver: true };
    default:
      return { message: failureMessage(result), outcome: 'failed', attemptOver: false };
  }
}

type SmsAttemptOptions = { query: CardRepaymentQuery; requests: PaymentRequests; refreshToken: () => Promise<unknown> };

/**
 * The SMS step of a card payment (§4): the attempt waiting for its code,
 * whether its step is open, and the step's resend, confirm and close.
 */
export function useSmsAttempt({ query, requests, refreshToken }: SmsAttemptOptions) {
  const { t } = useMessages(cardRepaymentMessages);
  const { orderId, amount } = query;
  const { exclusive, paid } = requests;
  const [pending, setPending] = useState<PendingPayment | null>(null);
  const [open, setOpen] = useState(false);

  /** A commit asked for a code: the step opens for it. */
  const start = (card: BankCard, repayToken: string, repayRecordId: string) => {
    setPending({ card, repayToken, repayRecordId, resendAt: nextResendAt() });
    setOpen(true);
  };

  /** Pay with the card of the attempt still waiting opens its step again (true), without another commit. */
  const reopenFor = (card: BankCard): boolean => {
    if (pending?.card.id !== card.id) return false;
    setOpen(true);
    return true;
  };

  /** The borrower closes the step: the attempt still waits; a fresh token serves a payment with another card. */
  const close = () => {
    setOpen(false);
    void refreshToken();
  };

  /** The attempt is over (already paid, expired, declined, too many wrong codes): the next Pay starts again. */
  const dropAttempt = () => {
    setPending(null);
    close();
  };

  const resend = async (): Promise<void> => {
    if (!pending) return;
    await exclusive(async () => {
      const { card, repayToken } = pending;
      const result = await commitCardPayment({ orderId, amount, card, repayToken, resend: true }, { loading: t('sendingCode') });
      if (result.success && result.data?.needValid === 0) {
        paid();
        return;
      }
      if (result.success && result.data) {
        const repayRecordId = result.data.repayRecordId || pending.repayRecordId;
        setPending((current) => (current ? { ...current, repayRecordId, resendAt: nextResendAt() } : current));
        showToast(t('codeResent'));
        return;
      }
      // '429001': asked again before the wait was over; the server says how long.
      showToast(commitFailureMessage(result));
    });
  };

  const confirm = async (code: string): Promise<ConfirmOutcome> => {
    if (!pending) return 'failed';
    const outcome = await exclusive(async (): Promise<ConfirmOutcome> => {
      const result = await confirmCardPayment({ orderId, verifyCode: code, repaymentRecordId: pending.repayRecordId }, { loading: t('confirming') });
      if (result.success) {
        paid();
        return 'done';
      }
      const refusal = confirmRefusal(result);
      showToast(refusal.message);
      if (refusal.attemptOver) dropAttempt();
      return refusal.outcome;
    });
    return outcome ?? 'failed';
  };

  /** The attempt whose step shows now, if any. */
  const shown = pending && open ? pending : null;
  return { shown, start, reopenFor, resend, confirm, close };
}
