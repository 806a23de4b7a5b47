import { randomUUID } from 'node:crypto';
import { payWithTestCard } from './support/payment';
import { expectAllInsidePhone, expectNoSidewaysScroll, PHONE } from './support/phone';
import type { Locator, Page } from '@playwright/test';
import type { Tool } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { E2E_ADMIN, newCustomer, signInWithForm, signUpByApi, type E2EUser } from './support/users';


/**
 * The seventh seeded tool: the home page test looks at the first six, the other specs buy from
 * the end of the list. Both orders of this test are for it.
 */
async function toolForThisSpec(page: Page): Promise<Tool> {
  const tools: Tool[] = await (await page.request.get('/api/items?limit=100')).json();
  const tool = tools[6];
  if (!tool || tool.availableQty < tool.minQty * 4) throw new Error('no seeded tool with enough stock');
  return tool;
}

async function buy(page: Page, tool: Tool) {
  await page.goto(`/purchase/${tool._id}`);
  await expect(page.getByRole('heading', { name: tool.name, level: 1 })).toBeVisible();
  await page.getByLabel('Delivery address').fill('77 Foundry Road, Dayton, OH');
  await page.getByLabel('Phone').fill('+1 555 0177');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
}

async function payFromRow(page: Page, row: Locator) {
  await row.getByRole('link', { name: 'Pay' }).click();
  await payWithTestCard(page);
}

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInWithForm(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
}

/** Pages forward through Manage Users until the row of `email` shows; the list keeps sign-up order. */
async function userRowOnSomePage(page: Page, email: string): Promise<Locator> {
  const row = page.getByTestId('user-row').filter({ hasText: email });
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  for (;;) {
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    // While the next page loads, the previous one stays on screen, marked busy.
    await expect(page.getByRole('table', { name: 'Manage Users' })).not.toHaveAttribute('aria-busy');
    if ((await row.count()) > 0) return row;
    const next = pagination.getByRole('button', { name: 'Next' });
    if ((await pagination.count()) === 0 || (await next.getAttribute('aria-disabled')) === 'true') {
      throw new Error(`${email} is on no page of Manage Users`);
    }
    const current = await pagination.getByText(/^Page \d+ of \d+$/).innerText();
    await next.click();
    await expect(pagination.getByText(/^Page \d+ of \d+$/)).not.toHaveText(current);
  }
}

