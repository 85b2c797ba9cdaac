import { useState } from 'react';
import type { LegalLanguage } from '@/legal/legal-document';
import { LegalDocumentView } from '@/legal/legal-document-view';
import { privacyNotice } from '@/legal/privacy-notice';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { legalMessages } from '../messages';
import './privacy-policy-page.css';

const switchLanguages = [
  { language: 'es', label: 'languageEs' },
  { language: 'en', label: 'languageEn' },
] as const;

/**
 * Privacy notice (/PrivacyPolicy): the notice of src/legal/privacy-notice.ts
 * in the session language, with an es/en switch that changes the notice's
 * language on this page only (the stored language setting stays as it is).
 */
export default function PrivacyPolicyPage() {
  const { t, lang } = useMessages(legalMessages);
  const [language, setLanguage] = useState<LegalLanguage>(lang);
  usePageTitle(privacyNotice[language].title);

  return (
    <PageLayout className="presta-privacy">
      <div className="presta-privacy-doc">
        <div className="presta-privacy-switch" role="group" aria-label={t('languageSwitch')}>
          {switchLanguages.map((option) => (
            <button
              key={option.language}
              type="button"
              lang={option.language}
              className="presta-privacy-switch-button"
              aria-pressed={language === option.language}
              onClick={() => setLanguage(option.language)}
            >
              {t(option.label)}
            </button>
          ))}
        </div>
        <LegalDocumentView document={privacyNotice[language]} lang={language} />
      </div>
    </PageLayout>
  );
}
