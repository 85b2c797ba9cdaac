import { defineConfig } from 'vitest/config';

/**
 * Server tests: unit and property tests next to the code (src/**), API tests
 * through app.inject against a real PostgreSQL database created fresh for the
 * run by test/global-setup.ts (DATABASE_URL's server, or the embedded one).
 */
export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One database for the run; files one after the other (2-core machine, correctness first).
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
