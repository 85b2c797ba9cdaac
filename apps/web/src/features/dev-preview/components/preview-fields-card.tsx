import { useId } from 'react';
import type { Language } from '@presta/contract/language';
import { useMessages } from '@/shared/i18n/use-messages';
import { previewMessages } from '@/features/dev-preview/messages';
import { previewFieldOrder, type PreviewFields } from '@/features/dev-preview/preview-fields';

type PreviewFieldsCardProps = {
  fields: PreviewFields;
  onFieldsChange: (fields: PreviewFields) => void;
  onLanguage: (language: Language) => void;
  onClear: () => void;
};

/** The fake device data: one input per session field, the page's language, and "clear". */
export function PreviewFieldsCard({ fields, onFieldsChange, onLanguage, onClear }: PreviewFieldsCardProps) {
  const { t } = useMessages(previewMessages);
  const idPrefix = useId();
  return (
    <section className="presta-test-preview-card" aria-labelledby={`${idPrefix}-fields`}>
      <h2 className="presta-test-preview-card-title" id={`${idPrefix}-fields`}>
        {t('fieldsTitle')}
      </h2>
      <div className="presta-test-preview-fields">
        {previewFieldOrder.map(({ name, inputMode }) => {
          const inputId = `${idPrefix}-${name}`;
          return (
            <div className="presta-test-preview-field" key={name}>
              <label className="presta-test-preview-label" htmlFor={inputId}>
                {t(name)}
              </label>
              <input
                id={inputId}
                name={name}
                className="presta-test-preview-input"
                type="text"
                inputMode={inputMode ?? 'text'}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                value={fields[name]}
                onChange={(event) => onFieldsChange({ ...fields, [name]: event.target.value })}
              />
            </div>
          );
        })}
      </div>
      <LanguageChoice name={`${idPrefix}-language`} onLanguage={onLanguage} />
      <button type="button" className="presta-test-preview-secondary" onClick={onClear}>
        {t('clearFields')}
      </button>
    </section>
  );
}

/** The page's language as two radios (Spanish, English). */
function LanguageChoice({ name, onLanguage }: { name: string; onLanguage: (language: Language) => void }) {
  const { t, lang } = useMessages(previewMessages);
  return (
    <fieldset className="presta-test-preview-languages">
      <legend className="presta-test-preview-label">{t('language')}</legend>
      <div className="presta-test-preview-segmented">
        {(['es', 'en'] as const).map((option) => (
          <label key={option} className="presta-test-preview-segment">
            <input type="radio" name={name} value={option} checked={lang === option} onChange={() => onLanguage(option)} />
            <span>{t(option === 'es' ? 'languageEs' : 'languageEn')}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
