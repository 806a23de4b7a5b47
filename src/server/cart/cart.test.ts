import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, LIMITS, VALIDATION, type Cart } from '../../shared';
import { tools } from '../db/schema';

/**
 * Issue 17: a signed-in customer's cart, kept on the server (a visitor's lives in the browser and
 * joins this one on sign-in through /api/cart/merge). It holds tools and quantities, never stock.
 */
let t: TestApp;
let customer: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [customer, other] = await Promise.all([createCustomer(t.app, 'Cathy Cart'), createCustomer(t.app, 'Oliver Other')]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/cart${url}`,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const orderFromCart = (lines: { toolId: string; quantity: number }[]) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(customer), payload: { lines, address: '1 Cart Road', phone: '555-0100' } });
const cartOf = async (user: TestUser) => (await call('GET', '', user)).json<Cart>();
/** A line as the API answers it: the tool, how many, and the tool's SKU. */
const lineOf = (tool: { id: string; sku: string }, quantity: number) => ({ toolId: tool.id, quantity, sku: tool.sku });
const emptyCart = async (user: TestUser) => {
  for (const line of (await cartOf(user)).lines) await call('DELETE', `/lines/${line.toolId}`, user);
};

describe('the cart of a signed-in customer', () => {
  it('adds, adds more, sets, removes, and answers the whole cart each time, each line with its SKU', async () => {
    await emptyCart(customer);
    const [a, b] = await createTools(t.database.db, 2, { minQty: 2, availableQty: 50 });
    expect((await call('POST', '/lines', customer, { toolId: a!.id, quantity: 2 })).json()).toEqual({ lines: [lineOf(a!, 2)] });
    // 'Add to cart' again adds on top.
    expect((await call('POST', '/lines', customer, { toolId: a!.id, quantity: 3 })).json()).toEqual({ lines: [lineOf(a!, 5)] });
    const withB = await call('POST', '/lines', customer, { toolId: b!.id, quantity: 4 });
    expect(withB.json<Cart>().lines).toEqual([lineOf(a!, 5), lineOf(b!, 4)]);
    // The cart page's stepper sets a quantity.
    expect((await call('PUT', `/lines/${a!.id}`, customer, { quantity: 9 })).json<Cart>().lines[0]).toEqual(lineOf(a!, 9));
    expect((await call('DELETE', `/lines/${a!.id}`, customer)).json()).toEqual({ lines: [lineOf(b!, 4)] });
    expect(await cartOf(customer)).toEqual({ lines: [lineOf(b!, 4)] });
    expect((await call('GET', '', customer)).headers['cache-control']).toBe('no-store');
  });

  it("gives each line its tool's SKU as the catalogue has it now", async () => {
    await emptyCart(customer);
    const [tool] = await createTools(t.database.db, 1, { sku: 'TM-DMM-6000' });
    expect((await call('POST', '/lines', customer, { toolId: tool!.id, quantity: 1 })).json<Cart>().lines).toEqual([
      { toolId: tool!.id, quantity: 1, sku: 'TM-DMM-6000' },
    ]);
    await t.database.db.update(tools).set({ sku: 'TM-DMM-6001' }).where(eq(tools.id, tool!.id));
    expect((await cartOf(customer)).lines.map((line) => line.sku)).toEqual(['TM-DMM-6001']);
  });

  it("is the customer's own: another customer never sees or changes it", async () => {
    await emptyCart(customer);
    const [tool] = await createTools(t.database.db, 1);
    await call('POST', '/lines', customer, { toolId: tool!.id, quantity: 1 });
    expect((await cartOf(other)).lines.map((l) => l.toolId)).not.toContain(tool!.id);
    await call('DELETE', `/lines/${tool!.id}`, other);
    expect((await cartOf(customer)).lines.map((l) => l.toolId)).toContain(tool!.id);
  });

  it('joins a visitor\'s cart on sign-in: new tools added, a tool in both keeps the larger quantity, unknown tools left out; sending it twice changes nothing more', async () => {
    await emptyCart(customer);
    const [a, b, c] = await createTools(t.database.db, 3, { minQty: 1, availableQty: 50 });
    await call('POST', '/lines', customer, { toolId: a!.id, quantity: 5 });
    const visitorCart = {
      lines: [
        { toolId: a!.id, quantity: 2 },
        { toolId: b!.id, quantity: 7 },
        { toolId: '6f1c2a7e-8b9d-4e3f-a1b2-c3d4e5f60718', quantity: 1 },
        { toolId: 'not-a-uuid', quantity: 1 },
        { toolId: c!.id, quantity: 1 },
      ],
    };
    const merged = await call('POST', '/merge', customer, visitorCart);
    expect(merged.statusCode).toBe(200);
    const expected = [lineOf(a!, 5), lineOf(b!, 7), lineOf(c!, 1)];
    expect(merged.json<Cart>().lines).toEqual(expect.arrayContaining(expected));
    expect(merged.json<Cart>().lines).toHaveLength(3);
    const again = await call('POST', '/merge', customer, visitorCart);
    expect(again.json<Cart>().lines).toEqual(merged.json<Cart>().lines);
  });

  it('loses a line whose tool an admin deletes', async () => {
    await emptyCart(customer);
    const [tool] = await createTools(t.database.db, 1);
    await call('POST', '/lines', customer, { toolId: tool!.id, quantity: 1 });
    await t.database.db.delete(tools).where(eq(tools.id, tool!.id));
    expect(await cartOf(customer)).toEqual({ lines: [] });
  });

  it('adds a tool an admin deletes at the same moment, or says it is gone: never a 500', async () => {
    const admin = await createAdmin(t.app, t.database.db);
    for (let round = 0; round < 5; round += 1) {
      await emptyCart(customer);
      const [tool] = await createTools(t.database.db, 1);
      const [deleted, ...adds] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/items/${tool!.id}`, headers: bearer(admin) }),
        ...Array.from({ length: 6 }, () => call('POST', '/lines', customer, { toolId: tool!.id, quantity: 1 })),
      ]);
      expect(deleted!.statusCode).toBe(200);
      for (const res of adds) expect([200, 404]).toContain(res.statusCode);
      // Whatever was added went with the tool.
      expect(await cartOf(customer)).toEqual({ lines: [] });
    }
  });

  it('holds at most 50 different tools', async () => {
    await emptyCart(customer);
    const many = await createTools(t.database.db, LIMITS.orderLinesMax + 1);
    for (const tool of many.slice(0, LIMITS.orderLinesMax)) {
      expect((await call('POST', '/lines', customer, { toolId: tool.id, quantity: 1 })).statusCode).toBe(200);
    }
    const refused = await call('POST', '/lines', customer, { toolId: many.at(-1)!.id, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, detail: API_ERRORS.cartFull });
    // More of a tool already there is still fine.
    expect((await call('POST', '/lines', customer, { toolId: many[0]!.id, quantity: 1 })).statusCode).toBe(200);
    // A merge past the cap keeps the customer's own lines and leaves the rest out.
    const merged = await call('POST', '/merge', customer, { lines: [{ toolId: many.at(-1)!.id, quantity: 1 }] });
    expect(merged.json<Cart>().lines).toHaveLength(LIMITS.orderLinesMax);
    await emptyCart(customer);
  });

  it.each<[string, 'POST' | 'PUT', (toolId: string) => [string, unknown], number, string]>([
    ['a zero quantity', 'PUT', (id) => [`/lines/${id}`, { quantity: 0 }], 400, VALIDATION.quantityPositive],
    ['a fractional quantity', 'POST', (id) => ['/lines', { toolId: id, quantity: 2.5 }], 400, VALIDATION.quantityWhole],
    ['a huge quantity', 'POST', (id) => ['/lines', { toolId: id, quantity: 1e12 }], 400, VALIDATION.quantityTooLarge],
    ['a quantity as a string', 'PUT', (id) => [`/lines/${id}`, { quantity: '3' }], 400, VALIDATION.quantityWhole],
    ['an unknown tool', 'POST', () => ['/lines', { toolId: '6f1c2a7e-8b9d-4e3f-a1b2-c3d4e5f60718', quantity: 1 }], 404, API_ERRORS.toolNotFound],
    ['a malformed tool id', 'PUT', () => ['/lines/%3Cscript%3E', { quantity: 1 }], 404, API_ERRORS.toolNotFound],
  ])('refuses %s with a 4xx naming the field, changing nothing', async (_case, method, request, status, message) => {
    const [tool] = await createTools(t.database.db, 1);
    const before = await cartOf(customer);
    const [url, payload] = request(tool!.id);
    const res = await call(method, url, customer, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message, errors: [expect.objectContaining({ detail: message })] });
    expect(await cartOf(customer)).toEqual(before);
  });

  it('is only for signed-in callers (401)', async () => {
    const [tool] = await createTools(t.database.db, 1);
    for (const [method, url, payload] of [
      ['GET', '', undefined],
      ['POST', '/lines', { toolId: tool!.id, quantity: 1 }],
      ['PUT', `/lines/${tool!.id}`, { quantity: 1 }],
      ['DELETE', `/lines/${tool!.id}`, undefined],
      ['POST', '/merge', { lines: [] }],
    ] as const) {
      const res = await call(method, url, null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, detail: API_ERRORS.signInRequired });
    }
  });
});

describe('ordering from the cart', () => {
  it('takes the ordered tools out of the cart, and leaves the others', async () => {
    await emptyCart(customer);
    const [a, b] = await createTools(t.database.db, 2, { minQty: 1, availableQty: 10 });
    await call('POST', '/lines', customer, { toolId: a!.id, quantity: 2 });
    await call('POST', '/lines', customer, { toolId: b!.id, quantity: 1 });
    const placed = await orderFromCart([{ toolId: a!.id, quantity: 2 }]);
    expect(placed.statusCode).toBe(201);
    expect(await cartOf(customer)).toEqual({ lines: [lineOf(b!, 1)] });
  });

  it('keeps the cart as it was when the order is refused', async () => {
    await emptyCart(customer);
    const [a] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 3 });
    await call('POST', '/lines', customer, { toolId: a!.id, quantity: 5 });
    const refused = await orderFromCart([{ toolId: a!.id, quantity: 5 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(API_ERRORS.notEnoughStockOf(a!.name, 3));
    expect(await cartOf(customer)).toEqual({ lines: [lineOf(a!, 5)] });
  });
});
