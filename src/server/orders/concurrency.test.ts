import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type Order } from '../../shared';
import { orders, testPaymentIntents } from '../db/schema';
import { sweepStaleOrders } from './orders-repository';
import { payWithTestCard } from '../../../tests/support/orders';

/**
 * Many requests at once. On PostgreSQL (the api-postgres project) they really run in parallel on
 * a pool of connections, so these tests catch lost updates and double refunds.
 */
let t: TestApp;
let customers: TestUser[];
let admin: TestUser;
const CUSTOMERS = 50;
const DELIVERY = { address: '5 Rush Street', phone: '555-0150' };
const GOOD_CARD = { number: '4242424242424242', expiry: '12/40', cvc: '123' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db);
  customers = [];
  // Sign-ups hash passwords: a few at a time keeps the set-up quick without starving the database.
  for (let i = 0; i < CUSTOMERS; i += 5) {
    customers.push(...(await Promise.all([0, 1, 2, 3, 4].map((j) => createCustomer(t.app, `Racer ${i + j}`)))));
  }
}, 120_000);
afterAll(() => t.close());

const newTool = async (availableQty: number, minQty = 1) => (await createTools(t.database.db, 1, { availableQty, minQty }))[0]!;
const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty;
const order = (user: TestUser, toolId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(user), payload: { toolId, quantity, ...DELIVERY } });

async function ordersForTool(toolId: string): Promise<Order[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/orders?limit=100', headers: bearer(admin) });
  expect(res.statusCode).toBe(200);
  return (res.json() as Order[]).filter((o) => o.toolId === toolId);
}

/** The same order, placed (201) by every one of `buyers`; answers each order's id, in their order. */
async function everyonePlaces(buyers: TestUser[], toolId: string, quantity: number): Promise<string[]> {
  const placed = await Promise.all(buyers.map((c) => order(c, toolId, quantity)));
  expect(placed.map((r) => r.statusCode)).toEqual(buyers.map(() => 201));
  return placed.map((r) => r.json().insertedId as string);
}

const intentsOf = (orderIds: string[]) =>
  Promise.all(orderIds.map(async (id) => t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, id))));

describe('buying the last units at the same time (decision 019: the payment takes the stock)', () => {
  it('50 customers order 1 of the last 10 units: all may order; all pay at once; exactly 10 are charged, 40 are refused before any charge', async () => {
    const tool = await newTool(10);
    const ids = await everyonePlaces(customers, tool.id, 1);
    // Nobody's unpaid order held anything back from anybody.
    expect(await stockOf(tool.id)).toBe(10);

    const paid = await Promise.all(customers.map((c, i) => payWithTestCard(t.app, c, ids[i]!)));
    const charged = paid.filter((p) => p.confirm?.statusCode === 200);
    const refused = paid.filter((p) => p.confirm?.statusCode !== 200);
    expect(charged).toHaveLength(10);
    expect(refused).toHaveLength(40);
    // Refused either when asking to pay (the stock was visibly gone) or at the card, before the charge.
    for (const p of refused) {
      const res = p.confirm ?? p.intent;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutBeforePayment(tool.name) });
    }
    expect(await stockOf(tool.id)).toBe(0);

    const placed = await ordersForTool(tool.id);
    expect(placed.filter((o) => o.paid)).toHaveLength(10);
    expect(placed.filter((o) => !o.paid).every((o) => o.status === null)).toBe(true);
    // Only the ten paid orders' cards were charged.
    const intents = (await intentsOf(ids)).flat();
    expect(intents.filter((i) => i.status === 'succeeded')).toHaveLength(10);
  });

  it('10 new customers each buy one of the last 10 units at once: all 10 are paid and the stock ends at 0', async () => {
    const tool = await newTool(10);
    const ten = customers.slice(10, 20);
    const ids = await everyonePlaces(ten, tool.id, 1);
    const paid = await Promise.all(ten.map((c, i) => payWithTestCard(t.app, c, ids[i]!)));
    expect(paid.map((p) => p.confirm?.statusCode)).toEqual(ten.map(() => 200));
    expect(await stockOf(tool.id)).toBe(0);
    expect((await ordersForTool(tool.id)).filter((o) => o.paid && o.status === 'pending')).toHaveLength(10);
  });

  it('orders of 3 against 10 units, paid at once: exactly 3 are paid and 1 unit is left', async () => {
    const tool = await newTool(10);
    const eight = customers.slice(0, 8);
    const ids = await everyonePlaces(eight, tool.id, 3);
    const paid = await Promise.all(eight.map((c, i) => payWithTestCard(t.app, c, ids[i]!)));
    expect(paid.filter((p) => p.confirm?.statusCode === 200)).toHaveLength(3);
    for (const p of paid.filter((x) => x.confirm?.statusCode !== 200)) {
      const res = p.confirm ?? p.intent;
      expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutBeforePayment(`${tool.name} (only 1 left)`) });
    }
    expect(await stockOf(tool.id)).toBe(1);
  });
});

