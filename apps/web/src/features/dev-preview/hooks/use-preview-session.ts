import { useState } from 'react';
import { useSearchParams } from 'wouter';
import type { Language } from '@presta/contract/language';
import { parseLanguage } from '@presta/contract/language';
import { languageParam, readSessionParams } from '@presta/contract/session-params';
import { languageType, setLanguage } from '@/shared/i18n/language-store';
import { useMessages } from '@/shared/i18n/use-messages';
import { previewMessages } from '@/features/dev-preview/messages';
import { emptyPreviewFields, loadPreviewFields, savePreviewFields, type PreviewFields } from '@/features/dev-preview/preview-fields';
import type { DemoBorrower } from '@/features/dev-preview/api/demo-api';

const activeBorrowerKey = 'presta.testPreview.borrower';

function loadActiveBorrower(): string | null {
  try {
    return localStorage.getItem(activeBorrowerKey);
  } catch {
    return null;
  }
}

function saveActiveBorrower(id: string | null): void {
  try {
    if (id) localStorage.setItem(activeBorrowerKey, id);
    else localStorage.removeItem(activeBorrowerKey);
  } catch {
    // ignore
  }
}

/**
 * The test page's fake session: its fields (kept in localStorage), the demo
 * borrower whose session they hold, and the page's language (kept in the URL).
 */
export function usePreviewSession() {
  const { lang } = useMessages(previewMessages);
  const [, setSearchParams] = useSearchParams();
  const [fields, setFields] = useState<PreviewFields>(loadPreviewFields);
  const [activeBorrowerId, setActiveBorrowerId] = useState<string | null>(loadActiveBorrower);

  function updateFields(next: PreviewFields) {
    setFields(next);
    savePreviewFields(next);
  }

  function chooseLanguage(next: Language) {
    setLanguage(next);
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set(languageParam, languageType(next));
        return params;
      },
      { replace: true },
    );
  }

  function applyBorrowerSession(borrower: DemoBorrower, params: Record<string, string>) {
    // Every field from the new session, so no product or order of the borrower used before stays behind.
    updateFields({ ...emptyPreviewFields, ...readSessionParams(params) });
    setActiveBorrowerId(borrower.borrowerId);
    saveActiveBorrower(borrower.borrowerId);
    const language = params[languageParam] ? parseLanguage(params[languageParam]) : borrower.language;
    if (language !== lang) chooseLanguage(language);
  }

  function clearFields() {
    updateFields({ ...emptyPreviewFields });
    setActiveBorrowerId(null);
    saveActiveBorrower(null);
  }

  return { fields, activeBorrowerId, updateFields, chooseLanguage, applyBorrowerSession, clearFields };
}
