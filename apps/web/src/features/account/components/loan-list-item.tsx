import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { marketMoney, readMarket } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { SignedAgreementLink } from '@/shared/ui/signed-agreement-link';
import type { LoanSummary } from '../api/account-data';
import { accountMessages } from '../messages';
import { LoanFacts } from './loan-facts';

/** One of my loans: its facts, a link to its details (/order?orderId=) and its signed agreement's PDF (issue 38). */
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
      {loan.signedAgreement ? (
        <SignedAgreementLink
          agreement={loan.signedAgreement}
          market={readMarket(loan.market)}
          label={t('signedAgreementLink')}
          signedOn={(date) => t('signedAgreementOn', { date })}
          context={loan.orderNo}
        />
      ) : null}
    </li>
  );
}
