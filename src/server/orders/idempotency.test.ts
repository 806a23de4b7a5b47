import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { placeOrderByApi } from '../../../tests/support/orders';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { API_ERRORS } from '../../shared';
import { mailOutbox, orders, testPaymentIntents, tools } from '../db/schema';

/**
 * Issue 17: a double submit, or a retry after a dropped connection, made two orders. With an
 * `Idempotency-Key`, the same key from the same customer gives the same answer and one order, also
 * when the requests arrive at once (two processes: orders/buying-races.test.ts).
 */
let t: TestAppWithMail;
let buyer: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestAppWithMail();
  [buyer, other] = await Promise.all([createCustomer(t.app, 'Retrying Rosa'), createCustomer(t.app, 'Other Oscar')]);
});
afterAll(() => t?.close());

const newTool = async () => (await createTools(t.database.db, 1, { minQty: 1, availableQty: 100 }))[0]!;
const ordersOf = async (user: TestUser) => t.database.db.select().from(orders).where(eq(orders.userId, user.userId));
const withKey = (key: string) => ({ 'idempotency-key': key });
const multiOrder = (user: TestUser, lines: { toolId: string; quantity: number }[], headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(user), ...headers }, payload: { lines, address: '1 Retry Road', phone: '555-0111' } });

describe('POST /api/order with an Idempotency-Key', () => {
  it('answers a repeat with the first answer (201, same id and Location) and makes one order and one mail', async () => {
    const tool = await newTool();
    const key = randomUUID();
    const before = (await ordersOf(buyer)).length;
    const first = await placeOrderByApi(t.app, buyer, tool.id, 2, withKey(key));
    const again = await placeOrderByApi(t.app, buyer, tool.id, 2, withKey(key));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(`/api/orders/${first.json().insertedId}`);
    expect((await ordersOf(buyer)).length).toBe(before + 1);
    // The confirmation is queued by the order's follow-up just after the commit (decision 044): wait
    // for it, then make sure the repeat queued none of its own.
    const placedMails = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.email))).filter(
        (m) => m.textBody.includes(first.json().insertedId) && /^Order TH-\d+ placed/.test(m.subject),
      ).length;
    await expect.poll(placedMails, { timeout: 10_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await placedMails()).toBe(1);
  });

  it('makes one order of ten identical requests sent at once', async () => {
    const tool = await newTool();
    const key = randomUUID();
    const before = (await ordersOf(buyer)).length;
    const replies = await Promise.all(Array.from({ length: 10 }, () => placeOrderByApi(t.app, buyer, tool.id, 1, withKey(key))));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.json().insertedId)).size).toBe(1);
    expect((await ordersOf(buyer)).length).toBe(before + 1);
  });

  it('refuses the same key with a different request (422), naming the header, and places nothing', async () => {
    const tool = await newTool();
    const key = randomUUID();
    expect((await placeOrderByApi(t.app, buyer, tool.id, 1, withKey(key))).statusCode).toBe(201);
    const before = (await ordersOf(buyer)).length;
    const changed = await placeOrderByApi(t.app, buyer, tool.id, 5, withKey(key));
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      detail: API_ERRORS.idempotencyKeyReused,
      errors: [{ field: 'Idempotency-Key', detail: API_ERRORS.idempotencyKeyReused }],
    });
    // The cart's checkout is another call: the key cannot be reused there either.
    expect((await multiOrder(buyer, [{ toolId: tool.id, quantity: 1 }], withKey(key))).statusCode).toBe(422);
    expect((await ordersOf(buyer)).length).toBe(before);
  });

  it("keeps one customer's keys apart from another's", async () => {
    const tool = await newTool();
    const key = randomUUID();
    const mine = await placeOrderByApi(t.app, buyer, tool.id, 1, withKey(key));
    const theirs = await placeOrderByApi(t.app, other, tool.id, 1, withKey(key));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().insertedId).not.toBe(mine.json().insertedId);
    expect((await ordersOf(other)).map((o) => o.id)).toContain(theirs.json().insertedId);
  });

  it('does the work again after a refused first try (nothing was created under the key)', async () => {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 3 });
    const key = randomUUID();
    const refused = await placeOrderByApi(t.app, buyer, tool!.id, 4, withKey(key));
    expect(refused.statusCode).toBe(409);
    // The same request, once the stock allows it (an admin restocked): it is placed now.
    await t.database.db.update(tools).set({ availableQty: 10 }).where(eq(tools.id, tool!.id));
    expect((await placeOrderByApi(t.app, buyer, tool!.id, 4, withKey(key))).statusCode).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['with a non-ASCII letter', 'clé'],
  ])('refuses a key that is %s with 400 naming the header', async (_case, key) => {
    const tool = await newTool();
    const before = (await ordersOf(buyer)).length;
    const res = await placeOrderByApi(t.app, buyer, tool.id, 1, withKey(key));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: API_ERRORS.idempotencyKeyInvalid, errors: [{ field: 'Idempotency-Key' }] });
    expect((await ordersOf(buyer)).length).toBe(before);
  });

  it('places a new order for each request without a key, as before', async () => {
    const tool = await newTool();
    const before = (await ordersOf(buyer)).length;
    await placeOrderByApi(t.app, buyer, tool.id, 1);
    await placeOrderByApi(t.app, buyer, tool.id, 1);
    expect((await ordersOf(buyer)).length).toBe(before + 2);
  });
});

describe('POST /api/orders (the cart checkout) with an Idempotency-Key', () => {
  it('makes one order of several lines from five identical requests sent at once', async () => {
    const [a, b] = await createTools(t.database.db, 2, { minQty: 1, availableQty: 20 });
    const key = randomUUID();
    const before = (await ordersOf(buyer)).length;
    const lines = [
      { toolId: a!.id, quantity: 2 },
      { toolId: b!.id, quantity: 1 },
    ];
    const replies = await Promise.all(Array.from({ length: 5 }, () => multiOrder(buyer, lines, withKey(key))));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(replies.map((r) => r.json().insertedId)).size).toBe(1);
    expect((await ordersOf(buyer)).length).toBe(before + 1);
  });
});

describe('POST /api/create-payment-intent with an Idempotency-Key', () => {
  it('gives the same client secret to repeats, also at once, and creates one intent', async () => {
    const tool = await newTool();
    const orderId: string = (await placeOrderByApi(t.app, buyer, tool.id, 1)).json().insertedId;
    const key = randomUUID();
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { ...bearer(buyer), ...withKey(key) }, payload: { orderId } });
    const replies = await Promise.all([ask(), ask(), ask()]);
    const later = await ask();
    expect([...replies, later].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set([...replies, later].map((r) => r.json().clientSecret)).size).toBe(1);
    expect(await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId))).toHaveLength(1);
  });

  it('refuses the key for another order (422)', async () => {
    const tool = await newTool();
    const [first, second] = [
      (await placeOrderByApi(t.app, buyer, tool.id, 1)).json().insertedId,
      (await placeOrderByApi(t.app, buyer, tool.id, 1)).json().insertedId,
    ];
    const key = randomUUID();
    const ask = (orderId: string) =>
      t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { ...bearer(buyer), ...withKey(key) }, payload: { orderId } });
    expect((await ask(first)).statusCode).toBe(200);
    const res = await ask(second);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(API_ERRORS.idempotencyKeyReused);
  });
});
