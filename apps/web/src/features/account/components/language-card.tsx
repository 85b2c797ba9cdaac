import type { Language } from '@presta/contract/language';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { useLanguageChoice } from '../hooks/use-language-choice';
import { accountMessages } from '../messages';

const choices = [
  { language: 'es', key: 'languageEs' },
  { language: 'en', key: 'languageEn' },
] as const satisfies readonly { language: Language; key: 'languageEs' | 'languageEn' }[];

/** Spanish or English: saving switches the page's language. */
export function LanguageCard({ saved }: { saved: Language }) {
  const { t } = useMessages(accountMessages);
  const { chosen, saving, choose } = useLanguageChoice(saved);
  return (
    <PageCard>
      <fieldset className="presta-account-choice" aria-busy={saving || undefined}>
        <legend className="presta-page-card-title">{t('languageTitle')}</legend>
        {choices.map(({ language, key }) => (
          <label key={language} className="presta-account-choice-option" lang={language}>
            <input
              type="radio"
              name="presta-language"
              value={language}
              checked={chosen === language}
              disabled={saving}
              onChange={() => void choose(language)}
            />
            {t(key)}
          </label>
        ))}
      </fieldset>
    </PageCard>
  );
}
