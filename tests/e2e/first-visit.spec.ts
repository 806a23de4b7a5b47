import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

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

  for (const tag of ['', ' @mobile']) {
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
