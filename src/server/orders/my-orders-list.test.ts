import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { Order } from '../../shared';
import { orders } from '../db/schema';
import { expireStaleOrders } from '../../../tests/support/orders';

// Not the default (a day), so a pay-by time computed from anything but the store's own setting shows.
const PAY_MINUTES = 45;
let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ orderPayMinutes: PAY_MINUTES });
  buyer = await createCustomer(t.app, 'Lisa Lister');
});
afterAll(() => t.close());

const DELIVERY = { address: '4 Ledger Row, Dayton, OH', phone: '+1 555 0144' };

async function placed(toolId: string, quantity: number): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(buyer), payload: { toolId, quantity, ...DELIVERY } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
}

/** GET /api/order/{email}: what My Orders shows. */
async function myOrders(): Promise<Order[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/order/${buyer.email}`, headers: bearer(buyer) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const backdate = (id: string, minutes: number) =>
  t.database.db.update(orders).set({ createdAt: new Date(Date.now() - minutes * 60_000) }).where(eq(orders.id, id));

describe("the buyer's order list (My Orders)", () => {
  it('gives each order its total in exact cents, when it was placed, and until when it may be paid', async () => {
    const [tool] = await createTools(t.database.db, 1, { priceCents: 3999, minQty: 1, availableQty: 50 });
    const before = Date.now();
    const id = await placed(tool!.id, 11);
    const mine = (await myOrders()).find((o) => o._id === id)!;

    // 11 × $39.99: the server multiplies cents, so no 439.89000000000004 reaches the page.
    expect(mine).toMatchObject({ price: 39.99, quantity: 11, total: 439.89, paid: false, status: null });
    const createdAt = Date.parse(mine.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(mine.payBy) - createdAt).toBe(PAY_MINUTES * 60_000);
  });

  it("'pay by' is the moment the order expires: payable just before it, expired just after", async () => {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 10 });
    const id = await placed(tool!.id, 2);

    await backdate(id, PAY_MINUTES - 1);
    let mine = (await myOrders()).find((o) => o._id === id)!;
    expect(Date.parse(mine.payBy)).toBeGreaterThan(Date.now());
    expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBe(0);
    expect((await myOrders()).find((o) => o._id === id)).toMatchObject({ status: null });

    await backdate(id, PAY_MINUTES + 1);
    mine = (await myOrders()).find((o) => o._id === id)!;
    expect(Date.parse(mine.payBy)).toBeLessThan(Date.now());
    expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBe(1);
    expect((await myOrders()).find((o) => o._id === id)).toMatchObject({ paid: false, status: 'expired' });
  });
});
