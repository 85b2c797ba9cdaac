import { defaultTemplateStoreLinks } from '@presta/contract/promotion-rules';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { siteMessages, type SiteLanguage } from './messages';
import { renderSitePage, siteLanguages } from './render';
import { siteConfig } from './site-config';
import { sitePageIds, type SitePageId } from './site-pages';

/*
 * Issue 14, item 14: the marketing site leads to the product. The home page has a download section
 * (#download, which other pages link to) and every page's footer the app's store links: those of the
 * default landing template (promotion_templates id 1, whose download view shows the same ones; a server
 * test keeps the two equal), in both languages. No script is added for it.
 */
const config = siteConfig(new Date('2026-11-22T12:00:00Z'));

function parse(page: SitePageId, lang: SiteLanguage): Document {
  const html = renderSitePage(page, lang, { css: '', scripts: page === 'home' ? ['/site/assets/site-home.js'] : [] }, config);
  return new DOMParser().parseFromString(html, 'text/html');
}

const storeLinks = (root: Element) =>
  Array.from(root.querySelectorAll<HTMLAnchorElement>('a[data-store]')).map((a) => [a.dataset.store, a.textContent, a.getAttribute('href')]);

const expected = (lang: SiteLanguage) => [
  ['ios', siteMessages[lang].download.appStore, defaultTemplateStoreLinks.ios],
  ['android', siteMessages[lang].download.googlePlay, defaultTemplateStoreLinks.android],
];

describe('the way to the product', () => {
  it.each(siteLanguages)('the home page (%s) has a download section with the store links, near its top', async (lang) => {
    const doc = parse('home', lang);
    const t = siteMessages[lang].download;
    const section = doc.querySelector('main section#download')!;
    expect(section).not.toBeNull();
    expect(section.getAttribute('aria-labelledby')).toBe('download-title');
    expect(section.querySelector('h2#download-title')?.textContent).toBe(t.heading);
    expect(section.textContent).toContain(t.text);
    expect(storeLinks(section)).toEqual(expected(lang));
    // Right after the lead: before the banner, the price example and the privacy notice.
    const main = doc.querySelector('main')!;
    expect(Array.from(main.children).indexOf(section)).toBe(1);
    // The stores open in this tab, and tell them nothing of this page.
    for (const a of section.querySelectorAll('a')) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await seriousA11yViolations(doc.body)).toEqual([]);
  });

  it.each(siteLanguages.flatMap((lang) => sitePageIds.map((page) => [page, lang] as const)))(
    "every page's footer (%s, %s) has the store links under its own heading",
    (page, lang) => {
      const doc = parse(page, lang);
      const t = siteMessages[lang].download;
      const block = doc.querySelector('footer nav.site-footer__download')!;
      expect(block).not.toBeNull();
      expect(block.getAttribute('aria-label')).toBe(t.footerLabel);
      expect(block.querySelector('.site-footer__download-title')?.textContent).toBe(t.footerLabel);
      expect(storeLinks(block)).toEqual(expected(lang));
    },
  );

  it('adds no script: the pages without behaviour still have none', () => {
    for (const lang of siteLanguages) {
      for (const page of sitePageIds.filter((p) => p !== 'home' && p !== 'contact')) {
        expect(parse(page, lang).querySelectorAll('script'), `${page} ${lang}`).toHaveLength(0);
      }
    }
  });
});
