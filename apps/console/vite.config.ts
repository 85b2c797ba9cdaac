import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/*
 * The back office's build (issue 17, decision 018): its own app under /console, built to apps/console/dist and
 * served by the API server (apps/server/src/plugins/app/console-app.ts). Every script and style tag carries the
 * nonce placeholder; the server puts a fresh nonce in its place on every answer and allows only that nonce in the
 * page's Content Security Policy (antd writes its styles at run time, with the nonce: src/app/providers.tsx).
 */

/** Replaced by the server with each answer's nonce (console-app.ts reads it from here too). */
export const nonceFor = '__PRESTA_CSP_NONCE__';

const apiTarget = process.env.PRESTA_API_URL ?? 'http://localhost:3000';

/** antd and what it needs, and zod (the contract's schemas): what every screen loads, one cached chunk. */
const vendorFamily =
  /\/node_modules\/(antd|@ant-design\/(cssinjs|cssinjs-utils|colors|fast-color|icons|icons-svg|react-slick)|@rc-component|rc-[^/]+|dayjs|classnames|clsx|@babel\/runtime|stylis|@emotion\/(hash|unitless)|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|copy-to-clipboard|toggle-selection|resize-observer-polyfill|react-is|zod)\//;

/**
 * Shared chunks: React and the router; antd's family. Anything else (the chart library and its dependencies) is
 * left to Rollup, so it stays in the promotion screen's lazy chunk.
 */
function manualChunks(id: string): string | undefined {
  const file = id.replaceAll('\\', '/');
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(file)) return 'react';
  if (vendorFamily.test(file)) return 'vendor';
  return undefined;
}

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  html: { cspNonce: nonceFor },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: { output: { manualChunks } },
  },
  server: { proxy: { '/console/api': { target: apiTarget, changeOrigin: true } } },
});
