import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox';

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
 * Creates the account through the identity API and confirms its address as its owner does: the
 * link in the verification mail (caught by the run's SMTP server), opened in this page, which also
 * signs the page's browser context in. The account can then order.
 */
export async function signUpByApi(page: Page, user: E2EUser) {
  const origin = new URL(process.env.E2E_BASE_URL as string).origin;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await waitForMail(user.email, (m) => m.subject === VERIFICATION_SUBJECT);
  await page.goto(linkIn(mail, '/verifyEmail'));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse our tools' })).toBeVisible();
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
