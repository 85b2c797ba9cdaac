import { useMessages } from '@/shared/i18n/use-messages';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { cardRepaymentMessages } from '../messages';

type PaymentActionsProps = {
  /** Whether the borrower has cards on file: Pay shows, and "Pay with another card" becomes a link button. */
  hasCards: boolean;
  onPay: () => void;
  onAnotherCard: () => void;
};

/** The card repayment page's actions: Pay (with a card on file) and "Pay with another card". */
export function PaymentActions({ hasCards, onPay, onAnotherCard }: PaymentActionsProps) {
  const { t } = useMessages(cardRepaymentMessages);
  if (!hasCards) {
    return <PrimaryButton onClick={onAnotherCard}>{t('anotherCard')}</PrimaryButton>;
  }
  return (
    <>
      <PrimaryButton onClick={onPay}>{t('pay')}</PrimaryButton>
      <button type="button" className="presta-page-link-button" onClick={onAnotherCard}>
        {t('anotherCard')}
      </button>
    </>
  );
}
