import { useState } from 'react';
import type { Language } from '@presta/contract/language';
import { setLanguage } from '@/shared/i18n/language-store';
import { useMessages } from '@/shared/i18n/use-messages';
import { saveLanguage } from '../api/account-actions';
import { accountMessages } from '../messages';

/**
 * The borrower's language: saved on the server (pages, messages and SMS),
 * then the page switches to it. A refusal is toasted and the choice stays.
 */
export function useLanguageChoice(saved: Language) {
  const { t } = useMessages(accountMessages);
  const [chosen, setChosen] = useState<Language>(saved);
  const [saving, setSaving] = useState(false);
  const choose = async (language: Language) => {
    if (saving || language === chosen) return;
    setSaving(true);
    const result = await saveLanguage(language, t('savingLanguage'));
    setSaving(false);
    if (!result.success || !result.data) return;
    setChosen(result.data.language);
    setLanguage(result.data.language);
  };
  return { chosen, saving, choose };
}
