import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAddressSearch } from '@/shared/router/address';
import type { LoanConfirmData } from '@presta/contract/api/loan';
import { visibleRows } from '@/shared/format/detail-rows';
import { marketMoney, readMarket } from '@/shared/format/money';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { routes } from '@presta/contract/routes';
import { inAppUrl } from '@/shared/session/session-params';
import { DetailList } from '@/shared/ui/detail-list';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { AnnualCostNote } from '@/shared/ui/annual-cost-note';
import { loanConfirmationQuery } from '../api/loan-confirmation';
import { confirmationQueryOf } from '../api/loan-confirmation-query';
import { AgreementSigningDialog } from '../components/agreement-signing-dialog';
import { ConfirmActions } from '../components/confirm-actions';
import { CouponRow } from '../components/coupon-row';
import { KeyFactsCard, type KeyFactsCardProps } from '../components/key-facts-card';
import { OfferPlan } from '../components/offer-plan';
import { OfferSummary } from '../components/offer-summary';
import { RecalculationModal } from '../components/recalculation-modal';
import {
  recalculationDelayMs,
  useActiveLoanRefusal,
  useConfirmBurialPoint,
  useKeyFactsAcknowledgement,
  useRecalculation,
} from '../hooks/use-confirm-loan';
import { useAgreementSigning } from '../hooks/use-agreement-signing';
import { loanMessages } from '../messages';
import './confirm-loan-page.css';

/**
 * Loan confirmation (/confirm-loan): the offer for the product of the session
 * (amount, term, daily rate, details, plan, coupon), the agreement tick box and
 * the submit button. Submitting opens the agreement's signing dialog (issue 38:
 * the PDF of these figures, an SMS code); signed, the order is created and this
 * page replaced with its details page. With ?amount&periods (chosen on home's offers, issue 16)
 * the offer is quoted for them. A borrower with an active loan is told so
 * (409005) instead of the form.
 */
export default function ConfirmLoanPage() {
  const search = useAddressSearch();
  const { productId, amount, periods } = useMemo(() => confirmationQueryOf(search), [search]);
  return <ConfirmLoan key={`${productId}:${amount}:${periods}`} productId={productId} amount={amount} periods={periods} />;
}

function ConfirmLoan({ productId, amount, periods }: { productId: string; amount?: number; periods?: number }) {
  const { t } = useMessages(loanMessages);
  usePageTitle(t('confirmTitle'));
  const [, navigate] = useLocation();
  const { activeLoan, watch } = useActiveLoanRefusal();
  const quote = loanConfirmationQuery({ productId, amount, periods });
  const remote = useQuery<LoanConfirmData, { recalculated: boolean }>({ ...quote, load: (opts, arg) => quote.load(opts, arg).then(watch) }, { enabled: productId !== '' });
  const { data } = remote;
  useConfirmBurialPoint(productId);
  const recalculating = useRecalculation(remote);
  const [agreed, setAgreed] = useState(true);
  const signing = useAgreementSigning(data, productId);
  const { keyFacts, acknowledging, acknowledge } = useKeyFactsAcknowledgement(remote);

  if (!productId) {
    return (
      <PageLayout>
        <LoadFailure title={t('loadFailedTitle')} text={t('missingProduct')} />
      </PageLayout>
    );
  }
  if (!data && activeLoan) {
    return (
      <PageLayout>
        <LoadFailure title={t('activeLoanTitle')} text={remote.refusal ?? ''} actionLabel={t('viewActiveLoan')} onAction={() => void navigate(inAppUrl(routes.main))} />
      </PageLayout>
    );
  }
  if (!data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  const actions = (
    <ConfirmActions
      agreementHref={data.isNewContract}
      agreed={agreed}
      onAgree={setAgreed}
      blockedByKeyFacts={keyFacts !== null && !keyFacts.acknowledged}
      recalculating={recalculating}
      preparing={signing.busy === 'prepare'}
      onSubmit={signing.start}
    />
  );
  const keyFactsCard = { keyFacts, saving: acknowledging, onAcknowledge: () => void acknowledge() };
  return (
    <>
      <ConfirmOffer data={data} actions={actions} keyFactsCard={keyFactsCard} recalculating={recalculating} />
      <AgreementSigningDialog signing={signing} money={marketMoney(readMarket(data.market))} />
    </>
  );
}

type ConfirmOfferProps = {
  data: LoanConfirmData;
  /** The tick box and the submit button, below the offer. */
  actions: ReactNode;
  /** The key facts to acknowledge first (when the offer has them), with their saving state. */
  keyFactsCard: Pick<KeyFactsCardProps, 'saving' | 'onAcknowledge'> & { keyFacts: KeyFactsCardProps['keyFacts'] | null };
  recalculating: boolean;
};

/** The offer, once quoted: summary, annual cost or key facts, coupon, details, plan, and the recalculation notice. */
function ConfirmOffer({ data, actions, keyFactsCard: { keyFacts, saving, onAcknowledge }, recalculating }: ConfirmOfferProps) {
  const { t } = useMessages(loanMessages);
  // The product's market's currency, whatever the page's language (issue 12).
  const money = marketMoney(readMarket(data.market));
  const annualCost = data.terms?.annualCost;
  const details = visibleRows(data.details);
  return (
    <PageLayout actions={actions} className="presta-loan-confirm">
      <OfferSummary offer={data} money={money} />
      {annualCost && !keyFacts ? (
        <PageCard>
          <AnnualCostNote cost={annualCost} />
        </PageCard>
      ) : null}
      {keyFacts && annualCost ? (
        <KeyFactsCard keyFacts={keyFacts} annualCost={annualCost} saving={saving} onAcknowledge={onAcknowledge} t={t} />
      ) : null}
      {data.couNum > 0 ? (
        <CouponRow
          label={t('couponLabel')}
          value={t('couponValue', { amount: money(data.couNum) })}
          logo={data.comProductLogo || undefined}
          name={data.comProductName || undefined}
        />
      ) : null}
      {details.length > 0 ? (
        <PageCard title={t('detailsTitle')}>
          <DetailList rows={details} />
        </PageCard>
      ) : null}
      <OfferPlan plans={data.repay_plans} money={money} />
      <RecalculationModal
        visible={recalculating}
        title={t('recalculationTitle')}
        text={t('recalculationText')}
        durationMs={recalculationDelayMs}
        countdownLabel={(seconds) => (seconds === 1 ? t('recalculationCountdownOne') : t('recalculationCountdown', { seconds }))}
      />
    </PageLayout>
  );
}
