import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type Order } from '../../shared';
import { orders, testPaymentIntents } from '../db/schema';
import { expireStaleOrders } from './orders-repository';

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

describe('buying the last units at the same time', () => {
  it('50 customers after 10 units: exactly 10 get them, 40 hear 409, the tool ends at 0', async () => {
    const tool = await newTool(10);
    const results = await Promise.all(customers.map((c) => order(c, tool.id, 1)));

    const won = results.filter((r) => r.statusCode === 201);
    const lost = results.filter((r) => r.statusCode === 409);
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    for (const res of lost) expect(res.json()).toEqual({ statusCode: 409, message: API_ERRORS.notEnoughStock(0) });
    expect(await stockOf(tool.id)).toBe(0);

    const placed = await ordersForTool(tool.id);
    expect(placed).toHaveLength(10);
    expect(placed.map((o) => o._id).sort()).toEqual(won.map((r) => r.json().insertedId).sort());
    expect(placed.every((o) => o.quantity === 1 && !o.paid && o.status === null)).toBe(true);
    const winners = customers.filter((_c, i) => results[i]!.statusCode === 201).map((c) => c.email);
    expect(placed.map((o) => o.email).sort()).toEqual(winners.sort());
  });

  it('orders of 3 against 10 units: exactly 3 succeed and 1 unit is left', async () => {
    const tool = await newTool(10);
    const results = await Promise.all(customers.slice(0, 8).map((c) => order(c, tool.id, 3)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, message: API_ERRORS.notEnoughStock(1) });
    }
    expect(await stockOf(tool.id)).toBe(1);
    expect(await ordersForTool(tool.id)).toHaveLength(3);
  });
});

describe('deleting the same order at the same time', () => {
  it('deletes it once and gives its stock back once', async () => {
    const tool = await newTool(10);
    const buyer = customers[0]!;
    const res = await order(buyer, tool.id, 3);
    expect(res.statusCode).toBe(201);
    const id: string = res.json().insertedId;
    expect(await stockOf(tool.id)).toBe(7);

    const callers = [buyer, admin, buyer, admin, buyer, admin];
    const results = await Promise.all(
      callers.map((user) => t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(user) })),
    );
    const deleted = results.filter((r) => r.statusCode === 200 && r.json().deletedCount === 1);
    expect(deleted).toHaveLength(1);
    for (const r of results.filter((x) => !deleted.includes(x))) {
      // Whoever lost the race is told there was nothing (left) to delete.
      if (r.statusCode === 200) expect(r.json()).toEqual({ deletedCount: 0 });
      else expect(r.json()).toEqual({ statusCode: 404, message: API_ERRORS.orderNotFound });
    }
    expect(await stockOf(tool.id)).toBe(10);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, id))).toEqual([]);
  });
});

describe('deleting a stale order while the expiry sweep runs', () => {
  it('gives its stock back once, whichever comes first', async () => {
    const tool = await newTool(10);
    const buyer = customers[2]!;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await order(buyer, tool.id, 2)).json().insertedId);
    expect(await stockOf(tool.id)).toBe(4);
    await t.database.db.update(orders).set({ createdAt: new Date(Date.now() - 31 * 60_000) }).where(eq(orders.toolId, tool.id));

    const sweeps = [1, 2].map(() => expireStaleOrders(t.database.db, 48));
    const deletes = ids.map((id) => t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(buyer) }));
    const [swept, deleted] = await Promise.all([Promise.all(sweeps), Promise.all(deletes)]);
    // An expired order may still be deleted (it is unpaid); it just has no stock left to give back.
    for (const res of deleted) expect([res.statusCode, res.json()]).toEqual([200, { deletedCount: 1 }]);
    expect(swept[0]! + swept[1]!).toBeLessThanOrEqual(3);
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
