import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPromoMarkup } from './promo-test-page';
import { routeFromHash, showRoute, type PromoViews } from './router';

describe('routeFromHash', () => {
  it.each([
    ['', 'registration'],
    ['#/', 'registration'],
    ['#/other', 'registration'],
    ['#/downloadTemplate', 'download'],
    ['#/downloadTemplate?id=2&down_id=8', 'download'],
    ['#/agreementTemplate/', 'agreement'],
    ['#/agreementTemplate?id=2', 'agreement'],
  ] as const)('%s → %s', (hash, route) => {
    expect(routeFromHash(hash)).toBe(route);
  });
});

describe('showRoute', () => {
  let views: PromoViews;
  beforeEach(() => {
    loadPromoMarkup();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const byId = (id: string) => document.getElementById(id)!;
    views = { registration: byId('promo-registration'), download: byId('promo-download'), agreement: byId('promo-agreement') };
  });

  it('shows one view and hides the others', () => {
    showRoute(views, 'download', { moveFocus: false });
    expect([views.registration.hidden, views.download.hidden, views.agreement.hidden]).toEqual([true, false, true]);
    expect(document.activeElement).toBe(document.body);
  });

  it('after a navigation, moves the focus to the view heading', () => {
    showRoute(views, 'agreement', { moveFocus: true });
    expect(document.activeElement).toBe(document.getElementById('promo-agreement-title'));
  });
});
