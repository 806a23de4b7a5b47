import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { expect, test } from './support/fixtures';
import { payWithTestCard } from './support/payment';
import { newCustomer } from './support/users';

// The shared browser-test server plays Google and delivers mail; a store started as a newcomer
// starts it (no Google, no SMTP_URL: the default install) is a second server of its own, started
// here on the embedded database.

let store: ServerProcess;
let dataDir: string;

test.describe('a store as the default install starts it: no Google, no mail server', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    // A fresh embedded store starts in about ten seconds; on a machine busy with other runs
    // (the TypeScript loader and PGlite's start are CPU bound) it took over a minute.
    test.setTimeout(200_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-no-google-'));
    store = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      GOOGLE_CLIENT_ID: undefined,
      GOOGLE_CLIENT_SECRET: undefined,
      GOOGLE_ISSUER: undefined,
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
    }, { startTimeoutMs: 180_000 });
  });

  test.afterAll(async () => {
    await store?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('offers no "Continue With Google" on the login and sign-up pages', async ({ page }) => {
    const options = await page.request.get(`${store.origin}/api/auth-options`);
    expect(await options.json()).toEqual({ google: false, emailVerification: 'off', adminTwoFactor: 'optional' });

    // The page has asked the same question and has its answer before it is judged.
    const asked = page.waitForResponse((res) => res.url().endsWith('/api/auth-options'));
    await page.goto(`${store.origin}/login`);
    await asked;
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue With Google' })).toHaveCount(0);
    await expect(page.getByText('OR', { exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue With Google' })).toHaveCount(0);
  });

  test('signs a new customer in at sign-up (no mail could confirm the address), who orders and pays at once', async ({ page }) => {
    const user = newCustomer('Nora Newcomer');
    await page.goto(`${store.origin}/registration`);
    await page.getByLabel('User name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    // Signed in, with an access token, as the spec's registration has it: no "Check your email".
    await expect(page).toHaveURL(`${store.origin}/`);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);

    const tools = (await (await page.request.get(`${store.origin}/api/items?limit=20`)).json()) as Array<{ _id: string; name: string; availableQty: number; minQty: number }>;
    const tool = tools.find((t) => t.availableQty >= t.minQty)!;
    await page.goto(`${store.origin}/purchase/${tool._id}`);
    await expect(page.getByRole('heading', { name: tool.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
    await page.getByLabel('Delivery address').fill('1 Fresh Start Road');
    await page.getByLabel('Phone').fill('555-0101');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    await page.getByTestId('order-row').first().getByRole('link', { name: 'Pay' }).click();
    await payWithTestCard(page);
  });
});

test.describe('a store with Google sign-in', () => {
  test('offers "Continue With Google" under the form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue With Google' })).toBeVisible();
    await expect(page.getByText('OR', { exact: true })).toBeVisible();
  });
});
