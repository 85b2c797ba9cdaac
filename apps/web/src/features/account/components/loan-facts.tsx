import { useMessages } from '@/shared/i18n/use-messages';
import type { LoanSummary } from '../api/account-data';
import { accountMessages } from '../messages';

export type LoanFactsProps = { loan: LoanSummary; money: (minor: number) => string; applied?: boolean };

/** A loan's product and status, its next payment (date and amount), and what is owed, as a list of terms. */
export function LoanFacts({ loan, money, applied = false }: LoanFactsProps) {
  const { t } = useMessages(accountMessages);
  return (
    <>
      <p className="presta-account-muted">
        <strong>{loan.productName}</strong> · {loan.statusText}
      </p>
      <dl className="presta-account-rows">
        {loan.nextPayment ? (
          <>
            <dt>{t('nextPaymentLabel')}</dt>
            <dd>{money(loan.nextPayment.amount)}</dd>
            <dt>{t('nextPaymentDateLabel')}</dt>
            <dd>{loan.nextPayment.dueDate}</dd>
          </>
        ) : null}
        {loan.outstanding > 0 ? (
          <>
            <dt>{t('outstandingLabel')}</dt>
            <dd>{money(loan.outstanding)}</dd>
          </>
        ) : null}
        <dt>{t('principalLabel')}</dt>
        <dd>{money(loan.principal)}</dd>
        {applied ? (
          <>
            <dt>{t('totalOwedLabel')}</dt>
            <dd>{money(loan.totalOwed)}</dd>
            <dt>{t('appliedOnLabel')}</dt>
            <dd>{loan.appliedOn}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
