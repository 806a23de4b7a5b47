import type { Page } from '@playwright/test';
import type { Order, Tool } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { payWithTestCard } from './support/payment';
import { expectAllInsidePhone, expectNoSidewaysScroll, PHONE } from './support/phone';
import { newCustomer, signInWithForm, signUpByApi } from './support/users';

/**
 * Issue 17: a cart. Add to cart (the purchase page's stepper, or a tool card's minimum), a count
 * in the navbar, a cart page to change and remove lines, and one checkout: one order of several
 * lines, one payment. A visitor's cart survives a reload and joins the customer's on sign-in.
 */

/** Seeded tools with plenty of stock; each test takes its own (`from`), as the specs run in parallel. */
async function toolsWithStock(page: Page, count: number, from: number): Promise<Tool[]> {
  const tools: Tool[] = await (await page.request.get('/api/items?limit=100')).json();
  const roomy = tools.filter((t) => t.availableQty >= t.minQty + 20).slice(from, from + count);
  if (roomy.length < count) throw new Error('not enough seeded tools with stock');
  return roomy;
}

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const cents = (dollars: number) => Math.round(dollars * 100);

async function addFromCard(page: Page, tool: Tool) {
  const card = page.getByTestId('tool-card').filter({ has: page.getByRole('heading', { name: tool.name, exact: true }) });
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`Added to your cart: ${tool.minQty} × ${tool.name}`)).toBeVisible();
}

async function findCard(page: Page, tool: Tool) {
  await page.goto(`/ourTools?q=${encodeURIComponent(tool.name)}`);
  await expect(page.getByTestId('tool-card').filter({ has: page.getByRole('heading', { name: tool.name, exact: true }) })).toBeVisible();
}

