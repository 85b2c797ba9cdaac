import { useId } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { previewMessages } from '@/features/dev-preview/messages';
import { buildPreviewUrl, linkNote, previewLinks, type PreviewFields } from '@/features/dev-preview/preview-fields';

/** A link to every page, with the fake session's fields (and a note where a field it needs is missing). */
export function PreviewLinks({ fields }: { fields: PreviewFields }) {
  const { t, lang } = useMessages(previewMessages);
  const titleId = useId();
  return (
    <section className="presta-test-preview-card" aria-labelledby={titleId}>
      <h2 className="presta-test-preview-card-title" id={titleId}>
        {t('pagesTitle')}
      </h2>
      <p className="presta-test-preview-hint">{t('pagesHint')}</p>
      <ul className="presta-test-preview-links" aria-labelledby={titleId}>
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
  );
}
