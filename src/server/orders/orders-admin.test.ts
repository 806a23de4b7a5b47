import { countAuditEntries } from '../../../tests/support/audit';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type Order } from '../../shared';
import { auditLog, orders } from '../db/schema';
import { expireStaleOrders } from '../../../tests/support/orders';

/** The admin's side of orders: the filtered list, shipping, deleting, and the audit entries they write. */
const PAY_MINUTES = 30;
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ orderPayMinutes: PAY_MINUTES });
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
  otherAdmin = await createAdmin(t.app, t.database.db, 'Otto Admin');
  customer = await createCustomer(t.app, 'Cora Customer');
}, 60_000);
afterAll(() => t.close());

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
let ip = 0;

const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty;
const storedOrder = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const auditRows = () => t.database.db.select().from(auditLog);
const auditCount = () => countAuditEntries(t.database.db);
const ship = (id: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/${id}`, headers: user ? bearer(user) : {}, payload: { status: 'shipped' } });
const remove = (id: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: user ? bearer(user) : {} });
const list = (query: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: user ? bearer(user) : {} });

async function place(buyer: TestUser, quantity = 2, toolId?: string): Promise<string> {
  const id = toolId ?? (await createTools(t.database.db, 1, { minQty: 1, availableQty: 50 }))[0]!.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(buyer),
    payload: { toolId: id, quantity, address: '7 Admin Alley', phone: '555-0177' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId;
}

/** Pays through the test card processor, as the checkout does. */
async function pay(orderId: string, buyer: TestUser) {
  const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId } });
  expect(intent.statusCode).toBe(200);
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/test-payments/confirm',
    remoteAddress: `10.44.${Math.floor(ip / 250)}.${(ip % 250) + 1}`,
    payload: { clientSecret: intent.json().clientSecret, card: GOOD_CARD },
  });
  expect(res.statusCode).toBe(200);
}

async function expire(orderId: string) {
  await t.database.db.update(orders).set({ createdAt: new Date(Date.now() - (PAY_MINUTES + 1) * 60_000) }).where(eq(orders.id, orderId));
  expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBeGreaterThanOrEqual(1);
}

/** One order of `buyer` in each state (two unpaid), placed oldest first (the expired one is backdated). */
async function ordersInEveryState(buyer: TestUser) {
  const unpaidOld = await place(buyer);
  const pending = await place(buyer);
  await pay(pending, buyer);
  const shipped = await place(buyer);
  await pay(shipped, buyer);
  expect((await ship(shipped)).statusCode).toBe(200);
  const expired = await place(buyer);
  await expire(expired);
  const unpaidNew = await place(buyer);
  return { unpaid: [unpaidNew, unpaidOld], pending: [pending], shipped: [shipped], expired: [expired] };
}

describe('GET /api/orders (admin)', () => {
  it('filters by email and by state, newest first, with the total for the filter', async () => {
    const buyer = await createCustomer(t.app, 'Fiona Filter');
    const ids = await ordersInEveryState(buyer);
    const email = encodeURIComponent(buyer.email.toUpperCase());

    const all = await list(`?email=${email}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    const rows = all.json() as Order[];
    expect(rows.map((o) => o.email)).toEqual(Array(5).fill(buyer.email));
    // Newest first: the order placed last comes first; the expired one was made hours older.
    expect(rows.map((o) => o._id)).toEqual([ids.unpaid[0], ids.shipped[0], ids.pending[0], ids.unpaid[1], ids.expired[0]]);

    for (const state of ['unpaid', 'pending', 'shipped', 'expired'] as const) {
      const res = await list(`?email=${email}&state=${state}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Order[]).map((o) => o._id)).toEqual(ids[state]);
      expect(res.headers['x-total-count']).toBe(String(ids[state].length));
    }
    const unpaid = (await list(`?email=${email}&state=unpaid`)).json() as Order[];
    expect(unpaid.every((o) => !o.paid && o.status === null)).toBe(true);
  });

  it('counts every order of a state for the total, whatever the page', async () => {
    await ordersInEveryState(await createCustomer(t.app, 'Paula Pager'));
    const stored = await t.database.db.select().from(orders);
    const expected = {
      unpaid: stored.filter((o) => !o.paid && o.status === null).length,
      pending: stored.filter((o) => o.status === 'pending').length,
      shipped: stored.filter((o) => o.status === 'shipped').length,
      expired: stored.filter((o) => o.status === 'expired').length,
    };
    for (const [state, total] of Object.entries(expected)) {
      const page = await list(`?state=${state}&limit=1`);
      expect(page.headers['x-total-count']).toBe(String(total));
      expect(page.json()).toHaveLength(1);
      expect((page.json() as Order[])[0]!.status).toBe(state === 'unpaid' ? null : state);
    }
    const everything = await list('');
    expect(everything.headers['x-total-count']).toBe(String(stored.length));
    expect(everything.json()).toHaveLength(Math.min(20, stored.length)); // 20 by default
    const second = await list('?limit=2&offset=2');
    expect((second.json() as Order[]).map((o) => o._id)).toEqual((everything.json() as Order[]).slice(2, 4).map((o) => o._id));
  });

  it('answers an empty page and a total of 0 for an email with no orders', async () => {
    const res = await list('?email=nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['?state=lost', 'state', 'state must be one of unpaid, pending, shipped, expired, refunded'],
    ['?email=not-an-email', 'email', 'Provide a valid email'],
    ['?limit=0', 'limit', 'limit must be at least 1'],
  ])('refuses %s with 400 naming the parameter', async (query, field, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
  });
});

describe('PATCH /api/order/:id {status: shipped}', () => {
  it('ships a paid, pending order and writes one audit entry in the same change', async () => {
    const id = await place(customer);
    await pay(id, customer);
    const before = await auditCount();
    const res = await ship(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await storedOrder(id)).toMatchObject({ paid: true, status: 'shipped', shippedAt: expect.any(Date) });
    expect(await auditCount()).toBe(before + 1);
    const entries = (await auditRows()).filter((e) => e.targetId === id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        actorEmail: admin.email,
        action: 'order.shipped',
        before: { number: expect.stringMatching(/^TH-\d+$/), email: customer.email, status: 'pending' },
        after: { number: expect.stringMatching(/^TH-\d+$/), email: customer.email, status: 'shipped', carrier: null, trackingNumber: null, trackingUrl: null },
      }),
    ]);
  });

  it.each([
    ['an unpaid order', 'unpaid', 409, API_ERRORS.orderNotPaidYet],
    ['an order already shipped', 'shipped', 409, API_ERRORS.orderAlreadyShipped],
    ['an expired order', 'expired', 409, API_ERRORS.orderExpiredCannotShip],
  ] as const)('refuses %s with 409 and its reason, changing nothing and auditing nothing', async (_what, state, status, message) => {
    const id = await place(customer);
    if (state === 'shipped') {
      await pay(id, customer);
      expect((await ship(id)).statusCode).toBe(200);
    }
    if (state === 'expired') await expire(id);
    const stored = await storedOrder(id);
    const before = await auditCount();
    const res = await ship(id);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message });
    expect(await storedOrder(id)).toEqual(stored);
    expect(await auditCount()).toBe(before);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-an-order'],
  ])('answers 404 to %s and audits nothing', async (_what, id) => {
    const before = await auditCount();
    const res = await ship(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    expect(await auditCount()).toBe(before);
  });

  it('ships once when two admins press the button at the same time: one 200, the others 409', async () => {
    const id = await place(customer);
    await pay(id, customer);
    const before = await auditCount();
    const results = await Promise.all([admin, otherAdmin, admin, otherAdmin].map((user) => ship(id, user)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const res of results) {
      expect(res.json()).toEqual(
        res.statusCode === 200 ? { modifiedCount: 1 } : expect.objectContaining({ status: 409, code: 'ORDER_NOT_SHIPPABLE', state: 'shipped', detail: API_ERRORS.orderAlreadyShipped }),
      );
    }
    expect(await auditCount()).toBe(before + 1);
    expect((await storedOrder(id))!.status).toBe('shipped');
  });
});

describe('DELETE /api/order/:id by an admin', () => {
  it('deletes an unpaid order (which held no stock) and audits it with what was deleted', async () => {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 30, priceCents: 1250 });
    const id = await place(customer, 4, tool!.id);
    expect(await stockOf(tool!.id)).toBe(30);
    const before = await auditCount();
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await storedOrder(id)).toBeUndefined();
    expect(await stockOf(tool!.id)).toBe(30);
    expect(await auditCount()).toBe(before + 1);
    const [entry] = (await auditRows()).filter((e) => e.targetId === id);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: 'order.deleted',
      after: null,
      before: {
        number: expect.stringMatching(/^TH-\d+$/),
        email: customer.email,
        name: customer.name,
        lines: [{ productName: tool!.name, quantity: 4, price: 12.5 }],
        total: 50,
        paid: false,
        status: null,
      },
    });
  });

  it('deletes an expired order, never moving the stock', async () => {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 10 });
    const id = await place(customer, 3, tool!.id);
    await expire(id);
    expect(await stockOf(tool!.id)).toBe(10);
    expect((await remove(id)).json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool!.id)).toBe(10);
  });

  it.each(['pending', 'shipped'] as const)('refuses a paid (%s) order with 409, changing nothing and auditing nothing', async (state) => {
    const id = await place(customer);
    await pay(id, customer);
    if (state === 'shipped') expect((await ship(id)).statusCode).toBe(200);
    const stored = await storedOrder(id);
    const before = await auditCount();
    const res = await remove(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.paidOrderCannotBeDeleted });
    expect(await storedOrder(id)).toEqual(stored);
    expect(await auditCount()).toBe(before);
  });

  it('answers 404 to an unknown order and audits nothing', async () => {
    const before = await auditCount();
    const res = await remove(randomUUID());
    expect(res.statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('does not audit a customer deleting their own unpaid order', async () => {
    const id = await place(customer);
    const before = await auditCount();
    expect((await remove(id, customer)).json()).toEqual({ deletedCount: 1 });
    expect(await auditCount()).toBe(before);
  });
});

describe('who may use the admin order calls', () => {
  it.each([
    ['anonymous', null, 401, API_ERRORS.signInRequired],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
  ] as const)('refuses %s on the list, shipping and deleting, changing nothing', async (_who, who, status, message) => {
    const caller = who ? customer : null;
    const paid = await place(customer);
    await pay(paid, customer);
    const other = await createCustomer(t.app, 'Nora Notmine');
    const unpaid = await place(other);
    const before = { audit: await auditCount(), paid: await storedOrder(paid), unpaid: await storedOrder(unpaid) };

    const listed = await list('', caller);
    const shipped = await ship(paid, caller);
    expect([listed.statusCode, shipped.statusCode]).toEqual([status, status]);
    for (const res of [listed, shipped]) expect(res.json()).toMatchObject({ status, detail: message });
    // A customer does not see another customer's order at all: 404, as for a missing one.
    const deleted = await remove(unpaid, caller);
    expect(deleted.statusCode).toBe(who ? 404 : 401);

    expect(await storedOrder(paid)).toEqual(before.paid);
    expect(await storedOrder(unpaid)).toEqual(before.unpaid);
    expect(await auditCount()).toBe(before.audit);
  });
});
