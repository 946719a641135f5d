import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
/** Debian's Chromium; Playwright downloads no browser of its own here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without Chromium the tests have nothing to run in: they are left out, with a warning, rather than
// each failing to launch it. The JSON report's metadata says why, for `npm test`, which fails on CI.
const chromiumMissing = fs.existsSync(chromiumPath) ? undefined : `no Chromium at ${chromiumPath}`;
if (chromiumMissing && !process.env.TEST_WORKER_INDEX) {
  console.warn(`⚠ Leaving out the browser tests: ${chromiumMissing}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`);
}
// Set once in the runner's environment so that every worker (which loads this file again) sees the same folder.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `joinery-e2e-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
// Beside the app's port, so that two runs on one machine (E2E_PORT apart) do not collide.
const oauthStandInPort = Number(process.env.E2E_OAUTH_PORT ?? port + 1);
const oauthStandIn = `http://127.0.0.1:${oauthStandInPort}`;

// Chromium takes the last --disable-features it is given, so this one repeats Playwright's own list and
// adds the omnibox popup: a page of the browser's own (chrome://omnibox-popup.top-chrome) that it
// otherwise loads in a renderer of its own for every browser context, which cost a fifth of the
// browser tests' time on two cores.
const disabledFeatures = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter'],
  ...[
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ],
  ...['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'],
];

/** The admin the shop creates at start (ADMIN_EMAIL / ADMIN_PASSWORD); tests sign in as it. */
export const e2eAdmin = { email: 'admin@joinery.example', password: 'workshop-admin-1' };

export default defineConfig({
  testDir: 'e2e',
  // A story of several page loads takes 20–30 s on CI's two cores, where two browsers share them.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report is what `npm test` counts.
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  metadata: { chromiumMissing },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // As a visitor who asks for less motion: no transitions to wait out, a tenth less work for Chromium.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--disable-features=${disabledFeatures.join(',')}`],
    },
  },
  projects: chromiumMissing
    ? []
    : [
        { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
        {
          name: 'phone',
          use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
          // Every flow runs at 1280 px; at 390 px only the tests tagged @phone: those whose pages lay out or
          // behave differently on a phone, and those an issue asks for at both widths (ADR 020).
          grep: /@phone/,
        },
      ],
  webServer: chromiumMissing
    ? []
    : [
        // Google's and Facebook's OAuth endpoints, stood in for locally (the third parties these tests fake).
        {
          command: 'node e2e/support/oauth-stand-in.mjs',
          url: `${oauthStandIn}/health`,
          reuseExistingServer: false,
          env: { OAUTH_STAND_IN_PORT: String(oauthStandInPort) },
        },
        // The built app, started as `npm start` starts it, on a fresh data folder.
        {
          command: 'node dist/server/server.js',
          url: `${baseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: baseURL,
            DATA_DIR: dataDir,
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            FORM_RATE_LIMIT_PER_HOUR: '1000',
            AUTH_RATE_LIMIT_PER_MINUTE: '1000',
            ORDER_RATE_LIMIT_PER_MINUTE: '1000',
            CARD_RATE_LIMIT_PER_MINUTE: '1000',
            // A cart untouched for 7.2 s gets its reminder at the next one-minute sweep (ADR 045), so that a test sees one come.
            CART_REMINDER_HOURS: '0.002',
            ADMIN_EMAIL: e2eAdmin.email,
            ADMIN_PASSWORD: e2eAdmin.password,
            GOOGLE_CLIENT_ID: 'e2e-google-client',
            GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
            GOOGLE_AUTHORIZATION_URL: `${oauthStandIn}/google/authorize`,
            GOOGLE_TOKEN_URL: `${oauthStandIn}/google/token`,
            GOOGLE_USERINFO_URL: `${oauthStandIn}/google/userinfo`,
            FACEBOOK_CLIENT_ID: 'e2e-facebook-client',
            FACEBOOK_CLIENT_SECRET: 'e2e-facebook-secret',
            FACEBOOK_AUTHORIZATION_URL: `${oauthStandIn}/facebook/dialog/oauth`,
            FACEBOOK_TOKEN_URL: `${oauthStandIn}/facebook/oauth/access_token`,
            FACEBOOK_USERINFO_URL: `${oauthStandIn}/facebook/me`,
          },
        },
      ],
});
