import { expect, test } from './support/fixtures';
import { newCustomer, signUpByApi } from './support/users';

// Issue 8, finding 10: a rate-limited session check (429) made the app look signed out and sent
// people to Login. A busy store now says so and keeps them where they are.

const BUSY = 'The store is busy. Please try again in a moment.';
const TOO_MANY = 'Too many requests, please try again later';
// As the errors plugin answers (decision 033): problem details on the store's routes, the identity service's shape on /api/auth/*.
const tooManyRequests = {
  status: 429,
  contentType: 'application/problem+json',
  body: JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'TOO_MANY_REQUESTS', detail: TOO_MANY }),
};
const identityTooManyRequests = { status: 429, contentType: 'application/json', body: JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY }) };

test.describe('a busy store', () => {
  test('a 429 on the session check keeps a signed-in customer on their page, then it loads', async ({ page }) => {
    await signUpByApi(page, newCustomer('Bea Busy'));
    await page.route('**/api/auth/get-session*', (route) => route.fulfill(identityTooManyRequests));

    await page.goto('/dashboard/addReview');

    await expect(page.getByTestId('store-busy-message')).toHaveText(BUSY);
    await expect(page.getByRole('status').filter({ hasText: BUSY })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/addReview$/);

    await page.unroute('**/api/auth/get-session*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Add Review' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/addReview$/);
  });

  for (const [what, url] of [
    ['the role check', '**/api/admin/*'],
    ['the access token renewal', '**/api/login'],
  ] as const) {
    test(`a 429 on ${what} does not sign the customer out`, async ({ page }) => {
      await signUpByApi(page, newCustomer('Carl Crowded'));
      await page.route(url, (route) => route.fulfill(tooManyRequests));

      await page.goto('/dashboard/addReview');

      await expect(page.getByTestId('store-busy-message')).toHaveText(BUSY);
      await expect(page).toHaveURL(/\/dashboard\/addReview$/);

      await page.unroute(url);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'Add Review' })).toBeVisible();
      // Still signed in: the session cookie was never dropped.
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    });
  }
});
