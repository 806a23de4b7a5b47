import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { expect, test } from './support/fixtures';

// The shared browser-test server plays Google; a store without Google sign-in set up is a second
// server of its own, started here (embedded database: the pages below only ask which sign-in
// methods the store offers, so the database makes no difference to them).

let store: ServerProcess;
let dataDir: string;

test.describe('a store without Google sign-in', () => {
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
    }, { startTimeoutMs: 180_000 });
  });

  test.afterAll(async () => {
    await store?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('offers no "Continue With Google" on the login and sign-up pages', async ({ page }) => {
    const options = await page.request.get(`${store.origin}/api/auth-options`);
    expect(await options.json()).toEqual({ google: false });

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
});

test.describe('a store with Google sign-in', () => {
  test('offers "Continue With Google" under the form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue With Google' })).toBeVisible();
    await expect(page.getByText('OR', { exact: true })).toBeVisible();
  });
});
