import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PageCard } from '@/shared/ui/page-layout';
import type { BankAccount } from '../api/account-data';
import { accountMessages } from '../messages';
import { BankVerificationStatus } from './bank-verification-status';

/** The bank account loans are paid into (masked), and the way to change it (/bind-bank). */
export function BankAccountCard({ account }: { account: BankAccount | null }) {
  const { t } = useMessages(accountMessages);
  const change = (
    <Link className="presta-page-link-button" to={inAppUrl(routes.bindBank)}>
      {account ? t('bankChange') : t('bankAdd')}
    </Link>
  );
  return (
    <PageCard title={t('bankTitle')} titleAside={change}>
      {account ? (
        <>
          <p className="presta-account-muted">
            <strong>{account.masked}</strong> · {account.bankName}
            {account.ifsc ? ` · ${account.ifsc}` : ''}
          </p>
          <BankVerificationStatus verification={account.verification} />
        </>
      ) : (
        <p className="presta-account-muted">{t('bankNone')}</p>
      )}
    </PageCard>
  );
}
