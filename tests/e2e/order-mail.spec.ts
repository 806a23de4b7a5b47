import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { createToolByApi, signInAdminByApi } from './support/admin';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { payWithTestCard } from './support/payment';
import { newCustomer, signUpByApi } from './support/users';

/**
 * Issue 11, order mail, as a customer and the admin live it: the order is placed, paid from the
 * link in the confirmation mail, and shipped by the admin; the customer's mailbox (a real SMTP
 * server, see support/global-setup.ts) gets three mails with the right totals.
 */
const subjectMatches = (pattern: RegExp) => (mail: ParsedMail) => pattern.test(mail.subject ?? '');

test('an order placed, paid and shipped sends the buyer three mails with the right totals', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signInAdminByApi(page);
  // $1,234.50 × 2: the totals show the thousands separator. Markup in the name must stay text.
  const { tool, remove } = await createToolByApi(page, { name: `Drill <b>Press</b> ${randomUUID().slice(0, 8)}`, price: 1234.5, minQty: 2 });
  const total = '$2,469.00';
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const buyer = await context.newPage();
  const customer = newCustomer('Mona Mailbox');
  try {
    await signUpByApi(buyer, customer);
    await buyer.goto(`/purchase/${tool._id}`);
    await expect(buyer.getByRole('heading', { name: tool.name, level: 1 })).toBeVisible();
    await expect(buyer.getByLabel('Quantity', { exact: true })).toHaveValue('2');
    await buyer.getByLabel('Delivery address').fill('5 Letterbox Row, Salem, OR');
    await buyer.getByLabel('Phone').fill('+1 555 0155');
    await buyer.getByRole('button', { name: 'Purchase' }).click();
    await expect(buyer).toHaveURL(/\/dashboard\/myOrders$/);

    const placed = await waitForMail(customer.email, subjectMatches(/^Order TH-\d+ placed: please pay by /));
    const number = /TH-\d+/.exec(placed.subject ?? '')![0];
    expect(placed.text).toContain(`Total: ${total}`);
    expect(placed.text).toMatch(/Pay by: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(placed.html).toContain('Drill &lt;b&gt;Press&lt;/b&gt;');
    // The mail's link opens the checkout of this order; pay there.
    await buyer.goto(linkIn(placed, '/dashboard/checkOut/'));
    await expect(buyer.getByTestId('order-total')).toHaveText(total);
    await payWithTestCard(buyer);
    const transactionId = await buyer.getByTestId('transaction-id').innerText();

    const receipt = await waitForMail(customer.email, subjectMatches(new RegExp(`^Payment received for order ${number}$`)));
    expect(receipt.text).toContain(`Transaction id: ${transactionId}`);
    expect(receipt.text).toContain(`Total: ${total}`);

    // Shipped from Manage Orders, found by its number, after the confirmation.
    await page.goto('/dashboard/manageOrders');
    const search = page.getByRole('search', { name: 'Orders' });
    await search.getByRole('searchbox').fill(number);
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('order-row').filter({ has: page.getByRole('rowheader', { name: number }) });
    await row.getByRole('button', { name: /^Pending – mark as shipped/ }).click();
    await page.getByRole('dialog', { name: `Mark order ${number} as shipped?` }).getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();

    const shipped = await waitForMail(customer.email, subjectMatches(new RegExp(`^Order ${number} has shipped$`)));
    expect(shipped.text).toContain(`Total: ${total}`);
    expect(shipped.text).toContain('Deliver to: Mona Mailbox, 5 Letterbox Row, Salem, OR');
  } finally {
    await context.close();
    await remove();
  }
});
