import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { earlyEntryModule, routeModules } from './src/app/route-modules';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/** The API server the dev server proxies to (`npm run dev -w @presta/web`). */
const apiTarget = process.env.PRESTA_API_URL ?? 'http://localhost:3000';
const apiPrefixes = ['/api', '/v3', '/user-problem'];

type ChunkMeta = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { isEntry: boolean; importedIds: readonly string[] } | null;
};

const antdFamily =
  /\/node_modules\/(antd-mobile|antd-mobile-icons|antd-mobile-v5-count|@react-spring|@use-gesture|@floating-ui|ahooks|rc-[^/]+|@rc-component|classnames|dayjs|deepmerge|nano-memoize|react-fast-compare|react-is|runes2|staged-components|use-sync-external-store|lodash|js-cookie|intersection-observer|screenfull|resize-observer-polyfill|tslib|@babel\/runtime)\//;

/** Per build (keyed by the build's getModuleInfo) and set of roots, so watch mode recomputes them. */
const closuresByBuild = new WeakMap<object, Map<string, Set<string>>>();

/** Every module the roots import statically, directly or not. */
function staticClosure(meta: ChunkMeta, name: 'entries' | 'early' | 'pages' | 'light', roots: () => string[]): Set<string> {
  let closures = closuresByBuild.get(meta.getModuleInfo);
  if (!closures) closuresByBuild.set(meta.getModuleInfo, (closures = new Map<string, Set<string>>()));
  const cached = closures.get(name);
  if (cached) return cached;
  const seen = new Set<string>();
  const stack = roots();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  closures.set(name, seen);
  return seen;
}

const reachesByBuild = new WeakMap<object, Map<string, Map<string, boolean>>>();

/** Whether a module is, or imports statically (directly or not), a module that `matches` (per build and question, cached). */
function reaches(meta: ChunkMeta, question: 'antd-mobile' | 'motion', root: string, matches: (file: string, id: string) => boolean): boolean {
  let byQuestion = reachesByBuild.get(meta.getModuleInfo);
  if (!byQuestion) reachesByBuild.set(meta.getModuleInfo, (byQuestion = new Map<string, Map<string, boolean>>()));
  let known = byQuestion.get(question);
  if (!known) byQuestion.set(question, (known = new Map<string, boolean>()));
  const cached = known.get(root);
  if (cached !== undefined) return cached;
  const seen = new Set<string>();
  const stack = [root];
  let found = false;
  while (stack.length > 0 && !found) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (matches(id.replaceAll('\\', '/'), id)) found = true;
    else stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  known.set(root, found);
  return found;
}

/** Whether a module imports statically, directly or not, an antd-mobile module outside antd-core. */
function needsAntdMobile(meta: ChunkMeta, root: string): boolean {
  const fromEntry = staticallyFromEntry(meta);
  return reaches(meta, 'antd-mobile', root, (file, id) => antdFamily.test(file) && !fromEntry.has(id));
}

/** What the entries import statically (what the first page load needs). */
const staticallyFromEntry = (meta: ChunkMeta) =>
  staticClosure(meta, 'entries', () => [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry));

/** What the early entry imports statically: it goes in the early chunk itself, one request. */
const staticallyFromEarly = (meta: ChunkMeta) =>
  staticClosure(meta, 'early', () => [path.resolve(webDir, earlyEntryModule)]);

/** The main entry (index.html's script), relative to apps/web: it stays the entry chunk. */
const mainEntryModule = 'src/app/main.tsx';

/**
 * The drawing of toasts and dialogs (antd-mobile's Toast and CenterPopup, their mask and animations, the dialogs' markup and focus rules),
 * which the pages import with import() on first use: with the antd-mobile modules only they reach,
 * one `antd-overlay` chunk that no page's first load carries (decision 020).
 */
const overlayViews = /\/apps\/web\/src\/shared\/ui\/(toast-view\.(ts|css)|antd-react-19\.ts|modal-view\.(tsx|css)|modal-focus\.ts)$/;

/** Every module that our code other than the overlay views imports statically, directly or not. */
const staticallyFromPages = (meta: ChunkMeta) =>
  staticClosure(meta, 'pages', () =>
    [...meta.getModuleIds()].filter((id) => {
      const file = id.replaceAll('\\', '/');
      return !file.includes('/node_modules/') && !overlayViews.test(file);
    }),
  );

/** The animation and gesture libraries (most of antd-mobile's bytes) and what antd-mobile has on them. */
const motion = /\/node_modules\/(@react-spring|@use-gesture|lodash)\//;

/** Whether a module is, or imports statically (directly or not), an animation or gesture library module. */
const usesMotion = (meta: ChunkMeta, root: string) => reaches(meta, 'motion', root, (file) => motion.test(file));

/**
 * The antd-mobile modules our code imports that need no animation or gesture
 * library (skeleton, button…), and everything they import: the small
 * `antd-mobile` chunk. What only the others reach (tabs and its helpers) goes
 * with them to `antd-motion`, so a page with a skeleton and a button does not
 * load the helpers of tabs.
 */
