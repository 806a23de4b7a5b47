import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './scripts/lib/chromium.mjs';

/**
 * Specs that change what other specs count and pick from (they add and delete tools, buy up
 * stock, hide reviews): they run after the others (see the projects below).
 */
const BACK_OFFICE = /(back-office|order-mail|catalogue-paging|admin-lists|admin-moderation|owner-orders)\.spec\.ts$/;

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
    trace: 'retain-on-failure',
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
