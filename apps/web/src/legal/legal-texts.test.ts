import { describe, expect, it } from 'vitest';
import { markets } from '@presta/contract/markets';
import type { LegalDocument, LegalLanguage } from './legal-document';
import { loanTerms, loanTermsMarket } from './loan-terms';
import { privacyNotice, privacyNoticeMarket } from './privacy-notice';

/** Every word a reader sees, in reading order. */
function fullText(document: LegalDocument): string {
  return [
    document.title,
    document.updated,
    ...document.intro,
    ...document.sections.flatMap((s) => [s.heading, ...s.clauses.flatMap((c) => [c.number, ...c.paragraphs, ...(c.items ?? [])])]),
  ].join('\n');
}

/**
 * The figures of spec §1 and §9 as each language words them, written out so
 * that a lost or changed figure fails here.
 */
const privacyFigures: Record<LegalLanguage, Record<string, string[]>> = {
  es: {
    'loans for users in Mexico only': ['únicamente a usuarios que se encuentran en México'],
    'Mexican data-protection law': ['legislación mexicana de protección de datos personales'],
    'face data deleted within 30 days': ['se eliminan en un plazo de 30 días'],
    'ARCO decision within 20 days': ['en un plazo máximo de 20 días'],
    'effective within 15 working days': ['dentro de los 15 días hábiles'],
    'fixes within 5 and 10 working days': ['dentro de los 5 días hábiles', '10 días hábiles'],
    'the topics of §2': ['fotografía de su identificación', 'Ubicación', 'Cámara', 'Transferencias', 'Derechos ARCO', 'Cookies'],
  },
  en: {
    'loans for users in Mexico only': ['offered only to users in Mexico'],
    'Mexican data-protection law': ['Mexican data-protection law'],
    'face data deleted within 30 days': ['deleted within 30 days'],
    'ARCO decision within 20 days': ['within 20 days'],
    'effective within 15 working days': ['within 15 working days'],
    'fixes within 5 and 10 working days': ['within 5 working days', '10 working days'],
    'the topics of §2': ['photo on your official ID', 'Location', 'Camera', 'transfers', 'ARCO rights', 'Cookies'],
  },
};

const loanTermsFigures: Record<LegalLanguage, Record<string, string[]>> = {
  es: {
    'natural person of Indian nationality': ['persona física de nacionalidad india'],
    'over 18': ['mayor de 18 años'],
    'permanent address in India': ['domicilio permanente en India'],
    'term of 91 to 365 days': ['de 91 a 365 días naturales'],
    'credited within 1 to 3 days': ['dentro de 1 a 3 días naturales'],
    'decision within 1 day': ['a más tardar 1 día después'],
    'default penalty': ['Rs.1,000 para clientes nuevos', 'Rs.800 para clientes recurrentes'],
    'tiered late interest': ['5% por día, del día 1 al día 30', '4% por día, del día 31 al día 90', '2% por día, desde el día 91'],
    'payment order': ['Cargos previstos por la ley', 'Gastos de cobranza y ejecución', 'Cargos por atraso', 'Comisiones, intereses y capital'],
    prepayment: ['al menos la mitad del plazo', 'no antes de 7 días naturales contados desde el desembolso'],
    extension: ['por un periodo igual', 'antes, en o después de la fecha de vencimiento', 'intereses vencidos y los cargos por incumplimiento'],
    'notice of changes': ['nombre, fecha de nacimiento o domicilio dentro de los 3 días naturales'],
    'judgment default': ['en un plazo de diez días'],
    assignment: ['con 7 días hábiles de anticipación'],
    'releasing funds': ['La solicitud firmada', 'datos de su cuenta bancaria', 'fotografía de usted con su documento de identidad', 'confirmación de la decisión y del pagaré'],
    'mail deemed received': ['el segundo día hábil', 'correo postal', 'una hora después de su envío', 'correo electrónico'],
  },
  en: {
    'natural person of Indian nationality': ['natural person of Indian nationality'],
    'over 18': ['over 18 years of age'],
    'permanent address in India': ['permanent address in India'],
    'term of 91 to 365 days': ['91 to 365 calendar days'],
    'credited within 1 to 3 days': ['within 1 to 3 calendar days'],
    'decision within 1 day': ['no later than 1 day after'],
    'default penalty': ['Rs.1,000 for new clients', 'Rs.800 for repeat clients'],
    'tiered late interest': ['5% per day on days 1 to 30', '4% per day on days 31 to 90', '2% per day from day 91'],
    'payment order': ['Lawful charges', 'Enforcement expenses', 'Late fees', 'Fees, interest and principal'],
    prepayment: ['half the term', 'not earlier than 7 calendar days after disbursal'],
    extension: ['the same period', 'before, on or after the maturity date', 'due interest and default charges are paid'],
    'notice of changes': ['name, birth date or address within 3 calendar days'],
    'judgment default': ['unpaid for ten days'],
    assignment: ["7 business days' notice"],
    'releasing funds': ['signed application', 'bank details', 'photo of you with your identity document', 'confirmation of the decision and of the promissory note'],
    'mail deemed received': ['second business day', 'if posted', 'one hour after sending', 'if e-mailed'],
  },
};

const cases = (figures: Record<LegalLanguage, Record<string, string[]>>) =>
  (['es', 'en'] as const).flatMap((language) =>
    Object.entries(figures[language]).map(([fact, phrases]) => ({ language, fact, phrases })),
  );

describe('privacy notice', () => {
  it.each(cases(privacyFigures))('$language: $fact', ({ language, phrases }) => {
    const text = fullText(privacyNotice[language]);
    for (const phrase of phrases) expect(text).toContain(phrase);
  });
});

describe('loan terms', () => {
  it.each(cases(loanTermsFigures))('$language: $fact', ({ language, phrases }) => {
    const text = fullText(loanTerms[language]);
    for (const phrase of phrases) expect(text).toContain(phrase);
  });
});

describe.each([
  ['privacy notice', privacyNotice],
  ['loan terms', loanTerms],
] as const)('%s structure', (_name, documents) => {
  it('has the same sections and clause numbers in both languages, numbered in order', () => {
    const outline = (d: LegalDocument) => d.sections.map((s) => s.clauses.map((c) => c.number));
    expect(outline(documents.en)).toEqual(outline(documents.es));
    documents.es.sections.forEach((section, i) => {
      expect(section.heading).toMatch(new RegExp(`^${i + 1}\\. `));
      expect(documents.en.sections[i]!.heading).toMatch(new RegExp(`^${i + 1}\\. `));
      section.clauses.forEach((clause, j) => expect(clause.number).toBe(`${i + 1}.${j + 1}`));
    });
  });

  it('names the lender of its market and no other (issue 12)', () => {
    const market = documents === loanTerms ? loanTermsMarket : privacyNoticeMarket;
    const other = market === 'MX' ? 'IN' : 'MX';
    expect(markets[market].legalTexts).toContain(documents === loanTerms ? 'loan-terms' : 'privacy-notice');
    for (const language of ['es', 'en'] as const) {
      const text = fullText(documents[language]);
      expect(text).toContain(markets[market].legalEntity.name);
      expect(text).toContain(markets[market].support.email);
      expect(text).not.toContain(markets[other].legalEntity.name);
      expect(text).not.toMatch(/S\.A\. de C\.V\.\./);
    }
  });

  it('speaks "usted" in Spanish (decision 008)', () => {
    expect(fullText(documents.es)).not.toMatch(/\b(tú|tu|tus|te|contigo)\b/i);
  });
});
