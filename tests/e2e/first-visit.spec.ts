import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { newCustomer, signUpByApi } from './support/users';

// The "Speed" issue: what a first visit loads and how the page settles. Lighthouse measures the
// same things with a slow network in `npm run budget`; these checks keep them from coming back.

/** Sum of the layout shifts so far that no input caused (the CLS of a short page load). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries are delivered in the observer's first callback, before this timer.
        setTimeout(() => resolve(total), 100);
      }),
  );
}

/** Holds every request matching `pattern` until `release()`; `held` resolves once one is waiting. */
async function holdRequests(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const held = new Promise<void>((resolve) => (seen = resolve));
  await page.route(pattern, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return { held, release };
}

test.describe('first visit', () => {
  test('Home logs no warnings or errors, and loads neither the identity client nor the form code', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') messages.push(`${message.type()}: ${message.text()}`);
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto('/');
    await expect(page.getByTestId('tool-card')).toHaveCount(6);
    await expect(page.getByTestId('review').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    expect(messages).toEqual([]);
    // Chunks are named after their first module: the identity client, the shared form fields (zod), toasts.
    expect(scripts.filter((url) => /\/(auth-client|fields|schemas|react-hot-toast|form-field)-/.test(url))).toEqual([]);
    const hero = page.getByRole('img', { name: /pegboard wall/ });
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).not.toHaveAttribute('loading', 'lazy');
  });

  test('no page logs a warning when opened directly, the not-found page and a signed-in dashboard page included', async ({ page }) => {
    // React Router warns "No `HydrateFallback` element provided" when a first visit lands on a
    // lazily loaded page with nothing to show meanwhile; React warns about markup mistakes.
    const messages: string[] = [];
    page.on('console', (message) => {
      // The one expected line: the browser reports the unknown address's own 404 status.
      const unknownAddress = message.location().url.endsWith('/no-such-page') && /status of 404/.test(message.text());
      if ((message.type() === 'warning' || message.type() === 'error') && !unknownAddress) {
        messages.push(`${page.url()} ${message.type()}: ${message.text()}`);
      }
    });
    const visits: Array<[string, RegExp]> = [
      ['/ourTools', /^Our Tools$/],
      ['/aboutUs', /^About Us$/],
      ['/contactUs', /^Contact Us$/],
      ['/login', /^Login$/],
      ['/registration', /^Sign Up$/],
      ['/no-such-page', /^Page not found$/],
    ];
    for (const [path, heading] of visits) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await signUpByApi(page, newCustomer('Wendy Warnless'));
    for (const [path, heading] of [['/dashboard', 'My Profile'], ['/dashboard/myOrders', 'My Orders'], ['/dashboard/addReview', 'Add Review']] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    expect(messages).toEqual([]);
  });

  for (const tag of ['', ' @mobile']) {
    test(`a link straight to Our Tools shows the page's skeleton, not a lone spinner, while the page's code loads${tag}`, async ({ page }) => {
      const code = await holdRequests(page, /\/assets\/our-tools-page-[^/]+\.js$/);
      await page.goto('/ourTools');
      await code.held;

      // The page as it will look, already: heading, skeleton cards, and a status for screen readers.
      const heading = page.getByRole('heading', { name: 'Our Tools', level: 1 });
      await expect(heading).toBeVisible();
      await expect(page.getByTestId('tool-card-skeleton')).toHaveCount(6);
      await expect(page.getByRole('status').filter({ hasText: 'Loading tools' })).toHaveCount(1);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
      await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toHaveCount(0);
      const headingBefore = await heading.boundingBox();
      const skeletonBefore = await page.getByTestId('tool-card-skeleton').first().boundingBox();

      code.release();
      const firstCard = page.getByTestId('tool-card').first();
      await expect(firstCard).toBeVisible();
      await expect(page.getByTestId('tool-card-skeleton')).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

      // The heading and the first card sit where the placeholder drew them.
      expect(await heading.boundingBox()).toEqual(headingBefore);
      const card = (await firstCard.boundingBox())!;
      expect(Math.abs(card.x - skeletonBefore!.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(card.y - skeletonBefore!.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(card.width - skeletonBefore!.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(card.height - skeletonBefore!.height)).toBeLessThanOrEqual(2);
      expect(await layoutShift(page)).toBeLessThan(0.05);
    });

    test(`Our Tools shows skeleton cards while loading and does not shift when the tools arrive${tag}`, async ({ page }) => {
      // A slow catalogue answer, so the skeleton is on screen for a while.
      await page.route(/\/api\/items\?/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });

      await page.goto('/ourTools');
      await expect(page.getByTestId('tool-card-skeleton').first()).toBeVisible();
      await expect(page.getByTestId('tool-card').first()).toBeVisible();
      await expect(page.getByTestId('tool-card-skeleton')).toHaveCount(0);

      expect(await layoutShift(page)).toBeLessThan(0.05);
      const firstImage = page.getByTestId('tool-card').first().getByRole('img');
      await expect(firstImage).toHaveAttribute('fetchpriority', 'high');
      await expect(firstImage).toHaveAttribute('loading', 'eager');
      await expect(page.getByTestId('tool-card').first().getByRole('heading', { level: 2 })).toBeVisible();
    });
  }
});
