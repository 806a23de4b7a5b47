import type { APIRequestContext, Page } from '@playwright/test';
import type { Tool } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, PHONE } from './support/phone';

/**
 * Searching and sorting Our Tools, as a shopper does it: the address keeps the search and the order
 * (`/ourTools?q=digital&sort=price_desc`), so a reload, a shared link and Back show the same list.
 * Only reads the seeded catalogue, so it runs beside the other specs.
 */

/** The names a search lists, in its order, as the API answers it (its own tests check the API). */
async function namesOf(request: APIRequestContext, query: string): Promise<string[]> {
  const res = await request.get(`/api/items?limit=100&${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Tool[]).map((tool) => tool.name);
}

const cardTitles = (page: Page) => page.getByTestId('tool-card').getByRole('heading', { level: 2 });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search tools' });
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });

async function searchFor(page: Page, q: string) {
  await searchBox(page).fill(q);
  await searchBox(page).press('Enter');
}

test.describe('Our Tools search and sort', () => {
  test('searches and sorts, and keeps both in the address across reload, Back and Forward', async ({ page, request }) => {
    const everything = await namesOf(request, '');
    const digital = await namesOf(request, 'q=digital');
    const digitalByPrice = await namesOf(request, 'q=digital&sort=price_desc');
    // A search that narrows the list, and an order that changes it: else this test proves nothing.
    expect(digital.length).toBeGreaterThan(1);
    expect(digital.length).toBeLessThan(everything.length);
    expect(digitalByPrice).not.toEqual(digital);

    await page.goto('/ourTools');
    await expect(cardTitles(page)).toHaveText(everything);

    await searchFor(page, 'digital');
    await expect(page).toHaveURL(/\/ourTools\?q=digital$/);
    await expect(cardTitles(page)).toHaveText(digital);
    await expect(page.getByText(`${digital.length} tools match “digital”.`)).toBeVisible();

    await sortSelect(page).selectOption({ label: 'Price: high to low' });
    await expect(page).toHaveURL(/\/ourTools\?q=digital&sort=price_desc$/);
    await expect(cardTitles(page)).toHaveText(digitalByPrice);
    const prices = await page.getByTestId('tool-card').getByText(/^Price: \$[\d,]+\.\d\d$/).allInnerTexts();
    expect(prices).toHaveLength(digitalByPrice.length);
    const values = prices.map((price) => Number(price.replace(/[^\d.]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    await page.reload();
    await expect(searchBox(page)).toHaveValue('digital');
    await expect(sortSelect(page)).toHaveValue('price_desc');
    await expect(cardTitles(page)).toHaveText(digitalByPrice);

    await page.goBack();
    await expect(page).toHaveURL(/\/ourTools\?q=digital$/);
    await expect(sortSelect(page)).toHaveValue('catalogue');
    await expect(cardTitles(page)).toHaveText(digital);

    await page.goBack();
    await expect(page).toHaveURL(/\/ourTools$/);
    await expect(searchBox(page)).toHaveValue('');
    await expect(cardTitles(page)).toHaveText(everything);

    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/\/ourTools\?q=digital&sort=price_desc$/);
    await expect(searchBox(page)).toHaveValue('digital');
    await expect(cardTitles(page)).toHaveText(digitalByPrice);
  });

  test('opens a shared link on its search and order, and finds a word by its start, another form or inside a word', async ({ page, request }) => {
    const expected = await namesOf(request, 'q=multimeter&sort=name');
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/ourTools?q=multimeter&sort=name');
    await expect(searchBox(page)).toHaveValue('multimeter');
    await expect(sortSelect(page)).toHaveValue('name');
    await expect(cardTitles(page)).toHaveText(expected);

    await searchFor(page, 'Multimeters');
    await expect(page).toHaveURL(/\/ourTools\?q=Multimeters&sort=name$/);
    await expect(cardTitles(page)).toHaveText(expected);
    await searchFor(page, 'multim');
    await expect(cardTitles(page)).toHaveText(expected);

    // "meter", which the empty state suggests, is inside "Multimeter" (issue 18).
    const meter = await namesOf(request, 'q=meter&sort=name');
    expect(meter).toContain('True RMS Digital Multimeter');
    expect(meter).not.toContain('1/2 inch Drive Click Torque Wrench');
    await searchFor(page, 'meter');
    await expect(page).toHaveURL(/\/ourTools\?q=meter&sort=name$/);
    await expect(cardTitles(page)).toHaveText(meter);
    await expect(cardTitles(page).filter({ hasText: 'True RMS Digital Multimeter' })).toBeVisible();
  });

  test('says so when nothing matches, and clearing the search shows every tool in the same order', async ({ page, request }) => {
    const byName = await namesOf(request, 'sort=name');
    await page.goto('/ourTools?sort=name');
    await expect(cardTitles(page)).toHaveText(byName);

    await searchFor(page, 'theodolite');
    await expect(page.getByRole('heading', { name: 'No tools match “theodolite”', level: 2 })).toBeVisible();
    await expect(page.getByText('Check the spelling, or try fewer or more general words')).toBeVisible();
    await expect(page.getByTestId('tool-card')).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(page).toHaveURL(/\/ourTools\?sort=name$/);
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue('');
    await expect(cardTitles(page)).toHaveText(byName);
  });

  test('shows what a visitor typed as text, never as markup or query syntax', async ({ page }) => {
    page.on('dialog', (dialog) => {
      throw new Error(`a dialog opened: ${dialog.message()}`);
    });
    const typed = `<img src=x onerror=alert(1)> "drill" & | !():* \\ ' --`;
    await page.goto('/ourTools');
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    const answer = page.waitForResponse((res) => res.url().includes('/api/items?') && res.url().includes('q='));
    await searchFor(page, typed);
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole('heading', { name: `No tools match “${typed}”`, level: 2 })).toBeVisible();
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  });

  test('takes at most 100 characters, and shows the whole catalogue for an address it cannot read', async ({ page, request }) => {
    const everything = await namesOf(request, '');
    await page.goto('/ourTools?sort=cheapest-first');
    await expect(sortSelect(page)).toHaveValue('catalogue');
    await expect(cardTitles(page)).toHaveText(everything);

    await searchBox(page).fill('m'.repeat(150));
    await expect(searchBox(page)).toHaveValue('m'.repeat(100));
    const answer = page.waitForResponse((res) => res.url().includes('/api/items?') && res.url().includes('q='));
    await searchBox(page).press('Enter');
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole('heading', { name: /^No tools match/ })).toBeVisible();
  });

  test('searches and sorts on a phone, with everything inside the screen @mobile', async ({ page, request }) => {
    const expected = await namesOf(request, 'q=kit&sort=price_asc');
    expect(expected.length).toBeGreaterThan(0);
    await page.setViewportSize(PHONE);
    await page.goto('/ourTools');
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    await searchFor(page, 'kit');
    await sortSelect(page).selectOption('price_asc');
    await expect(page).toHaveURL(/\/ourTools\?q=kit&sort=price_asc$/);
    await expect(cardTitles(page)).toHaveText(expected);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
