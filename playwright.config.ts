import { defineConfig, devices } from '@playwright/test';
import { findSystemChromium } from './e2e/support/system-chromium';
import { E2E_BROKER_GROUPS, E2E_MAIL_SMTP_PORT, E2E_MAIL_WEB_PORT, E2E_PORT as port } from './e2e/support/e2e-ports';

const baseURL = `http://localhost:${port}`;
// A private data folder per server, so separate runs (other port, other DIST_DIR) never share a database.
const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e';

// The system Chromium when present (`npm run test:e2e` installs it first), else Playwright's own.
const systemChromium = findSystemChromium();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Recording a trace of every test costs CPU on every test; in CI the retry of a failed one records it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(systemChromium ? { executablePath: systemChromium } : {}),
          args: [
            '--no-sandbox',
            '--disable-background-networking',
            '--disable-gpu',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // A fresh embedded database for every run, seeded on start; request processing runs only when a test asks.
    // Every journey calls from this one address, so the limit on calls without a token is raised.
    command: `rm -rf ${dataDir} && DATA_DIR=${dataDir} PORT=${port} LOG_LEVEL=warn ANONYMOUS_CALLS_PER_MINUTE=100000 PROCESSING_INTERVAL_MS=0 CARRIER_FEED_INTERVAL_MS=0 MAIL_CATCHER_SMTP_PORT=${E2E_MAIL_SMTP_PORT} MAIL_CATCHER_WEB_PORT=${E2E_MAIL_WEB_PORT} SEED_BROKER_GROUPS=${E2E_BROKER_GROUPS} CARRIER_FEED_DIR=${dataDir}/carrier-feed PROCESSING_TRIGGER_TOKEN=${process.env.E2E_PROCESSING_TOKEN ?? 'e2e-processing-trigger'} npm start`,
    url: `${baseURL}/idp/.well-known/openid-configuration`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
