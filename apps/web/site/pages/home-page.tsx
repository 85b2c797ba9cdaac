import type { SiteConfig } from '../site-config';
import { siteMessages, type SiteLanguage } from '../messages';
import { pagePath } from '../site-pages';
import { Banner } from './banner';

/** '/': heading, the rotating banner and the embedded privacy notice (spec §2 "Marketing home"). */
export function HomePage({ lang, config }: { lang: SiteLanguage; config: SiteConfig }) {
  const t = siteMessages[lang];
  const frameSrc = config.privacyFramePaths[lang];
  return (
    <>
      <div className="hero">
        <h1>{t.pages.home.heading}</h1>
        <p className="hero__lead">{t.home.lead}</p>
      </div>
      <Banner t={t.banner} />
      <section className="privacy-frame" aria-labelledby="privacy-frame-title">
        <h2 id="privacy-frame-title">{t.home.privacySection}</h2>
        <iframe className="privacy-frame__frame" title={t.home.privacyFrameTitle} src={frameSrc} loading="lazy" />
        <p>
          <a href={pagePath('policy', lang)}>{t.home.privacyFrameLink}</a>
        </p>
      </section>
    </>
  );
}
