import type { Browser, Page } from '@playwright/test';
import { totpCodeFromSecret } from '../support/totp';
import { CONFIRM, TOASTS } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { E2E_ADMIN, newCustomer, openAccountMenu, signInWithForm, signUpByApi, type E2EUser } from './support/users';

/**
 * An admin's account security in the browser (decision 023): two-step sign-in turned on from the
 * dashboard (the code computed here from the setup key shown, as an authenticator app does), a
 * sign-in with a code and one with a recovery code, a code confirming a promotion, the Change
 * Password page ending the other browser's session, the Sessions page ending one session, and
 * "sign out everywhere". The admin is a fresh customer promoted through the API, so the admin the
 * other specs sign in as is left as it was.
 */

const origin = () => new URL(process.env.E2E_BASE_URL as string).origin;
const CODE_LABEL = 'Code from your authenticator app';
const CONFIRM_LABEL = 'Your password or authenticator code';

/** A person of the test's own, signed up in a browser context of their own. */
async function newPerson(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const user: E2EUser = newCustomer(name);
  await signUpByApi(page, user);
  return { context, page, user };
}

/** Makes `email` an admin through the API, as the store's own admin (just signed in, so fresh). */
async function promoteByApi(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const signedIn = await context.request.post('/api/auth/sign-in/email', { headers: { origin: origin() }, data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const login = await context.request.post('/api/login', { headers: { origin: origin() }, data: { email: E2E_ADMIN.email } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const promoted = await context.request.put(`/api/user/admin/${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await context.close();
}

/** The code an authenticator app shows now for the setup key the page showed (spaces and all). */
const codeFor = (setupKey: string) => totpCodeFromSecret(setupKey.replace(/\s/g, ''));

async function signInWithCode(page: Page, user: E2EUser, secondFactor: { code: string } | { recovery: string }) {
  await page.goto('/login');
  await signInWithForm(page, user);
  const step = page.getByRole('form', { name: 'Two-step sign-in form' });
  await expect(step).toBeVisible();
  if ('code' in secondFactor) {
    await step.getByLabel(CODE_LABEL).fill(secondFactor.code);
  } else {
    await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await step.getByLabel('Recovery code').fill(secondFactor.recovery);
  }
  await step.getByRole('button', { name: 'Verify' }).click();
  // Back where the person came from (home, or the dashboard a guard sent them away from).
  await expect(page).not.toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
}

/** Whether the page's browser is still signed in: the dashboard opens, or sends it to the login page. */
async function expectSignedOut(page: Page) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
}

test('an admin turns on two-step sign-in, signs in with a code or a recovery code, changes the password and signs out everywhere', async ({ page, browser }) => {
  // One long journey through six pages and two browsers, with five accessibility scans.
  test.setTimeout(240_000);
  const admin = await newPerson(browser, 'Sasha Secure');
  await admin.context.close();
  await promoteByApi(browser, admin.user.email);
  const target = await newPerson(browser, 'Toni Target');
  await target.context.close();

  // Signed in with the password alone (this store does not require a second factor of its admins).
  await page.goto('/login');
  await signInWithForm(page, admin.user);
  await expect(page).toHaveURL(/\/$/);

  // Turn it on from the dashboard.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in', level: 2 })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  const start = page.getByRole('form', { name: 'Start two-step sign-in' });
  await start.getByLabel('Your password').fill(admin.user.password);
  await start.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const setupKey = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(setupKey).toMatch(/^[A-Z2-7 ]{16,}$/);
  await expect(page.getByRole('link', { name: 'open it in the app' })).toHaveAttribute('href', /^otpauth:\/\/totp\/ToolHouse:/);
  const recoveryCodes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  expect(await accessibilityViolations(page)).toEqual([]);
  const confirmForm = page.getByRole('form', { name: 'Confirm two-step sign-in' });
  // A wrong code is refused, and says so.
  await confirmForm.getByLabel(CODE_LABEL).fill(codeFor(setupKey) === '000000' ? '111111' : '000000');
  await confirmForm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(confirmForm.getByRole('alert')).toContainText('That code is wrong');
  await confirmForm.getByLabel(CODE_LABEL).fill(codeFor(setupKey));
  await confirmForm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: /Two-step sign-in is on/ })).toBeVisible();
  // The session was replaced; the page carries on with a new access token.
  await page.goto('/dashboard/manageUser');
  await expect(page.getByRole('heading', { name: 'Manage Users', level: 2 })).toBeVisible();

  // Signing in again: the password, then a code.
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/login');
  await signInWithForm(page, admin.user);
  await expect(page.getByRole('form', { name: 'Two-step sign-in form' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await signInWithCode(page, admin.user, { code: codeFor(setupKey) });

  // A promotion needs the password or a code again: a code from the app here.
  await page.goto('/dashboard/manageUser');
  const row = page.getByTestId('user-row').filter({ hasText: target.user.email });
  await row.getByRole('button', { name: `Make Admin: ${target.user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: CONFIRM.makeAdmin(target.user.name, target.user.email) });
  await dialog.getByRole('button', { name: 'Make Admin' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter your password or a code from your authenticator app');
  await dialog.getByLabel(CONFIRM_LABEL).fill('Not-my-password-1');
  await dialog.getByRole('button', { name: 'Make Admin' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is wrong.');
  await dialog.getByLabel(CONFIRM_LABEL).fill(codeFor(setupKey));
  await dialog.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText(TOASTS.makeAdminOk)).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  // A second browser signs in with a recovery code.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const otherPage = await other.newPage();
  await signInWithCode(otherPage, admin.user, { recovery: recoveryCodes[0]! });

  // Change Password: the other browser is signed out, this one carries on.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Change Password' }).click();
  const change = page.getByRole('form', { name: 'Change password form' });
  await change.getByLabel('Current password').fill(admin.user.password);
  await change.getByLabel('New password').fill('password1');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('alert')).toContainText('too common');
  const newPassword = `${admin.user.password}-Changed`;
  await change.getByLabel('New password').fill(newPassword);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('status')).toContainText('Every other browser signed in to your account is now signed out');
  expect(await accessibilityViolations(page)).toEqual([]);
  await expectSignedOut(otherPage);
  await page.goto('/dashboard/manageUser');
  await expect(page.getByRole('heading', { name: 'Manage Users', level: 2 })).toBeVisible();
  const withNewPassword = { ...admin.user, password: newPassword };

  // Sessions: two browsers; end the other one.
  await signInWithCode(otherPage, withNewPassword, { code: codeFor(setupKey) });
  await page.goto('/dashboard/sessions');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This browser' })).toHaveCount(1);
  expect(await accessibilityViolations(page)).toEqual([]);
  await rows.filter({ hasNotText: 'This browser' }).getByRole('button', { name: /^Sign out:/ }).click();
  await expect(rows).toHaveCount(1);
  await expectSignedOut(otherPage);

  // Sign out everywhere: both browsers.
  await signInWithCode(otherPage, withNewPassword, { code: codeFor(setupKey) });
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const everywhere = page.getByRole('dialog', { name: /^Sign out everywhere\?/ });
  await everywhere.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await expectSignedOut(page);
  await expectSignedOut(otherPage);
  await other.close();
});
