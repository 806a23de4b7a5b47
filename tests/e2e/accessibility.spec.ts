import type { Page } from '@playwright/test';
import type { Tool } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { E2E_ADMIN, newCustomer, signInWithForm, signUpByApi } from './support/users';

/** Tests run in parallel: buying here must not change the stock the home page test compares. */
async function toolNobodyElseBuys(page: Page, fromEnd: number): Promise<Tool> {
  const tools: Tool[] = await (await page.request.get('/api/items?limit=100')).json();
  return tools.at(-1 - fromEnd)!;
}

test.describe('accessibility of the signed-in pages', () => {
  for (const path of ['/login', '/registration', '/forgotPassword']) {
    test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  test('the customer pages have no WCAG A/AA violations', async ({ page }) => {
    // Five pages, each with a full axe scan.
    test.setTimeout(90_000);
    await signUpByApi(page, newCustomer('Ally Access'));
    const tool = await toolNobodyElseBuys(page, 4);
    await page.goto(`/purchase/${tool._id}`);
    await expect(page.getByRole('button', { name: 'Purchase' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Delivery address').fill('5 Access Way');
    await page.getByLabel('Phone').fill('555 0123');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Pay' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    for (const [path, heading] of [
      ['/dashboard', 'My Profile'],
      ['/dashboard/addReview', 'Add Review'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });

  test('the delete confirmation is a keyboard-usable dialog', async ({ page }) => {
    await signUpByApi(page, newCustomer('Kay Board'));
    const tool = await toolNobodyElseBuys(page, 5);
    await page.goto(`/purchase/${tool._id}`);
    await page.getByLabel('Delivery address').fill('5 Access Way');
    await page.getByLabel('Phone').fill('555 0123');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByRole('button', { name: /^Delete order/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure to delete this order?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-row')).toHaveCount(1);
  });

  test('the admin pages have no WCAG A/AA violations', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/manageUser');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
