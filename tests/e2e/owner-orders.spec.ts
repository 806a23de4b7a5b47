import type { Page } from '@playwright/test';
import type { Order, Tool } from '../../src/shared';
import { signInAdminByApi } from './support/admin';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { payWithTestCard } from './support/payment';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { E2E_ADMIN, newCustomer, signUpByApi } from './support/users';
import { downloaded } from './support/downloads';

/**
 * Issue 18, the owner's day: an order page with everything needed to ship (lines, address, phone,
 * buyer, timeline), shipping with a tracking number, the invoice and the packing slip, a refund;
 * and the buyer's own order page. Desktop and a 390 px phone.
 */

/** A customer (in a browser context of its own) places and pays an order of two tools; answers it as the API has it. */
async function paidOrderByCustomer(page: Page, from: number): Promise<{ order: Order; tools: Tool[] }> {
  const context = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
  const buyer = await context.newPage();
  await signUpByApi(buyer, newCustomer('Orla Owner-Test'));
  const all: Tool[] = await (await buyer.request.get('/api/items?limit=100')).json();
  const tools = all.filter((t) => t.availableQty >= t.minQty + 20).slice(from, from + 2);
  const auth = await bearerFromSession(buyer);
  const placed = await buyer.request.post('/api/orders', {
    headers: auth,
    data: { lines: tools.map((t) => ({ toolId: t._id, quantity: t.minQty })), address: '77 Packing Lane, Dayton, OH 45402', phone: '+1 555 0177' },
  });
  expect(placed.status()).toBe(201);
  const { insertedId } = await placed.json();
  await buyer.goto(`/dashboard/checkOut/${insertedId}`);
  await payWithTestCard(buyer);
  const order: Order = await (await buyer.request.get(`/api/orders/${insertedId}`, { headers: auth })).json();
  await context.close();
  return { order, tools };
}

async function bearerFromSession(page: Page) {
  const email = (await (await page.request.get('/api/auth/get-session')).json()).user.email as string;
  const res = await page.request.post('/api/login', { headers: { origin: new URL(process.env.E2E_BASE_URL!).origin }, data: { email } });
  return { authorization: `Bearer ${(await res.json()).accessToken}` };
}


for (const tag of ['', ' @mobile']) {
  test.describe(`the owner's order page${tag}`, () => {
    test(`shows where to ship, ships with tracking, gives the invoice and packing slip, then refunds another${tag}`, async ({ page }) => {
      test.setTimeout(90_000);
      if (tag) await page.setViewportSize(PHONE);
      const { order, tools } = await paidOrderByCustomer(page, tag ? 6 : 0);
      await signInAdminByApi(page);
      await page.goto(`/dashboard/orders/${order._id}`);
      await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
      await expect(page.getByTestId('order-page-state')).toHaveText('Paid, waiting to ship');
      await expect(page.getByTestId('order-page-address')).toHaveText('77 Packing Lane, Dayton, OH 45402');
      await expect(page.getByTestId('order-page-phone')).toHaveText('+1 555 0177');
      await expect(page.getByTestId('order-page-line')).toHaveCount(2);
      for (const tool of tools) await expect(page.getByTestId('order-page-line').filter({ hasText: tool.name })).toBeVisible();
      await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveCount(2);
      if (tag) await expectNoSidewaysScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);

      const invoice = await downloaded(page, () => page.getByRole('button', { name: 'Invoice (PDF)' }).click());
      expect(invoice.name).toBe(`${order.invoiceNumber}.pdf`);
      expect(invoice.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const slip = await downloaded(page, () => page.getByRole('button', { name: 'Packing slip (PDF)' }).click());
      expect(slip.name).toBe(`${order.number}-packing-slip.pdf`);
      expect(slip.bytes.subarray(0, 5).toString()).toBe('%PDF-');

      await page.getByRole('button', { name: 'Pending – mark as shipped' }).click();
      const dialog = page.getByRole('dialog', { name: `Mark order ${order.number} as shipped?` });
      await dialog.getByLabel('Carrier').fill('UPS');
      await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
      await dialog.getByLabel('Tracking link').fill('https://www.ups.com/track?tracknum=1Z999AA10123456784');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(page.getByText('Payment status updated')).toBeVisible();
      await expect(page.getByTestId('order-page-state')).toHaveText('Shipped');
      await expect(page.getByTestId('order-page-tracking')).toHaveText('1Z999AA10123456784');
      await expect(page.getByTestId('order-timeline').getByRole('listitem').last()).toContainText('UPS, tracking 1Z999AA10123456784');
      // Shipped, it can still be refunded in full (the goods came back): one refund rule with the API.
      await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();

      // A second paid order is cancelled and refunded.
      const { order: second } = await paidOrderByCustomer(page, tag ? 8 : 2);
      await page.goto(`/dashboard/orders/${second._id}`);
      await page.getByRole('button', { name: 'Cancel and refund' }).click();
      // Money leaves the store: the admin gives their password again (decision 023).
      await page.getByRole('dialog').getByLabel('Your password or authenticator code').fill(E2E_ADMIN.password);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel and refund' }).click();
      await expect(page.getByText('The order is cancelled and refunded')).toBeVisible();
      await expect(page.getByTestId('order-page-state')).toHaveText('Cancelled and refunded');
      await expect(page.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);
      // The refund issued a credit note that corrects the invoice (decision 049): on the page, to download.
      await expect(page.getByText(/^Credit note CN-\d{6}$/)).toBeVisible();
      const creditNote = await downloaded(page, () => page.getByRole('button', { name: 'Credit note (PDF)' }).click());
      expect(creditNote.name).toMatch(/^CN-\d{6}\.pdf$/);
      expect(creditNote.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const creditNoteXml = await downloaded(page, () => page.getByRole('button', { name: 'Credit note (XML)' }).click());
      expect(creditNoteXml.name).toBe(creditNote.name.replace(/\.pdf$/, '.xml'));
      expect(creditNoteXml.bytes.toString()).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    });
  });
}

test("the buyer's order page shows the lines, the timeline and the invoice @mobile", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUpByApi(page, newCustomer('Bea Buyer-Page'));
  const all: Tool[] = await (await page.request.get('/api/items?limit=100')).json();
  const tool = all.filter((t) => t.availableQty >= t.minQty + 20).at(10)!;
  await page.goto(`/purchase/${tool._id}`);
  await page.getByLabel('Delivery address').fill('1 Invoice Road');
  await page.getByLabel('Phone').fill('555-0101');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByTestId('order-row').filter({ hasText: tool.name }).getByRole('link', { name: 'Pay' }).click();
  await payWithTestCard(page);
  await page.getByRole('link', { name: 'See the order and its invoice' }).click();
  await expect(page.getByRole('heading', { name: /^Order TH-\d+$/ })).toBeVisible();
  await expect(page.getByTestId('order-page-line')).toHaveText(new RegExp(tool.name));
  await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveCount(2);
  const invoice = await downloaded(page, () => page.getByRole('button', { name: 'Download invoice' }).click());
  expect(invoice.name).toMatch(/^INV-\d{6}\.pdf$/);
  expect(invoice.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoSidewaysScroll(page);
});
