import { useMemo, useState } from 'react';
import { useAddressSearch } from '@/shared/router/address';
import { marketMoney } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { AmountHero } from '@/shared/ui/amount-hero';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import type { CardsOnFile } from '../api/cards-on-file';
import { CardChoice } from '../components/card-choice';
import { PaymentActions } from '../components/payment-actions';
import { SmsStep } from '../components/sms-step';
import { useCardPayment } from '../hooks/use-card-payment';
import { useCardsOnFile } from '../hooks/use-cards-on-file';
import { cardRepaymentMessages } from '../messages';
import { parseCardRepaymentQuery, repaymentPageUrl, type CardRepaymentQuery } from '../utils/card-link';
import './card-repayment-page.css';

/**
 * Legacy repayment by card (/card-repayment?orderId&productId&amount + session,
 * §4): the amount, the borrower's cards on file as a radio list, Pay, and "Pay
 * with another card" (the card processor's hosted page). Pay commits the
 * payment; when the bank asks for an SMS code (needValid 1) the SMS step opens.
 * A paid borrower goes to the loan details (on Android the native repayment
 * dialog is dismissed first). A link without an order or a whole positive
 * amount shows an error.
 */
export default function CardRepaymentPage() {
  const search = useAddressSearch();
  const parsed = useMemo(() => parseCardRepaymentQuery(search), [search]);
  const { t } = useMessages(cardRepaymentMessages);
  usePageTitle(t('pageTitle'));

  if (!parsed.ok) {
    return (
      <PageLayout>
        <LoadFailure
          title={t('invalidLinkTitle')}
          text={t('invalidLinkText')}
          actionLabel={t('backToPayment')}
          onAction={() => assignLocation(repaymentPageUrl())}
        />
      </PageLayout>
    );
  }
  const { query } = parsed;
  return <CardRepayment key={`${query.orderId}:${query.productId ?? ''}:${query.amount}`} query={query} />;
}

/** Loads the cards on file; once they are there, the payment. */
function CardRepayment({ query }: { query: CardRepaymentQuery }) {
  const { t } = useMessages(cardRepaymentMessages);
  const { remote, refreshToken } = useCardsOnFile(query.orderId);
  if (!remote.data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  return <CardPayment query={query} cardsOnFile={remote.data} refreshToken={refreshToken} />;
}

type CardPaymentProps = { query: CardRepaymentQuery; cardsOnFile: CardsOnFile; refreshToken: () => Promise<unknown> };

/** The amount, the cards to choose from, the actions and, when the bank asks for a code, the SMS step. */
function CardPayment({ query, cardsOnFile, refreshToken }: CardPaymentProps) {
  const { t } = useMessages(cardRepaymentMessages);
  const [selectedId, setSelectedId] = useState('');
  const { pay, payWithAnotherCard, sms } = useCardPayment({ query, cardsOnFile, refreshToken });
  const cards = cardsOnFile.bankCards;
  // The loan's market's currency (repayment-way names it), whatever the page's language (issue 12).
  const money = marketMoney(cardsOnFile.market);

  return (
    <PageLayout
      className="presta-card-repayment"
      actions={<PaymentActions hasCards={cards.length > 0} onPay={() => pay(selectedId)} onAnotherCard={payWithAnotherCard} />}
    >
      <AmountHero heading={t('heading')} amountLabel={t('amountLabel')} amount={money(query.amount)} />
      <CardChoice cards={cards} selectedId={selectedId} onSelect={setSelectedId} />
      {sms.shown ? (
        <SmsStep resendAt={sms.shown.resendAt} onConfirm={sms.confirm} onResend={sms.resend} onClose={sms.close} />
      ) : null}
    </PageLayout>
  );
}
