import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { statementLinkMessages } from './statement-link-messages';
import './statement-link.css';

export type StatementLinkProps = { orderId: string; productId?: string };

/**
 * The link to a loan's statement (/loan-statement), shown by the loan details, repayment and extension pages:
 * an in-app navigation (the tab holds the session, decision 011).
 */
export function StatementLink({ orderId, productId }: StatementLinkProps) {
  const { t } = useMessages(statementLinkMessages);
  if (!orderId) return null;
  return (
    <p className="presta-statement-link">
      <Link to={inAppUrl(routes.loanStatement, { orderId, productId: productId || undefined })} className="presta-page-link-button">
        {t('viewStatement')}
      </Link>
    </p>
  );
}
