import { defaultBrand, type Brand } from '@presta/contract/brand';

/** The brand the server injected (`window.__PRESTA_BRAND__`), completed with the default brand. */
export function getBrand(): Brand {
  const injected = typeof window === 'undefined' ? undefined : window.__PRESTA_BRAND__;
  if (!injected || typeof injected !== 'object') return defaultBrand;
  return { ...defaultBrand, ...injected };
}

/**
 * A darker shade of a #RRGGBB colour (amount 0..1 towards black), so brand-coloured
 * text keeps a 4.5:1 contrast on white: #FF2A84 → #CC226A. Other notations come back as given.
 */
export function darken(color: string, amount: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return color;
  const value = parseInt(match[1]!, 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/**
 * Applies the brand colours as CSS variables on the root element:
 * `--adm-color-primary` (antd-mobile) and `--presta-primary`, `--presta-primary-text`
 * (brand colour for text on light backgrounds), `--presta-background`, `--presta-font-color`
 * (ours); also the browser's theme colour.
 */
export function applyBrandTheme(brand: Brand = getBrand(), root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--adm-color-primary', brand.primaryColor);
  root.style.setProperty('--presta-primary', brand.primaryColor);
  root.style.setProperty('--presta-primary-text', darken(brand.primaryColor, 0.2));
  root.style.setProperty('--presta-background', brand.backgroundColor);
  root.style.setProperty('--presta-font-color', brand.fontColor);
  const themeColor = root.ownerDocument.querySelector('meta[name="theme-color"]');
  themeColor?.setAttribute('content', brand.primaryColor);
}
