import { markets } from './markets';

/**
 * Brand configuration (§3 "Environment configuration"): one typed module.
 * The server picks a brand by the PRESTA_BRAND setting; the web app reads the
 * brand the server serves it (GET /api/brand), so one build serves any brand.
 */
export type Brand = {
  id: string;
  /** Application id known to the native host. */
  appId: string;
  brandName: string;
  companyName: string;
  /** Buttons and accents. */
  primaryColor: string;
  backgroundColor: string;
  fontColor: string;
  servicePhone: string;
  serviceWhatsapp: string;
  serviceEmail: string;
  companyAddress: string;
  /** Scheme URL that opens the native app (borrow again), product id appended. */
  appScheme: string;
  /** When true, API answers use the scrambled keys of keyMapping (requests accept both). */
  obfuscateKeys: boolean;
};

/** The default brand's company and contacts are the Mexican market's (markets.ts, the one place). */
const mexico = markets.MX;

export const defaultBrand: Brand = {
  id: 'presta',
  appId: 'presta-mx',
  brandName: 'Presta',
  companyName: mexico.legalEntity.name,
  primaryColor: '#FF2A84',
  backgroundColor: '#F7F7FA',
  fontColor: '#1F1F2E',
  servicePhone: mexico.support.phone,
  serviceWhatsapp: mexico.support.whatsapp,
  serviceEmail: mexico.support.email,
  companyAddress: mexico.legalEntity.address,
  appScheme: 'presta://borrow-again?productId=',
  obfuscateKeys: false,
};

/** A second brand, the same lender white-labelled, answering with scrambled keys. */
export const scrambledBrand: Brand = {
  ...defaultBrand,
  id: 'presta-x',
  appId: 'presta-x',
  brandName: 'PrestaX',
  primaryColor: '#6C3BFF',
  appScheme: 'prestax://borrow-again?productId=',
  obfuscateKeys: true,
};

export const brands: Record<string, Brand> = {
  [defaultBrand.id]: defaultBrand,
  [scrambledBrand.id]: scrambledBrand,
};
