import { useId } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useMessages } from '@/shared/i18n/use-messages';
import { loanMessages } from '../messages';
import { AgreementTick } from './agreement-tick';
import './loan-button.css';

type ConfirmActionsProps = {
  /** The loan agreement's address (isNewContract), '' when there is none to agree to. */
  agreementHref: string;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  /** India: the Key Facts Statement still waits for its acknowledgement. */
  blockedByKeyFacts: boolean;
  recalculating: boolean;
  /** The agreement is being prepared (the button stays focusable: the signing dialog gives the focus back to it). */
  preparing: boolean;
  onSubmit: () => Promise<void>;
};

/**
 * The confirmation's actions: the agreement tick box (when there is an
 * agreement), the submit button, and why it is disabled (agreement or Key
 * Facts), which the button names as its description. The button opens the
 * agreement's signing dialog (issue 38), which applies.
 */
export function ConfirmActions(props: ConfirmActionsProps) {
  const { agreementHref, agreed, onAgree, blockedByKeyFacts, recalculating, preparing, onSubmit } = props;
  const { t } = useMessages(loanMessages);
  const hintId = useId();
  const hasAgreement = agreementHref.trim() !== '';
  const blockedByAgreement = hasAgreement && !agreed;
  const blocked = blockedByAgreement || blockedByKeyFacts;
  return (
    <>
      {hasAgreement ? (
        <AgreementTick checked={agreed} onChange={onAgree} prefix={t('agreementPrefix')} linkText={t('agreementLink')} href={agreementHref} />
      ) : null}
      <Button
        className="presta-loan-button presta-loan-button-primary"
        color="primary"
        block
        disabled={blocked || recalculating}
        aria-busy={preparing || undefined}
        aria-describedby={blocked ? hintId : undefined}
        onClick={(event) => {
          // Safari does not focus a tapped button: the dialog gives the focus back to what had it.
          event.currentTarget.focus();
          void onSubmit();
        }}
      >
        {t('submit')}
      </Button>
      {blocked ? (
        <p id={hintId} className="presta-loan-action-hint">
          {blockedByKeyFacts ? t('keyFactsRequired') : t('agreementRequired')}
        </p>
      ) : null}
    </>
  );
}
