import Segmented from 'antd/es/segmented';
import { commonMessages } from '@/shared/i18n/common-messages';
import { languages, useLanguage, useMessages, type Language } from '@/shared/i18n/i18n';

/** Español / English, for the pages before sign-in (the frame has its own select). */
export function LanguageSwitch() {
  const t = useMessages(commonMessages);
  const { language, setLanguage } = useLanguage();
  return (
    <Segmented<Language>
      aria-label={t('language')}
      size="small"
      value={language}
      onChange={setLanguage}
      options={languages.map((l) => ({ value: l, label: l === 'es' ? 'Español' : 'English' }))}
    />
  );
}
