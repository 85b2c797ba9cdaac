import { useId, useRef, useState } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { LimitIncrease } from '../api/account-data';
import { accountMessages } from '../messages';
import { limitIncreaseFacts } from '../utils/limit-increase';
import './account-forms.css';

export type LimitIncreaseDialogProps = {
  proposal: LimitIncrease;
  /** While the acceptance is on its way: the button shows it and cannot be pressed again. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The confirmation of a higher limit (issue 35, docs/credit-policy.md "After a loan is settled"): the limits before
 * and after, and that it applies only with the borrower's consent. India asks for that consent explicitly (a box
 * ticked: no automatic increase without recorded consent). Cancel, Escape or × leave everything as it was.
 */
export function LimitIncreaseDialog({ proposal, busy, onConfirm, onClose }: LimitIncreaseDialogProps) {
  const { t, lang } = useMessages(accountMessages);
  const facts = limitIncreaseFacts(proposal, lang);
  const explicit = proposal.market === 'IN';
  const [consented, setConsented] = useState(false);
  const [missing, setMissing] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  const confirm = () => {
    if (explicit && !consented) {
      setMissing(true);
      box.current?.focus();
      return;
    }
    onConfirm();
  };
  return (
    <ModalDialog
      visible
      title={t('limitIncreaseConfirmTitle', facts)}
      onClose={onClose}
      closeLabel={t('close')}
      footer={
        <>
          <PrimaryButton onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('limitIncreaseSaving') : t('limitIncreaseConfirm')}
          </PrimaryButton>
          <button type="button" className="presta-account-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
        </>
      }
    >
      <p>{t('limitIncreaseConfirmText', facts)}</p>
      {explicit ? (
        <>
          <label className="presta-account-consent" htmlFor={`${id}-consent`}>
            <input
              ref={box}
              id={`${id}-consent`}
              type="checkbox"
              checked={consented}
              onChange={(event) => {
                setConsented(event.target.checked);
                if (event.target.checked) setMissing(false);
              }}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-missing` : undefined}
            />
            <span>{t('limitIncreaseConsent', facts)}</span>
          </label>
          {missing ? (
            <p id={`${id}-missing`} className="presta-account-error" role="alert">
              {t('limitIncreaseConsentNeeded')}
            </p>
          ) : null}
        </>
      ) : null}
    </ModalDialog>
  );
}
