import { loanTerms } from '@/legal/loan-terms';
import { LegalDocumentView } from '@/legal/legal-document-view';
import { privacyNotice } from '@/legal/privacy-notice';
import type { SiteLanguage } from '../messages';

/** '/Policy' and '/Loan': the same legal documents the SPA shows, rendered at build time. */
export function LegalPage({ lang, document }: { lang: SiteLanguage; document: 'policy' | 'loan' }) {
  const texts = document === 'policy' ? privacyNotice[lang] : loanTerms[lang];
  return <LegalDocumentView document={texts} headingLevel={1} />;
}
