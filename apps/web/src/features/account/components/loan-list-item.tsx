import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { marketMoney, readMarket } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import type { LoanSummary } from '../api/account-data';
import { accountMessages } from '../messages';
import { LoanFacts } from './loan-facts';

/** One of my loans: its facts and a link to its details (/order?orderId=). */
export function LoanListItem({ loan }: { loan: LoanSummary }) {
  const { t } = useMessages(accountMessages);
  const money = marketMoney(readMarket(loan.market));
  return (
    <li className="presta-page-card">
      <h2 className="presta-page-card-title">{loan.orderNo}</h2>
      <LoanFacts loan={loan} money={money} applied />
      <p className="presta-account-actions">
        <Link className="presta-page-link-button" to={inAppUrl(routes.order, { orderId: loan.orderId, productId: loan.productId })}>
          {t('loanDetailsLink')}{' '}
          <span className="presta-visually-hidden">{loan.orderNo}</span>
        </Link>
      </p>
    </li>
  );
}
