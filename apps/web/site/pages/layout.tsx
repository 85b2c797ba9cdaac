import type { ReactNode } from 'react';
import { languages } from '@presta/contract/language';
import { endSentence } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import type { SiteConfig } from '../site-config';
import { ogImageSize } from '../social/og-image';
import { siteMessages, type SiteLanguage } from '../messages';
import { pagePath, type SitePageId } from '../site-pages';
import { StoreLinks } from './store-links';

export type PageAssets = {
  /** The site's stylesheet, inlined in <style>. */
  css: string;
  /** Module scripts of this page (none for pages without behaviour). */
  scripts: string[];
};

export type LayoutProps = {
  page: SitePageId;
  lang: SiteLanguage;
  config: SiteConfig;
  assets: PageAssets;
  children: ReactNode;
};

/** The whole document: head with title, description and preview tags; skip link, header, main, footer. */
export function Layout({ page, lang, config, assets, children }: LayoutProps) {
  const t = siteMessages[lang];
  return (
    <html lang={t.locale}>
      <PageHead page={page} lang={lang} config={config} assets={assets} />
      <body>
        <a className="skip-link" href="#main">
          {t.skipLink}
        </a>
        <SiteHeader page={page} lang={lang} config={config} />
        <main id="main" className={`site-main site-main--${page}`} tabIndex={-1}>
          {children}
        </main>
        <SiteFooter lang={lang} config={config} />
      </body>
    </html>
  );
}

type PageProps = Pick<LayoutProps, 'page' | 'lang' | 'config'>;

/** Title, description, canonical and language alternates, the Open Graph and Twitter previews, the stylesheet and scripts. */
function PageHead({ page, lang, config, assets }: PageProps & { assets: PageAssets }) {
  const t = siteMessages[lang];
  const texts = t.pages[page];
  const otherLang: SiteLanguage = lang === 'es' ? 'en' : 'es';
  const url = `${config.origin}${pagePath(page, lang)}`;
  const image = `${config.origin}${config.ogImagePath}`;
  return (
    <head>
      <meta charSet="UTF-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
      <title>{texts.title}</title>
      <meta name="description" content={texts.description} />
      <meta name="theme-color" content="#FF2A84" />
      <meta name="format-detection" content="telephone=no" />
      <link rel="canonical" href={url} />
      <link rel="alternate" hrefLang="es" href={`${config.origin}${pagePath(page, 'es')}`} />
      <link rel="alternate" hrefLang="en" href={`${config.origin}${pagePath(page, 'en')}`} />
      <link rel="alternate" hrefLang="x-default" href={`${config.origin}${pagePath(page, 'es')}`} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={config.brandName} />
      <meta property="og:title" content={texts.title} />
      <meta property="og:description" content={texts.description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={t.ogLocale} />
      <meta property="og:locale:alternate" content={siteMessages[otherLang].ogLocale} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(ogImageSize.width)} />
      <meta property="og:image:height" content={String(ogImageSize.height)} />
      <meta property="og:image:alt" content={t.ogImageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={texts.title} />
      <meta name="twitter:description" content={texts.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={t.ogImageAlt} />
      <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
      {assets.css && <style dangerouslySetInnerHTML={{ __html: assets.css }} />}
      {assets.scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </head>
  );
}

/** The brand, the other language's link and the site navigation (the current page marked). */
function SiteHeader({ page, lang, config }: PageProps) {
  const t = siteMessages[lang];
  const otherLang: SiteLanguage = lang === 'es' ? 'en' : 'es';
  const navItems: { id: SitePageId; label: string }[] = [
    { id: 'home', label: t.nav.home },
    { id: 'about', label: t.nav.about },
    { id: 'policy', label: t.nav.policy },
    { id: 'loan', label: t.nav.loan },
    { id: 'contact', label: t.nav.contact },
  ];
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <a className="site-brand" href={pagePath('home', lang)}>
          {config.brandName}
        </a>
        <a className="site-sign-in" href={`${routes.login}?language=${languages[lang].type}`}>
          {t.signIn}
        </a>
        <a className="site-lang" href={pagePath(page, otherLang)} hrefLang={otherLang} lang={siteMessages[otherLang].locale} aria-label={t.otherLanguage.name}>
          {t.otherLanguage.label}
        </a>
      </div>
      <nav className="site-nav" aria-label={t.navLabel}>
        <ul>
          {navItems.map((item) => (
            <li key={item.id}>
              <a href={pagePath(item.id, lang)} aria-current={item.id === page ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** The store links, each market's lender with its phone, email and address, and the copyright line. */
function SiteFooter({ lang, config }: Omit<PageProps, 'page'>) {
  const t = siteMessages[lang];
  return (
    <footer className="site-footer" aria-label={t.footer.label}>
      <nav className="site-footer__download" aria-label={t.download.footerLabel}>
        <p className="site-footer__download-title">{t.download.footerLabel}</p>
        <StoreLinks lang={lang} config={config} className="site-footer__stores" />
      </nav>
      {config.lenders.map((lender) => (
        <LenderDetails key={lender.market} lang={lang} lender={lender} />
      ))}
      <p className="site-footer__copyright">
        © {config.copyrightYear} {endSentence(config.companyName)} {t.footer.rights}
      </p>
    </footer>
  );
}

function LenderDetails({ lang, lender }: { lang: SiteLanguage; lender: SiteConfig['lenders'][number] }) {
  const t = siteMessages[lang];
  return (
    <div className="site-footer__lender">
      <p className="site-footer__market">{t.footer.markets[lender.market]}</p>
      <p className="site-footer__company">{lender.companyName}</p>
      <dl className="site-footer__details">
        <div>
          <dt>{t.footer.phone}</dt>
          <dd>
            <a href={`tel:${lender.phone.replace(/[^\d+]/g, '')}`}>{lender.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t.footer.email}</dt>
          <dd>
            <a href={`mailto:${lender.email}`}>{lender.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t.footer.address}</dt>
          <dd>{lender.address}</dd>
        </div>
      </dl>
    </div>
  );
}