describe('deleting the same order at the same time', () => {
  it('deletes it once and never touches the stock', async () => {
    const tool = await newTool(10);
    const buyer = customers[0]!;
    const res = await order(buyer, tool.id, 3);
    expect(res.statusCode).toBe(201);
    const id: string = res.json().insertedId;

    const callers = [buyer, admin, buyer, admin, buyer, admin];
    const results = await Promise.all(
      callers.map((user) => t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(user) })),
    );
    const deleted = results.filter((r) => r.statusCode === 200 && r.json().deletedCount === 1);
    expect(deleted).toHaveLength(1);
    for (const r of results.filter((x) => !deleted.includes(x))) {
      // Whoever lost the race is told there was nothing (left) to delete.
      if (r.statusCode === 200) expect(r.json()).toEqual({ deletedCount: 0 });
      else expect(r.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    }
    expect(await stockOf(tool.id)).toBe(10);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, id))).toEqual([]);
  });
});

describe('deleting stale orders while expiry sweeps run', () => {
  it('deletes each once, expires nothing twice, and never touches the stock', async () => {
    const tool = await newTool(10);
    const buyer = customers[2]!;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await order(buyer, tool.id, 2)).json().insertedId);
    await t.database.db.update(orders).set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) }).where(inArray(orders.id, ids));

    const sweeps = [1, 2].map(() => sweepStaleOrders(t.database.db, 24 * 60));
    const deletes = ids.map((id) => t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(buyer) }));
    const [swept, deleted] = await Promise.all([Promise.all(sweeps), Promise.all(deletes)]);
    // An expired order may still be deleted (it is unpaid).
    for (const res of deleted) expect([res.statusCode, res.json()]).toEqual([200, { deletedCount: 1 }]);
    expect((swept[0] ?? 0) + (swept[1] ?? 0)).toBeLessThanOrEqual(3);
    expect(await stockOf(tool.id)).toBe(10);
    expect(await ordersForTool(tool.id)).toEqual([]);
  });
});

describe('paying the same order at the same time', () => {
  it('gives one payment intent to simultaneous requests, and settles the order once', async () => {
    const tool = await newTool(10);
    const buyer = customers[1]!;
    const placed = await order(buyer, tool.id, 2);
    const orderId: string = placed.json().insertedId;

    const intents = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId } }),
      ),
    );
    expect(intents.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const secrets = new Set(intents.map((r) => r.json().clientSecret));
    expect(secrets.size).toBe(1);
    const rows = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));
    expect(rows).toHaveLength(1);

    const [clientSecret] = [...secrets];
    const confirms = await Promise.all(
      Array.from({ length: 4 }, (_v, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/test-payments/confirm',
          remoteAddress: `10.9.0.${i + 1}`,
          payload: { clientSecret, card: GOOD_CARD },
        }),
      ),
    );
    for (const res of confirms) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ paymentIntent: { id: rows[0]!.id, status: 'succeeded' } });
    }
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({ paid: true, status: 'pending', transactionId: rows[0]!.id });
    expect(await stockOf(tool.id)).toBe(8);
  });
});

// Deleting an order while its card is being charged: see payments/pay-delete-race.test.ts.