const staticallyFromLightAntd = (meta: ChunkMeta) =>
  staticClosure(meta, 'light', () =>
    [...meta.getModuleIds()]
      .filter((id) => {
        const file = id.replaceAll('\\', '/');
        return !file.includes('/node_modules/') && !overlayViews.test(file);
      })
      .flatMap((id) => meta.getModuleInfo(id)?.importedIds ?? [])
      .filter((id) => antdFamily.test(id.replaceAll('\\', '/')) && !usesMotion(meta, id)),
  );

/** Our modules that are not a feature's: the app frame and the shared code (ui, http, i18n, session…). */
const appShared = /\/apps\/web\/src\/(app|shared)\//;

/**
 * Shared chunks. React is loaded by every page; the few
 * antd-mobile pieces the entry needs (global styles, ConfigProvider, locales)
 * form `antd-core`; every other antd-mobile piece goes to one `antd-mobile`
 * chunk that the pages share, so no page ships its own copy, the browser caches
 * it once, and the first load does not download it. Our modules that the early
 * entry needs go in its own chunk (the main entry imports it too), so it runs
 * after one small request. The rest of src/app and src/shared (the frame, page
 * layout, http clients, formats…, with its CSS) and the router (wouter) are
 * one `app` chunk that the entry loads, and what of it needs antd-mobile (toasts, modals, skeletons and
 * what uses them) one `app-antd` chunk, loaded with antd-mobile by the pages
 * that use them: instead of some ten chunks of about 1 KB each (one per set of
 * pages sharing them). Measured (decision 020), those requests cost the first
 * load more than the bytes a page loads and does not use.
 */
function manualChunks(id: string, meta: ChunkMeta): string | undefined {
  const file = id.replaceAll('\\', '/');
  if (overlayViews.test(file)) return 'antd-overlay';
  if (file.endsWith('/src/vendor/use-sync-external-store-shim.ts')) return 'react';
  if (!file.includes('/node_modules/')) {
    if (staticallyFromEarly(meta).has(id)) return 'early';
    if (!appShared.test(file) || file.endsWith(`/${mainEntryModule}`)) return undefined;
    return needsAntdMobile(meta, id) ? 'app-antd' : 'app';
  }
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(file)) return 'react';
  // The router (2.5 KB) is loaded by the entry: with our frame, one request fewer.
  if (/\/node_modules\/(wouter|regexparam)\//.test(file)) return 'app';
  if (/\/node_modules\/zod\//.test(file)) return 'zod';
  // antd-mobile's global styles stay with the entry: its CSS is inlined into index.html, and the
  // pages' chunks never list the entry's CSS among theirs (so it is not fetched again).
  if (/\/node_modules\/antd-mobile\/es\/global\//.test(file)) return undefined;
  if (antdFamily.test(file)) {
    if (staticallyFromEntry(meta).has(id)) return 'antd-core';
    if (!staticallyFromPages(meta).has(id)) return 'antd-overlay';
    return staticallyFromLightAntd(meta).has(id) ? 'antd-mobile' : 'antd-motion';
  }
  return undefined;
}

/** What the server adds to index.html for one page route (dist/route-preloads.json, by route name). */
export type RoutePreload = { js: string[]; css: string[] };

function chunksOf(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
}

/** A chunk and every chunk it imports statically, directly or not, in load order (imports first). */
function withStaticImports(
  chunk: Rollup.OutputChunk,
  byName: Map<string, Rollup.OutputChunk>,
  out = new Set<Rollup.OutputChunk>(),
  visiting = new Set<Rollup.OutputChunk>(),
): Set<Rollup.OutputChunk> {
  if (out.has(chunk) || visiting.has(chunk)) return out;
  visiting.add(chunk);
  for (const name of chunk.imports) {
    const dep = byName.get(name);
    if (dep) withStaticImports(dep, byName, out, visiting);
  }
  out.add(chunk);
  return out;
}

function cssOf(chunks: Iterable<Rollup.OutputChunk>): string[] {
  return [...chunks].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
}

/** Above this, an entry stylesheet stays a file of its own (cached apart from the HTML). */
const maxInlineCssBytes = 10_000;

/**
 * The entry's stylesheets (a few KB, needed by every page before its first
 * paint) and the favicon go into index.html itself: a browser on HTTP/1.1 opens
 * at most 6 connections per server, and these small requests would hold them
 * while the scripts wait.
 */
function inlineSmallFiles(html: string, bundle: Rollup.OutputBundle): string {
  const inlined = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
    const file = bundle[fileName];
    if (file?.type !== 'asset' || String(file.source).length > maxInlineCssBytes) return tag;
    return `<style>${String(file.source).replace(/<\/style/gi, '<\\/style').trim()}</style>`;
  });
  const favicon = fs.readFileSync(path.join(webDir, 'public/favicon.svg'), 'utf8').replace(/\s*\n\s*/g, ' ').trim();
  const dataUri = `data:image/svg+xml,${encodeURIComponent(favicon).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%22/g, "'")}`;
  return inlined.replace('href="/favicon.svg"', `href="${dataUri.replace(/"/g, '&quot;')}"`);
}

