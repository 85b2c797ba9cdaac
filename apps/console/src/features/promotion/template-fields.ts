import type { consolePromotionTemplates } from '@presta/contract/api/console/promotion';
import type { DataOf } from '@presta/contract/api/endpoint';

export type LandingTemplate = DataOf<typeof consolePromotionTemplates>['templates'][number];
type Texts = LandingTemplate['texts']['es'];
/** A language's texts in the form: the agreement's paragraphs one per line. */
export type TextFields = { downloadTitle: string; downloadText: string; agreementTitle: string; agreementParagraphs: string };
export type Fields = { name: string; active: boolean; pixelId: string; es: TextFields; hasEnglish: boolean; en?: TextFields };

// The contract's limits (landingTextsSchema, pixelIdField).
export const limits = { name: 80, downloadTitle: 80, downloadText: 400, agreementTitle: 120, paragraph: 1000, paragraphs: 20 };
// What the server refuses in a line: control and format characters, line breaks.
export const notOneLine = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

const toFields = (texts: Texts): TextFields => ({ ...texts, agreementParagraphs: texts.agreementParagraphs.join('\n') });
export const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
export const toTexts = (fields: TextFields): Texts => ({
  downloadTitle: fields.downloadTitle.trim(),
  downloadText: fields.downloadText.trim(),
  agreementTitle: fields.agreementTitle.trim(),
  agreementParagraphs: paragraphsOf(fields.agreementParagraphs),
});

/** The form's first values: the template's, or a new one's (active, no pixel, Spanish only). */
export function initialFields(template: LandingTemplate | undefined): Partial<Fields> {
  return template
    ? {
        name: template.name,
        active: template.active,
        pixelId: template.pixelId,
        es: toFields(template.texts.es),
        hasEnglish: template.texts.en !== null,
        ...(template.texts.en ? { en: toFields(template.texts.en) } : {}),
      }
    : { active: true, pixelId: '', hasEnglish: false };
}
