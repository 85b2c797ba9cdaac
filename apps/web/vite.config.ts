import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

/** Per build (keyed by the build's getModuleInfo), so watch mode recomputes it. */
const entryModulesByBuild = new WeakMap<object, Set<string>>();

/** Every module the entry imports statically, directly or not (what the first page load needs). */
function staticallyFromEntry(meta: ChunkMeta): Set<string> {
  const cached = entryModulesByBuild.get(meta.getModuleInfo);
  if (cached) return cached;
  const seen = new Set<string>();
  const stack = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  entryModulesByBuild.set(meta.getModuleInfo, seen);
  return seen;
}

/**
 * Shared chunks. React and the router are loaded by every page; the few
 * antd-mobile pieces the entry needs (global styles, ConfigProvider, locales)
 * form `antd-core`; every other antd-mobile piece goes to one `antd-mobile`
 * chunk that the pages share, so no page ships its own copy, the browser caches
 * it once, and the first load does not download it.
 */
function manualChunks(id: string, meta: ChunkMeta): string | undefined {
  const path = id.replaceAll('\\', '/');
  if (!path.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(path)) return 'react';
  if (/\/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(path)) return 'router';
  if (/\/node_modules\/zod\//.test(path)) return 'zod';
  if (antdFamily.test(path)) return staticallyFromEntry(meta).has(id) ? 'antd-core' : 'antd-mobile';
  return undefined;
}

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': srcDir },
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: true,
    rollupOptions: {
      output: { manualChunks },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
});
