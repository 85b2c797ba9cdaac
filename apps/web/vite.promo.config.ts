import fs from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/*
 * The promotion landing page (/promo/, docs/promotion.md): a build of its own,
 * apart from the SPA of vite.config.ts, so the ad landing page ships only its
 * own small script (no React, no antd-mobile, no zod) and its CSS inlined in
 * the HTML. `npm run build -w @presta/web` runs it after the main build (whose
 * emptyOutDir clears dist/, dist/promo included); this one empties only
 * dist/promo. Dev server: `npm run dev:promo -w @presta/web`, then /promo/.
 */

const promoRoot = fileURLToPath(new URL('./promo', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/promo', import.meta.url));
const faviconFile = fileURLToPath(new URL('./public/favicon.svg', import.meta.url));

const apiTarget = process.env.PRESTA_API_URL ?? 'http://localhost:3000';

/** Above this the stylesheet would stay a file (it is about 4 KB). */
const maxInlineCssBytes = 12_000;

function faviconDataUri(): string {
  const svg = fs.readFileSync(faviconFile, 'utf8').replace(/\s*\n\s*/g, ' ').trim();
  // Only what must be escaped in a data URI (spaces, = : / and ' may stay).
  const encoded = encodeURIComponent(svg).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%22/g, "'");
  return `data:image/svg+xml,${encoded}`;
}

/**
 * Inlines the page's stylesheet and the favicon into index.html (no request
 * before the first paint but the HTML itself) and drops the inlined CSS file.
 */
function inlineIntoHtml(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'presta-promo-inline',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle: Rollup.OutputBundle | undefined = ctx.bundle;
        if (!bundle) return html;
        const withCss = html.replace(/<link rel="stylesheet"[^>]*href="\/promo\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const file = bundle[fileName];
          if (file?.type !== 'asset' || String(file.source).length > maxInlineCssBytes) return tag;
          inlined.add(fileName);
          return `<style>${String(file.source).replace(/<\/style/gi, '<\\/style').trim()}</style>`;
        });
        return withCss.replace('href="/favicon.svg"', `href="${faviconDataUri().replace(/"/g, '&quot;')}"`);
      },
    },
    generateBundle(_options, bundle) {
      for (const fileName of inlined) delete bundle[fileName];
    },
  };
}

/**
 * Dev server: promo/index.html names its script and stylesheet relative to its
 * file (../src/promo/…), which the build resolves; the dev server would read
 * them relative to the URL /promo/, so they are served from the file system.
 */
function devSourcePaths(): Plugin {
  return {
    name: 'presta-promo-dev-sources',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('"../src/promo/', `"/@fs${srcDir.replaceAll('\\', '/')}/promo/`),
    },
  };
}

export default defineConfig({
  root: promoRoot,
  base: '/promo/',
  publicDir: false,
  plugins: [devSourcePaths(), inlineIntoHtml()],
  resolve: {
    alias: { '@': srcDir },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // The Chinese messages' font files stay files, fetched only when a Chinese message shows (unicode-range):
    // inlined, they would weigh on every visit's HTML.
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    target: 'es2020',
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rollupOptions: {
      output: { entryFileNames: 'assets/promo-[hash].js', chunkFileNames: 'assets/promo-[name]-[hash].js' },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
