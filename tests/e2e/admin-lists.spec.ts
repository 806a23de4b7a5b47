import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import type { Order } from '../../src/shared';
import { parseCsv } from '../../src/server/lib/parse-csv';
import { createToolByApi, signInAdminByApi } from './support/admin';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { payWithTestCard } from './support/payment';
import { expectAllInsidePhone, expectNoSidewaysScroll, PHONE } from './support/phone';
import { E2E_ADMIN, newCustomer, signUpByApi, type E2EUser } from './support/users';
import { downloaded } from './support/downloads';

/**
 * Issue 18, item 7: Manage Orders searches (order number, part of a name or email, a tool's name),
 * sorts, ships through a confirming dialog with tracking, and exports CSV; Manage Tools searches.
 * Each test makes its own tools and customers with unique names. Like the back-office spec, it adds
 * tools to the catalogue, so it belongs with the specs that run after the others.
 */

const origin = () => new URL(process.env.E2E_BASE_URL as string).origin;
const suffix = () => randomUUID().slice(0, 8);

/** The dashboard list pages show a spinner until their data is in, and mark a list busy while a newer one loads. */
async function waitForList(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * A customer (in a browser context of their own) with three paid orders of `toolId`, of 1, 3 and 2
 * units (so three different totals), paid through the checkout page. Answers the orders as the API has them.
 */
async function customerWithPaidOrders(browser: Browser, name: string, toolId: string): Promise<{ user: E2EUser; orders: Order[] }> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const page = await context.newPage();
    const user = { ...newCustomer(name), email: `lists-${suffix()}.buyer@example.com` };
    await signUpByApi(page, user);
    const login = await page.request.post('/api/login', { headers: { origin: origin() }, data: { email: user.email } });
    const auth = { authorization: `Bearer ${(await login.json()).accessToken}`, origin: origin() };
    const orders: Order[] = [];
    for (const quantity of [1, 3, 2]) {
      const placed = await page.request.post('/api/order', {
        headers: auth,
        data: { toolId, quantity, address: '12 Sorting Street, Dayton, OH', phone: '+1 555 0123' },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const { insertedId } = await placed.json();
      await page.goto(`/dashboard/checkOut/${insertedId}`);
      await payWithTestCard(page);
      orders.push(await (await page.request.get(`/api/orders/${insertedId}`, { headers: auth })).json());
    }
    return { user, orders };
  } finally {
    await context.close();
  }
}

async function search(page: Page, name: 'Orders' | 'Tools', text: string) {
  const form = page.getByRole('search', { name });
  await form.getByRole('searchbox').fill(text);
  await form.getByRole('button', { name: 'Search' }).click();
}

/** The order numbers of the rows, in their order (each row is headed by its number, a link to the order's page). */
const rowNumbers = async (rows: Locator) => (await rows.getByRole('rowheader').getByRole('link').allInnerTexts()).map((text) => text.trim());


test.describe('admin lists', () => {
  test('finds orders by number and by part of an email, sorts them by total, ships one with tracking and exports them', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAdminByApi(page);
    const { tool, remove } = await createToolByApi(page, { name: `Sortable Spanner ${suffix()}`, price: 10, availableQty: 20 });
    try {
      const { user, orders } = await customerWithPaidOrders(browser, 'Dana Listfinder', tool._id);
      const [one, three, two] = orders as [Order, Order, Order];
      const rows = page.getByTestId('order-row');

      // By its number: that order alone, its number a link to its page.
      await page.goto('/dashboard/manageOrders');
      await waitForList(page, 'Manage Orders');
      await search(page, 'Orders', three.number);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${three.number}`));
      await expect(rows).toHaveCount(1);
      await expect(rows.getByRole('link', { name: `Order ${three.number}` })).toHaveAttribute('href', `/dashboard/orders/${three._id}`);

      // By a part of the email that is no whole address (once refused with 'Provide a valid email').
      // Up to the '@', so never digits alone (1 run in 40 drew such a suffix): a bare number is an
      // order number to the search box, by design (orders/admin-order-list.test.ts).
      const part = user.email.slice('lists-'.length, user.email.indexOf('@'));
      await search(page, 'Orders', part.toUpperCase());
      await waitForList(page, 'Manage Orders');
      await expect(rows).toHaveCount(3);
      await expect(rows.first().getByTestId('buyer-email')).toHaveText(user.email);

      // Sorted by total, both ways.
      await page.getByLabel('Sort by').selectOption({ label: 'Total: high to low' });
      await expect(page).toHaveURL(/sort=total&dir=desc/);
      await waitForList(page, 'Manage Orders');
      expect(await rowNumbers(rows)).toEqual([three.number, two.number, one.number]);
      await page.getByLabel('Sort by').selectOption({ label: 'Total: low to high' });
      await waitForList(page, 'Manage Orders');
      expect(await rowNumbers(rows)).toEqual([one.number, two.number, three.number]);

      // Shipped through the dialog, with a tracking number and link; the button says what it does.
      const row = rows.filter({ has: page.getByRole('rowheader', { name: two.number }) });
      await row.getByRole('button', { name: /^Pending – mark as shipped/ }).click();
      const dialog = page.getByRole('dialog', { name: `Mark order ${two.number} as shipped?` });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Tracking link').fill('http://not-https.example/track');
      await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(dialog.getByText('Tracking link must be a link starting with https://')).toBeVisible();
      await expect(row.getByRole('button', { name: /^Pending/ })).toBeVisible();
      await dialog.getByLabel('Tracking link').fill('https://www.ups.com/track?tracknum=1Z999AA10123456784');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(page.getByText('Payment status updated')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
      await expect(row.getByRole('button')).toHaveCount(0);
      const [shipped] = (await (await page.request.get(`/api/orders?q=${two.number}`, { headers: await adminBearer(page) })).json()) as Order[];
      expect(shipped).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });

      // The export holds what the list shows, in its order, whatever the page.
      const ordersCsv = await downloaded(page, () => page.getByRole('link', { name: 'Export CSV' }).click());
      expect(ordersCsv.name).toBe(`orders-${new Date().toISOString().slice(0, 10)}.csv`);
      const [header, ...records] = parseCsv(ordersCsv.text);
      expect(header!.slice(0, 4)).toEqual(['Order number', 'Placed at (UTC)', 'Status', 'Buyer name']);
      expect(records.map((record) => record[0])).toEqual([one.number, two.number, three.number]);
      expect(records[1]).toEqual(expect.arrayContaining(['Shipped', 'Dana Listfinder', user.email, `2 × ${tool.name}`, '20.00', '1Z999AA10123456784']));

      // The customers' export has this customer, with three orders paid (10 + 30 + 20 dollars).
      const customers = await downloaded(page, () => page.getByRole('link', { name: 'Export customers (CSV)' }).click());
      expect(customers.name).toMatch(/^customers-\d{4}-\d\d-\d\d\.csv$/);
      expect(parseCsv(customers.text).find((record) => record[1] === user.email)).toEqual([
        'Dana Listfinder', user.email, 'customer', 'yes', expect.any(String), '3', '60.00',
      ]);
    } finally {
      await remove();
    }
  });

  test('Manage Tools finds a tool by a word of its name', async ({ page }) => {
    await signInAdminByApi(page);
    const word = `Zanzibar${suffix()}`;
    const { tool, remove } = await createToolByApi(page, { name: `Torque Wrench ${word}` });
    try {
      await page.goto('/dashboard/manageTools');
      await waitForList(page, 'Manage Tools');
      await search(page, 'Tools', word.toLowerCase());
      await expect(page).toHaveURL(new RegExp(`q=${word.toLowerCase()}`));
      const rows = page.getByTestId('tool-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.getByRole('rowheader')).toHaveText(tool.name);

      await search(page, 'Tools', `nothing-like-${word}`);
      await expect(page.getByText('No tools match this search')).toBeVisible();
      await page.getByRole('search', { name: 'Tools' }).getByRole('button', { name: 'Clear' }).click();
      await expect(page).not.toHaveURL(/q=/);
      await waitForList(page, 'Manage Tools');
      expect(await rows.count()).toBeGreaterThan(1);
    } finally {
      await remove();
    }
  });

  test('Manage Orders searches, ships and exports on a phone without sideways scrolling @mobile', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await signInAdminByApi(page);
    const { tool, remove } = await createToolByApi(page, { name: `Pocket Spanner With A Long Name ${suffix()}`, price: 10, availableQty: 20 });
    try {
      const { user, orders } = await customerWithPaidOrders(browser, 'Phoebe Phone-Orders', tool._id);
      await page.goto(`/dashboard/manageOrders?q=${encodeURIComponent(user.email)}`);
      await waitForList(page, 'Manage Orders');
      const rows = page.getByTestId('order-row');
      await expect(rows).toHaveCount(3);
      await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(user.email);

      await page.getByLabel('Sort by').selectOption({ label: 'Total: high to low' });
      await waitForList(page, 'Manage Orders');
      expect(await rowNumbers(rows)).toEqual([orders[1]!.number, orders[2]!.number, orders[0]!.number]);

      const ship = page.getByRole('button', { name: /^Pending – mark as shipped/ });
      await expect(ship).toHaveCount(3);
      await expectAllInsidePhone(rows);
      await expectAllInsidePhone(ship);
      await expectAllInsidePhone(page.getByTestId('buyer-email'));
      await expectAllInsidePhone(page.getByTestId('transaction-id'));
      await expectAllInsidePhone(page.getByRole('link', { name: /^Export/ }));
      await expectAllInsidePhone(page.getByRole('search', { name: 'Orders' }).getByRole('button'));
      await expectNoSidewaysScroll(page);
      // Emails and transaction ids wrap only after their separators, never inside a word.
      for (const email of await page.getByTestId('buyer-email').all()) {
        for (const c of await charactersBeforeLineBreaks(email)) expect('@._+-').toContain(c);
      }
      for (const id of await page.getByTestId('transaction-id').all()) {
        for (const c of await charactersBeforeLineBreaks(id)) expect('_-').toContain(c);
      }
      expect(await accessibilityViolations(page)).toEqual([]);

      await ship.first().click();
      const dialog = page.getByRole('dialog', { name: `Mark order ${orders[1]!.number} as shipped?` });
      await expectAllInsidePhone(dialog.getByRole('button', { name: 'Mark as shipped' }));
      await dialog.getByLabel('Carrier').fill('USPS');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(page.getByText('Payment status updated')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pending – mark as shipped/ })).toHaveCount(2);

      const file = await downloaded(page, () => page.getByRole('link', { name: 'Export CSV' }).click());
      expect(parseCsv(file.text).slice(1).map((record) => record[0])).toEqual([orders[1]!.number, orders[2]!.number, orders[0]!.number]);
    } finally {
      await remove();
    }
  });
});

async function adminBearer(page: Page) {
  const login = await page.request.post('/api/login', { headers: { origin: origin() }, data: { email: E2E_ADMIN.email } });
  return { authorization: `Bearer ${(await login.json()).accessToken}` };
}

/** The characters after which the element's text goes on to a new line, as the browser laid it out. */
function charactersBeforeLineBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const characters: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (let i = 0; i < (text.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        characters.push({ char: text.textContent![i]!, top: range.getBoundingClientRect().top });
      }
    }
    return characters.filter((c, i) => i + 1 < characters.length && characters[i + 1]!.top > c.top + 1).map((c) => c.char);
  });
}
