import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { LoanDetailsData } from '@presta/contract/api/loan';
import { orderStatus } from '@presta/contract/order-status';
import { routes } from '@presta/contract/routes';
import { getBrand } from '@/shared/brand/brand';
import { bridge, bridgeMessages } from '@/shared/bridge/native-bridge';
import type { RemoteData } from '@/shared/http/use-remote-data';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { inAppUrl, pageUrl } from '@/shared/session/session-params';
import { PageLayout } from '@/shared/ui/page-layout';
import { OrderDataPage, type OrderIds } from '@/shared/ui/order-data-page';
import { StarScoreModal } from '@/shared/ui/star-score-modal';
import { StatementLink } from '@/shared/ui/statement-link';
import { showToast } from '@/shared/ui/toast';
import { fetchLoanDetails } from '../api/loan-details';
import { deferRating, sendRating } from '../api/send-rating';
import { ExtensionReminderModal } from '../components/extension-reminder-modal';
import { OrderCard } from '../components/order-card';
import { StatusHero } from '../components/status-hero';
import { ThanksModal } from '../components/thanks-modal';
import { useAutoRefresh } from '../hooks/use-auto-refresh';
import { loanMessages, type LoanMessageKey } from '../messages';
import { appDownloadPageUrl, isExternalAddress, sessionLinkFromAddress } from '../utils/links';
import { isInProgress, isRepayable, statusPictureCode } from '../utils/order-status';
import '../components/loan-button.css';
import './loan-details-page.css';

/** Refresh period while the lender reviews or disburses (21, 151). */
const pollIntervalMs = 10_000;

type OpenModal = 'none' | 'rating' | 'thanks' | 'extension';

/**
 * Loan details (/loan-details and /order): the order's status picture and
 * texts, product and detail rows, and the actions of its status (Repay,
 * Extension, Borrow again). Refreshes itself while the order is in review or
 * disbursal, when the tab comes back, and on pull-down.
 */
export default function LoanDetailsPage() {
  const { t } = useMessages(loanMessages);
  return (
    <OrderDataPage title={t('detailsPageTitle')} t={t} load={fetchLoanDetails}>
      {(data, ids, load) => <LoanDetails data={data} {...ids} load={load} />}
    </OrderDataPage>
  );
}

