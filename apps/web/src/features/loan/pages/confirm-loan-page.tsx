import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import type { LoanConfirmData } from '@presta/contract/api/loan';
import { routes } from '@presta/contract/routes';
import { bridge } from '@/shared/bridge/native-bridge';
import { visibleRows } from '@/shared/format/detail-rows';
import { marketMoney, readMarket } from '@/shared/format/money';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages } from '@/shared/i18n/use-messages';
import { replaceLocation } from '@/shared/session/navigation';
import { getSessionParams, pageUrl } from '@/shared/session/session-params';
import { DetailList } from '@/shared/ui/detail-list';
import { InstalmentList } from '@/shared/ui/instalment-list';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { AnnualCostNote } from '@/shared/ui/annual-cost-note';
import { acknowledgeKeyFacts } from '../api/acknowledge-key-facts';
import { fetchLoanConfirmation } from '../api/loan-confirmation';
import { submitLoan } from '../api/submit-loan';
import { AgreementTick } from '../components/agreement-tick';
import { CouponRow } from '../components/coupon-row';
import { KeyFactsCard } from '../components/key-facts-card';
import { LoanSummary } from '../components/loan-summary';
import { RecalculationModal } from '../components/recalculation-modal';
import { loanMessages } from '../messages';
import { sessionLinkFromAddress } from '../utils/links';
import '../components/loan-button.css';
import './confirm-loan-page.css';

/** §9: the offer is reloaded 5.5 s after the recalculation modal opens. */
const recalculationDelayMs = 5500;

type Recalculation = 'idle' | 'reloading' | 'done';

/**
 * Loan confirmation (/confirm-loan): the offer for the product of the session
 * (amount, term, daily rate, details, plan, coupon), the agreement tick box and
 * the submit button. Submitting creates the order and replaces this page with
 * its details page.
 */
export default function ConfirmLoanPage() {
  const { search } = useLocation();
  const productId = useMemo(() => getSessionParams(search).productId ?? '', [search]);
  return <ConfirmLoan key={productId} productId={productId} />;
}

