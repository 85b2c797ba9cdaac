import { defineConfig } from '@playwright/test';
import { chromiumFlags } from './scripts/chromium-flags';
import { e2ePorts, e2eProviderChannels } from './tests/e2e/support/e2e-env';


export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${e2ePorts.main}`,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node --import tsx tests/e2e/support/serve.ts --reset',
      url: `http://127.0.0.1:${e2ePorts.main}/api/health`,
      env: { PORT: String(e2ePorts.main), PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePorts.main}`, LOG_LEVEL: 'warn' },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
    {
      command: 'node --import tsx tests/e2e/support/serve.ts',
      url: `http://127.0.0.1:${e2ePorts.scrambled}/api/health`,
      env: {
        PORT: String(e2ePorts.scrambled),
        PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePorts.scrambled}`,
        PRESTA_BRAND: 'presta-x',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
    {
      // The real providers through their local mocks (issue 36, payment-providers.spec.ts), on the same database.
      command: 'node --import tsx tests/e2e/support/serve.ts',
      url: `http://127.0.0.1:${e2ePorts.providers}/api/health`,
      env: {
        PORT: String(e2ePorts.providers),
        PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePorts.providers}`,
        PAYMENT_PROVIDER_MOCKS: '1',
        PAYMENT_CHANNELS: e2eProviderChannels,
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
  ],
});
