import type { Review, Tool } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';

test.describe('home page', () => {
  test('shows the six sections in order with the spec texts', async ({ page }) => {
    await page.goto('/');
    const headings = page.locator('main h1, main h2');
    await expect(page.getByRole('heading', { name: 'Our Manufacturer Tools' })).toBeVisible();
    const texts = await headings.allInnerTexts();
    const order = ['Our Manufacturer Tools', 'Business Summary', 'Our Recent Industry Project'].map((h) =>
      texts.findIndex((t) => t.includes(h)),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.getByText(/no delivery charge/i).first()).toBeVisible();
    for (const figure of ['32+', '45.9K+', '38.5K+']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  });

  test('lists the first six tools with cut descriptions, dollar prices and purchase links', async ({ page, request }) => {
    const tools: Tool[] = await (await request.get('/api/items?limit=6')).json();
    expect(tools).toHaveLength(6);
    await page.goto('/');
    const cards = page.getByTestId('tool-card');
    await expect(cards).toHaveCount(6);
    for (const [i, tool] of tools.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name: tool.name })).toBeVisible();
      await expect(card.getByText('NEW', { exact: true })).toBeVisible();
      const cut = tool.description.length > 100 ? `${tool.description.slice(0, 100)} ...` : tool.description;
      await expect(card.getByText(cut, { exact: true })).toBeVisible();
      await expect(card.getByText(`$${tool.price.toFixed(2)}`)).toBeVisible();
      await expect(card.getByText(`Minimum Quantity: ${tool.minQty}`)).toBeVisible();
      await expect(card.getByText(`Available Quantity: ${tool.availableQty}`)).toBeVisible();
      await expect(card.getByRole('link', { name: 'Purchase' })).toHaveAttribute('href', `/purchase/${tool._id}`);
    }
  });

  test('shows the reviews with their stars', async ({ page, request }) => {
    const reviews: Review[] = await (await request.get('/api/review')).json();
    expect(reviews.length).toBeGreaterThan(0);
    await page.goto('/');
    const first = page.getByTestId('review').first();
    await expect(first).toContainText(reviews[0]!.reviewText);
    await expect(first).toContainText(reviews[0]!.userName);
    const stars = first.getByRole('img', { name: `Rated ${reviews[0]!.rating} out of 5` });
    await expect(stars.locator('[data-filled="true"]')).toHaveCount(reviews[0]!.rating);
    await expect(stars.locator('[data-filled="false"]')).toHaveCount(5 - reviews[0]!.rating);
  });

  test('cuts news titles to 45 characters and two dots', async ({ page }) => {
    await page.goto('/');
    const titles = page.getByTestId('news-title');
    await expect(titles).toHaveCount(3);
    for (const title of await titles.all()) {
      const full = (await title.getAttribute('title')) ?? '';
      expect(full.length).toBeGreaterThan(45);
      await expect(title).toHaveText(`${full.slice(0, 45)}..`);
    }
  });

  test('Explore Now leads to the tools page, which lists the whole catalogue', async ({ page, request }) => {
    const total = Number((await request.get('/api/items?limit=1')).headers()['x-total-count']);
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Now' }).click();
    await expect(page).toHaveURL(/\/ourTools$/);
    await expect(page.getByRole('heading', { name: 'Our Tools', level: 1 })).toBeVisible();
    await expect(page.getByTestId('tool-card')).toHaveCount(total);
  });

  test('has no WCAG A/AA violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    await expect(page.getByTestId('review').first()).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
