import type { BankCard } from '@presta/contract/api/legacy-payment';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { showToast } from '@/shared/ui/toast';
import { fetchAnotherCardPage } from '../api/another-card-page';
import type { CardsOnFile } from '../api/cards-on-file';
import { commitCardPayment } from '../api/commit-card-payment';
import { cardRepaymentMessages } from '../messages';
import type { CardRepaymentQuery } from '../utils/card-link';
import { commitFailureMessage, failureMessage } from '../utils/failure-message';
import { usePaymentRequests } from './use-payment-requests';
import { useSmsAttempt } from './use-sms-attempt';

type CardPaymentOptions = {
  query: CardRepaymentQuery;
  /** The cards on file and the single-use repay token they came with. */
  cardsOnFile: CardsOnFile;
  /** Loads a new repay token (and the cards again), quietly. */
  refreshToken: () => Promise<unknown>;
};

/**
 * The payments of the card repayment page (§4): Pay with a card on file
 * (straight through, or through the SMS step when the bank asks for a code)
 * and "Pay with another card" (the card processor's hosted page).
 */
export function useCardPayment({ query, cardsOnFile, refreshToken }: CardPaymentOptions) {
  const { t } = useMessages(cardRepaymentMessages);
  const { orderId, amount } = query;
  const requests = usePaymentRequests(query);
  const { exclusive, paid } = requests;
  const sms = useSmsAttempt({ query, requests, refreshToken });

  const commit = (card: BankCard) => {
    const { repayToken } = cardsOnFile;
    void exclusive(async () => {
      const result = await commitCardPayment({ orderId, amount, card, repayToken }, { loading: t('paying') });
      if (result.success && result.data?.needValid === 0) {
        paid();
        return;
      }
      if (result.success && result.data?.needValid === 1 && result.data.repayRecordId) {
        sms.start(card, repayToken, result.data.repayRecordId);
        return;
      }
      showToast(commitFailureMessage(result));
      await refreshToken();
    });
  };

  /** Pay with the selected card: its waiting SMS step again, else a new commit. */
  const pay = (selectedId: string) => {
    const card = cardsOnFile.bankCards.find((c) => c.id === selectedId);
    if (!card) {
      showToast(t('selectCardFirst'));
      return;
    }
    if (!sms.reopenFor(card)) commit(card);
  };

  const payWithAnotherCard = () => {
    void exclusive(async () => {
      const result = await fetchAnotherCardPage({ orderId, amount }, { loading: t('openingAnotherCard') });
      if (result.success && result.data?.url) {
        assignLocation(result.data.url);
        return;
      }
      showToast(result.success ? t('processingFailed') : failureMessage(result));
    });
  };

  return { pay, payWithAnotherCard, sms };
}
