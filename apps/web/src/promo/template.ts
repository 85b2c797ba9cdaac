import type { PromotionTemplate } from '@presta/contract/api/promotion';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The template record of channel-template's data, read without zod (the
 * schema is packages/contract/src/api/promotion.ts): missing or mistyped
 * fields become '' or [] so the page never breaks on them.
 */
export function readTemplate(data: unknown): PromotionTemplate | null {
  if (data === null || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  return {
    id: typeof d.id === 'number' ? String(d.id) : text(d.id),
    appName: text(d.appName),
    agreementTitle: text(d.agreementTitle),
    agreementParagraphs: Array.isArray(d.agreementParagraphs) ? d.agreementParagraphs.filter((p): p is string => typeof p === 'string') : [],
    downloadTitle: text(d.downloadTitle),
    downloadText: text(d.downloadText),
    iosUrl: text(d.iosUrl),
    androidUrl: text(d.androidUrl),
    pixelId: text(d.pixelId),
    // The language of the four texts above (channel-template answers them in the page's language when it can).
    textLanguage: d.textLanguage === 'en' ? 'en' : 'es',
  };
}

/** Store links must be web addresses (a template cannot inject javascript: into the page). */
export function isWebUrl(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}
