import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

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

/** Creates the account through the identity API; the page's browser context is then signed in. */
export async function signUpByApi(page: Page, user: E2EUser) {
  const origin = new URL(process.env.E2E_BASE_URL as string).origin;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { name: user.name, email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
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
