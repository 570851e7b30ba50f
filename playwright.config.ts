import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { e2eDataDir, e2eGoogleClientId, e2ePorts } from './e2e/ports';

const port = e2ePorts.store;
const baseURL = `http://127.0.0.1:${port}`;
const isCi = Boolean(process.env.CI);
// Debian's headless shell (package chromium-headless-shell) is the same Chromium build without
// the browser's own interface, and costs far less CPU per page (docs/decisions/016-e2e-headless-shell.md);
// the full browser is the fallback where only the `chromium` package is installed.
const headlessShell = '/usr/bin/chromium-headless-shell';
const executablePath = existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';

/**
 * End-to-end tests against the built server (`npm run build` first; `npm run test:e2e` does
 * both). The server starts on a fresh data folder with the demo catalogue seeded.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: isCi ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    headless: true,
    // Recording a trace films every page (a screencast the browser encodes frame by frame): a
    // quarter of the browser's CPU and a fifth of the run's time on a 2-core machine
    // (docs/benchmarks.md, "End-to-end run"). CI records it only for the retry of a failed test,
    // which keeps the failure's trace; a local run, without retries, keeps it on failure.
    trace: isCi ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // docs/development.md, pitfall 8: the system Chromium with the flags that work in this sandbox.
    launchOptions: {
      executablePath,
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
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
      testIgnore: 'sales.spec.ts',
    },
    {
      name: 'mobile',
      use: { browserName: 'chromium', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
      // At 375 px, the specs whose subject is the phone layout or behaviour that differs on a
      // phone (the menu, the login modal, header entries, the buy bar, filters, the checkout
      // step, the layout shift Lighthouse's phone run measures). Every page's phone layout is also checked by accessibility.spec.ts (axe and no
      // sideways scrolling). The other flows are the same code at any width and run once, at
      // 1280 px, which keeps CI within its time budget (docs/development.md).
      testMatch: [
        'accessibility.spec.ts',
        'account-areas.spec.ts',
        'api-docs.spec.ts',
        'auth.spec.ts',
        'billing-and-tax.spec.ts',
        'cart.spec.ts',
        'checkout.spec.ts',
        'discovery.spec.ts',
        'gifts.spec.ts',
        'home.spec.ts',
        'icons.spec.ts',
        'invoices.spec.ts',
        'layout-stability.spec.ts',
        'login-screens.spec.ts',
        'mobile-menu.spec.ts',
        'not-found.spec.ts',
        'product.spec.ts',
        'seller.spec.ts',
        'store-words.spec.ts',
      ],
    },
    {
      // A store-wide sale (decision 042) reprices every deal while it runs, which would change the
      // prices the other specs read and check: its spec runs alone, once every other one is done.
      // It checks 1280 and 375 px itself.
      name: 'sales',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
      testMatch: 'sales.spec.ts',
      dependencies: ['desktop', 'mobile'],
    },
  ],
  webServer: {
    // A fresh data folder on every run, so the demo catalogue is seeded from scratch; the seller
    // area's spec gets its approved seller before the server opens the database (e2e/setup-accounts.ts).
    command: `rm -rf ${e2eDataDir} && npx tsx e2e/setup-accounts.ts && node apps/server/dist/main.js`,
    url: `${baseURL}/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      NODE_ENV: 'production',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Google sign-in against the local OIDC server that e2e/google-sign-in.spec.ts starts.
      GOOGLE_CLIENT_ID: e2eGoogleClientId,
      GOOGLE_TOKENINFO_URL: `http://127.0.0.1:${e2ePorts.oidc}/tokeninfo`,
      GOOGLE_USERINFO_URL: `http://127.0.0.1:${e2ePorts.oidc}/me`,
      // Sellers' webhooks (decision 033): e2e/seller-webhooks.spec.ts's receiver listens on
      // 127.0.0.1 over http; the key is a test key, as production must set its own.
      WEBHOOKS_ALLOW_LOOPBACK: '1',
      WEBHOOK_SECRET_KEY: 'e2e0'.repeat(16),
    },
    reuseExistingServer: false,
    // Seeding the demo catalogue (images included) takes a few seconds on a quiet machine and
    // over a minute on a busy shared one.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
