import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import { changeStoreSettings } from '../../../tests/support/store-settings';
import type { Order } from '../../shared';
import { tools } from '../db/schema';
import { parseCsv } from '../lib/parse-csv';
import { ORDERS_CSV_HEADER } from '../exports/orders-csv';

/**
 * Issue 27 item 2 ("the mails, Manage Orders and the CSV export show subtotal, tax and total") and
 * item 3 (the reverse charge with the buyer's VAT number): what the buyer's and the owner's mails
 * and the orders export say, for a Californian consumer's order and an EU business's.
 */
let t: TestAppWithMail;
let admin: TestUser;
const OWNER_INBOX = 'owner@toolhouse.example';
beforeAll(async () => {
  t = await createTestAppWithMail();
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t?.close());

const putSettings = (changes: object) => changeStoreSettings(t.app, admin, changes);
const putRates = async (rates: object[]) => expect((await t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: bearer(admin), payload: rates })).statusCode).toBe(200);

/** `buyer` orders tools at these prices, one of each, to `destination`, and pays: answers the order. */
async function placeAndPay(buyer: TestUser, prices: number[], destination: object) {
  const made = await createTools(t.database.db, prices.length, { minQty: 1, availableQty: 50 });
  for (const [i, tool] of made.entries()) await t.database.db.update(tools).set({ priceCents: prices[i]! }).where(eq(tools.id, tool.id));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer),
    payload: { lines: made.map((tool) => ({ toolId: tool.id, quantity: 1 })), address: '1 Test Street', phone: '555-0100', ...destination },
  });
  expect(placed.statusCode).toBe(201);
  const id = placed.json<{ insertedId: string }>().insertedId;
  const { confirm } = await payWithTestCard(t.app, buyer, id);
  expect(confirm?.statusCode).toBe(200);
  return (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(buyer) })).json<Order>();
}

const about = (order: Order, subject: RegExp) => (mail: ParsedMail) => subject.test(mail.subject ?? '') && (mail.subject ?? '').includes(order.number);
const mailsOf = async (buyer: TestUser, order: Order) => ({
  placed: await t.catcher.waitForMail(buyer.email, about(order, /^Order TH-\d+ placed/)),
  receipt: await t.catcher.waitForMail(buyer.email, about(order, /^Payment received/)),
  owner: await t.catcher.waitForMail(OWNER_INBOX, about(order, /^New paid order/)),
});
async function csvRowOf(order: Order) {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders.csv?q=${order.number}`, headers: bearer(admin) });
  const [head, ...rows] = parseCsv(res.body);
  expect(head).toEqual([...ORDERS_CSV_HEADER]);
  const row = rows.find((r) => r[0] === order.number)!;
  return Object.fromEntries(ORDERS_CSV_HEADER.map((column, i) => [column, row[i]]));
}

describe('tax in the mails and the orders export', () => {
  it("shows a Californian's sales tax: subtotal, the tax line by rate and the total, in every mail and the CSV", async () => {
    await putSettings({ country: 'US', pricesIncludeTax: false, notifyEmail: OWNER_INBOX });
    await putRates([{ country: 'US', region: 'US-CA', name: 'CA sales tax', percent: 7.25 }]);
    const buyer = await createCustomer(t.app, 'Carla California');
    const order = await placeAndPay(buyer, [1999, 4550], { country: 'US', region: 'US-CA' });
    expect(order).toMatchObject({ subtotal: 65.49, tax: 4.75, total: 70.24 });

    const { placed, receipt, owner } = await mailsOf(buyer, order);
    for (const mail of [placed, receipt, owner]) {
      expect(mail.text).toContain('Subtotal: $65.49');
      expect(mail.text).toContain('CA sales tax (7.25%): $4.75');
      expect(mail.text).toContain('Total: $70.24');
      expect(typeof mail.html === 'string' ? mail.html : '').toContain('CA sales tax (7.25%)');
    }
    expect(receipt.text).toContain('we received your payment of $70.24');

    expect(await csvRowOf(order)).toMatchObject({
      'Subtotal (USD)': '65.49',
      'Tax (USD)': '4.75',
      'Total (USD)': '70.24',
      Country: 'US',
      Region: 'US-CA',
      'Reverse charge': 'no',
      'VAT number': '',
    });
  });

  it("shows a German business's reverse charge with its VAT number, and no VAT, in every mail and the CSV", async () => {
    await putSettings({ country: 'FR', pricesIncludeTax: true, notifyEmail: OWNER_INBOX });
    await putRates([{ country: 'FR', name: 'TVA', percent: 20 }, { country: 'DE', name: 'MwSt', percent: 19 }]);
    const buyer = await createCustomer(t.app, 'Berta Berlin');
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/${buyer.email}`, headers: bearer(buyer), payload: { taxId: 'DE136695976' } })).statusCode).toBe(200);
    const order = await placeAndPay(buyer, [11_900], { country: 'DE' });
    expect(order).toMatchObject({ reverseCharge: true, subtotal: 100, tax: 0, total: 100 });

    const { placed, receipt, owner } = await mailsOf(buyer, order);
    for (const mail of [placed, receipt, owner]) {
      expect(mail.text).toContain('Subtotal: $100.00');
      expect(mail.text).toContain('VAT: $0.00: reverse charge, the buyer accounts for the VAT (VAT number DE136695976)');
      expect(mail.text).toContain('Total: $100.00');
      expect(mail.text).not.toContain('MwSt');
    }

    expect(await csvRowOf(order)).toMatchObject({
      'Subtotal (USD)': '100.00',
      'Tax (USD)': '0.00',
      'Total (USD)': '100.00',
      Country: 'DE',
      Region: '',
      'Reverse charge': 'yes',
      'VAT number': 'DE136695976',
    });
  });
});
