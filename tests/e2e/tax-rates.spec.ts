import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Order, Tool } from '../../src/shared';
import { readPdfText } from '../../src/server/invoices/pdf-text.testing';
import { createToolByApi, signInAdminByApi } from './support/admin';
import { downloaded } from './support/downloads';
import { expect, test } from './support/fixtures';
import { payWithTestCard } from './support/payment';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { VALIDATION } from '../../src/shared/messages';
import { newCustomer, signUpByApi } from './support/users';

/**
 * Issue 27: tax by destination (decision 048). The owner sets a rate for California on the Tax
 * rates page; a customer in California buys through the cart, sees the tax before ordering, at
 * checkout, on the invoice and in My Orders. Runs with the back office (playwright.config.ts): a rate changes what
 * every buyer in California would pay, so it is removed again at the end. Issue 27 item 3: an EU
 * business customer (a German VAT number, a seller in France) sees the reverse charge, at desktop
 * width and on a 390 px phone. Tax classes: a tool marked "Reduced rate" pays the destination's
 * reduced rate beside a standard tool's standard one. The tests that change the store's tax run
 * one after another.
 */

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const cents = (dollars: number) => Math.round(dollars * 100);
const halfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The amount of the summary's row named `label` ("VAT (19%)"), in the cart or at checkout. */
const taxLine = (page: Page, label: string) => page.getByTestId('tax-rows').locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function adminBearer(page: Page) {
  const origin = new URL(process.env.E2E_BASE_URL as string).origin;
  const login = await page.request.post('/api/login', { headers: { origin }, data: { email: 'admin@e2e.test' } });
  return { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`, origin };
}

async function roomyTool(page: Page, from: number): Promise<Tool> {
  const tools: Tool[] = await (await page.request.get('/api/items?limit=100')).json();
  const tool = tools.filter((t) => t.availableQty >= t.minQty + 20)[from];
  if (!tool) throw new Error('no seeded tool with stock');
  return tool;
}

/** The store's settings through the admin API, `changes` applied; answers what they were before. */
async function changeSettings(page: Page, admin: Record<string, string>, changes: object) {
  const before = (await (await page.request.get('/api/settings', { headers: admin })).json()) as Record<string, unknown>;
  const payload = { ...before, taxId: before.taxId ?? '', notifyEmail: before.notifyEmail ?? '', ...changes };
  const res = await page.request.put('/api/settings', { headers: admin, data: payload });
  expect(res.status(), await res.text()).toBe(200);
  return before;
}

/**
 * A customer in California, in a browser of their own at `viewport`, buys `tool` through the cart
 * with the CA rate in place: the tax before ordering, at checkout and in My Orders.
 */
async function buyInCalifornia(buyer: Page, tool: Tool) {
  await signUpByApi(buyer, newCustomer('Cali Buyer'));
  await buyer.goto(`/purchase/${tool._id}`);
  await expect(buyer.getByTestId('price-tax-note')).toHaveText('plus tax');
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyer.getByText(`Added to your cart: ${tool.minQty} × ${tool.name}`)).toBeVisible();
  await buyer.goto('/cart');
  const subtotalCents = cents(tool.price) * tool.minQty;
  const taxCents = halfUp(subtotalCents * 7250, 100_000);
  const total = usd((subtotalCents + taxCents) / 100);
  await expect(buyer.getByTestId('cart-total')).toHaveText(usd(subtotalCents / 100));
  await expect(buyer.getByLabel('Country')).toHaveValue('US');
  await buyer.getByLabel('State or region').selectOption('US-CA');
  await expect(buyer.getByText('CA sales tax (7.25%)')).toBeVisible();
  await expect(buyer.getByTestId('cart-total')).toHaveText(total);
  await buyer.getByLabel('Delivery address').fill('1 Sunset Blvd, Los Angeles');
  await buyer.getByLabel('Phone').fill('+1 555 0127');
  await buyer.getByRole('button', { name: 'Place order' }).click();

  // Checkout: the same subtotal, tax and total before paying; the card pays the total with tax.
  await expect(buyer).toHaveURL(/\/dashboard\/checkOut\//);
  await expect(buyer.getByTestId('order-subtotal')).toHaveText(usd(subtotalCents / 100));
  await expect(buyer.getByTestId('order-tax-line')).toHaveText(usd(taxCents / 100));
  await expect(buyer.getByTestId('order-total')).toHaveText(total);
  await payWithTestCard(buyer);

  // The invoice: the line net at its rate, the rate's net, tax and gross, and the total paid.
  await buyer.getByRole('link', { name: 'See the order and its invoice' }).click();
  const invoice = await downloaded(buyer, () => buyer.getByRole('button', { name: 'Download invoice' }).click());
  // The PDF's columns come out of its text with runs of spaces between them.
  const invoiceText = (await readPdfText(invoice.bytes)).replace(/\s+/g, ' ');
  expect(invoiceText).toContain(`CA sales tax 7.25% ${usd(subtotalCents / 100)} ${usd(taxCents / 100)} ${total}`);
  expect(invoiceText).toContain(total);

  await buyer.goto('/dashboard/myOrders');
  const orderRow = buyer.getByTestId('order-row').first();
  await expect(orderRow.getByTestId('my-order-total')).toContainText(total);
  await expect(orderRow.getByTestId('my-order-total')).toContainText(`${usd(taxCents / 100)} tax`);
  return { subtotalCents, taxCents };
}

test.describe('tax by destination', () => {
  // Each test changes the store's rates or settings, which the others read: one at a time.
  test.describe.configure({ mode: 'serial' });

  test('the owner sets a California rate; a customer in California sees the tax in the cart, at checkout, on the invoice and in My Orders', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAdminByApi(page);
    const admin = await adminBearer(page);
    try {
      // The owner adds the rate on the dashboard page, beside Settings.
      await page.goto('/dashboard/settings');
      await page.getByRole('link', { name: 'Tax rates' }).first().click();
      await expect(page.getByRole('heading', { name: 'Tax rates', level: 2 })).toBeVisible();
      await page.getByRole('button', { name: 'Add a rate' }).click();
      const row = page.getByTestId('tax-rate-row').last();
      await row.getByLabel('Country').selectOption('US');
      await row.getByLabel('Region (optional)').fill('US-CA');
      await row.getByLabel('Name').fill('CA sales tax');
      // A rate past 100 % is refused in the form, naming the field.
      await row.getByLabel('Rate (%)').fill('101');
      await page.getByRole('button', { name: 'Save tax rates' }).click();
      await expect(row.getByText('Rate must be a percentage from 0 to 100')).toBeVisible();
      await row.getByLabel('Rate (%)').fill('7.25');
      await page.getByRole('button', { name: 'Save tax rates' }).click();
      await expect(page.getByText('Tax rates saved')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('tax-rate-row').last().getByLabel('Region (optional)')).toHaveValue('US-CA');

      // A customer in California, in a browser of their own.
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      const buyer = await context.newPage();
      try {
        const tool = await roomyTool(buyer, 5);
        const { subtotalCents, taxCents } = await buyInCalifornia(buyer, tool);
        const email = (await (await buyer.request.get('/api/auth/get-session')).json()).user.email as string;
        const login = await buyer.request.post('/api/login', { headers: { origin: new URL(process.env.E2E_BASE_URL as string).origin }, data: { email } });
        const token = ((await login.json()) as { accessToken: string }).accessToken;
        const [mine] = (await (await buyer.request.get(`/api/order/${email}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Order[];
        expect(mine).toMatchObject({ paid: true, country: 'US', region: 'US-CA', total: (subtotalCents + taxCents) / 100, taxLines: [{ name: 'CA sales tax', percent: 7.25 }] });
      } finally {
        await context.close();
      }
    } finally {
      const cleared = await page.request.put('/api/tax-rates', { headers: admin, data: [] });
      expect(cleared.status()).toBe(200);
    }
  });

  test('a customer in California buys through the cart on a 390 px phone and sees the tax at checkout and in My Orders', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAdminByApi(page);
    const admin = await adminBearer(page);
    expect((await page.request.put('/api/tax-rates', { headers: admin, data: [{ country: 'US', region: 'US-CA', name: 'CA sales tax', percent: 7.25 }] })).status()).toBe(200);
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const buyer = await context.newPage();
      await buyInCalifornia(buyer, await roomyTool(buyer, 6));
      await expectNoSidewaysScroll(buyer);
    } finally {
      await context.close();
      expect((await page.request.put('/api/tax-rates', { headers: admin, data: [] })).status()).toBe(200);
    }
  });

  for (const [width, viewport] of [['desktop', { width: 1280, height: 800 }], ['a 390 px phone', PHONE]] as const) {
    test(`an EU business customer sees the reverse charge in the cart, at checkout and on their order (${width})`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      await signInAdminByApi(page);
      const admin = await adminBearer(page);
      // An EU consumer store in France (gross prices) with a German rate: a German business pays no VAT.
      const before = await changeSettings(page, admin, { country: 'FR', pricesIncludeTax: true });
      expect((await page.request.put('/api/tax-rates', { headers: admin, data: [{ country: 'DE', name: 'MwSt', percent: 19 }] })).status()).toBe(200);
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });
      try {
        const buyer = await context.newPage();
        await signUpByApi(buyer, newCustomer('Berta Berlin'));
        // The profile: a German VAT number whose check digit is wrong is refused under its field; the right one is kept.
        await buyer.goto('/dashboard');
        await buyer.getByLabel('Address').fill('Friedrichstraße 12, 10117 Berlin');
        await buyer.getByLabel('Phone').fill('+49 30 1234567');
        await buyer.getByLabel('Company name').fill('Berlin Werkzeug GmbH');
        await buyer.getByLabel('Tax ID (VAT number, EIN or similar)').fill('DE136695978');
        await buyer.getByRole('button', { name: 'Update Profile' }).click();
        await expect(buyer.getByText(VALIDATION.vatNumberInvalid).first()).toBeVisible();
        await buyer.getByLabel('Tax ID (VAT number, EIN or similar)').fill('DE 136 695 976');
        await buyer.getByRole('button', { name: 'Update Profile' }).click();
        await expect(buyer.getByText('Your profile updated successfully')).toBeVisible();

        const tool = await roomyTool(buyer, 7);
        await buyer.goto(`/purchase/${tool._id}`);
        await expect(buyer.getByTestId('price-tax-note')).toHaveText('incl. VAT');
        await buyer.getByRole('button', { name: 'Add to cart' }).click();
        await expect(buyer.getByText(`Added to your cart: ${tool.minQty} × ${tool.name}`)).toBeVisible();
        await buyer.goto('/cart');
        // The net price: the German VAT taken out of each unit's gross price, half up.
        const netCents = halfUp(cents(tool.price) * 100_000, 119_000) * tool.minQty;
        const net = usd(netCents / 100);
        await buyer.getByLabel('Country').selectOption('DE');
        await expect(buyer.getByTestId('order-reverse-charge')).toContainText('Reverse charge');
        await expect(buyer.getByTestId('order-reverse-charge')).toContainText('DE136695976');
        await expect(buyer.getByTestId('cart-total')).toHaveText(net);
        await buyer.getByLabel('Delivery address').fill('Friedrichstraße 12, 10117 Berlin');
        await buyer.getByLabel('Phone').fill('+49 30 1234567');
        await buyer.getByRole('button', { name: 'Place order' }).click();

        // Checkout: no VAT, the reverse charge said with the number, and the card pays the net total.
        await expect(buyer).toHaveURL(/\/dashboard\/checkOut\//);
        await expect(buyer.getByTestId('order-reverse-charge')).toHaveText('Reverse charge: no VAT is charged, the buyer accounts for it (VAT number DE136695976).');
        await expect(buyer.getByTestId('order-tax-line')).toHaveText(usd(0));
        await expect(buyer.getByTestId('order-total')).toHaveText(net);
        if (viewport === PHONE) await expectNoSidewaysScroll(buyer);
        await payWithTestCard(buyer);

        await buyer.goto('/dashboard/myOrders');
        const orderRow = buyer.getByTestId('order-row').first();
        await expect(orderRow.getByTestId('my-order-total')).toContainText(net);
        await expect(orderRow.getByTestId('my-order-total')).toContainText('No VAT: reverse charge');
        await orderRow.getByTestId('order-number').click();
        await expect(buyer.getByTestId('order-reverse-charge')).toContainText('DE136695976');
        await expect(buyer.getByTestId('order-page-total')).toHaveText(net);
        if (viewport === PHONE) await expectNoSidewaysScroll(buyer);

        // The admin's page of the order: the company, its tax id and the reverse charge.
        const orderUrl = new URL(buyer.url()).pathname;
        await page.goto(orderUrl);
        await expect(page.getByTestId('order-buyer-company')).toHaveText('Berlin Werkzeug GmbH');
        await expect(page.getByTestId('order-buyer-tax-id')).toHaveText('DE136695976');
        await expect(page.getByTestId('order-vat-treatment')).toHaveText('Reverse charge — VAT number DE136695976');
      } finally {
        await context.close();
        await changeSettings(page, admin, { country: before.country, pricesIncludeTax: before.pricesIncludeTax });
        expect((await page.request.put('/api/tax-rates', { headers: admin, data: [] })).status()).toBe(200);
      }
    });
  }

  test('the owner adds a reduced rate and marks a tool "Reduced rate"; a customer with it and a standard tool sees both tax lines at checkout', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAdminByApi(page);
    const admin = await adminBearer(page);
    // Germany's standard VAT is in place; two tools of the test's own, both standard to start with.
    expect((await page.request.put('/api/tax-rates', { headers: admin, data: [{ country: 'DE', name: 'VAT', percent: 19 }] })).status()).toBe(200);
    const standard = await createToolByApi(page, { name: `Standard Clamp ${randomUUID().slice(0, 8)}`, price: 10 });
    const reduced = await createToolByApi(page, { name: `First Aid Kit ${randomUUID().slice(0, 8)}`, price: 20 });
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      // The owner adds Germany's reduced rate on the Tax rates page: a second rate for the same destination, of the reduced class.
      await page.goto('/dashboard/taxRates');
      await expect(page.getByTestId('tax-rate-row')).toHaveCount(1);
      await expect(page.getByTestId('tax-rate-row').first().getByLabel('Class')).toHaveValue('standard');
      await page.getByRole('button', { name: 'Add a rate' }).click();
      const row = page.getByTestId('tax-rate-row').last();
      await expect(row.getByLabel('Class')).toHaveValue('standard');
      await row.getByLabel('Country').selectOption('DE');
      await row.getByLabel('Class').selectOption({ label: 'Reduced' });
      await row.getByLabel('Name').fill('VAT reduced');
      await row.getByLabel('Rate (%)').fill('7');
      await page.getByRole('button', { name: 'Save tax rates' }).click();
      await expect(page.getByText('Tax rates saved')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('tax-rate-row').last().getByLabel('Class')).toHaveValue('reduced');

      // The owner marks the first-aid kit "Reduced rate" in its edit form in Manage Tools.
      const toolRow = page.getByTestId('tool-row').filter({ hasText: reduced.tool.name });
      await expect(async () => {
        await page.goto(`/dashboard/manageTools?q=${encodeURIComponent(reduced.tool.name)}`);
        await expect(toolRow).toHaveCount(1, { timeout: 5_000 });
      }).toPass({ timeout: 20_000 });
      await toolRow.getByRole('button', { name: `Edit ${reduced.tool.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${reduced.tool.name}` });
      await expect(dialog.getByLabel('Tax class')).toHaveValue('standard');
      await dialog.getByLabel('Tax class').selectOption({ label: 'Reduced rate' });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Product updated successfully')).toBeVisible();
      await expect(toolRow.getByRole('cell', { name: 'Reduced rate', exact: true })).toBeVisible();

      // A customer puts both tools in the cart and has them delivered to Germany.
      const buyer = await context.newPage();
      await signUpByApi(buyer, newCustomer('Greta Garten'));
      for (const { tool } of [standard, reduced]) {
        await buyer.goto(`/purchase/${tool._id}`);
        await expect(buyer.getByTestId('price-tax-note')).toHaveText('plus tax');
        await buyer.getByRole('button', { name: 'Add to cart' }).click();
        await expect(buyer.getByText(`Added to your cart: 1 × ${tool.name}`)).toBeVisible();
      }
      await buyer.goto('/cart');
      await expect(buyer.getByTestId('cart-total')).toHaveText(usd(30));
      await buyer.getByLabel('Country').selectOption('DE');
      // 10.00 × 19 % = 1.90 and 20.00 × 7 % = 1.40: a tax line each, before ordering.
      await expect(taxLine(buyer, 'VAT (19%)')).toHaveText(usd(1.9));
      await expect(taxLine(buyer, 'VAT reduced (7%)')).toHaveText(usd(1.4));
      await expect(buyer.getByTestId('cart-total')).toHaveText(usd(33.3));
      await buyer.getByLabel('Delivery address').fill('Gartenstraße 5, 80331 München');
      await buyer.getByLabel('Phone').fill('+49 89 1234567');
      await buyer.getByRole('button', { name: 'Place order' }).click();

      // Checkout: the order as the server priced it, each tool at its class's rate.
      await expect(buyer).toHaveURL(/\/dashboard\/checkOut\//);
      await expect(buyer.getByTestId('order-subtotal')).toHaveText(usd(30));
      await expect(buyer.getByTestId('order-tax-line')).toHaveCount(2);
      await expect(taxLine(buyer, 'VAT (19%)')).toHaveText(usd(1.9));
      await expect(taxLine(buyer, 'VAT reduced (7%)')).toHaveText(usd(1.4));
      await expect(buyer.getByTestId('order-total')).toHaveText(usd(33.3));
    } finally {
      await context.close();
      expect((await page.request.put('/api/tax-rates', { headers: admin, data: [] })).status()).toBe(200);
      await standard.remove();
      await reduced.remove();
    }
  });

  test('the tax rates page fits a phone @mobile', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAdminByApi(page);
    await page.goto('/dashboard/taxRates');
    await expect(page.getByRole('heading', { name: 'Tax rates', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Add a rate' }).click();
    await expect(page.getByTestId('tax-rate-row').last().getByLabel('Rate (%)')).toBeVisible();
    await expect(page.getByTestId('tax-rate-row').last().getByLabel('Class')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