function LoanDetails({ data, orderId, productId, load }: { data: LoanDetailsData; load: RemoteData<LoanDetailsData, void>['load'] } & OrderIds) {
  const { t, lang } = useMessages(loanMessages);
  const borrowAgainHintId = useId();
  const status = data.orderStatus ?? '';

  const refresh = useCallback(() => load(undefined, { silent: true }), [load]);
  useAutoRefresh(refresh, { active: isInProgress(status), intervalMs: pollIntervalMs });

  const [modal, setModal] = useState<OpenModal>('none');

  // The rating prompt opens at most once per page load, and only when the server asks (isScore = 1: never over
  // a loan with something to pay today, nor while the borrower's "not now" lasts, issue 14).
  const ratingOffered = useRef(false);
  useEffect(() => {
    if (data.isScore !== 1 || ratingOffered.current || modal !== 'none') return;
    ratingOffered.current = true;
    setModal('rating');
  }, [data.isScore, modal]);

  const ids = { orderId: data.orderId || orderId, productId: data.productId || productId };

  const goRepay = () => {
    const h5Url = data.h5Url.trim();
    if (h5Url && isExternalAddress(h5Url)) {
      assignLocation(h5Url);
      return;
    }
    assignLocation((h5Url && sessionLinkFromAddress(h5Url)) || pageUrl(routes.repayment, ids));
  };
  const goExtension = () => assignLocation(pageUrl(routes.repaymentDelay, ids));
  // Borrowing again happens in the app. A plain browser cannot open its scheme (presta://…: nothing happened,
  // issue 14): it opens the marketing home's download section instead, as the note under the button says.
  const inBrowser = bridge.transportFor(bridgeMessages.openSchemeUrl) === 'browser';
  const borrowAgain = () => {
    if (inBrowser) {
      assignLocation(appDownloadPageUrl(lang));
      return;
    }
    bridge.openSchemeUrl(getBrand().appScheme + ids.productId, ids.productId);
  };
  // "Not now", the close button or Escape: the server remembers it for the borrower.
  const ratingLater = () => {
    setModal('none');
    void deferRating();
  };

  const onSendRating = async (score: number) => {
    const result = await sendRating(score, ids.orderId);
    if (!result.success) return false;
    if (score < 4) {
      setModal('thanks');
      return true;
    }
    let rated: boolean;
    try {
      rated = bridge.rateApp();
    } catch {
      rated = false;
    }
    // Outside the app (no store prompt to open) the borrower is thanked instead.
    setModal(rated ? 'none' : 'thanks');
    return true;
  };

  // `inside` (loan market) is always off after load (§4), so the actions area always shows.
  const showActions = data.inside !== 1;
  const repayable = isRepayable(status);
  const canExtend = repayable && data.isDelay === 1;
  const settled = status === orderStatus.settled;

  const actions =
    showActions && (repayable || settled) ? (
      <div className="presta-loan-button-row">
        {canExtend ? (
          <Button className="presta-loan-button presta-loan-button-secondary" onClick={() => setModal('extension')}>
            {t('extend')}
          </Button>
        ) : null}
        {repayable ? (
          <Button className="presta-loan-button presta-loan-button-primary" color="primary" onClick={goRepay}>
            {t('repay')}
          </Button>
        ) : null}
        {settled ? (
          <Button
            className="presta-loan-button presta-loan-button-primary"
            color="primary"
            onClick={borrowAgain}
            aria-describedby={inBrowser ? borrowAgainHintId : undefined}
          >
            {t('borrowAgain')}
          </Button>
        ) : null}
      </div>
    ) : undefined;
  const actionArea =
    actions && settled && inBrowser ? (
      <>
        {actions}
        <p id={borrowAgainHintId} className="presta-loan-action-note">
          {t('borrowAgainInBrowser')}
        </p>
      </>
    ) : (
      actions
    );

  const altKey = `statusAlt${statusPictureCode(status)}` as LoanMessageKey;

  return (
    <PageLayout actions={actionArea} className="presta-loan-details">
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('pullToRefresh')}
        canReleaseText={t('releaseToRefresh')}
        refreshingText={t('refreshing')}
        completeText={t('refreshed')}
      >
        <div className="presta-loan-details-content">
          <StatusHero
            status={status}
            title={data.noticeStatusText}
            description={data.noticeDesText}
            imageAlt={t(altKey)}
            note={isInProgress(status) ? t('autoRefreshNote') : undefined}
          />
          <OrderCard
            productLogo={data.productLogo}
            productName={data.productName}
            rows={data.userOrderDetail.detail}
            hideRows={status === orderStatus.rejected}
            rowsLabel={t('orderDetailsTitle')}
          />
          {repayable || settled ? <StatementLink orderId={ids.orderId} productId={ids.productId} /> : null}
          {/* India (issue 13): the Key Facts Statement stays readable and printable from the loan. */}
          {data.market === 'IN' && status !== orderStatus.rejected ? (
            <p className="presta-loan-key-facts-link">
              <Link to={inAppUrl(routes.keyFacts, { orderId: ids.orderId })} className="presta-page-link-button">
                {t('viewKeyFacts')}
              </Link>
            </p>
          ) : null}
        </div>
      </PullToRefresh>
      <StarScoreModal
        visible={modal === 'rating'}
        onSend={onSendRating}
        onMissingScore={() => showToast(t('ratingRequired'))}
        onClose={ratingLater}
        labels={{
          title: t('ratingTitle'),
          text: t('ratingText'),
          group: t('ratingGroupLabel'),
          star: (count) => t('ratingStar', { count }),
          send: t('ratingSend'),
          sending: t('ratingSending'),
          later: t('ratingLater'),
          close: t('close'),
        }}
      />
      <ThanksModal
        visible={modal === 'thanks'}
        title={t('thanksTitle')}
        text={t('thanksText')}
        okLabel={t('ok')}
        closeLabel={t('close')}
        onClose={() => setModal('none')}
      />
      <ExtensionReminderModal
        visible={modal === 'extension'}
        onConfirm={goExtension}
        onDecline={goRepay}
        onClose={() => setModal('none')}
        labels={{
          title: t('extensionTitle'),
          text: t('extensionText'),
          confirm: t('extensionConfirm'),
          decline: t('extensionDecline'),
          close: t('close'),
        }}
      />
    </PageLayout>
  );
}
