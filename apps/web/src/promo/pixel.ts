/**
 * The conversion pixel hook (§7: a CompleteRegistration event when the page
 * was opened with UC). Off by default: it fires only for a template whose
 * pixelId is set, and it loads nothing. It hands the event to whatever the
 * page has been given:
 * - `window.fbq`, when a pixel snippet defined it: fbq('trackSingle', pixelId, 'CompleteRegistration');
 * - `window.dataLayer`, when a tag manager defined it: a push of { event: 'CompleteRegistration', pixelId, uc, templateId };
 * - a handler set with setConversionHandler() (replaces the two above).
 * See docs/promotion.md.
 */
export type ConversionEvent = { name: 'CompleteRegistration'; pixelId: string; uc: string; templateId: string };
export type ConversionHandler = (event: ConversionEvent) => void;

type PixelWindow = Window & {
  fbq?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
};

function toPageTags(event: ConversionEvent): void {
  const w = window as PixelWindow;
  if (typeof w.fbq === 'function') w.fbq('trackSingle', event.pixelId, event.name);
  if (Array.isArray(w.dataLayer)) {
    w.dataLayer.push({ event: event.name, pixelId: event.pixelId, uc: event.uc, templateId: event.templateId });
  }
}

let handler: ConversionHandler = toPageTags;

/** Replaces where conversion events go (null restores the default: fbq / dataLayer). */
export function setConversionHandler(next: ConversionHandler | null): void {
  handler = next ?? toPageTags;
}

/**
 * Fires CompleteRegistration when the page has UC and the template a pixelId;
 * returns whether it fired. A failing tag never breaks the registration.
 */
export function trackConversion(pixelId: string | undefined, uc: string | undefined, templateId = ''): boolean {
  if (!pixelId || !uc) return false;
  try {
    handler({ name: 'CompleteRegistration', pixelId, uc, templateId });
  } catch {
    // a third-party tag's failure is not the visitor's problem
  }
  return true;
}
