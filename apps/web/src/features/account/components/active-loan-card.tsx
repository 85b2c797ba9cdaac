import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { marketMoney, readMarket } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { inAppUrl, pageUrl } from '@/shared/session/session-params';
import { PageCard } from '@/shared/ui/page-layout';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { LoanSummary } from '../api/account-data';
import { accountMessages } from '../messages';
import { LoanFacts } from './loan-facts';

/** Home's card of the active loan: its status, next payment, Pay (the repayment page) and its details. */
export function ActiveLoanCard({ loan }: { loan: LoanSummary }) {
  const { t } = useMessages(accountMessages);
  const money = marketMoney(readMarket(loan.market));
  const ids = { orderId: loan.orderId, productId: loan.productId };
  const payable = loan.nextPayment !== null;
  return (
    <PageCard title={t('activeLoanTitle')} className="presta-account-loan">
      <LoanFacts loan={loan} money={money} />
      {payable ? (
        <div className="presta-account-actions">
          <PrimaryButton onClick={() => assignLocation(pageUrl(routes.repayment, ids))}>{t('pay')}</PrimaryButton>
        </div>
      ) : null}
      <p className="presta-account-actions">
        <Link className="presta-page-link-button" to={inAppUrl(routes.order, ids)}>
          {t('loanDetailsLink')}
        </Link>
      </p>
    </PageCard>
  );
}
