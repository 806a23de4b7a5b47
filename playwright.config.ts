import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './scripts/lib/chromium.mjs';

/**
 * Specs that change what other specs count and pick from (they add and delete tools, buy up
 * stock, hide reviews): they run after the others (see the projects below).
 */
const BACK_OFFICE = /(back-office|order-mail|catalogue-paging|admin-lists|admin-moderation|owner-orders|tax-rates)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Starts the real server (built app, fresh database) on a free port; see the file for why not `webServer`.
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    // A trace records every step with DOM snapshots and screencast frames: on every test that was a
    // quarter of the browser tests' CPU (485 s of 99 specs, 360 s without; the browser's compositor
    // and Playwright's workers drew and kept frames nobody looked at). CI records one for a test
    // that failed once, on its retry; a run on a workstation keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, grepInvert: /@mobile/, testIgnore: BACK_OFFICE },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, grep: /@mobile/, testIgnore: BACK_OFFICE },
    // The back-office specs run after the others, on the same server (see BACK_OFFICE).
    { name: 'back-office', use: { ...devices['Desktop Chrome'] }, grepInvert: /@mobile/, testMatch: BACK_OFFICE, dependencies: ['desktop', 'mobile'] },
    { name: 'back-office-mobile', use: { ...devices['Pixel 7'] }, grep: /@mobile/, testMatch: BACK_OFFICE, dependencies: ['desktop', 'mobile'] },
  ],
});
