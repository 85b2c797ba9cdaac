import { renderToStaticMarkup } from 'react-dom/server';
import { LegalDocumentView } from '@/legal/legal-document-view';
import { privacyNotice } from '@/legal/privacy-notice';
import { siteMessages, type SiteLanguage } from './messages';
import { AboutPage } from './pages/about-page';
import { ContactPage } from './pages/contact-page';
import { HomePage } from './pages/home-page';
import { Layout, type PageAssets } from './pages/layout';
import { LegalPage } from './pages/legal-page';
import { UserPage } from './pages/user-page';
import { siteConfig, type SiteConfig } from './site-config';
import { pageFile, privacyFrameFile, sitePageIds, type SitePageId } from './site-pages';

/**
 * Renders the marketing site to static HTML with React (build time only: the
 * pages ship no React). vite.site.config.ts calls renderSite() after the
 * client build, with the inlined stylesheet and each page's script.
 */
export type SiteAssets = {
  css: string;
  /** Module scripts by page; pages without behaviour get none. */
  scripts: Partial<Record<SitePageId, string[]>>;
};

export const siteLanguages: SiteLanguage[] = ['es', 'en'];

function content(page: SitePageId, lang: SiteLanguage, config: SiteConfig) {
  switch (page) {
    case 'home':
      return <HomePage lang={lang} config={config} />;
    case 'about':
      return <AboutPage lang={lang} brandName={config.brandName} />;
    case 'user':
      return <UserPage lang={lang} />;
    case 'contact':
      return <ContactPage lang={lang} />;
    case 'policy':
    case 'loan':
      return <LegalPage lang={lang} document={page} />;
  }
}

export function renderSitePage(page: SitePageId, lang: SiteLanguage, assets: PageAssets, config: SiteConfig = siteConfig()): string {
  const markup = renderToStaticMarkup(
    <Layout page={page} lang={lang} config={config} assets={assets}>
      {content(page, lang, config)}
    </Layout>,
  );
  return `<!doctype html>\n${markup}\n`;
}

/**
 * The privacy notice alone, for the home page's frame: no header, footer or
 * script, kept out of search results (the notice's own page is /Policy).
 */
export function renderPrivacyFrame(lang: SiteLanguage, css: string): string {
  const notice = privacyNotice[lang];
  const markup = renderToStaticMarkup(
    <html lang={siteMessages[lang].locale}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{notice.title}</title>
        {css && <style dangerouslySetInnerHTML={{ __html: css }} />}
      </head>
      <body className="privacy-frame-doc">
        <LegalDocumentView document={notice} headingLevel={1} />
      </body>
    </html>,
  );
  return `<!doctype html>\n${markup}\n`;
}

/** Every page in both languages, and the privacy frame's document, as { fileName (relative to dist/site), html }. */
export function renderSite(assets: SiteAssets, config: SiteConfig = siteConfig()): { fileName: string; html: string }[] {
  return siteLanguages.flatMap((lang) => [
    ...sitePageIds.map((page) => ({
      fileName: pageFile(page, lang),
      html: renderSitePage(page, lang, { css: assets.css, scripts: assets.scripts[page] ?? [] }, config),
    })),
    { fileName: privacyFrameFile(lang), html: renderPrivacyFrame(lang, assets.css) },
  ]);
}
