import { defaultBrand, type Brand } from '@presta/contract/brand';

/** The server's brand, for its renders of a page's first view (server-entry.tsx), where there is no window. */
let serverBrand: Partial<Brand> | undefined;

export function setServerBrand(brand: Partial<Brand>): void {
  serverBrand = brand;
}

/** The brand the server injected (`window.__PRESTA_BRAND__`; the server's own when it renders), completed with the default brand. */
export function getBrand(): Brand {
  const injected = typeof window === 'undefined' ? serverBrand : window.__PRESTA_BRAND__;
  if (!injected || typeof injected !== 'object') return defaultBrand;
  return { ...defaultBrand, ...injected };
}

/**
 * A darker shade of a #RRGGBB colour (amount 0..1 towards black), so brand-coloured
 * text keeps its contrast (see readableText). Other notations come back as given.
 */
export function darken(color: string, amount: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return color;
  const value = parseInt(match[1]!, 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const value = parseInt(hex.slice(1), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The palest surface brand-coloured text sits on (tags, badges, the copy button): --presta-page-pink-soft. */
export const SOFT_SURFACE = '#FFE3EF';

/**
 * The brand colour darkened just enough for small text to keep at least
 * `min`:1 contrast on `surface` (and so on white): #FF2A84 → #C22064.
 */
export function readableText(color: string, surface: string = SOFT_SURFACE, min = 4.6): string {
  if (!/^#[0-9a-f]{6}$/i.test(color.trim())) return color;
  for (let amount = 0.2; amount < 1; amount += 0.02) {
    const shade = darken(color, amount);
    if (contrastRatio(shade, surface) >= min) return shade;
  }
  return '#000000';
}

/**
 * Applies the brand colours as CSS variables on the root element:
 * `--adm-color-primary` (antd-mobile) and `--presta-primary`, `--presta-primary-text`
 * (brand colour for text on light and pale pink backgrounds), `--presta-background`, `--presta-font-color`
 * (ours); also the browser's theme colour.
 */
export function applyBrandTheme(brand: Brand = getBrand(), root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--adm-color-primary', brand.primaryColor);
  root.style.setProperty('--presta-primary', brand.primaryColor);
  root.style.setProperty('--presta-primary-text', readableText(brand.primaryColor));
  root.style.setProperty('--presta-background', brand.backgroundColor);
  root.style.setProperty('--presta-font-color', brand.fontColor);
  const themeColor = root.ownerDocument.querySelector('meta[name="theme-color"]');
  themeColor?.setAttribute('content', brand.primaryColor);
}
