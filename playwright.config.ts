import { defineConfig } from '@playwright/test';
import { CHROMIUM, LAUNCH_ARGS } from './e2e/browsers.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * Specs that change what the whole shop sees while they run (the permission matrix and company
 * settings, the label stock, a 10 000-row import that loads the server and times the page's
 * longest task, the requirement of a second factor at sign-in): they run after the others, one at
 * a time, so no other spec sees them half done.
 */
const SHOP_WIDE = /\/(settings|shop-labels|import|security-requirement)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // One server and one database for the run: the first-run setup spec comes first. Then spec files
  // run two at a time (each file's tests in order in one worker): every spec makes data of its own
  // (support.ts `unique`), so two at once use CI's two cores; E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // The JSON report holds each test's time, to find the slowest specs.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? '.tmp/e2e-results.json' }]],
  // Two specs at once each get half the cores they had alone, so twice the time they had then
  // (a spec that needs longer still sets its own).
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    // A page that registers the service worker has it fetch and store the whole precache (276 files)
    // in every test's fresh context: about a third of the run's CPU. The specs about working offline
    // allow it (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    // A trace records every action with screenshots and DOM snapshots: about a third of the run's
    // CPU when kept for every test. It is recorded for a retry (CI) or on asking (--trace on).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM,
      args: LAUNCH_ARGS,
    },
  },
  projects: [
    { name: 'first-run', testMatch: /first-run\.setup\.ts/ },
    // each role signs in once; the specs reuse the saved sessions (support.ts `signInAs`)
    { name: 'sign-in', dependencies: ['first-run'], testMatch: /sign-in\.setup\.ts/ },
    { name: 'chromium', dependencies: ['sign-in'], testMatch: /.*\.spec\.ts/, testIgnore: SHOP_WIDE },
    { name: 'shop-wide', dependencies: ['chromium'], testMatch: SHOP_WIDE, workers: 1 },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
  },
});
