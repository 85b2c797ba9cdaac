/**
 * A legal text (privacy notice, loan terms) as structured data: the SPA's
 * /PrivacyPolicy page and the marketing site's /Policy and /Loan pages render
 * the same documents. Written for this project in Spanish and English
 * (docs/legal-texts.md); every figure of spec §1 and §9 appears in both.
 */
export type LegalClause = {
  /** Clause number as shown ("1", "1.2"). */
  number: string;
  /** One or more paragraphs. */
  paragraphs: string[];
  /** Optional bullet list after the paragraphs. */
  items?: string[];
};

export type LegalSection = { heading: string; clauses: LegalClause[] };

export type LegalDocument = {
  title: string;
  /** "Última actualización: 2026-11-22" / "Last updated: …". */
  updated: string;
  /** Short introduction before the sections. */
  intro: string[];
  sections: LegalSection[];
};

export type LegalLanguage = 'es' | 'en';
