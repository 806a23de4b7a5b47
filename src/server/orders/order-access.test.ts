import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type Order } from '../../shared';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createCustomer(t.app, 'Olive Owner');
  other = await createCustomer(t.app, 'Oscar Other');
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
});
afterAll(() => t.close());

type Caller = 'anonymous' | 'owner' | 'other customer' | 'admin';
type Endpoint =
  | 'GET /api/order/:email'
  | 'GET /api/orders'
  | 'GET /api/orders/:id'
  | 'PATCH /api/order/:id shipped'
  | 'PATCH /api/order/:id pending'
  | 'POST /api/orders/:id/payment'
  | 'DELETE /api/order/:id'
  | 'POST /api/create-payment-intent';

const STOCK = 10;
const QUANTITY = 2;
const callerUser = (caller: Caller): TestUser | null => ({ anonymous: null, owner, 'other customer': other, admin })[caller];
const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty;
const readOrder = (id: string) => t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) });

/** A fresh tool and an unpaid order of the owner's for it. */
async function ownersOrder(): Promise<{ toolId: string; order: Order }> {
  const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: STOCK });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(owner),
    payload: { toolId: tool!.id, quantity: QUANTITY, address: '1 Owner Road', phone: '555-0101' },
  });
  expect(res.statusCode).toBe(201);
  return { toolId: tool!.id, order: (await readOrder(res.json().insertedId)).json() };
}

function requestFor(endpoint: Endpoint, caller: Caller, orderId: string): InjectOptions {
  const user = callerUser(caller);
  const headers = user ? bearer(user) : {};
  switch (endpoint) {
    case 'GET /api/order/:email':
      return { method: 'GET', url: `/api/order/${encodeURIComponent(owner.email)}`, headers };
    case 'GET /api/orders':
      return { method: 'GET', url: '/api/orders', headers };
    case 'GET /api/orders/:id':
      return { method: 'GET', url: `/api/orders/${orderId}`, headers };
    case 'PATCH /api/order/:id shipped':
      return { method: 'PATCH', url: `/api/order/${orderId}`, headers, payload: { status: 'shipped' } };
    case 'PATCH /api/order/:id pending':
      return { method: 'PATCH', url: `/api/order/${orderId}`, headers, payload: { status: 'pending', transactionId: 'pi_test_made_up' } };
    case 'POST /api/orders/:id/payment':
      return { method: 'POST', url: `/api/orders/${orderId}/payment`, headers, payload: { transactionId: 'pi_test_made_up' } };
    case 'DELETE /api/order/:id':
      return { method: 'DELETE', url: `/api/order/${orderId}`, headers };
    case 'POST /api/create-payment-intent':
      return { method: 'POST', url: '/api/create-payment-intent', headers, payload: { orderId, totalPrice: 1 } };
  }
}

const MESSAGES: Record<number, string> = {
  401: API_ERRORS.signInRequired,
  402: API_ERRORS.paymentNotCompleted,
  403: API_ERRORS.forbidden,
  404: API_ERRORS.orderNotFound,
  409: API_ERRORS.orderNotPaidYet,
};

async function expectSuccess(endpoint: Endpoint, res: Awaited<ReturnType<TestApp['app']['inject']>>, toolId: string, order: Order) {
  const body = res.json();
  switch (endpoint) {
    case 'GET /api/order/:email':
      expect(body).toContainEqual(order);
      for (const each of body as Order[]) expect(each.email).toBe(owner.email);
      expect(res.headers['x-total-count']).toBe(String(body.length));
      break;
    case 'GET /api/orders':
      expect(body).toContainEqual(order);
      expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(body.length);
      break;
    case 'GET /api/orders/:id':
      expect(body).toEqual(order);
      break;
    case 'DELETE /api/order/:id':
      expect(body).toEqual({ deletedCount: 1 });
      expect((await readOrder(order._id)).statusCode).toBe(404);
      expect(await stockOf(toolId)).toBe(STOCK);
      return;
    case 'POST /api/create-payment-intent':
      expect(body).toEqual({ clientSecret: expect.stringMatching(/^pi_test_.+_secret_.+/) });
      break;
    default:
      throw new Error(`${endpoint} has no success row`);
  }
  // Reading, or preparing a payment, changes neither the order nor the stock (an unpaid order holds none).
  expect((await readOrder(order._id)).json()).toEqual(order);
  expect(await stockOf(toolId)).toBe(STOCK);
}

