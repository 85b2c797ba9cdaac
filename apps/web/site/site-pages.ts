import type { SiteLanguage } from './messages';

/**
 * The marketing site's pages (spec §2): '/' and the standalone sections.
 * Spanish (the default) lives at the spec's paths; English under /en/.
 * Each page is one prerendered file in dist/site (see docs/marketing-site.md).
 */
export const sitePageIds = ['home', 'about', 'user', 'contact', 'policy', 'loan'] as const;
export type SitePageId = (typeof sitePageIds)[number];

const slugs: Record<SitePageId, string> = {
  home: '',
  about: 'About',
  user: 'User',
  contact: 'Contact',
  policy: 'Policy',
  loan: 'Loan',
};

/** The address a page is served at: '/', '/About', … and '/en/', '/en/About', … */
export function pagePath(page: SitePageId, lang: SiteLanguage): string {
  const prefix = lang === 'es' ? '' : `/${lang}`;
  return `${prefix}/${slugs[page]}`;
}

/** The page's file in dist/site: 'index.html', 'About.html', … and 'en/index.html', 'en/About.html', … */
export function pageFile(page: SitePageId, lang: SiteLanguage): string {
  const prefix = lang === 'es' ? '' : `${lang}/`;
  return `${prefix}${page === 'home' ? 'index' : slugs[page]}.html`;
}

/** The privacy notice alone, for the home page's frame: 'privacy-frame.html' and 'en/privacy-frame.html'. */
export function privacyFrameFile(lang: SiteLanguage): string {
  return `${lang === 'es' ? '' : `${lang}/`}privacy-frame.html`;
}
