import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import type { Order } from '../../shared';
import { OWNER_MESSAGE_NOTICES_PER_HOUR } from '../contact/contact-repository';

/**
 * Issue 18: the owner hears what matters, through a real SMTP server: a paid order (with what to
 * ship and where), a new contact message, a tool falling below its low-stock mark. To every admin,
 * or to the address in the settings.
 */
let t: TestAppWithMail;
let admin: TestUser;
let otherAdmin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestAppWithMail({ publicWriteRateLimit: 1000 });
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
  otherAdmin = await createAdmin(t.app, t.database.db, 'Otto Admin');
  buyer = await createCustomer(t.app, 'Bea Buyer');
});
afterAll(() => t?.close());

const settingsWith = (changes: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: bearer(admin),
    payload: { companyName: 'ToolHouse Manufacturing', companyAddress: '1450 Foundry Road, Dayton, OH', lowStockThreshold: 10, ...changes },
  });
const subject = (text: string) => (mail: ParsedMail) => mail.subject === text;

async function buy(toolId: string, quantity: number): Promise<Order> {
  const id = (await placeOrderByApi(t.app, buyer, toolId, quantity)).json().insertedId as string;
  expect((await payWithTestCard(t.app, buyer, id)).confirm?.statusCode).toBe(200);
  return (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(buyer) })).json<Order>();
}

describe('mail to the owner', () => {
  it('tells every admin of a paid order, with its lines, buyer, address and phone', async () => {
    await settingsWith({ notifyEmail: '' });
    const [tool] = await createTools(t.database.db, 1, { name: 'Cable Tester Pro', minQty: 1, availableQty: 100, priceCents: 2500 });
    const order = await buy(tool!.id, 3);
    for (const who of [admin, otherAdmin]) {
      const mail = await t.catcher.waitForMail(who.email, subject(`New paid order ${order.number}: $75.00`));
      expect(mail.text).toContain(`Tool: 3 × Cable Tester Pro · SKU ${tool!.sku}`);
      expect(mail.text).toContain(`Buyer: Bea Buyer <${buyer.email}>`);
      expect(mail.text).toContain('Ship to: 5 Rush Street, Dayton');
      expect(mail.text).toContain('Phone: 555-0150');
      expect(t.catcher.linkIn(mail, '/dashboard/orders/')).toMatch(new RegExp(`/dashboard/orders/${order._id}$`));
    }
  });

  it('sends to the address in the settings instead, when there is one', async () => {
    await settingsWith({ notifyEmail: 'Orders@Shop.Example' });
    try {
      const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 100, priceCents: 100 });
      const order = await buy(tool!.id, 1);
      await t.catcher.waitForMail('orders@shop.example', subject(`New paid order ${order.number}: $1.00`));
      const res = await t.app.inject({ method: 'POST', url: '/api/queries', payload: { name: 'Quincy Query', number: '555-0190', email: 'q@example.com', message: 'Do you ship to Canada?' } });
      expect(res.statusCode).toBe(201);
      const notice = await t.catcher.waitForMail('orders@shop.example', subject('New message from Quincy Query'));
      expect(notice.text).toContain('Do you ship to Canada?');
      expect(notice.text).toContain('Email: q@example.com');
      // Admins were not mailed this time.
      expect(t.catcher.messages.filter((m) => m.subject === `New paid order ${order.number}: $1.00` && m.to && JSON.stringify(m.to).includes(admin.email))).toEqual([]);
    } finally {
      await settingsWith({ notifyEmail: '' });
    }
  });

  it('tells of a tool falling below its low-stock mark once, not on every later sale', async () => {
    const [tool] = await createTools(t.database.db, 1, { name: 'Thermal Paste Kit', minQty: 1, availableQty: 14, priceCents: 500 });
    await buy(tool!.id, 3); // 11 left: above the store's mark of 10
    await buy(tool!.id, 2); // 9 left: below it
    await buy(tool!.id, 4); // 5 left: still below, no new notice
    const low = await t.catcher.waitForMail(admin.email, subject('Low stock: Thermal Paste Kit is down to 9'));
    expect(low.text).toContain('Low-stock mark: 10');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(t.catcher.messages.filter((m) => m.subject?.startsWith('Low stock: Thermal Paste Kit') && JSON.stringify(m.to).includes(admin.email))).toHaveLength(1);
  });

  it("uses a tool's own low-stock mark over the store's, and the Overview lists it", async () => {
    const [tool] = await createTools(t.database.db, 1, { name: 'Crimping Dies', minQty: 1, availableQty: 60, priceCents: 500 });
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/items/${tool!.id}`, headers: bearer(admin), payload: { lowStockThreshold: 50 } });
    expect(patch.json()).toEqual({ modifiedCount: 1 });
    const own = await t.app.inject({ method: 'GET', url: `/api/items/${tool!.id}/low-stock`, headers: bearer(admin) });
    expect(own.json()).toEqual({ lowStockThreshold: 50, storeThreshold: 10 });
    await buy(tool!.id, 15);
    await t.catcher.waitForMail(admin.email, subject('Low stock: Crimping Dies is down to 45'));
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats', headers: bearer(admin) })).json();
    expect(stats.lowStock).toContainEqual(expect.objectContaining({ _id: tool!.id, availableQty: 45, threshold: 50 }));
  });

  it('keeps quiet past its hourly number of message notices: a flood of messages is not a flood of mail', async () => {
    const before = t.catcher.messages.filter((m) => m.subject?.startsWith('New message from Flood') && JSON.stringify(m.to).includes(admin.email)).length;
    const sends = OWNER_MESSAGE_NOTICES_PER_HOUR + 5;
    for (let i = 0; i < sends; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/queries', payload: { name: `Flood ${i}`, number: '555-0100', email: `f${i}@example.com`, message: 'Spam' } });
      expect(res.statusCode).toBe(201);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const noticed = t.catcher.messages.filter((m) => m.subject?.startsWith('New message from Flood') && JSON.stringify(m.to).includes(admin.email)).length - before;
    expect(noticed).toBeLessThanOrEqual(OWNER_MESSAGE_NOTICES_PER_HOUR);
    // Every message is kept all the same.
    const listed = await t.app.inject({ method: 'GET', url: '/api/queries?limit=100', headers: bearer(admin) });
    expect(listed.json().filter((q: { name: string }) => q.name.startsWith('Flood'))).toHaveLength(sends);
  });
});
