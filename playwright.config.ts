import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

/** Browser journeys in Debian's Chromium against the built shop on a fresh demo database. */
export default defineConfig({
  testDir: 'packages/web/e2e',
  outputDir: 'test-results',
  // A journey left focused with `.only` must not turn a CI run into a run of that journey alone
  // (eslint refuses `.only` too, see eslint.config.js).
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The shop's service worker (issue 19) would precache the build in every fresh context and answer
    // some requests itself; only the journeys about it allow it (offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'shop',
      testIgnore: /admin-.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The back-office journeys change the shared demo data (prices, news, the shop's closed state),
    // so they run after every shop journey. Run one of them alone with `--no-deps`.
    {
      name: 'back-office',
      testMatch: /admin-.*\.spec\.ts$/,
      dependencies: ['shop'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'node --import tsx packages/web/e2e/support/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      E2E_DATA_DIR: DATA_DIR,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: 'test',
      // Every journey logs in from 127.0.0.1, several times each: the default of 20 a minute per IP
      // is for buyers, not for one address running every journey back to back. The limit itself
      // is tested on the server (auth.test.ts, rate-limit.test.ts).
      LOGIN_RATE_LIMIT: '1000',
      // The webhook journey's receiver listens on 127.0.0.1 (admin-webhooks.spec.ts).
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    },
  },
});
