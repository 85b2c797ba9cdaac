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

function manualChunks(id: string): string | undefined {
  const file = id.replaceAll('\\', '/');
  if (!file.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(file)) return 'react';
  // The chart library is big: only the promotion page loads it (its own chunk, the page's lazy import).
  if (/\/node_modules\/(@ant-design\/plots|@ant-design\/charts-util|@antv|d3-[^/]+|gl-matrix|pdfast|flru|fmin|lodash)\//.test(file)) return undefined;
  if (/\/node_modules\/(zod)\//.test(file)) return 'zod';
  return 'antd';
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
