import { defaultBrand } from '@presta/contract/brand';
import { todayIn } from '@presta/contract/dates';
import { markets, type MarketCode } from '@presta/contract/markets';
import { defaultTemplateStoreLinks } from '@presta/contract/promotion-rules';
import { representativeExample, type RepresentativeExample } from '@presta/contract/representative-example';
import type { SiteLanguage } from './messages';
import { ogImageFile } from './social/og-image';
import { privacyFrameFile } from './site-pages';

/**
 * The marketing site's configuration (spec §3 "Environment configuration"):
 * the footer's company name, phone, e-mail, address and copyright come from
 * the brand (packages/contract/src/brand.ts, zod-free), fixed at build time.
 * PRESTA_SITE_ORIGIN (build environment) gives the absolute address used by
 * the Open Graph / Twitter preview tags and the canonical links.
 */
/** The lender of one market, as the footer shows it. */
export type SiteLender = { market: MarketCode; companyName: string; phone: string; email: string; address: string };

export type SiteConfig = {
  brandName: string;
  companyName: string;
  phone: string;
  email: string;
  address: string;
  /**
   * The lender in each market (issue 12): Mexico's is the brand's company and
   * contacts, India's the Indian market's (markets.ts). The footer lists both.
   */
  lenders: SiteLender[];
  /**
   * The app's store links (issue 14): the default landing template's (promotion-rules.ts), on the home
   * page's download section and in every footer.
   */
  storeLinks: { ios: string; android: string };
  /** Year shown in the copyright line. */
  copyrightYear: number;
  /** Absolute origin of the public site, without a trailing slash. */
  origin: string;
  /** Path of the social preview image (dist/site/og-image.png, served under /site/). */
  ogImagePath: string;
  /**
   * The privacy notice the home page's frame shows, by language: the same
   * document as /PrivacyPolicy, prerendered alone (dist/site/privacy-frame.html),
   * so the frame costs no application script.
   */
  privacyFramePaths: Record<SiteLanguage, string>;
  /** Issue 13: the price the home page advertises, with its CAT computed on the build day (Mexico's calendar). */
  representativeExample: RepresentativeExample;
};

function readOrigin(): string {
  const fromEnv = typeof process !== 'undefined' ? process.env.PRESTA_SITE_ORIGIN : undefined;
  return (fromEnv ?? 'https://presta.example').replace(/\/+$/, '');
}

export function siteConfig(now: Date = new Date()): SiteConfig {
  return {
    brandName: defaultBrand.brandName,
    companyName: defaultBrand.companyName,
    phone: defaultBrand.servicePhone,
    email: defaultBrand.serviceEmail,
    address: defaultBrand.companyAddress,
    lenders: [
      {
        market: 'MX',
        companyName: defaultBrand.companyName,
        phone: defaultBrand.servicePhone,
        email: defaultBrand.serviceEmail,
        address: defaultBrand.companyAddress,
      },
      {
        market: 'IN',
        companyName: markets.IN.legalEntity.name,
        phone: markets.IN.support.phone,
        email: markets.IN.support.email,
        address: markets.IN.legalEntity.address,
      },
    ],
    storeLinks: { ...defaultTemplateStoreLinks },
    copyrightYear: now.getFullYear(),
    origin: readOrigin(),
    ogImagePath: `/site/${ogImageFile}`,
    privacyFramePaths: { es: `/site/${privacyFrameFile('es')}`, en: `/site/${privacyFrameFile('en')}` },
    representativeExample: representativeExample(todayIn(markets.MX.timeZone, now)),
  };
}