const matrix: Array<[Endpoint, Caller, number]> = [
  ['GET /api/order/:email', 'anonymous', 401],
  ['GET /api/order/:email', 'owner', 200],
  ['GET /api/order/:email', 'other customer', 403],
  ['GET /api/order/:email', 'admin', 403],

  ['GET /api/orders', 'anonymous', 401],
  ['GET /api/orders', 'owner', 403],
  ['GET /api/orders', 'other customer', 403],
  ['GET /api/orders', 'admin', 200],

  ['GET /api/orders/:id', 'anonymous', 401],
  ['GET /api/orders/:id', 'owner', 200],
  ['GET /api/orders/:id', 'other customer', 404],
  ['GET /api/orders/:id', 'admin', 200],

  ['PATCH /api/order/:id shipped', 'anonymous', 401],
  ['PATCH /api/order/:id shipped', 'owner', 403],
  ['PATCH /api/order/:id shipped', 'other customer', 404],
  ['PATCH /api/order/:id shipped', 'admin', 409],

  ['PATCH /api/order/:id pending', 'anonymous', 401],
  ['PATCH /api/order/:id pending', 'owner', 402],
  ['PATCH /api/order/:id pending', 'other customer', 404],
  ['PATCH /api/order/:id pending', 'admin', 403],

  // The buyer's own route for the same: nobody else, admins neither, learns the order exists.
  ['POST /api/orders/:id/payment', 'anonymous', 401],
  ['POST /api/orders/:id/payment', 'owner', 402],
  ['POST /api/orders/:id/payment', 'other customer', 404],
  ['POST /api/orders/:id/payment', 'admin', 404],

  ['DELETE /api/order/:id', 'anonymous', 401],
  ['DELETE /api/order/:id', 'owner', 200],
  ['DELETE /api/order/:id', 'other customer', 404],
  ['DELETE /api/order/:id', 'admin', 200],

  ['POST /api/create-payment-intent', 'anonymous', 401],
  ['POST /api/create-payment-intent', 'owner', 200],
  ['POST /api/create-payment-intent', 'other customer', 404],
  ['POST /api/create-payment-intent', 'admin', 404],
];

describe('order access matrix', () => {
  it.each(matrix)('%s as %s → %i', async (endpoint, caller, status) => {
    const { toolId, order } = await ownersOrder();
    const res = await t.app.inject(requestFor(endpoint, caller, order._id));
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      await expectSuccess(endpoint, res, toolId, order);
      return;
    }
    expect(res.json()).toMatchObject({ status, detail: MESSAGES[status] });
    // A refused call changed nothing.
    expect((await readOrder(order._id)).json()).toEqual(order);
    expect(await stockOf(toolId)).toBe(STOCK);
  });
});

describe("another customer and the owner's order", () => {
  it("cannot settle the owner's order even with the owner's real intent id", async () => {
    const { toolId, order } = await ownersOrder();
    const intent = await t.app.inject(requestFor('POST /api/create-payment-intent', 'owner', order._id));
    const clientSecret: string = intent.json().clientSecret;
    const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${order._id}`,
      headers: bearer(other),
      payload: { status: 'pending', transactionId: intentId },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    expect((await readOrder(order._id)).json()).toEqual(order);
    expect(await stockOf(toolId)).toBe(STOCK);
  });

  it("does not see the owner's orders in the list of its own", async () => {
    const { order } = await ownersOrder();
    const res = await t.app.inject({ method: 'GET', url: `/api/order/${encodeURIComponent(other.email)}`, headers: bearer(other) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    expect((await readOrder(order._id)).json()).toEqual(order);
  });
});

describe('lists', () => {
  it("GET /api/order/:email lists the caller's orders newest first, with X-Total-Count", async () => {
    const first = await ownersOrder();
    const second = await ownersOrder();
    const res = await t.app.inject({ method: 'GET', url: `/api/order/${encodeURIComponent(owner.email)}`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as Order[]).map((o) => o._id);
    expect(ids.indexOf(second.order._id)).toBeLessThan(ids.indexOf(first.order._id));
    expect(ids.indexOf(first.order._id)).toBeGreaterThanOrEqual(0);
    expect(res.headers['x-total-count']).toBe(String(ids.length));
  });

  it('GET /api/orders (admin) lists every customer\'s orders with X-Total-Count, and pages', async () => {
    await ownersOrder();
    // The admin list pages 20 at a time by default; this file places more orders than that.
    const all = await t.app.inject({ method: 'GET', url: '/api/orders?limit=100', headers: bearer(admin) });
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(all.json()).toHaveLength(total);
    const page = await t.app.inject({ method: 'GET', url: '/api/orders?limit=1&offset=1', headers: bearer(admin) });
    expect(page.json()).toEqual([all.json()[1]]);
    expect(page.headers['x-total-count']).toBe(String(total));
  });

  it('answers 404 for a malformed order id, to the owner and to an admin', async () => {
    for (const user of [owner, admin]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/orders/not-an-id', headers: bearer(user) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    }
  });
});
