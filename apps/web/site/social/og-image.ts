/**
 * The social preview image (og:image / twitter:image) of the marketing site:
 * 1200 × 630 PNG, drawn at build time from this SVG (the brand mark on the
 * brand gradient) by vite.site.config.ts with sharp. It has no text, so it needs no font on the build machine;
 * the title and description tags carry the words.
 */
export const ogImageFile = 'og-image.png';
export const ogImageSize = { width: 1200, height: 630 } as const;

export function ogImageSvg(): string {
  const { width, height } = ogImageSize;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#FF4F9A"/>
      <stop offset="1" stop-color="#E5126C"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="1080" cy="90" r="190" fill="#FFFFFF" opacity="0.08"/>
  <circle cx="120" cy="600" r="230" fill="#FFFFFF" opacity="0.06"/>
  <g transform="translate(405 120) scale(6)">
    <rect width="64" height="64" rx="15" fill="#FFFFFF" opacity="0.14"/>
    <path d="M20 50V14h14.5C43 14 48.5 19 48.5 26.6S43 39.2 34.5 39.2H28.2V50Z" fill="#FFFFFF"/>
    <path d="M28.2 21.2v10.8h5.6c4 0 6.4-2.1 6.4-5.4s-2.4-5.4-6.4-5.4Z" fill="#F0267D"/>
    <circle cx="46" cy="46" r="6.5" fill="#FFD54A" stroke="#FFFFFF" stroke-width="2.5"/>
  </g>
</svg>`;
}