/** Three tools in the cart: the first from its purchase page with two over its minimum, the others from their cards. */
async function fillCart(page: Page, tools: Tool[]) {
  const [first, second, third] = tools as [Tool, Tool, Tool];
  await page.goto(`/purchase/${first._id}`);
  await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`Added to your cart: ${first.minQty + 2} × ${first.name}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 tool' })).toBeVisible();
  for (const tool of [second, third]) {
    await findCard(page, tool);
    await addFromCard(page, tool);
  }
  await expect(page.getByRole('link', { name: 'Cart, 3 tools' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
}

async function checkOutAndPay(page: Page, tools: Tool[], quantities: number[]) {
  const total = tools.reduce((sum, tool, i) => sum + cents(tool.price) * quantities[i]!, 0) / 100;
  await expect(page.getByTestId('cart-total')).toHaveText(usd(total));
  await page.getByLabel('Delivery address').fill('12 Cart Street, Dayton, OH');
  await page.getByLabel('Phone').fill('+1 555 0112');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkOut\//);
  await expect(page.getByTestId('checkout-line')).toHaveCount(3);
  await expect(page.getByTestId('order-total')).toHaveText(usd(total));
  await payWithTestCard(page);
  return total;
}

test.describe('the cart', () => {
  test('a customer adds three tools, changes a quantity, checks out, pays once, and sees one order of three lines', async ({ page }) => {
    // Three purchase pages, the cart, the checkout and My Orders: past 30 s on a busy machine.
    test.setTimeout(90_000);
    const customer = newCustomer('Carla Cart');
    await signUpByApi(page, customer);
    const tools = await toolsWithStock(page, 3, 0);
    await fillCart(page, tools);

    await page.getByRole('link', { name: 'Cart, 3 tools' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(3);
    // The second tool: one more than its minimum, saved on the server (it survives a reload).
    const second = lines.filter({ hasText: tools[1]!.name });
    await second.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(second.getByTestId('cart-line-total')).toHaveText(usd((cents(tools[1]!.price) * (tools[1]!.minQty + 1)) / 100));
    await expect.poll(async () => (await (await page.request.get('/api/cart', { headers: await bearerOf(page) })).json()).lines[1]?.quantity).toBe(tools[1]!.minQty + 1);
    await page.reload();
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    await expect(page.getByLabel(`Quantity of ${tools[1]!.name}`)).toHaveValue(String(tools[1]!.minQty + 1));
    await expect(page.getByLabel('Delivery address')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    const quantities = [tools[0]!.minQty + 2, tools[1]!.minQty + 1, tools[2]!.minQty];
    const total = await checkOutAndPay(page, tools, quantities);

    // One order, three lines, one payment; the cart is empty again.
    await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();
    await page.goto('/dashboard/myOrders');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(1);
    const orderLines = rows.first().getByTestId('order-lines').getByRole('listitem');
    await expect(orderLines).toHaveText(tools.map((tool, i) => `${tool.name} × ${quantities[i]} at ${usd(tool.price)} · SKU ${tool.sku}`));
    await expect(rows.first().getByText(usd(total))).toBeVisible();
    await expect(rows.first().getByTestId('transaction-id')).toHaveText(/^pi_test_/);
    const mine: Order[] = await (await page.request.get(`/api/order/${customer.email}`, { headers: await bearerOf(page) })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.lines.map((line) => line.quantity)).toEqual(quantities);
  });

  test("a visitor's cart survives a reload and joins the customer's cart on sign-in", async ({ page, browser }) => {
    const customer = newCustomer('Vera Visitor');
    // The account exists already (made elsewhere); this browser is not signed in.
    const elsewhere = await browser.newContext();
    await signUpByApi(await elsewhere.newPage(), customer);
    await elsewhere.close();

    const tools = await toolsWithStock(page, 2, 3);
    for (const tool of tools) {
      await findCard(page, tool);
      await addFromCard(page, tool);
    }
    await page.reload();
    await expect(page.getByRole('link', { name: 'Cart, 2 tools' })).toBeVisible();
    await page.getByRole('link', { name: 'Cart, 2 tools' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-line-total')).toHaveText(tools.map((tool) => usd((cents(tool.price) * tool.minQty) / 100)));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in to order' }).click();
    await signInWithForm(page, customer);
    // Back on the cart, now the customer's own, kept by the store.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get('/api/cart', { headers: await bearerOf(page) })).json()).lines.length).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('toolhouse.cart'))).toBeNull();
  });

  test('the spec\'s single-tool purchase still makes a one-line order, and leaves the cart alone', async ({ page }) => {
    await signUpByApi(page, newCustomer('Solo Sam'));
    const [inCart, bought] = await toolsWithStock(page, 2, 5);
    await findCard(page, inCart!);
    await addFromCard(page, inCart!);
    await page.goto(`/purchase/${bought!._id}`);
    await page.getByLabel('Delivery address').fill('1 Solo Road');
    await page.getByLabel('Phone').fill('555-0199');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    const row = page.getByTestId('order-row').filter({ hasText: bought!.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('order-lines')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Cart, 1 tool' })).toBeVisible();
  });

  test('works on a 390 px phone: add, change, check out and pay, all inside the screen @mobile', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpByApi(page, newCustomer('Phoebe Phone'));
    const tools = await toolsWithStock(page, 3, 7);
    await fillCart(page, tools);
    await page.getByRole('link', { name: 'Cart, 3 tools' }).click();
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await expectAllInsidePhone(page.getByRole('button', { name: /^Remove / }));
    await expectAllInsidePhone(page.getByRole('button', { name: 'Increase quantity' }));
    const third = lines.filter({ hasText: tools[2]!.name });
    await third.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(third.getByTestId('cart-line-total')).toHaveText(usd((cents(tools[2]!.price) * (tools[2]!.minQty + 1)) / 100));
    await expect.poll(async () => (await (await page.request.get('/api/cart', { headers: await bearerOf(page) })).json()).lines[2]?.quantity).toBe(tools[2]!.minQty + 1);
    await checkOutAndPay(page, tools, [tools[0]!.minQty + 2, tools[1]!.minQty, tools[2]!.minQty + 1]);
    await expectNoSidewaysScroll(page);
    await page.goto('/dashboard/myOrders');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(page.getByTestId('order-lines').getByRole('listitem')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
  });
});

/** The page's own API access token, as the web app keeps it (spec: localStorage 'accessToken'). */
async function bearerOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return { authorization: `Bearer ${token}` };
}
