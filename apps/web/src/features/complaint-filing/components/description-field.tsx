import { useId, type RefObject } from 'react';
import { COMPLAINT_TEXT_MAX } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { complaintFilingMessages } from '../messages';

type DescriptionFieldProps = {
  text: string;
  onChange: (text: string) => void;
  /** The text area, focused when Submit finds it empty. */
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

/** The problem description: a card whose title labels the text area, with its character counter. */
export function DescriptionField({ text, onChange, inputRef }: DescriptionFieldProps) {
  const { t } = useMessages(complaintFilingMessages);
  const textId = useId();
  const counterId = useId();
  return (
    <section className="presta-page-card" aria-labelledby={`${textId}-title`}>
      <h2 id={`${textId}-title`} className="presta-page-card-title presta-complaint-form-label">
        <label htmlFor={textId}>{t('descriptionLabel')}</label>
      </h2>
      <textarea
        ref={inputRef}
        id={textId}
        className="presta-complaint-form-text"
        value={text}
        maxLength={COMPLAINT_TEXT_MAX}
        rows={6}
        placeholder={t('descriptionPlaceholder')}
        aria-describedby={counterId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={counterId} className="presta-complaint-form-counter">
        <span aria-hidden="true">{t('counter', { count: text.length, max: COMPLAINT_TEXT_MAX })}</span>
        <span className="presta-visually-hidden">{t('counterLabel', { count: text.length, max: COMPLAINT_TEXT_MAX })}</span>
      </p>
    </section>
  );
}
