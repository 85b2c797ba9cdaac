import { useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ApplicationStep } from '@presta/contract/application-rules';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { SaveState } from '../hooks/use-step-draft';
import { applicationMessages } from '../messages';

export type StepFormProps = {
  children: ReactNode;
  /** Checks the fields here and sends the step; false when a field's problem kept it from being sent. */
  onContinue: () => Promise<boolean> | boolean;
  busy: boolean;
  /** The server's refusal of the step, shown beside the button (the values stay). */
  refusal: string | null;
  /** Some field shows a problem after a Continue. */
  invalid: boolean;
  saveState?: SaveState;
  previous: ApplicationStep | null;
  continueLabel?: string;
};

/**
 * A step's form: its fields, the quiet "saved" line, the problems, Continue and a link to the previous step.
 * Posted never by the browser itself (method post, no action: an Aadhaar number never lands in an address);
 * a Continue stopped by a field's problem moves focus to the first field marked.
 */
export function StepForm({ children, onContinue, busy, refusal, invalid, saveState = 'idle', previous, continueLabel }: StepFormProps) {
  const { t } = useMessages(applicationMessages);
  const form = useRef<HTMLFormElement>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const sent = await onContinue();
    if (!sent) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]:is(input, select), fieldset[aria-invalid="true"] input')?.focus());
  };
  const saveText = saveState === 'saving' ? t('saveSaving') : saveState === 'saved' ? t('saveSaved') : saveState === 'failed' ? t('saveFailed') : '';
  return (
    <form ref={form} method="post" className="presta-application-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {children}
      <p className="presta-application-save-state" role="status">
        {saveText}
      </p>
      {invalid ? (
        <p className="presta-application-refusal" role="alert">
          {t('fixFields')}
        </p>
      ) : null}
      {refusal ? (
        <p className="presta-application-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <PrimaryButton type="submit" disabled={busy} aria-busy={busy || undefined}>
        {continueLabel ?? (busy ? t('continuing') : t('continue'))}
      </PrimaryButton>
      {previous ? (
        <p className="presta-application-previous">
          <Link className="presta-page-link-button" to={inAppUrl(routes.certify, { step: previous })}>
            {t('previous')}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