function ConfirmLoan({ productId }: { productId: string }) {
  const { t } = useMessages(loanMessages);
  usePageTitle(t('confirmTitle'));
  const hintId = useId();

  const remote = useRemoteData<LoanConfirmData, { recalculated: boolean }>(
    (arg, { signal }) => fetchLoanConfirmation({ productId, recalculated: arg?.recalculated }, { signal }),
    { enabled: productId !== '' },
  );
  const { data, load } = remote;

  // Analytics: the host is told which product's confirmation was opened (once per page).
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

  // isNeedPop = 1: countdown modal, then ONE reload with isType=1, then the modal closes.
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
  const recalculating = needsRecalculation && recalculation !== 'done';

  const [agreed, setAgreed] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const submitLock = useRef(false);

  // India (issue 13): the offer's Key Facts Statement, acknowledged here before the apply button is enabled.
  const [acknowledged, setAcknowledged] = useState<string | null>(null);
  const [acknowledging, setAcknowledging] = useState(false);
  const offeredKeyFacts = data?.keyFacts;
  const keyFacts = useMemo(
    () => (offeredKeyFacts ? { ...offeredKeyFacts, acknowledged: offeredKeyFacts.acknowledged || acknowledged === offeredKeyFacts.proposalNo } : null),
    [offeredKeyFacts, acknowledged],
  );
  const onAcknowledge = useCallback(async () => {
    if (!keyFacts || acknowledging) return;
    setAcknowledging(true);
    const result = await acknowledgeKeyFacts(keyFacts.proposalNo, t('keyFactsAcknowledging'));
    setAcknowledging(false);
    // A refusal (an expired KFS) was toasted; reloading gives the offer's current KFS.
    if (result.success) setAcknowledged(keyFacts.proposalNo);
    else void load(undefined, { silent: true });
  }, [keyFacts, acknowledging, t, load]);

  const onSubmit = useCallback(async () => {
    if (!data || submitLock.current) return;
    submitLock.current = true;
    setSubmitting(true);
    const result = await submitLoan(
      { amount: data.amount, periods: data.periods, termUnit: data.termUnit, productId, proposalNo: data.keyFacts?.proposalNo },
      t('submitting'),
    );
    if (result.success && result.data) {
      const { lendDetailsUrl, orderId } = result.data;
      const target =
        sessionLinkFromAddress(lendDetailsUrl, { from: 'confirm' }) ??
        pageUrl(routes.loanDetails, { orderId, productId, from: 'confirm' });
      // The page is being replaced: stay locked so a second tap cannot submit again.
      replaceLocation(target);
      return;
    }
    // The failure was toasted by the API client; the borrower may try again.
    submitLock.current = false;
    setSubmitting(false);
  }, [data, productId, t]);

  if (!productId) {
    return (
      <PageLayout>
        <LoadFailure title={t('loadFailedTitle')} text={t('missingProduct')} />
      </PageLayout>
    );
  }
  if (!data) {
    return (
      <PageLayout>
        <RemoteFallback remote={remote} texts={remoteFallbackTexts(t)} />
      </PageLayout>
    );
  }

  // The product's market's currency, whatever the page's language (issue 12).
  const money = marketMoney(readMarket(data.market));
  const hasContract = data.isNewContract.trim() !== '';
  const blockedByAgreement = hasContract && !agreed;
  const blockedByKeyFacts = keyFacts !== null && !keyFacts.acknowledged;
  const annualCost = data.terms?.annualCost;
  const termDays = data.periods * data.termUnit;
  const details = visibleRows(data.details);

  const actions = (
    <>
      {hasContract ? (
        <AgreementTick
          checked={agreed}
          onChange={setAgreed}
          prefix={t('agreementPrefix')}
          linkText={t('agreementLink')}
          href={data.isNewContract}
        />
      ) : null}
      <Button
        className="presta-loan-button presta-loan-button-primary"
        color="primary"
        block
        disabled={blockedByAgreement || blockedByKeyFacts || recalculating}
        loading={submitting}
        loadingText={t('submitting')}
        aria-describedby={blockedByAgreement || blockedByKeyFacts ? hintId : undefined}
        onClick={onSubmit}
      >
        {t('submit')}
      </Button>
      {blockedByAgreement || blockedByKeyFacts ? (
        <p id={hintId} className="presta-loan-action-hint">
          {blockedByKeyFacts ? t('keyFactsRequired') : t('agreementRequired')}
        </p>
      ) : null}
    </>
  );

  return (
    <PageLayout actions={actions} className="presta-loan-confirm">
      <LoanSummary
        heading={t('confirmTitle')}
        amountLabel={t('amountLabel')}
        amount={money(data.amount)}
        facts={[
          {
            label: t('termLabel'),
            value: t('termValue', { days: termDays }),
            note: data.periods > 1 ? t('termInstalments', { periods: data.periods }) : undefined,
          },
          { label: data.ratemsg.trim() || t('dailyRateLabel'), value: data.loanRate },
          // Issue 13: the annual cost beside the price (CAT without IVA in Mexico, APR in India).
          ...(annualCost
            ? [{ label: annualCost.kind, value: annualCost.rate, note: annualCost.kind === 'CAT' ? t('annualCostNote') : undefined }]
            : []),
        ]}
        footnote={data.amountDec || undefined}
      />
      {annualCost && !keyFacts ? (
        <PageCard>
          <AnnualCostNote cost={annualCost} />
        </PageCard>
      ) : null}
      {keyFacts && annualCost ? (
        <KeyFactsCard keyFacts={keyFacts} annualCost={annualCost} saving={acknowledging} onAcknowledge={() => void onAcknowledge()} t={t} />
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
      {data.repay_plans.length > 0 ? (
        <PageCard title={t('planTitle')}>
          <InstalmentList
            items={data.repay_plans.map((plan) => ({ title: plan.title, note: plan.description, amount: plan.amount, date: plan.pay_time }))}
            numbered={data.repay_plans.length > 1}
            formatMoney={money}
            amountLabel={t('planAmountLabel')}
            dateLabel={t('planDueLabel')}
          />
        </PageCard>
      ) : null}
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
