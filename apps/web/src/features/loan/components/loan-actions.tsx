import { useId } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useMessages } from '@/shared/i18n/use-messages';
import { loanMessages } from '../messages';
import './loan-button.css';

type LoanActionsProps = {
  /** Repay shows (and Extension when `canExtend`). */
  repayable: boolean;
  canExtend: boolean;
  /** Borrow again shows. */
  settled: boolean;
  /** A plain browser: Borrow again opens the download section, as the note under the buttons says. */
  inBrowser: boolean;
  onExtend: () => void;
  onRepay: () => void;
  onBorrowAgain: () => void;
};

/** The loan details' actions of the order's status: Extension and Repay, or Borrow again. */
export function LoanActions({ repayable, canExtend, settled, inBrowser, onExtend, onRepay, onBorrowAgain }: LoanActionsProps) {
  const { t } = useMessages(loanMessages);
  const borrowAgainHintId = useId();
  const buttons = (
    <div className="presta-loan-button-row">
      {canExtend ? (
        <Button className="presta-loan-button presta-loan-button-secondary" onClick={onExtend}>
          {t('extend')}
        </Button>
      ) : null}
      {repayable ? (
        <Button className="presta-loan-button presta-loan-button-primary" color="primary" onClick={onRepay}>
          {t('repay')}
        </Button>
      ) : null}
      {settled ? (
        <Button
          className="presta-loan-button presta-loan-button-primary"
          color="primary"
          onClick={onBorrowAgain}
          aria-describedby={inBrowser ? borrowAgainHintId : undefined}
        >
          {t('borrowAgain')}
        </Button>
      ) : null}
    </div>
  );
  if (!(settled && inBrowser)) return buttons;
  return (
    <>
      {buttons}
      <p id={borrowAgainHintId} className="presta-loan-action-note">
        {t('borrowAgainInBrowser')}
      </p>
    </>
  );
}
