import type { LegalDocument, LegalLanguage } from './legal-document';
import './legal-document-view.css';

export type LegalDocumentViewProps = {
  document: LegalDocument;
  /** Sets the lang attribute when the document's language differs from the page's. */
  lang?: LegalLanguage;
  /** Level of the title heading (1 on its own page); section headings are one level lower. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
};

/**
 * A legal text (privacy notice, loan terms) as plain, phone-readable HTML:
 * title, update date, introduction, then one heading per section with its
 * numbered clauses. Plain React and CSS, no antd-mobile, so the marketing site
 * can render it to static HTML at build time as the SPA renders it at run time.
 */
export function LegalDocumentView({ document, lang, headingLevel = 1, className }: LegalDocumentViewProps) {
  const Title = `h${headingLevel}` as const;
  const SectionHeading = `h${headingLevel + 1}` as 'h2' | 'h3' | 'h4';
  return (
    <article className={className ? `legal-document ${className}` : 'legal-document'} lang={lang}>
      <header className="legal-document__header">
        <Title className="legal-document__title">{document.title}</Title>
        <p className="legal-document__updated">{document.updated}</p>
      </header>
      {document.intro.map((paragraph, i) => (
        <p key={i} className="legal-document__intro">
          {paragraph}
        </p>
      ))}
      {document.sections.map((section) => (
        <section key={section.heading} className="legal-document__section">
          <SectionHeading className="legal-document__heading">{section.heading}</SectionHeading>
          {section.clauses.map((clause) => (
            <div key={clause.number} className="legal-document__clause">
              {clause.paragraphs.map((paragraph, i) => (
                <p key={i} className="legal-document__paragraph">
                  {i === 0 && <span className="legal-document__number">{clause.number}</span>}
                  {paragraph}
                </p>
              ))}
              {clause.items && (
                <ul className="legal-document__items">
                  {clause.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}
