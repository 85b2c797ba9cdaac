import type { BankAccount } from '../api/account-data';
import { useMessages } from '@/shared/i18n/use-messages';
import { accountMessages } from '../messages';
import './bank-verification-status.css';

type Verification = NonNullable<BankAccount['verification']>;

const labelKey = {
  verified: 'bankVerified',
  pending: 'bankVerifying',
  review: 'bankInReview',
  failed: 'bankNotConfirmed',
  rejected: 'bankRejected',
} as const satisfies Record<Verification['status'], string>;

/**
 * Whether the account was found to be in the borrower's name (issue 37): a short label coloured by state and the
 * server's words. An accepted account is simply verified; nothing is shown for an account never checked.
 */
export function BankVerificationStatus({ verification }: { verification: BankAccount['verification'] }) {
  const { t } = useMessages(accountMessages);
  if (!verification) return null;
  return (
    <div className={`presta-bank-verification presta-bank-verification-${verification.status}`} role="status">
      <span className="presta-bank-verification-label">{t(labelKey[verification.status])}</span>
      <span className="presta-bank-verification-text">{verification.text}</span>
    </div>
  );
}
