import { fileURLToPath, URL } from 'node:url';
import { defineConfig, runnerImport, type Plugin, type Rollup } from 'vite';
import sharp from 'sharp';
import { ogImageFile, ogImageSvg } from './site/social/og-image';
import type { SitePageId } from './site/site-pages';

/*
 * The public marketing site ('/', '/About', '/User', '/Contact', '/Policy',
 * '/Loan'; docs/marketing-site.md): a build of its own, like the promotion
 * page (docs/decisions/010-marketing-site-prerendered.md).
 * 1. Vite builds the two small client scripts (site/client/home.ts: banner;
 *    site/client/contact.ts: form) and the stylesheet into dist/site/assets.
 * 2. Then, in generateBundle, it loads site/render.tsx through Vite's module
 *    runner and renders every page with React to static HTML, the CSS inlined
 *    and only the page's own script linked: no React reaches the browser.
 * Output: dist/site/{index,About,User,Contact,Policy,Loan}.html (Spanish), the
 * same under dist/site/en/ (English), and og-image.png (site/social/og-image.ts). `npm run build -w @presta/web` runs
 * it after the SPA and promotion builds; it empties only dist/site.
 */

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/site', import.meta.url));
const base = '/site/';

/** Which page loads which client entry. */
const pageScripts: Partial<Record<SitePageId, string>> = { home: 'home', contact: 'contact' };

function entryChunk(bundle: Rollup.OutputBundle, name: string): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find((file): file is Rollup.OutputChunk => file.type === 'chunk' && file.isEntry && file.name === name);
}

/** Rendering needs no stylesheets (the build inlines them): CSS imports load as empty modules. */
function skipCssImports(): Plugin {
  const stub = '\0presta-site-css-stub';
  return {
    name: 'presta-site-skip-css',
    enforce: 'pre',
    resolveId: (id) => (id.endsWith('.css') ? stub : null),
    load: (id) => (id === stub ? 'export default ""' : null),
  };
}

function prerender(): Plugin {
  return {
    name: 'presta-site-prerender',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const cssFiles = Object.values(bundle).filter((file): file is Rollup.OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'));
      const css = cssFiles.map((file) => String(file.source).replace(/<\/style/gi, '<\\/style').trim()).join('\n');
      for (const file of cssFiles) delete bundle[file.fileName];
      // The stylesheet's empty entry chunk, if the bundler left one.
      const styleChunk = entryChunk(bundle, 'style');
      if (styleChunk && styleChunk.code.trim() === '') delete bundle[styleChunk.fileName];

      const scripts: Partial<Record<SitePageId, string[]>> = {};
      for (const [page, entry] of Object.entries(pageScripts) as [SitePageId, string][]) {
        const chunk = entryChunk(bundle, entry);
        if (!chunk) this.error(`site entry "${entry}" not found in the bundle`);
        scripts[page] = [`${base}${chunk.fileName}`];
      }

      const { module } = await runnerImport<typeof import('./site/render')>(fileURLToPath(new URL('./site/render.tsx', import.meta.url)), {
        configFile: false,
        root: webRoot,
        logLevel: 'error',
        resolve: { alias: { '@': srcDir } },
        esbuild: { jsx: 'automatic' },
        plugins: [skipCssImports()],
      });
      for (const page of module.renderSite({ css, scripts })) {
        this.emitFile({ type: 'asset', fileName: page.fileName, source: page.html });
      }
      // The social preview image the pages' og:image points at (a palette PNG: the flat graphic stays small).
      const ogImage = await sharp(Buffer.from(ogImageSvg())).png({ palette: true, compressionLevel: 9 }).toBuffer();
      this.emitFile({ type: 'asset', fileName: ogImageFile, source: ogImage });
    },
  };
}

export default defineConfig({
  root: webRoot,
  base,
  publicDir: false,
  plugins: [prerender()],
  resolve: {
    alias: { '@': srcDir },
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    cssCodeSplit: true,
    rollupOptions: {
      input: {
        home: fileURLToPath(new URL('./site/client/home.ts', import.meta.url)),
        contact: fileURLToPath(new URL('./site/client/contact.ts', import.meta.url)),
        style: fileURLToPath(new URL('./site/styles/site.css', import.meta.url)),
      },
      output: { entryFileNames: 'assets/site-[name]-[hash].js', chunkFileNames: 'assets/site-[name]-[hash].js', assetFileNames: 'assets/site-[name]-[hash][extname]' },
    },
  },
});
