import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The suite starts its own server on the embedded database in a fresh data directory, serving the
 * built web app and back office (`npm run build` first), and drives Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 8390);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kabuto-e2e-'));

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Withdrawals (and later trading) are open at any hour, so the suite does not depend on when it runs.
      MARKET_CLOCK: 'always-open',
      // POST /api/test/quotes, for the forced-close spec to drive a price (docs/decisions/test-price-path.md).
      TEST_PRICE_PATH: 'on',
    },
  },
});
