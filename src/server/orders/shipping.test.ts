import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { auditEntriesFor } from '../../../tests/support/audit';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import { API_ERRORS, VALIDATION, type Order, type OrderEvent } from '../../shared';
import { orders } from '../db/schema';

/**
 * Issue 18: the owner ships from the back office with an optional carrier, tracking number and
 * tracking link that reach the buyer's mail, and can undo a shipment marked by mistake (audited).
 * Every order has a number people can say (TH-100042) and a timeline of what happened to it.
 */
let t: TestAppWithMail;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestAppWithMail();
  [admin, buyer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app, 'Sheila Shipped')]);
});
afterAll(() => t?.close());

async function paidOrder(quantity = 2): Promise<Order> {
  const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 50 });
  const placed = await placeOrderByApi(t.app, buyer, tool!.id, quantity);
  expect((await payWithTestCard(t.app, buyer, placed.json().insertedId)).confirm?.statusCode).toBe(200);
  return readOrder(placed.json().insertedId);
}
const readOrder = async (id: string, user: TestUser = admin) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(user) })).json<Order>();
const eventsOf = async (id: string, user: TestUser = admin) =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/${id}/events`, headers: bearer(user) })).json<OrderEvent[]>();
const ship = (id: string, payload: Record<string, unknown> = {}, user: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/ship`, headers: bearer(user), payload });
const unship = (id: string, user: TestUser = admin) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/unship`, headers: bearer(user) });
const shippedMail = (number: string) => (mail: ParsedMail) => mail.subject === `Order ${number} has shipped`;

describe('order numbers', () => {
  it('are TH- and a sequence, one higher for each order placed, and shown in the lists', async () => {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await placeOrderByApi(t.app, buyer, tool!.id, 1)).json().insertedId as string);
    const numbers = await Promise.all(ids.map(async (id) => (await readOrder(id)).number));
    for (const number of numbers) expect(number).toMatch(/^TH-1\d{5}$/);
    const values = numbers.map((n) => Number(n.slice(3)));
    expect(values[1]).toBe(values[0]! + 1);
    expect(values[2]).toBe(values[1]! + 1);
    const mine = (await t.app.inject({ method: 'GET', url: `/api/order/${buyer.email}?limit=100`, headers: bearer(buyer) })).json<Order[]>();
    expect(mine.filter((o) => ids.includes(o._id)).map((o) => o.number).sort()).toEqual([...numbers].sort());
  });
});

describe('shipping', () => {
  it('ships with a carrier, tracking number and link, mails them to the buyer, audits and times it', async () => {
    const order = await paidOrder();
    const res = await ship(order._id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await readOrder(order._id)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: expect.any(String),
    });
    const mail = await t.catcher.waitForMail(buyer.email, shippedMail(order.number));
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    // The button goes to the carrier's tracking page.
    expect(t.catcher.linkIn(mail, '/track')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const [entry] = await auditEntriesFor(t.database.db, order._id, 'order.shipped');
    expect(entry).toMatchObject({ actorEmail: admin.email, after: { number: order.number, email: buyer.email, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
    expect((await eventsOf(order._id)).map((e) => e.kind)).toEqual(['placed', 'paid', 'shipped']);
    expect((await eventsOf(order._id)).at(-1)).toMatchObject({ actorEmail: admin.email, details: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
  });

  it("ships without tracking through the spec's PATCH {status: shipped} too", async () => {
    const order = await paidOrder();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/order/${order._id}`, headers: bearer(admin), payload: { status: 'shipped', transactionId: order.transactionId } });
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await readOrder(order._id)).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null });
  });

  it.each([
    ['an http tracking link', { trackingUrl: 'http://tracker.example/1' }, 'trackingUrl', VALIDATION.trackingUrlInvalid],
    ['a javascript: link', { trackingUrl: 'javascript:alert(1)' }, 'trackingUrl', VALIDATION.trackingUrlInvalid],
    ['a carrier of 61 characters', { carrier: 'c'.repeat(61) }, 'carrier', 'At most 60 characters'],
    ['a tracking number with a control character', { trackingNumber: 'AB\u0007C' }, 'trackingNumber', VALIDATION.controlCharacters],
  ])('refuses %s with 400 naming the field, and ships nothing', async (_case, payload, field, message) => {
    const order = await paidOrder();
    const res = await ship(order._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field, detail: message }] });
    expect((await readOrder(order._id)).status).toBe('pending');
  });

  it('refuses a customer (403), an unpaid order (409), and a second shipment (409)', async () => {
    const order = await paidOrder();
    expect((await ship(order._id, {}, buyer)).statusCode).toBe(403);
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 5 });
    const unpaid = (await placeOrderByApi(t.app, buyer, tool!.id, 1)).json().insertedId as string;
    expect((await ship(unpaid)).json()).toMatchObject({ status: 409, detail: API_ERRORS.orderNotPaidYet });
    expect((await ship(order._id)).statusCode).toBe(200);
    expect((await ship(order._id)).json()).toMatchObject({ status: 409, detail: API_ERRORS.orderAlreadyShipped });
    expect((await ship('not-an-order')).statusCode).toBe(404);
  });
});

describe('undoing a shipment', () => {
  it('puts a mistaken shipment back to waiting, clears the tracking, audits what was undone and times it', async () => {
    const order = await paidOrder();
    await ship(order._id, { carrier: 'DHL', trackingNumber: 'JD0001' });
    const res = await unship(order._id);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await readOrder(order._id)).toMatchObject({ status: 'pending', shippedAt: null, carrier: null, trackingNumber: null });
    const [entry] = await auditEntriesFor(t.database.db, order._id, 'order.unshipped');
    expect(entry).toMatchObject({ actorEmail: admin.email, before: { number: order.number, email: buyer.email, status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001' }, after: { status: 'pending' } });
    expect((await eventsOf(order._id)).map((e) => e.kind)).toEqual(['placed', 'paid', 'shipped', 'unshipped']);
    // It can be shipped again, properly this time.
    expect((await ship(order._id, { carrier: 'DHL', trackingNumber: 'JD0002' })).statusCode).toBe(200);
  });

  it('refuses an order that is not shipped (409) and a customer (403), changing nothing', async () => {
    const order = await paidOrder();
    expect((await unship(order._id)).json()).toMatchObject({ status: 409, detail: API_ERRORS.orderNotShipped });
    await ship(order._id);
    expect((await unship(order._id, buyer)).statusCode).toBe(403);
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe('shipped');
  });
});

describe("an order's timeline", () => {
  it('is readable by its buyer and admins only', async () => {
    const order = await paidOrder();
    expect((await eventsOf(order._id, buyer)).map((e) => e.kind)).toEqual(['placed', 'paid']);
    expect((await eventsOf(order._id, buyer))[1]).toMatchObject({ actorEmail: buyer.email, details: { transactionId: order.transactionId } });
    const stranger = await createCustomer(t.app, 'Nosy Nora');
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/events`, headers: bearer(stranger) });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/events` })).statusCode).toBe(401);
  });
});