/**
 * Build step of route preloading, from src/app/route-modules.ts:
 * - writes dist/route-preloads.json: for each route (by name; '*' for any
 *   other path), the URLs of its page chunk, the chunks it imports and their
 *   CSS, minus what index.html loads anyway. The server adds them to the page's
 *   HTML as modulepreload / preload links, so the page's code downloads with
 *   the entry instead of after it has run;
 * - adds the early entry (src/app/early.ts, a second input) to index.html as an
 *   async module script, and inlines the entry's CSS and the favicon.
 */
function routePreloads(): Plugin {
  const facade = (module: string) => path.resolve(webDir, module);
  const url = (fileName: string) => `/${fileName}`;
  const htmlEntry = (bundle: Rollup.OutputBundle) =>
    chunksOf(bundle).find((c) => c.isEntry && c.facadeModuleId === facade('index.html'));

  return {
    name: 'presta-route-preloads',
    config(_config, env) {
      if (env.command !== 'build') return;
      return { build: { rollupOptions: { input: { index: facade('index.html'), early: facade(earlyEntryModule) } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const script = (src: string) => `<script type="module" async crossorigin src="${src}"></script>`;
        if (!ctx.bundle) return html.replace('</head>', `  ${script(`/${earlyEntryModule}`)}\n  </head>`);
        const chunks = chunksOf(ctx.bundle);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const early = chunks.find((c) => c.isEntry && c.facadeModuleId === facade(earlyEntryModule));
        const entry = htmlEntry(ctx.bundle);
        if (!early || !entry) throw new Error(`index.html or the early entry ${earlyEntryModule} was not built`);
        const loaded = withStaticImports(entry, byName);
        const imports = [...withStaticImports(early, byName)].filter((c) => c !== early && !loaded.has(c));
        const tags = [script(url(early.fileName)), ...imports.map((c) => `<link rel="modulepreload" crossorigin href="${url(c.fileName)}">`)];
        // Just before the main entry: after the inline scripts (brand, language) and
        // still the first module script the browser's preload scanner finds.
        const mainScript = new RegExp(`<script type="module"[^>]*src="${url(entry.fileName)}"`);
        if (!mainScript.test(html)) throw new Error('the main entry script is not in index.html');
        return inlineSmallFiles(html.replace(mainScript, (main) => `${tags.join('\n    ')}\n    ${main}`), ctx.bundle);
      },
    },
    // After Vite's CSS plugin has removed the chunks that held only CSS (it moves their stylesheets to
    // the chunks that imported them): a page must not preload a chunk that is not in the build.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = htmlEntry(bundle);
        const early = chunks.find((c) => c.isEntry && c.facadeModuleId === facade(earlyEntryModule));
        if (!entry || !early) throw new Error(`index.html or the early entry ${earlyEntryModule} was not built`);
        // What index.html loads anyway: the main entry, the early entry and their imports.
        const loaded = withStaticImports(early, byName, withStaticImports(entry, byName));
        const loadedCss = new Set(cssOf(loaded));
        const preloads: Record<string, RoutePreload> = {};
        for (const route of routeModules) {
          const page = chunks.find((c) => c.facadeModuleId === facade(route.module));
          if (!page) throw new Error(`route ${route.route}: ${route.module} is not a chunk of its own`);
          const needed = [...withStaticImports(page, byName)].filter((c) => !loaded.has(c));
          preloads[route.route] = {
            js: needed.map((c) => url(c.fileName)),
            css: [...new Set(cssOf(needed))].filter((f) => !loadedCss.has(f)).map(url),
          };
        }
        const missing = Object.values(preloads)
          .flatMap((p) => [...p.js, ...p.css])
          .filter((href) => !(href.slice(1) in bundle));
        if (missing.length > 0) throw new Error(`route-preloads.json would name files not in the build: ${[...new Set(missing)].join(', ')}`);
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
      },
    },
  };
}

/**
 * antd-mobile's ConfigProvider imports its Chinese texts as the default
 * locale (1 KB gzip in every page's first load). The app always gives it
 * Spanish or English (app/providers.tsx, setDefaultConfig for the toasts), so
 * its default is the Spanish texts instead: what antd-mobile shows before the
 * providers run, if anything, is then Spanish too.
 */
export function antdDefaultLocale(): Plugin {
  return {
    name: 'presta-antd-default-locale',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../locales/zh-CN' && importer?.replaceAll('\\', '/').endsWith('/antd-mobile/es/components/config-provider/config-provider.js')) {
        return this.resolve('antd-mobile/es/locales/es-ES', importer, { skipSelf: true });
      }
      return null;
    },
  };
}

/** How the app's imports resolve: `@` is src; the shim's React 17 fallback is never used on React 19 (src/vendor/use-sync-external-store-shim.ts). */
export const appAliases = [
  { find: '@', replacement: srcDir },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.resolve(srcDir, 'vendor/use-sync-external-store-shim.ts') },
];

export default defineConfig({
  base: '/',
  plugins: [react(), antdDefaultLocale(), routePreloads()],
  resolve: { alias: appAliases },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: true,
    // Every browser the app supports has modulepreload.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: { manualChunks },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
});
