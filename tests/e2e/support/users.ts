import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createEmailVerificationToken } from 'better-auth/api';

/** The admin the browser tests sign in as (created at start from ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { name: 'Administrator', email: 'admin@e2e.test', password: 'e2e-Admin-password-7Q!' };

export interface E2EUser {
  name: string;
  email: string;
  password: string;
}

export function newCustomer(name = 'Riley Buyer'): E2EUser {
  return { name, email: `buyer-${randomUUID().slice(0, 8)}@example.com`, password: `Str0ng-${randomUUID().slice(0, 8)}` };
}

/** The subject of the mail that carries a new account's verification link. */
export const VERIFICATION_SUBJECT = 'Confirm your email address for ToolHouse';

/**
 * Creates the account through the identity API, confirms its address through the identity
 * service's verify-email, as the /verifyEmail page does with the mailed link's token, and signs the
 * page's browser context in with the password; the account can then order. The token is made here
 * with better-auth's own function and the store's secret, like the mailed one, so specs that are
 * not about mail do not wait for it (identity-mail.spec.ts and accounts.spec.ts open the real
 * mailed link in the page).
 */
export async function signUpByApi(page: Page, user: E2EUser) {
  const origin = new URL(process.env.E2E_BASE_URL as string).origin;
  const secret = process.env.E2E_AUTH_SECRET;
  if (!secret) throw new Error('E2E_AUTH_SECRET is not set: the global setup did not start the server');
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { user: created } = (await res.json()) as { user: { id: string } };
  const token = await createEmailVerificationToken(secret, user.email, undefined, 3600, { userId: created.id });
  const verified = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status(), await verified.text()).toBe(200);
  // The link confirms the address and does not sign in: the customer signs in with their password.
  const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin }, data: { email: user.email, password: user.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

/** Registers through the Sign Up form, the way a person does, up to the page that asks them to check their mail. */
export async function signUpWithForm(page: Page, user: E2EUser) {
  await page.goto('/registration');
  await page.getByLabel('User name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

/** Signs in through the login form, the way a person does. */
export async function signInWithForm(page: Page, user: Pick<E2EUser, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}
