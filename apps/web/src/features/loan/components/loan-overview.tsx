import { Link } from 'wouter';
import type { LoanDetailsData } from '@presta/contract/api/loan';
import { orderStatus } from '@presta/contract/order-status';
import { routes } from '@presta/contract/routes';
import { readMarket } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import type { OrderIds } from '@/shared/ui/order-data-page';
import { SignedAgreementLink } from '@/shared/ui/signed-agreement-link';
import { StatementLink } from '@/shared/ui/statement-link';
import { loanMessages, type LoanMessageKey } from '../messages';
import { isInProgress, isRepayable, statusPictureCode } from '../utils/order-status';
import { OrderCard } from './order-card';
import { StatusHero } from './status-hero';

type LoanOverviewProps = { data: LoanDetailsData; ids: OrderIds };

/**
 * The loan details' content: the status picture and texts, the product and
 * its detail rows, the statement link (once there is something to pay or it
 * is paid), the signed agreement's PDF (issue 38) and, in India, the Key
 * Facts Statement.
 */
export function LoanOverview({ data, ids }: LoanOverviewProps) {
  const { t } = useMessages(loanMessages);
  const status = data.orderStatus ?? '';
  const altKey = `statusAlt${statusPictureCode(status)}` as LoanMessageKey;
  return (
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
      {isRepayable(status) || status === orderStatus.settled ? <StatementLink orderId={ids.orderId} productId={ids.productId} /> : null}
      {data.signedAgreement ? (
        <SignedAgreementLink
          agreement={data.signedAgreement}
          market={readMarket(data.market)}
          label={t('signedAgreementLink')}
          signedOn={(date) => t('signedAgreementOn', { date })}
        />
      ) : null}
      {/* India (issue 13): the Key Facts Statement stays readable and printable from the loan. */}
      {data.market === 'IN' && status !== orderStatus.rejected ? (
        <p className="presta-loan-key-facts-link">
          <Link to={inAppUrl(routes.keyFacts, { orderId: ids.orderId })} className="presta-page-link-button">
            {t('viewKeyFacts')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
