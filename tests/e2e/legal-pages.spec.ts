import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Tool } from '../../src/shared';
import { signInAdminByApi } from './support/admin';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { newCustomer, signUpByApi } from './support/users';

/**
 * Issue 27 item 5: the legal pages (terms, privacy, returns, legal notice). The footer links to
 * them, each has its own title, the owner writes them in Settings as Markdown that is never run as
 * HTML, and both checkouts say that placing the order accepts the terms, with a link to them.
 */

const PAGES = [
  { path: '/terms', name: 'Terms and Conditions' },
  { path: '/privacy', name: 'Privacy Policy' },
  { path: '/returns', name: 'Returns and Refunds' },
  { path: '/imprint', name: 'Legal Notice' },
];

/** Set on `window` by any markup in a legal text that managed to run. */
declare global {
  interface Window {
    legalPwned?: number;
  }
}

async function buyableTool(page: Page): Promise<Tool> {
  const tools = (await (await page.request.get('/api/items?limit=100')).json()) as Tool[];
  const tool = tools.find((one) => one.availableQty >= one.minQty + 5);
  expect(tool, 'a tool in stock').toBeTruthy();
  return tool!;
}

test.describe('the legal pages', () => {
  test('the footer links to each page, which has its own title and the template notice; each loads directly too', async ({ page }) => {
    await page.goto('/');
    const legal = page.getByRole('navigation', { name: 'Legal' });
    for (const { path, name } of PAGES) {
      await legal.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(`${name} | ToolHouse`);
    }
    for (const { path, name } of PAGES) {
      // The server's own head, before any script: a crawler reads the title and description.
      const html = await (await page.request.get(path)).text();
      expect(html).toContain(`<title>${name} | ToolHouse</title>`);
      expect(html).not.toContain('noindex');
    }
    await page.goto('/privacy');
    await expect(page.getByTestId('legal-page')).toContainText('Template: review before opening the store.');
    expect(await accessibilityViolations(page)).toEqual([]);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    for (const { path } of PAGES) expect(sitemap).toContain(`${path}</loc>`);
  });

  test('the owner edits the terms in Settings; a visitor sees the new text, and markup in it is shown, never run', async ({ page, browser }) => {
    test.slow();
    await signInAdminByApi(page);
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Terms and Conditions' }).click();
    const form = page.getByRole('form', { name: 'Terms and Conditions text' });
    const before = await form.getByTestId('legal-text-version').textContent();
    const marker = `Orders ship within ${randomUUID().slice(0, 8)} days`;
    const text = [
      '## Our terms',
      '',
      marker,
      '',
      '<script>window.legalPwned = 1</script>',
      '',
      '<img src="x" onerror="window.legalPwned = 2">',
      '',
      '[Click me](javascript:window.legalPwned=3)',
      '',
      '[Our returns](/returns)',
    ].join('\n');
    await form.getByLabel('Terms and Conditions (Markdown)').fill(text);
    // The preview draws it as the page will.
    await form.getByText('Preview').click();
    await expect(form.getByTestId('legal-preview')).toContainText(marker);
    await form.getByRole('button', { name: 'Save Terms and Conditions' }).click();
    await expect(page.getByText(/Terms and Conditions saved as version \d+/)).toBeVisible();
    await expect(form.getByTestId('legal-text-version')).not.toHaveText(before ?? '');
    expect(await accessibilityViolations(page)).toEqual([]);

    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      const view = await visitor.newPage();
      await view.goto('/terms');
      const article = view.getByTestId('legal-page');
      await expect(article).toContainText(marker);
      await expect(view.getByRole('heading', { name: 'Our terms' })).toBeVisible();
      // The markup is there as text, and nothing of it ran or became an element.
      await expect(article).toContainText('<script>window.legalPwned = 1</script>');
      await expect(article.locator('script, img, iframe')).toHaveCount(0);
      await expect(article.getByText('Click me')).toBeVisible();
      expect(await article.locator('a[href^="javascript"]').count()).toBe(0);
      await article.getByText('Click me').click();
      expect(await view.evaluate(() => window.legalPwned)).toBeUndefined();
      // A link to a page of the store opens in the app.
      await article.getByRole('link', { name: 'Our returns' }).click();
      await expect(view).toHaveURL(/\/returns$/);
      await expect(view.getByRole('heading', { name: 'Returns and Refunds', level: 1 })).toBeVisible();
      expect(await view.evaluate(() => window.legalPwned)).toBeUndefined();
    } finally {
      await visitor.close();
    }
  });

  test('both checkouts say that ordering accepts the terms; the link opens them in a new tab and the form keeps what was typed', async ({ page, context }) => {
    test.slow();
    await signUpByApi(page, newCustomer('Terms Reader'));
    const tool = await buyableTool(page);
    await page.goto(`/purchase/${tool._id}`);
    const form = page.getByRole('form', { name: 'Purchase form' });
    await form.getByLabel('Delivery address').fill('12 Terms Street, Dayton');
    const acceptance = form.getByTestId('terms-acceptance');
    await expect(acceptance).toHaveText(/By placing this order you accept our Terms and Conditions/);
    const link = acceptance.getByRole('link', { name: /Terms and Conditions/ });
    await expect(link).toHaveAttribute('href', '/terms');
    await expect(link).toHaveAttribute('target', '_blank');
    const [terms] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(terms.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible();
    await expect(terms).toHaveTitle('Terms and Conditions | ToolHouse');
    await terms.close();
    await expect(form.getByLabel('Delivery address')).toHaveValue('12 Terms Street, Dayton');

    // The cart's checkout says the same.
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(/Added to your cart/)).toBeVisible();
    await page.goto('/cart');
    const checkout = page.getByRole('form', { name: 'Delivery and order' });
    await expect(checkout.getByTestId('terms-acceptance')).toHaveText(/By placing this order you accept our Terms and Conditions/);
    await expect(checkout.getByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute('href', '/terms');
  });

  test('on a phone, the footer links and a legal page fit the screen @mobile', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/returns');
    await expect(page.getByRole('heading', { name: 'Returns and Refunds', level: 1 })).toBeVisible();
    await expect(page.getByTestId('legal-page')).toContainText('Returns');
    for (const { name } of PAGES) await expect(page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
