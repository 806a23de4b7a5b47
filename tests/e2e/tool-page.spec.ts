import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Tool } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { newCustomer, signInWithForm, signUpByApi, type E2EUser } from './support/users';

/**
 * A tool's own page (/tools/{slug}), as a visitor finds and uses it, on the seeded catalogue: the
 * multimeter, in "Electronics tools › Test and measurement", with three photos, five
 * specifications and a datasheet. Only reads the catalogue, so it runs beside the other specs.
 */

const MULTIMETER = { slug: 'true-rms-digital-multimeter', name: 'True RMS Digital Multimeter', category: 'test-and-measurement' };

/** A customer who exists, made in a browser of its own: the page under test stays a visitor's. */
async function existingCustomer(browser: Browser): Promise<E2EUser> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const user = newCustomer('Toni Toolpage');
  await signUpByApi(await context.newPage(), user);
  await context.close();
  return user;
}

/** Elements React removed from the page since it loaded: none, when it hydrated the server's markup. */
async function watchRemovals(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { removedElements: string[] }).removedElements = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element) (window as unknown as { removedElements: string[] }).removedElements.push(node.outerHTML.slice(0, 80));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements);
}

/**
 * A visitor goes from Our Tools by category to a tool page, reads the specifications, downloads the
 * datasheet, and Purchase sends them to sign in and back to buy it.
 */
async function findReadAndBuy(page: Page, request: APIRequestContext, browser: Browser) {
    const inCategory = (await (await request.get(`/api/items?category=${MULTIMETER.category}&limit=100`)).json()) as Tool[];
    expect(inCategory.map((tool) => tool.name)).toContain(MULTIMETER.name);
    const customer = await existingCustomer(browser);

    await page.goto('/ourTools');
    await page.getByRole('combobox', { name: 'Category' }).selectOption(MULTIMETER.category);
    await expect(page).toHaveURL(new RegExp(`/ourTools\\?category=${MULTIMETER.category}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test and measurement');
    await expect(page.getByTestId('tool-card')).toHaveCount(inCategory.length);
    await expect(page).toHaveTitle('Test and measurement | ToolHouse');

    // The card's name is its link (its photo links there too, out of the Tab order).
    await page.getByTestId('tool-card-link').filter({ hasText: MULTIMETER.name }).click();
    await expect(page).toHaveURL(new RegExp(`/tools/${MULTIMETER.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MULTIMETER.name);
    await expect(page).toHaveTitle(`${MULTIMETER.name} | ToolHouse`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Test and measurement' })).toBeVisible();

    const specs = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Specification' }) });
    await expect(specs.getByRole('row', { name: /Display 6000 counts/ })).toBeVisible();
    await expect(specs.getByRole('row', { name: /Safety rating CAT III 600 V/ })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Datasheet/ }).click()]);
    expect(download.suggestedFilename()).toBe('Datasheet.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The tool's own Purchase (the related tools' cards have theirs).
    await page.getByTestId('tool-page').getByRole('link', { name: 'Purchase', exact: true }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, customer);
    const tool = inCategory.find((t) => t.slug === MULTIMETER.slug)!;
    await expect(page).toHaveURL(new RegExp(`/purchase/${tool._id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MULTIMETER.name);
  }

test.describe('a tool page', () => {
  test('a visitor goes from Our Tools by category to a tool page, reads the specifications, downloads the datasheet, and Purchase leads to sign-in and back to buy', async ({ page, request, browser }) => {
    await findReadAndBuy(page, request, browser);
  });

  test('the server sends the page whole: a browser running no script shows the tool', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/tools/${MULTIMETER.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MULTIMETER.name);
    await expect(page.getByTestId('tool-description')).toContainText('auto-ranging CAT III 600 V multimeter');
    await expect(page.getByText('$39.99')).toBeVisible();
    await expect(page.getByTestId('stock-state')).toHaveText('In stock');
    await expect(page.getByRole('img', { name: `${MULTIMETER.name}, photo 1 of 3` })).toBeVisible();
    await context.close();
  });

  test('the app takes the server\'s page over as it is, and it works: photos, cart', async ({ page }) => {
    const removed = await watchRemovals(page);
    await page.goto(`/tools/${MULTIMETER.slug}`);
    const addToCart = page.getByRole('button', { name: 'Add to cart' }).first();
    // Enabled once the app runs and knows nobody is signed in.
    await expect(addToCart).toBeEnabled();
    expect(await removed(), 'hydration replaced none of the server\'s markup').toEqual([]);

    const gallery = page.getByTestId('tool-gallery');
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.getByRole('img', { name: `${MULTIMETER.name}, photo 2 of 3` })).toBeVisible();
    // The keyboard: arrow keys from any of the gallery's buttons, and each thumbnail.
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByRole('img', { name: `${MULTIMETER.name}, photo 3 of 3` })).toBeVisible();
    await gallery.getByRole('button', { name: 'Show photo 1 of 3' }).press('Enter');
    await expect(gallery.getByRole('img', { name: `${MULTIMETER.name}, photo 1 of 3` })).toBeVisible();

    await addToCart.click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('axe finds no WCAG A or AA violation on a tool page', async ({ page }) => {
    await page.goto(`/tools/${MULTIMETER.slug}`);
    await expect(page.getByRole('button', { name: 'Add to cart' }).first()).toBeEnabled();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('an unknown tool\'s address shows "Page not found" @mobile', async ({ page }) => {
    const response = await page.goto('/tools/no-such-tool-anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

});

test.describe('a tool page on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('a visitor finds a tool by category, reads it, downloads its datasheet and buys it after signing in @mobile', async ({ page, request, browser }) => {
    await findReadAndBuy(page, request, browser);
  });

  test('fits, a swipe turns the photos, and axe finds nothing @mobile', async ({ page }) => {
    await page.goto(`/tools/${MULTIMETER.slug}`);
    await expect(page.getByRole('button', { name: 'Add to cart' }).first()).toBeEnabled();
    await expectNoSidewaysScroll(page);
    const photo = page.getByTestId('tool-gallery').getByRole('img', { name: `${MULTIMETER.name}, photo 1 of 3` });
    const box = (await photo.boundingBox())!;
    // A swipe from right to left across the photo shows the next one.
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('tool-gallery').getByRole('img', { name: `${MULTIMETER.name}, photo 2 of 3` })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
