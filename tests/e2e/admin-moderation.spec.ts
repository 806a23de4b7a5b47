import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { CONFIRM, SIGNED_OUT_NOTICES, TOASTS } from '../../src/shared/messages';
import type { Review } from '../../src/shared';
import { signInAdminByApi } from './support/admin';
import { accessToken, becomeBuyer } from './support/buying-by-api';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { expectAllInsidePhone, expectNoSidewaysScroll, PHONE } from './support/phone';
import { E2E_ADMIN, newCustomer, signUpByApi, type E2EUser } from './support/users';

/**
 * Safe admin actions (issue 18): promotion and demotion ask first, Manage Users says whether an
 * address is confirmed and when the account was made, and reviews can be hidden, shown again and
 * deleted. Every test makes its own people and reviews, so the tests run beside the other specs;
 * the E2E admin is never demoted.
 */

const origin = () => new URL(process.env.E2E_BASE_URL as string).origin;
const suffix = () => randomUUID().slice(0, 8);
const today = () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());


/** Someone signed up (address confirmed) in a browser context of their own, signed in. */
async function personSession(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const user: E2EUser = newCustomer(name);
  await signUpByApi(page, user);
  return { context, page, user };
}

/** The dashboard list pages show a spinner until their data is in, and mark a page on its way busy. */
async function waitForAdminPage(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens `list` (Manage Users or Manage Reviews) and pages on until the row holding `text` shows. */
async function rowOnSomePage(page: Page, path: string, heading: string, testId: string, text: string): Promise<Locator> {
  await page.goto(path);
  await waitForAdminPage(page, heading);
  const row = page.getByTestId(testId).filter({ hasText: text });
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  for (;;) {
    await expect(page.getByRole('table', { name: heading })).not.toHaveAttribute('aria-busy');
    if ((await row.count()) > 0) return row;
    const next = pagination.getByRole('button', { name: 'Next' });
    if ((await pagination.count()) === 0 || (await next.getAttribute('aria-disabled')) === 'true') throw new Error(`${text} is on no page of ${heading}`);
    const current = await pagination.getByText(/^Page \d+ of \d+$/).innerText();
    await next.click();
    await expect(pagination.getByText(/^Page \d+ of \d+$/)).not.toHaveText(current);
  }
}

const userRow = (page: Page, email: string) => rowOnSomePage(page, '/dashboard/manageUser', 'Manage Users', 'user-row', email);
const reviewRow = (page: Page, text: string) => rowOnSomePage(page, '/dashboard/manageReviews', 'Manage Reviews', 'review-row', text);

/** A review posted by a new customer of its own through the API; answers its text. */
async function postReview(browser: Browser): Promise<{ text: string; author: E2EUser; close: () => Promise<void> }> {
  const { context, page, user } = await personSession(browser, `Rita Reviewer ${suffix()}`);
  const text = `Moderation test review ${suffix()}: the clamp slipped twice.`;
  await becomeBuyer(page.request, user.email);
  const token = await accessToken(page.request, user.email);
  const res = await page.request.post('/api/review', { headers: { authorization: `Bearer ${token}` }, data: { rating: 2, reviewText: text } });
  expect(res.status(), await res.text()).toBe(201);
  return { text, author: user, close: () => context.close() };
}

const publicReviewTexts = async (request: APIRequestContext) =>
  ((await (await request.get('/api/review?limit=100')).json()) as Review[]).map((review) => review.reviewText);

test.describe('safe admin actions', () => {
  test('promotion asks first, and Manage Users shows whether addresses are confirmed and when accounts were made', async ({ page, browser, playwright }) => {
    // Three people, three browsers and a dialog with a second check: past 30 s on a busy machine.
    test.setTimeout(90_000);
    const confirmed = await personSession(browser, `Pia Promoted ${suffix()}`);
    // An account whose address was never confirmed (sign-up only).
    const unconfirmed = newCustomer(`Uma Unconfirmed ${suffix()}`);
    const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const signUp = await api.post('/api/auth/sign-up/email', { headers: { origin: origin() }, data: { name: unconfirmed.name, email: unconfirmed.email, password: unconfirmed.password } });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await api.dispose();

    await signInAdminByApi(page);
    const row = await userRow(page, confirmed.user.email);
    await expect(row.getByRole('cell').filter({ hasText: /^Yes$/ })).toHaveCount(1);
    await expect(row.locator('time')).toHaveText(today());
    const other = await userRow(page, unconfirmed.email);
    await expect(other.getByRole('cell').filter({ hasText: /^No$/ })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Address confirmed' })).toBeAttached();
    await expect(page.getByRole('columnheader', { name: 'Account created' })).toBeAttached();

    // Cancelled: nothing changes.
    const row2 = await userRow(page, confirmed.user.email);
    await row2.getByRole('button', { name: `Make Admin: ${confirmed.user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: CONFIRM.makeAdmin(confirmed.user.name, confirmed.user.email) });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row2.getByRole('button', { name: `Make Admin: ${confirmed.user.name}` })).toBeVisible();

    // Confirmed: promoted, with the spec's toast.
    await row2.getByRole('button', { name: `Make Admin: ${confirmed.user.name}` }).click();
    await dialog.getByLabel('Your password or authenticator code').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText(TOASTS.makeAdminOk)).toBeVisible();
    await expect(row2.getByText('Admin', { exact: true })).toBeVisible();
    await expect(row2.getByRole('button', { name: `Make customer: ${confirmed.user.name}` })).toBeVisible();

    await confirmed.page.goto('/dashboard/manageUser');
    await expect(confirmed.page.getByRole('heading', { name: 'Manage Users', level: 2 })).toBeVisible();
    await confirmed.context.close();
  });

  test('an admin makes another admin a customer, who is signed out of the admin pages at once', async ({ page, browser }) => {
    const demoted = await personSession(browser, `Dex Demoted ${suffix()}`);
    await signInAdminByApi(page);
    const adminToken = await accessToken(page.request, E2E_ADMIN.email);
    const promoted = await page.request.put(`/api/user/admin/${encodeURIComponent(demoted.user.email)}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(promoted.status(), await promoted.text()).toBe(200);
    await demoted.page.goto('/dashboard/manageUser');
    await expect(demoted.page.getByRole('heading', { name: 'Manage Users', level: 2 })).toBeVisible();

    const row = await userRow(page, demoted.user.email);
    await row.getByRole('button', { name: `Make customer: ${demoted.user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: CONFIRM.makeCustomer(demoted.user.name, demoted.user.email) });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your password or authenticator code').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Make customer' }).click();
    await expect(page.getByText(TOASTS.makeCustomerOk)).toBeVisible();
    await expect(row.getByRole('button', { name: `Make Admin: ${demoted.user.name}` })).toBeVisible();

    // Their next admin page: the guard asks the server, which says customer; signed out with the reason.
    await demoted.page.goto('/dashboard/manageTools');
    await expect(demoted.page).toHaveURL(/\/login$/);
    await expect(demoted.page.getByTestId('signed-out-notice')).toHaveText(SIGNED_OUT_NOTICES.adminsOnly);
    await demoted.context.close();
  });

  test('an admin who makes themselves a customer (another admin remains) is signed out of the admin pages with the reason', async ({ page, browser }) => {
    const leaving = await personSession(browser, `Lou Leaving ${suffix()}`);
    await signInAdminByApi(page);
    const adminToken = await accessToken(page.request, E2E_ADMIN.email);
    const promoted = await page.request.put(`/api/user/admin/${encodeURIComponent(leaving.user.email)}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(promoted.status(), await promoted.text()).toBe(200);

    const own = await userRow(leaving.page, leaving.user.email);
    await own.getByRole('button', { name: `Make customer: ${leaving.user.name}` }).click();
    await leaving.page.getByRole('dialog').getByLabel('Your password or authenticator code').fill(leaving.user.password);
    await leaving.page.getByRole('dialog').getByRole('button', { name: 'Make customer' }).click();
    await expect(leaving.page).toHaveURL(/\/login$/);
    await expect(leaving.page.getByTestId('signed-out-notice')).toHaveText(SIGNED_OUT_NOTICES.adminsOnly);
    const row = await userRow(page, leaving.user.email);
    await expect(row.getByRole('button', { name: `Make Admin: ${leaving.user.name}` })).toBeVisible();
    await leaving.context.close();
  });

  test('an admin hides a review, which leaves the home page at once; shows it again; then deletes it', async ({ page, browser }) => {
    const { text, author, close } = await postReview(browser);
    await page.goto('/');
    await expect(page.getByTestId('review').filter({ hasText: text })).toBeVisible();

    await signInAdminByApi(page);
    const row = await reviewRow(page, text);
    await expect(row).toContainText(author.email);
    await expect(row.getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible();
    await expect(row.getByText('Shown', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Hide: review by / }).click();
    await expect(page.getByText(TOASTS.reviewHidden)).toBeVisible();
    await expect(row.getByText('Hidden', { exact: true })).toBeVisible();

    // Gone from the public list and the home page's carousel, on the very next visit.
    expect(await publicReviewTexts(page.request)).not.toContain(text);
    await page.goto('/');
    await expect(page.getByTestId('review').first()).toBeVisible();
    await expect(page.getByTestId('review').filter({ hasText: text })).toHaveCount(0);

    const again = await reviewRow(page, text);
    await again.getByRole('button', { name: /^Show: review by / }).click();
    await expect(page.getByText(TOASTS.reviewShown)).toBeVisible();
    expect(await publicReviewTexts(page.request)).toContain(text);

    await again.getByRole('button', { name: /^Delete: review by / }).click();
    const dialog = page.getByRole('dialog', { name: CONFIRM.deleteReview });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(TOASTS.reviewDeleted)).toBeVisible();
    await expect(page.getByTestId('review-row').filter({ hasText: text })).toHaveCount(0);
    expect(await publicReviewTexts(page.request)).not.toContain(text);

    // The activity log names who wrote it.
    await page.goto('/dashboard/activity');
    await waitForAdminPage(page, 'Activity');
    const entries = page.getByTestId('activity-row').filter({ hasText: author.email });
    await expect(entries.filter({ has: page.getByRole('rowheader', { name: 'Review hidden' }) })).toHaveCount(1);
    await expect(entries.filter({ has: page.getByRole('rowheader', { name: 'Review deleted' }) })).toHaveCount(1);
    await expect(entries.first()).toContainText(`Review by ${author.name} (${author.email}): “${text.slice(0, 60)}`);
    await close();
  });

  test('Manage Reviews and Manage Users fit a 390 px phone, dialogs included @mobile', async ({ page, browser }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    const { text, close } = await postReview(browser);
    const admin = await personSession(browser, `Ari Admin ${suffix()}`);
    await signInAdminByApi(page);
    const adminToken = await accessToken(page.request, E2E_ADMIN.email);
    const promoted = await page.request.put(`/api/user/admin/${encodeURIComponent(admin.user.email)}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(promoted.status()).toBe(200);

    const row = await reviewRow(page, text);
    await expectAllInsidePhone(row.getByRole('button'));
    await expectAllInsidePhone(page.getByTestId('review-row').first().getByRole('button'));
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await row.getByRole('button', { name: /^Delete: review by / }).click();
    const deleteDialog = page.getByRole('dialog', { name: CONFIRM.deleteReview });
    await expectAllInsidePhone(deleteDialog.getByRole('button'));
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(TOASTS.reviewDeleted)).toBeVisible();

    const userCard = await userRow(page, admin.user.email);
    await expect(userCard.getByRole('cell').filter({ hasText: /^Yes$/ })).toBeVisible();
    await expect(userCard.locator('time')).toHaveText(today());
    await expectAllInsidePhone(userCard.getByRole('button', { name: `Make customer: ${admin.user.name}` }));
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    await userCard.getByRole('button', { name: `Make customer: ${admin.user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: CONFIRM.makeCustomer(admin.user.name, admin.user.email) });
    await expectAllInsidePhone(dialog.getByRole('button'));
    await expectNoSidewaysScroll(page);
    await dialog.getByLabel('Your password or authenticator code').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Make customer' }).click();
    await expect(page.getByText(TOASTS.makeCustomerOk)).toBeVisible();
    await expectAllInsidePhone(userCard.getByRole('button', { name: `Make Admin: ${admin.user.name}` }));
    await close();
    await admin.context.close();
  });
});
