import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION, type Order } from '../../shared';
import { testPaymentIntents, tools } from '../db/schema';

/**
 * Issue 17: one order of several tools (the cart's checkout), one payment, one set of mails.
 * POST /api/orders {lines, address, phone}; the spec's POST /api/order stays a one-line order.
 */
let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [buyer, admin] = await Promise.all([createCustomer(t.app, 'Mona Multi'), createAdmin(t.app, t.database.db)]);
});
afterAll(() => t.close());

const DELIVERY = { address: '3 Basket Road, Dayton', phone: '555-0133' };
const place = (lines: unknown, user: TestUser = buyer) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(user), payload: { lines, ...DELIVERY } });
const readOrder = async (id: string, user: TestUser = buyer) =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(user) })).json<Order>();
const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty as number;
async function threeTools() {
  const made = await createTools(t.database.db, 3, { minQty: 1, availableQty: 20 });
  const prices = [3999, 1250, 100];
  for (const [i, tool] of made.entries()) await t.database.db.update(tools).set({ priceCents: prices[i]! }).where(eq(tools.id, tool.id));
  return made.map((tool, i) => ({ ...tool, priceCents: prices[i]! }));
}

describe('POST /api/orders', () => {
  it('places one order with a line per tool, prices from the catalogue, the total in exact cents, and nothing taken off sale', async () => {
    const [a, b, c] = await threeTools();
    const res = await place([
      { toolId: a!.id, quantity: 11, price: 0.01 },
      { toolId: b!.id, quantity: 2 },
      { toolId: c!.id, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe(`/api/orders/${res.json().insertedId}`);
    const order = await readOrder(res.json().insertedId);
    expect(order.lines).toEqual([
      { toolId: a!.id, productName: a!.name, sku: a!.sku, productImage: a!.image, description: a!.description, price: 39.99, quantity: 11, total: 439.89, taxPercent: 0, tax: 0 },
      { toolId: b!.id, productName: b!.name, sku: b!.sku, productImage: b!.image, description: b!.description, price: 12.5, quantity: 2, total: 25, taxPercent: 0, tax: 0 },
      { toolId: c!.id, productName: c!.name, sku: c!.sku, productImage: c!.image, description: c!.description, price: 1, quantity: 3, total: 3, taxPercent: 0, tax: 0 },
    ]);
    expect(order).toMatchObject({
      // No tax rates: no tax, and the total is the subtotal, as before tax by destination.
      subtotal: 467.89,
      tax: 0,
      taxLines: [],
      total: 467.89,
      // The spec's single-tool fields sum it up.
      toolId: null,
      price: null,
      quantity: 16,
      productName: `${a!.name} and 2 more tools`,
      productImage: a!.image,
      paid: false,
      status: null,
    });
    for (const tool of [a, b, c]) expect(await stockOf(tool!.id)).toBe(20);
  });

  it('is paid once, for its total, and the payment takes every line\'s units', async () => {
    const [a, b, c] = await threeTools();
    const id = (await place([{ toolId: a!.id, quantity: 2 }, { toolId: b!.id, quantity: 3 }, { toolId: c!.id, quantity: 10 }])).json().insertedId;
    const { confirm } = await payWithTestCard(t.app, buyer, id);
    expect(confirm?.statusCode).toBe(200);
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, id));
    expect(intent!.amountCents).toBe(2 * 3999 + 3 * 1250 + 10 * 100);
    expect(await readOrder(id)).toMatchObject({ paid: true, status: 'pending', total: 127.48 });
    expect([await stockOf(a!.id), await stockOf(b!.id), await stockOf(c!.id)]).toEqual([18, 17, 10]);
    // The admin's list shows the order with its lines.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/orders?limit=100', headers: bearer(admin) })).json<Order[]>();
    expect(listed.find((o) => o._id === id)?.lines).toHaveLength(3);
  });

  it('takes nothing when one line is short at payment: no charge, every tool as it was, and a message naming the tool', async () => {
    const [a, b] = await threeTools();
    const id = (await place([{ toolId: a!.id, quantity: 4 }, { toolId: b!.id, quantity: 9 }])).json().insertedId;
    const rival = await createCustomer(t.app, 'Rival Rob');
    const rivalOrder = (await place([{ toolId: b!.id, quantity: 12 }], rival)).json().insertedId;
    expect((await payWithTestCard(t.app, rival, rivalOrder)).confirm?.statusCode).toBe(200);

    const { intent, confirm } = await payWithTestCard(t.app, buyer, id);
    expect(confirm).toBeNull();
    expect(intent.json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutBeforePayment(`${b!.name} (only 8 left)`) });
    expect([await stockOf(a!.id), await stockOf(b!.id)]).toEqual([20, 8]);
    expect(await readOrder(id)).toMatchObject({ paid: false, status: null });
  });

  it.each<[string, (ids: string[]) => unknown, number, string, string | undefined]>([
    ['no lines', () => [], 400, VALIDATION.orderLinesRequired, 'lines'],
    ['the same tool twice', ([a]) => [{ toolId: a, quantity: 1 }, { toolId: a, quantity: 2 }], 400, VALIDATION.orderLinesRepeated, 'lines'],
    ['a fractional quantity', ([a]) => [{ toolId: a, quantity: 1.5 }], 400, VALIDATION.quantityWhole, 'lines.0.quantity'],
    ['a negative quantity', ([a, b]) => [{ toolId: a, quantity: 1 }, { toolId: b, quantity: -3 }], 400, VALIDATION.quantityPositive, 'lines.1.quantity'],
    ['51 lines', ([a]) => Array.from({ length: 51 }, () => ({ toolId: a, quantity: 1 })), 400, VALIDATION.orderLinesTooMany, 'lines'],
    ['a line below its minimum', ([a, , c]) => [{ toolId: a, quantity: 1 }, { toolId: c, quantity: 1 }], 400, 'minimum', 'lines.1.quantity'],
    ['a line above its stock', ([a, b]) => [{ toolId: a, quantity: 1 }, { toolId: b, quantity: 11 }], 409, 'stock', 'lines.1.quantity'],
    ['an unknown tool', ([a]) => [{ toolId: a, quantity: 1 }, { toolId: '6f1c2a7e-8b9d-4e3f-a1b2-c3d4e5f60718', quantity: 1 }], 404, API_ERRORS.toolNotFound, 'lines.1.toolId'],
    ['a malformed tool id', () => [{ toolId: 'not-a-tool', quantity: 1 }], 404, API_ERRORS.toolNotFound, 'lines.0.toolId'],
    ['lines that are not a list', () => 'everything', 400, VALIDATION.orderLinesRequired, 'lines'],
  ])('refuses %s, naming the line, and places nothing', async (_case, linesOf, status, message, field) => {
    const [a, b] = await createTools(t.database.db, 2, { minQty: 1, availableQty: 10 });
    const [c] = await createTools(t.database.db, 1, { minQty: 5, availableQty: 10 });
    const before = (await t.app.inject({ method: 'GET', url: `/api/order/${buyer.email}`, headers: bearer(buyer) })).headers['x-total-count'];
    const res = await place(linesOf([a!.id, b!.id, c!.id]));
    expect(res.statusCode).toBe(status);
    const body = res.json();
    const expected =
      message === 'minimum' ? API_ERRORS.belowMinimumOf(c!.name, 5) : message === 'stock' ? API_ERRORS.notEnoughStockOf(b!.name, 10) : message;
    expect(body.detail).toBe(expected);
    expect(body.errors?.[0]?.field).toBe(field);
    const after = (await t.app.inject({ method: 'GET', url: `/api/order/${buyer.email}`, headers: bearer(buyer) })).headers['x-total-count'];
    expect(after).toBe(before);
  });
});