test.describe('dashboard lists on a phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test('My Orders shows every action and the transaction id without sideways scrolling @mobile', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpByApi(page, newCustomer('Mo Bile'));
    const tool = await toolForThisSpec(page);
    await buy(page, tool);
    await payFromRow(page, page.getByTestId('order-row').first());
    await buy(page, tool);

    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Pay' })).toHaveCount(1);
    await expect(page.getByTestId('transaction-id')).toHaveText(/^pi_test_/);

    // Each order is a card: its labels are there and the total is price × quantity.
    const unpaid = rows.filter({ has: page.getByRole('link', { name: 'Pay' }) });
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format((tool.price * 100 * tool.minQty) / 100);
    await expect(unpaid.getByRole('cell').nth(4)).toHaveText(total);
    await expect(unpaid.locator(`time[datetime]`).first()).toBeVisible();
    // An unpaid order says until when it may be paid: the time, with the date when that
    // is on another day (a day to pay: always tomorrow).
    await expect(unpaid.getByTestId('pay-by')).toHaveText(/^Pay by ([A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2}\s?[AP]M$/);
    await expectAllInsidePhone(unpaid.getByTestId('pay-by'));

    await expectAllInsidePhone(page.getByRole('link', { name: 'Pay' }));
    await expectAllInsidePhone(page.getByRole('button', { name: /^Delete order/ }));
    await expectAllInsidePhone(page.getByTestId('transaction-id'));
    expect(await page.getByTestId('transaction-id').evaluate((id) => id.getClientRects().length), 'the id on one line').toBe(1);
    await expectAllInsidePhone(rows);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('Manage Users shows long emails and Make Admin buttons without sideways scrolling @mobile', async ({ page, playwright }) => {
    // A sign-in, paging to the newest user, twenty boxes measured and an accessibility scan: past
    // 30 s on a machine busy with other test runs.
    test.setTimeout(60_000);
    // An address with no place to break: it must wrap inside its card, not push the page wider.
    const longEmail = `a-very-long-unbreakable-address-${randomUUID().replaceAll('-', '')}@subdomain.example-tools.com`;
    const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const origin = new URL(process.env.E2E_BASE_URL as string).origin;
    const res = await api.post('/api/auth/sign-up/email', {
      headers: { origin },
      data: { name: 'Lena Longaddress', email: longEmail, password: `Str0ng-${randomUUID().slice(0, 8)}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    await api.dispose();

    await signInAsAdmin(page);
    await page.goto('/dashboard/manageUser');
    const row = await userRowOnSomePage(page, longEmail);
    await expect(row.getByRole('button', { name: 'Make Admin: Lena Longaddress' })).toBeVisible();

    await expectAllInsidePhone(page.getByTestId('user-row').getByText('@', { exact: false }));
    await expectAllInsidePhone(page.getByRole('button', { name: /^Make Admin/ }));
    await expectAllInsidePhone(page.getByRole('navigation', { name: 'Pagination' }).getByRole('button'));
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Promotion asks first; the question, long address and all, fits the phone too.
    await row.getByRole('button', { name: 'Make Admin: Lena Longaddress' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Lena Longaddress' });
    await expect(confirm).toBeVisible();
    await expectAllInsidePhone(confirm.getByRole('button'));
    await expectAllInsidePhone(confirm.getByRole('heading'));
    // The address wraps inside the question rather than running out of the dialog's box.
    const question = await confirm.getByRole('heading').evaluate((heading) => ({ scrolled: heading.scrollWidth, shown: heading.clientWidth }));
    expect(question.scrolled, 'the question is no wider than the dialog').toBeLessThanOrEqual(question.shown);
    await expectNoSidewaysScroll(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });
});

test.describe('dashboard lists on a wide screen', () => {
  test('Manage Users pages through the users 20 at a time, numbering on across pages', async ({ page, playwright }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard/manageUser');
    const rows = page.getByTestId('user-row');
    await expect(rows.first()).toBeVisible();

    // Enough users for a second page, and no more than needed.
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    if ((await pagination.count()) === 0) {
      const missing = 21 - (await rows.count());
      await Promise.all(
        Array.from({ length: missing }, async (_, i) => {
          const user: E2EUser = newCustomer(`Page Filler ${i + 1}`);
          const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
          const res = await api.post('/api/auth/sign-up/email', {
            headers: { origin: new URL(process.env.E2E_BASE_URL as string).origin },
            data: { name: user.name, email: user.email, password: user.password },
          });
          expect(res.status(), await res.text()).toBe(200);
          await api.dispose();
        }),
      );
      await page.reload();
    }

    await expect(page.getByRole('table', { name: 'Manage Users' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['No.', 'Name', 'Email', 'Address confirmed', 'Account created', 'Action']);
    await expect(rows).toHaveCount(20);
    await expect(rows.first().getByRole('rowheader')).toHaveText('1');
    await expect(pagination.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    const firstEmail = await rows.first().getByRole('cell').nth(1).innerText();

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageUser\?page=2$/);
    await expect(pagination.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(rows.first().getByRole('rowheader')).toHaveText('21');
    await expect(rows.first()).not.toContainText(firstEmail);
    await expect(pagination.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'false');

    // The page is in the address: back returns to page 1.
    await page.goBack();
    await expect(pagination.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(rows.first().getByRole('rowheader')).toHaveText('1');
    await expect(rows).toHaveCount(20);
  });
});
