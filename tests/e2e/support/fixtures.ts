import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const EXPECTED_HTTP_ERROR = /Failed to load resource: the server responded with a status of 4\d\d/;

/** Base URL of the server started by global-setup; console errors in the page fail the test. */
export const test = base.extend<{ consoleErrors: string[] }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A 4xx the app handles (a wrong password, a 404 the page explains) is not a fault.
        if (message.type() === 'error' && !EXPECTED_HTTP_ERROR.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits for the page's finite animations (a toast sliding in, a dialog opening) to end, at most
 * `timeoutMs`. Mid-animation an element is partly transparent, and axe would measure the contrast
 * of a colour the customer only sees for a few frames. Endless ones (loading spinners) are left alone.
 */
export async function animationsSettled(page: Page, timeoutMs = 3_000) {
  await page.evaluate(async (timeout) => {
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    const ended = Promise.allSettled(finite.map((a) => a.finished));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, timeout))]);
  }, timeoutMs);
}

/**
 * WCAG 2 A and AA violations on the current page, as the customer sees it once its animations have
 * played. The page's clock is frozen first, then every finite animation is put at its end (a toast
 * fully in, or fully out): on a busy machine a scan takes seconds, and a toast measured mid-slide or
 * mid-fade is partly transparent, a colour the customer only sees for a few frames. (Waiting for the
 * animations to end and then freezing left a gap in which a toast's time ran out and its fade began:
 * once in about 100 runs axe measured its text at 60 % opacity.) Endless ones (loading spinners)
 * are left alone; an animation that starts during the scan stays frozen at its first frame.
 */
export async function accessibilityViolations(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 });
  try {
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
      }
    });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('; ')})`,
    );
  } finally {
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await devtools.detach();
  }
}
