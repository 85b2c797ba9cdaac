import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Language } from '@presta/contract/language';
import { languageParam, readSessionParams } from '@presta/contract/session-params';
import { parseLanguage } from '@presta/contract/language';
import { languageType, setLanguage } from '@/shared/i18n/language-store';
import { useMessages } from '@/shared/i18n/use-messages';
import { usePageTitle } from '@/shared/ui/page-title';
import { previewMessages } from '@/features/dev-preview/messages';
import {
  buildPreviewUrl,
  emptyPreviewFields,
  linkNote,
  loadPreviewFields,
  previewFieldOrder,
  previewLinks,
  savePreviewFields,
  type PreviewFields,
} from '@/features/dev-preview/preview-fields';
import { DemoBorrowers } from '@/features/dev-preview/components/demo-borrowers';
import { DeviceTools } from '@/features/dev-preview/components/device-tools';
import type { DemoBorrower } from '@/features/dev-preview/api/demo-api';
import './test-preview-page.css';

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

/** Developer test page (§2 "Test page"): fake device data, links to every page, device tools. */
export default function TestPreviewPage() {
  const { t, lang } = useMessages(previewMessages);
  usePageTitle(t('pageTitle'));
  const idPrefix = useId();
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

  return (
    <main className="presta-test-preview">
      <header className="presta-test-preview-header">
        <span className="presta-test-preview-badge">{t('badge')}</span>
        <h1 className="presta-test-preview-title">{t('pageTitle')}</h1>
        <p className="presta-test-preview-intro">{t('intro')}</p>
      </header>

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
                  onChange={(event) => updateFields({ ...fields, [name]: event.target.value })}
                />
              </div>
            );
          })}
        </div>

        <fieldset className="presta-test-preview-languages">
          <legend className="presta-test-preview-label">{t('language')}</legend>
          <div className="presta-test-preview-segmented">
            {(['es', 'en'] as const).map((option) => (
              <label key={option} className="presta-test-preview-segment">
                <input
                  type="radio"
                  name={`${idPrefix}-language`}
                  value={option}
                  checked={lang === option}
                  onChange={() => chooseLanguage(option)}
                />
                <span>{t(option === 'es' ? 'languageEs' : 'languageEn')}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <button type="button" className="presta-test-preview-secondary" onClick={clearFields}>
          {t('clearFields')}
        </button>
      </section>

      <section className="presta-test-preview-card" aria-labelledby={`${idPrefix}-pages`}>
        <h2 className="presta-test-preview-card-title" id={`${idPrefix}-pages`}>
          {t('pagesTitle')}
        </h2>
        <p className="presta-test-preview-hint">{t('pagesHint')}</p>
        <ul className="presta-test-preview-links" aria-labelledby={`${idPrefix}-pages`}>
          {previewLinks.map((link) => {
            const note = linkNote(link, fields);
            return (
              <li key={link.label}>
                <a className="presta-test-preview-link" href={buildPreviewUrl(link.path, fields, lang, link.extra)}>
                  <span className="presta-test-preview-link-label">{t(link.label)}</span>
                  <span className="presta-test-preview-link-path">{link.path}</span>
                  {note ? <span className="presta-test-preview-link-note">{t(note)}</span> : null}
                </a>
              </li>
            );
          })}
        </ul>
      </section>

      <DemoBorrowers fields={fields} activeBorrowerId={activeBorrowerId} onUse={applyBorrowerSession} />

      <DeviceTools />
    </main>
  );
}
