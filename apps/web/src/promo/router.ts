import { PROMO_AGREEMENT_HASH, PROMO_DOWNLOAD_HASH } from '@presta/contract/promotion-rules';

/** The page's three views: registration (any other hash), #/downloadTemplate, #/agreementTemplate. */
export type PromoRoute = 'registration' | 'download' | 'agreement';

export function routeFromHash(hash: string): PromoRoute {
  const path = hash.split('?')[0]?.replace(/\/+$/, '') ?? '';
  if (path === PROMO_DOWNLOAD_HASH) return 'download';
  if (path === PROMO_AGREEMENT_HASH) return 'agreement';
  return 'registration';
}

export type PromoViews = Record<PromoRoute, HTMLElement>;

/**
 * Shows the view of the hash route and hides the others. After a navigation
 * (not on the first paint) it moves the focus to the view's heading, so a
 * screen reader reads the new page and keyboard users start at its top.
 */
export function showRoute(views: PromoViews, route: PromoRoute, { moveFocus }: { moveFocus: boolean }): void {
  for (const [name, view] of Object.entries(views) as [PromoRoute, HTMLElement][]) view.hidden = name !== route;
  if (!moveFocus) return;
  views[route].querySelector<HTMLElement>('h1')?.focus();
  window.scrollTo(0, 0);
}
