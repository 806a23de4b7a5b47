import type { Browser, Page } from '@playwright/test';
import { totpCode } from '../support/totp';
import { expect, test } from './support/fixtures';
import { E2E_ADMIN, newCustomer, openAccountMenu, signInWithForm, signUpByApi, type E2EUser } from './support/users';

/**
 * An admin with two-step sign-in goes back, after the code, to the page the sign-in started from
 * (issue 28), and the code screen shows only the second step. Where to go back to is a path on
 * this site only: an address of another site (an open redirect) sends the person home instead.
 */

const origin = () => new URL(process.env.E2E_BASE_URL as string).origin;

/** A new admin with two-step sign-in on (through the API, as the dashboard does it), signed out. */
async function adminWithTwoStep(browser: Browser): Promise<{ admin: E2EUser; totpURI: string }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const admin = newCustomer('Owen Owner');
  await signUpByApi(page, admin);
  const enabled = await page.request.post('/api/auth/two-factor/enable', { headers: { origin: origin() }, data: { password: admin.password } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const verified = await page.request.post('/api/auth/two-factor/verify-totp', { headers: { origin: origin() }, data: { code: totpCode(totpURI) } });
  expect(verified.status(), await verified.text()).toBe(200);
  await context.close();

  // Promoted by the store's own admin.
  const owner = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const signedIn = await owner.request.post('/api/auth/sign-in/email', { headers: { origin: origin() }, data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const login = await owner.request.post('/api/login', { headers: { origin: origin() }, data: { email: E2E_ADMIN.email } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const promoted = await owner.request.put(`/api/user/admin/${encodeURIComponent(admin.email)}`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await owner.close();
  return { admin, totpURI };
}

/** The password, then the code screen: only the code, another kind of code, or starting again. */
async function passwordThenCode(page: Page, admin: E2EUser, totpURI: string) {
  await signInWithForm(page, admin);
  const step = page.getByRole('form', { name: 'Two-step sign-in form' });
  await expect(step).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in', level: 1 })).toBeVisible();
  await expect(page.getByText('New to ToolHouse?')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  await expect(page.getByText('Continue With Google')).toHaveCount(0);
  await expect(step.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  await expect(step.getByRole('button', { name: 'Start again' })).toBeVisible();
  await step.getByLabel('Code from your authenticator app').fill(totpCode(totpURI));
  await step.getByRole('button', { name: 'Verify' }).click();
}

test('after the code, an admin is back on the admin page that sent them to sign in, or the page they signed in from', async ({ page, browser }) => {
  // Several sign-ins, pages and checks in one journey: longer than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const { admin, totpURI } = await adminWithTwoStep(browser);

  // An admin page, signed out: the guard sends them to sign in, and the code brings them back.
  await page.goto('/dashboard/manageOrders?state=unpaid');
  await expect(page).toHaveURL(/\/login$/);
  await passwordThenCode(page, admin, totpURI);
  await expect(page).toHaveURL(/\/dashboard\/manageOrders\?state=unpaid$/);
  await expect(page.getByRole('heading', { name: 'Manage Orders', level: 2 })).toBeVisible();

  // Signed out, on Our Tools, then the navbar's Sign in: back on Our Tools.
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  // Signed out on the server before leaving: a navigation mid-sign-out would cancel its request.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/ourTools');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await passwordThenCode(page, admin, totpURI);
  await expect(page).toHaveURL(/\/ourTools$/);
});

test('a sign-in never sends the person to another site, whatever the address asks', async ({ browser }) => {
  // Several sign-ins, pages and checks in one journey: longer than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const { admin, totpURI } = await adminWithTwoStep(browser);
  // Each try in a browser of its own, signed out.
  const signInFrom = async (from: string) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const tab = await context.newPage();
    await tab.goto(`/login?from=${encodeURIComponent(from)}`);
    await passwordThenCode(tab, admin, totpURI);
    await expect(tab.getByRole('button', { name: 'Account menu' })).toBeVisible();
    return { tab, close: () => context.close() };
  };
  for (const elsewhere of ['//evil.example/phish', 'https://evil.example/phish', '/\\evil.example/phish']) {
    const { tab, close } = await signInFrom(elsewhere);
    // Home on this site, never the other one.
    await expect(tab).toHaveURL(`${origin()}/`);
    await close();
  }
  // A path on this site is followed.
  const { tab, close } = await signInFrom('/dashboard/manageUser');
  await expect(tab).toHaveURL(`${origin()}/dashboard/manageUser`);
  await close();
});
