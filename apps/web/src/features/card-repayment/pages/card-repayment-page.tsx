import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { BankCard } from '@presta/contract/api/legacy-payment';
import type { Normalised } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';
import { bridge, bridgeMessages } from '@/shared/bridge/native-bridge';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { marketMoney } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation, replaceLocation } from '@/shared/session/navigation';
import { AmountHero } from '@/shared/ui/amount-hero';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { RemoteFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { showToast } from '@/shared/ui/toast';
import { fetchAnotherCardPage } from '../api/another-card-page';
import { fetchCardsOnFile, type CardsOnFile } from '../api/cards-on-file';
import { commitCardPayment } from '../api/commit-card-payment';
import { confirmCardPayment } from '../api/confirm-card-payment';
import { CardList } from '../components/card-list';
import { SmsStep, type ConfirmOutcome } from '../components/sms-step';
import { cardRepaymentMessages } from '../messages';
import { loanDetailsUrl, parseCardRepaymentQuery, repaymentPageUrl, type CardRepaymentQuery } from '../utils/card-link';
import { failureMessage } from '../utils/failure-message';
import { CARD_SMS_RESEND_SECONDS, legacyPaymentCodes } from '@presta/contract/legacy-payment-rules';
import './card-repayment-page.css';

/** After a payment, the success message shows this long before the loan details open. */
export const successRedirectDelayMs = 1500;

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
  const { search } = useLocation();
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

/**
 * The payment waiting for its SMS code: the card and token it was committed
 * with, its record, and when the code may be sent again. It outlives a closed
 * SMS step (the server keeps the attempt 10 minutes and refuses another commit
 * meanwhile), so Pay with the same card opens the step again.
 */
type PendingPayment = { card: BankCard; repayToken: string; repayRecordId: string; resendAt: number };

/** When a code sent now may be sent again. */
const nextResendAt = () => Date.now() + CARD_SMS_RESEND_SECONDS * 1000;

/** Closes the native repayment dialog after a payment (§4: Android only). A host error never stops the page. */
function dismissNativeRepaymentDialog(): void {
  if (bridge.transportFor(bridgeMessages.dismissRepaymentDialog) !== 'android') return;
  try {
    bridge.dismissRepaymentDialog();
  } catch {
    // The loan details open anyway.
  }
}

function CardRepayment({ query }: { query: CardRepaymentQuery }) {
  const { t } = useMessages(cardRepaymentMessages);
  const { orderId, amount } = query;

  const remote = useRemoteData<CardsOnFile>(async (_arg, { silent, signal }) => {
    const result = await fetchCardsOnFile(orderId, { signal });
    if (!result.success && !silent) showToast(failureMessage(result, 'cardListFailed'));
    return result;
  });
  const { data, load } = remote;

  const [selectedId, setSelectedId] = useState('');
  const [pending, setPending] = useState<PendingPayment | null>(null);
  const [smsOpen, setSmsOpen] = useState(false);
  const busy = useRef(false);
  const leaving = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  /**
   * Runs one request of the page at a time: a tap meanwhile does nothing (the
   * loading toast covers the page too), and nothing runs once the page is
   * leaving. Buttons are not disabled, so focus stays where it was.
   */
  const exclusive = useCallback(async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await task();
    } finally {
      if (!leaving.current) busy.current = false;
    }
  }, []);

  /** A new single-use repay token (and the cards again), quietly. */
  const refreshToken = useCallback(() => load(undefined, { silent: true }), [load]);

  const paid = () => {
    leaving.current = true;
    showToast(t('paymentDone'));
    dismissNativeRepaymentDialog();
    leaveTimer.current = setTimeout(() => replaceLocation(loanDetailsUrl(query)), successRedirectDelayMs);
  };

  /** The message of a refused commit: '800005' (repeat request) shows the server's message. */
  const commitFailure = (result: Normalised<unknown>) => {
    if (result.success) return t('processingFailed');
    if (result.code === legacyPaymentCodes.repeatPaymentRequest) return result.message.trim() || t('repeatPayment');
    return failureMessage(result);
  };

  if (!data) {
    return (
      <PageLayout>
        <RemoteFallback remote={remote} texts={remoteFallbackTexts(t)} />
      </PageLayout>
    );
  }

  const cards = data.bankCards;
  const hasCards = cards.length > 0;
  // The loan's market's currency (repayment-way names it), whatever the page's language (issue 12).
  const money = marketMoney(data.market);

  const onPay = () => {
    const card = cards.find((c) => c.id === selectedId);
    if (!card) {
      showToast(t('selectCardFirst'));
      return;
    }
    if (pending?.card.id === card.id) {
      setSmsOpen(true);
      return;
    }
    const { repayToken } = data;
    void exclusive(async () => {
      const result = await commitCardPayment({ orderId, amount, card, repayToken }, { loading: t('paying') });
      if (result.success && result.data?.needValid === 0) {
        paid();
        return;
      }
      if (result.success && result.data?.needValid === 1 && result.data.repayRecordId) {
        setPending({ card, repayToken, repayRecordId: result.data.repayRecordId, resendAt: nextResendAt() });
        setSmsOpen(true);
        return;
      }
      showToast(commitFailure(result));
      await refreshToken();
    });
  };

  const onResend = async (): Promise<void> => {
    if (!pending) return;
    await exclusive(async () => {
      const result = await commitCardPayment(
        { orderId, amount, card: pending.card, repayToken: pending.repayToken, resend: true },
        { loading: t('sendingCode') },
      );
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
      showToast(commitFailure(result));
    });
  };

  /** The borrower closes the step: the attempt still waits; a fresh token serves a payment with another card. */
  const closeSmsStep = () => {
    setSmsOpen(false);
    void refreshToken();
  };

  /** The attempt is over (already paid, expired, declined, too many wrong codes): the next Pay starts again. */
  const dropAttempt = () => {
    setPending(null);
    closeSmsStep();
  };

  const onConfirm = async (code: string): Promise<ConfirmOutcome> => {
    if (!pending) return 'failed';
    const outcome = await exclusive(async (): Promise<ConfirmOutcome> => {
      const result = await confirmCardPayment(
        { orderId, verifyCode: code, repaymentRecordId: pending.repayRecordId },
        { loading: t('confirming') },
      );
      if (result.success) {
        paid();
        return 'done';
      }
      switch (result.code) {
        case legacyPaymentCodes.wrongVerificationCode:
          showToast(result.message.trim() || t('wrongCode'));
          return 'wrongCode';
        case legacyPaymentCodes.repeatPaymentRequest:
          // Already paid: nothing left to confirm.
          showToast(result.message.trim() || t('repeatPayment'));
          dropAttempt();
          return 'failed';
        case errorCodes.cardRepaymentClosed:
          // Expired, declined or too many wrong codes: the borrower starts again.
          showToast(failureMessage(result));
          dropAttempt();
          return 'failed';
        default:
          showToast(failureMessage(result));
          return 'failed';
      }
    });
    return outcome ?? 'failed';
  };

  const onAnotherCard = () => {
    void exclusive(async () => {
      const result = await fetchAnotherCardPage({ orderId, amount }, { loading: t('openingAnotherCard') });
      if (result.success && result.data?.url) {
        assignLocation(result.data.url);
        return;
      }
      showToast(result.success ? t('processingFailed') : failureMessage(result));
    });
  };

  const anotherCardButton = hasCards ? (
    <button type="button" className="presta-page-link-button" onClick={onAnotherCard}>
      {t('anotherCard')}
    </button>
  ) : (
    <PrimaryButton onClick={onAnotherCard}>
      {t('anotherCard')}
    </PrimaryButton>
  );

  return (
    <PageLayout
      className="presta-card-repayment"
      actions={
        <>
          {hasCards ? (
            <PrimaryButton onClick={onPay}>
              {t('pay')}
            </PrimaryButton>
          ) : null}
          {anotherCardButton}
        </>
      }
    >
      <AmountHero heading={t('heading')} amountLabel={t('amountLabel')} amount={money(amount)} />
      <PageCard title={t('cardsTitle')}>
        {hasCards ? (
          <CardList
            cards={cards}
            selectedId={selectedId}
            onSelect={setSelectedId}
            legend={t('cardsTitle')}
            endingLabel={(digits) => t('cardEnding', { digits })}
           
          />
        ) : (
          <p className="presta-card-repayment-empty">{t('noCards')}</p>
        )}
      </PageCard>
      {pending && smsOpen ? (
        <SmsStep resendAt={pending.resendAt} onConfirm={onConfirm} onResend={onResend} onClose={closeSmsStep} />
      ) : null}
    </PageLayout>
  );
}
