import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/shared/testing/setup-tests.ts'],
    restoreMocks: true,
    // A watchdog, not a measure: rendering antd's tables and forms in jsdom takes 10-20 s a test on a slow 2-core
    // machine (CI runs there), 2-4 s on a fast one.
    testTimeout: 60_000,
    unstubGlobals: true,
  },
});
