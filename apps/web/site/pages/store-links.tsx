import type { SiteConfig } from '../site-config';
import { siteMessages, type SiteLanguage } from '../messages';

/**
 * The app's store links (issue 14): App Store and Google Play, from the default landing template's
 * configuration (site-config.ts storeLinks). Plain links, no script: a store opens in the same tab and
 * learns nothing of this page (noreferrer). A store without a web address gets no link.
 */
export function StoreLinks({ lang, config, className }: { lang: SiteLanguage; config: SiteConfig; className: string }) {
  const t = siteMessages[lang].download;
  const links = [
    { store: 'ios', href: config.storeLinks.ios, label: t.appStore },
    { store: 'android', href: config.storeLinks.android, label: t.googlePlay },
  ].filter((link) => /^https?:\/\//i.test(link.href));
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.store}>
          <a href={link.href} rel="noopener noreferrer" data-store={link.store}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
