import type { Page } from '@playwright/test';
import { formatUsd, type Order, type Tool } from '../../src/shared';
import { accessToken } from './support/buying-by-api';
import { expect, test } from './support/fixtures';
import { PHONE, expectAllInsidePhone, expectNoSidewaysScroll } from './support/phone';
import { newCustomer, signUpByApi } from './support/users';

/**
 * My Orders with an order of several tools (issue 28): its lines, each "name × quantity at
 * price", and "3 tools" where one quantity would add up units of different tools. An order of
 * one tool keeps the spec's columns. On a desktop and on a 390 px phone.
 */

/** A new customer with an order of three tools and one of a single tool, placed through the API. */
async function customerWithOrders(page: Page) {
  const customer = newCustomer('Workshop Buyer');
  await signUpByApi(page, customer);
  const headers = { authorization: `Bearer ${await accessToken(page.request, customer.email)}` };
  const all = (await (await page.request.get('/api/items?limit=100')).json()) as Tool[];
  // Tools with stock to spare, from the end of the list that the specs counting stock leave alone.
  const tools = all.filter((tool) => tool.availableQty >= tool.minQty * 20).slice(-4);
  const delivery = { address: '3 Bench Street, Dayton, OH', phone: '+1 555 0133' };
  const several = await page.request.post('/api/orders', {
    headers,
    data: { lines: tools.slice(0, 3).map((tool, i) => ({ toolId: tool._id, quantity: tool.minQty + i })), ...delivery },
  });
  expect(several.status(), await several.text()).toBe(201);
  const one = await page.request.post('/api/order', { headers, data: { toolId: tools[3]!._id, quantity: tools[3]!.minQty, ...delivery } });
  expect(one.status(), await one.text()).toBe(201);
  const read = async (id: string) => (await (await page.request.get(`/api/orders/${id}`, { headers })).json()) as Order;
  return { several: await read(((await several.json()) as { insertedId: string }).insertedId), one: await read(((await one.json()) as { insertedId: string }).insertedId) };
}

for (const [screen, viewport] of [['a desktop', { width: 1280, height: 800 }], ['a 390 px phone', PHONE]] as const) {
  test(`My Orders shows an order of several tools as its lines and "3 tools", on ${screen}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { several, one } = await customerWithOrders(page);
    expect(several.lines).toHaveLength(3);
    await page.goto('/dashboard/myOrders');

    const row = page.getByTestId('order-row').filter({ has: page.getByTestId('order-number').getByText(several.number, { exact: true }) });
    await expect(row.getByTestId('order-lines').getByRole('listitem')).toHaveText(
      several.lines.map((line) => new RegExp(`^${escape(line.productName)} × ${line.quantity} at ${escape(formatUsd(line.price))}`)),
    );
    // Where one number would add up units of different tools, the row says how many tools.
    await expect(row.getByRole('cell').nth(3)).toHaveText('3 tools');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Per line');
    await expect(row.getByRole('cell').nth(3)).not.toHaveText(String(several.quantity));
    await expect(row.getByRole('cell').nth(1)).not.toHaveText('—');

    // An order of one tool: the spec's item, description, price and quantity.
    const single = page.getByTestId('order-row').filter({ has: page.getByTestId('order-number').getByText(one.number, { exact: true }) });
    await expect(single.getByRole('cell').nth(0)).toContainText(one.productName);
    await expect(single.getByRole('cell').nth(2)).toHaveText(formatUsd(one.price!));
    await expect(single.getByRole('cell').nth(3)).toHaveText(String(one.quantity));

    if (viewport === PHONE) {
      await expectAllInsidePhone(row.getByTestId('order-lines').getByRole('listitem'));
      await expectNoSidewaysScroll(page);
    }
  });
}

/** A text for a regular expression that matches it literally (tool names may hold "(" or "+"). */
function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
