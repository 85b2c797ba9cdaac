import { formatMarketMoney } from '@presta/contract/markets';
import { annualCostSentence } from '@/shared/format/annual-cost-text';
import type { SiteConfig } from '../site-config';
import { siteMessages, type SiteLanguage } from '../messages';
import { pagePath } from '../site-pages';
import { Banner } from './banner';
import { StoreLinks } from './store-links';

/**
 * '/': heading, the app's download links (issue 14), the rotating banner, the representative example of a loan's price with its CAT beside it
 * (issue 13) and the embedded privacy notice (spec §2 "Marketing home").
 */
export function HomePage({ lang, config }: { lang: SiteLanguage; config: SiteConfig }) {
  const t = siteMessages[lang];
  const frameSrc = config.privacyFramePaths[lang];
  return (
    <>
      <div className="hero">
        <h1>{t.pages.home.heading}</h1>
        <p className="hero__lead">{t.home.lead}</p>
      </div>
      {/* Issue 14: the way to the product, right under the lead; other pages link here (/#download). */}
      <section id="download" className="download" aria-labelledby="download-title">
        <h2 id="download-title">{t.download.heading}</h2>
        <p>{t.download.text}</p>
        <StoreLinks lang={lang} config={config} className="download__stores" />
      </section>
      <Banner t={t.banner} />
      <RepresentativeExample lang={lang} config={config} />
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

/** The advertised price and, beside it, its CAT with the words Banco de México requires. */
function RepresentativeExample({ lang, config }: { lang: SiteLanguage; config: SiteConfig }) {
  const t = siteMessages[lang].home;
  const e = config.representativeExample;
  const money = (minor: number) => formatMarketMoney(minor, 'MX');
  const text = t.exampleText
    .replace('{amount}', money(e.amount))
    .replace('{days}', String(e.termDays))
    .replace('{interest}', money(e.interest))
    .replace('{dailyRate}', e.dailyRate)
    .replace('{commission}', money(e.commission))
    .replace('{commissionRate}', e.commissionRate)
    .replace('{tax}', money(e.tax))
    .replace('{total}', money(e.total));
  return (
    <section className="price-example" aria-labelledby="price-example-title" data-price>
      <h2 id="price-example-title">{t.exampleHeading}</h2>
      <p>{text}</p>
      <p className="price-example__cat" data-annual-cost="CAT">
        {annualCostSentence(e.annualCost, lang)}
      </p>
    </section>
  );
}
