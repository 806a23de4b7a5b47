import { expect, type Locator, type Page } from '@playwright/test';

/** The narrow phone the dashboard lists must fit without sideways scrolling. */
export const PHONE = { width: 390, height: 844 };

/** Every element the locator matches is shown and lies within the phone's width. */
export async function expectAllInsidePhone(locator: Locator) {
  const all = await locator.all();
  expect(all.length).toBeGreaterThan(0);
  for (const element of all) {
    await expect(element).toBeVisible();
    const box = await element.boundingBox();
    expect(box, 'element has a box').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
}

/** Nothing on the page is wider than the phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.document).toBeLessThanOrEqual(PHONE.width);
  expect(widths.body).toBeLessThanOrEqual(PHONE.width);
}
