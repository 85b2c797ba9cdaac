import { useCallback } from 'react';
import type { LoanDetailsData } from '@presta/contract/api/loan';
import { orderStatus } from '@presta/contract/order-status';
import type { QueryResult } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageLayout } from '@/shared/ui/page-layout';
import { OrderDataPage, type OrderIds } from '@/shared/ui/order-data-page';
import { loanDetailsQuery } from '../api/loan-details';
import { LoanActions } from '../components/loan-actions';
import { LoanModals } from '../components/loan-modals';
import { LoanOverview } from '../components/loan-overview';
import { PullToRefresh } from '../components/pull-to-refresh';
import { useAutoRefresh } from '../hooks/use-auto-refresh';
import { useLoanModals } from '../hooks/use-loan-modals';
import { useLoanNavigation } from '../hooks/use-loan-navigation';
import { loanMessages } from '../messages';
import { isInProgress, isRepayable } from '../utils/order-status';
import './loan-details-page.css';

/** Refresh period while the lender reviews or disburses (21, 151). */
const pollIntervalMs = 10_000;

/**
 * Loan details (/loan-details and /order): the order's status picture and
 * texts, product and detail rows, and the actions of its status (Repay,
 * Extension, Borrow again). Refreshes itself while the order is in review or
 * disbursal, when the tab comes back, and on pull-down.
 */
export default function LoanDetailsPage() {
  const { t } = useMessages(loanMessages);
  return (
    <OrderDataPage title={t('detailsPageTitle')} t={t} query={loanDetailsQuery}>
      {(data, ids, load) => <LoanDetails data={data} {...ids} load={load} />}
    </OrderDataPage>
  );
}

type LoanDetailsProps = { data: LoanDetailsData; load: QueryResult<LoanDetailsData>['load'] } & OrderIds;

function LoanDetails({ data, orderId, productId, load }: LoanDetailsProps) {
  const { t } = useMessages(loanMessages);
  const status = data.orderStatus ?? '';

  const refresh = useCallback(() => load(undefined, { silent: true }), [load]);
  useAutoRefresh(refresh, { active: isInProgress(status), intervalMs: pollIntervalMs });

  const ids = { orderId: data.orderId || orderId, productId: data.productId || productId };
  const modals = useLoanModals(data, ids.orderId);
  const { goRepay, goExtension, borrowAgain, inBrowser } = useLoanNavigation(data, ids);

  // `inside` (loan market) is always off after load (§4), so the actions area always shows.
  const showActions = data.inside !== 1;
  const repayable = isRepayable(status);
  // Issue 32: Repay only while something can be paid (the status text then says from when and how much).
  const payable = repayable && data.payable === 1;
  const settled = status === orderStatus.settled;
  const actions =
    showActions && (repayable || settled) ? (
      <LoanActions
        repayable={payable}
        canExtend={repayable && data.isDelay === 1}
        settled={settled}
        inBrowser={inBrowser}
        onExtend={modals.openExtension}
        onRepay={goRepay}
        onBorrowAgain={borrowAgain}
      />
    ) : undefined;

  return (
    <PageLayout actions={actions} className="presta-loan-details">
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('pullToRefresh')}
        canReleaseText={t('releaseToRefresh')}
        refreshingText={t('refreshing')}
        completeText={t('refreshed')}
      >
        <LoanOverview data={data} ids={ids} />
      </PullToRefresh>
      <LoanModals
        modal={modals.modal}
        onClose={modals.close}
        onSendScore={modals.sendScore}
        onRatingLater={modals.ratingLater}
        onExtension={goExtension}
        onRepay={goRepay}
      />
    </PageLayout>
  );
}
