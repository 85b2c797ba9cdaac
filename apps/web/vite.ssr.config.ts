import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdDefaultLocale, appAliases } from './vite.config';

/**
 * The server build of the pages (decision 020): src/app/server-entry.tsx and
 * everything it imports, React and antd-mobile included (one self-contained
 * module the API server loads, no node_modules lookups at run time; the
 * stylesheets are the client build's), in dist-ssr (not served: dist is).
 */
export default defineConfig({
  plugins: [react(), antdDefaultLocale()],
  resolve: { alias: appAliases },
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/app/server-entry.tsx',
    outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'server-entry.js', inlineDynamicImports: true } },
  },
});
