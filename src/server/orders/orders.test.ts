import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../tests/support/problem';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createCustomer(t.app, 'Brenda Buyer');
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
});
afterAll(() => t.close());

const DELIVERY = { address: '12 Mill Lane, Dayton, OH', phone: '+1 555 0100' };
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const newTool = async (overrides: { priceCents?: number; minQty?: number; availableQty?: number } = {}) =>
  (await createTools(t.database.db, 1, { minQty: 1, availableQty: 20, ...overrides }))[0]!;
const order = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(user), payload });
const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty;
const getOrder = (id: string, user: TestUser = admin) => t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(user) });
const deleteOrder = (id: string, user: TestUser) => t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(user) });
const ship = (id: string, user: TestUser) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/${id}`, headers: bearer(user), payload: { status: 'shipped' } });
const orderCount = async (user: TestUser) =>
  Number((await t.app.inject({ method: 'GET', url: `/api/order/${user.email}`, headers: bearer(user) })).headers['x-total-count']);

async function placed(toolId: string, quantity: number, user: TestUser = buyer): Promise<string> {
  const res = await order(user, { toolId, quantity, ...DELIVERY });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId;
}

/** Pays through the real checkout: an intent, then the test processor's confirm. Answers the transaction id. */
async function pay(orderId: string, user: TestUser = buyer): Promise<string> {
  const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(user), payload: { orderId } });
  expect(intent.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/test-payments/confirm',
    payload: { clientSecret: intent.json().clientSecret, card: GOOD_CARD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().paymentIntent.id;
}

describe('POST /api/order', () => {
  it('takes the buyer from the identity and product and price from the tool, ignoring tampered values', async () => {
    const tool = await newTool({ priceCents: 2550, minQty: 2, availableQty: 20 });
    const res = await order(buyer, {
      toolId: tool.id,
      quantity: 3,
      ...DELIVERY,
      name: 'Mallory',
      email: 'mallory@evil.example',
      productName: 'Free stuff',
      productImage: 'https://evil.example/x.png',
      price: 0.01,
      description: '<script>alert(1)</script>',
      total: 0,
      paid: true,
      status: 'shipped',
      transactionId: 'pi_forged',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ insertedId: expect.stringMatching(UUID) });
    const id = res.json().insertedId;

    const stored = await getOrder(id, buyer);
    expect(stored.statusCode).toBe(200);
    const body = stored.json();
    expect(body).toEqual({
      _id: id,
      number: expect.stringMatching(/^TH-1\d{5}$/),
      toolId: tool.id,
      name: 'Brenda Buyer',
      email: buyer.email,
      address: DELIVERY.address,
      phone: DELIVERY.phone,
      productName: tool.name,
      productImage: tool.image,
      price: 25.5,
      description: tool.description,
      quantity: 3,
      // No tax rates: no tax, the total is the subtotal, and the destination is the seller's country.
      subtotal: 76.5,
      tax: 0,
      taxLines: [],
      pricesIncludeTax: false,
      total: 76.5,
      country: 'US',
      region: null,
      // A customer without an EU VAT number: never reverse charge.
      reverseCharge: false,
      buyerVatId: null,
      vatReview: null,
      // Unpaid: no invoice, so nothing a credit note could correct.
      creditNoteNumber: null,
      lines: [
        {
          toolId: tool.id,
          productName: tool.name,
          sku: tool.sku,
          productImage: tool.image,
          description: tool.description,
          price: 25.5,
          quantity: 3,
          total: 76.5,
          taxPercent: 0,
          tax: 0,
        },
      ],
      paid: false,
      transactionId: null,
      status: null,
      createdAt: expect.any(String),
      payBy: expect.any(String),
      paidAt: null,
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      refundedAt: null,
      invoiceNumber: null,
      // This store has no terms (its seed never ran): legal/legal-texts.test.ts places orders under some.
      termsVersion: null,
    });
    // A day to pay (ORDER_PAY_MINUTES), and nothing taken off sale until the payment.
    expect(Date.parse(body.payBy) - Date.parse(body.createdAt)).toBe(24 * 60 * 60_000);
    expect(await stockOf(tool.id)).toBe(20);
  });

  it("saves the delivery address and phone on the buyer's profile", async () => {
    const customer = await createCustomer(t.app, 'Paula Profile');
    const tool = await newTool();
    await placed(tool.id, 1, customer);
    const profile = await t.app.inject({ method: 'GET', url: `/api/user/${customer.email}`, headers: bearer(customer) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: customer.email, address: DELIVERY.address, phone: DELIVERY.phone });

    // The next order goes elsewhere: the profile follows it.
    const moved = await order(customer, { toolId: tool.id, quantity: tool.minQty, address: '8 New Road, Leeds', phone: '555-0188' });
    expect(moved.statusCode).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: `/api/user/${customer.email}`, headers: bearer(customer) });
    expect(after.json()).toMatchObject({ address: '8 New Road, Leeds', phone: '555-0188' });
  });

  it.each<[string, unknown, string]>([
    ['zero', 0, VALIDATION.quantityPositive],
    ['negative', -2, VALIDATION.quantityPositive],
    ['fractional', 2.5, VALIDATION.quantityWhole],
    ['a string', '3', VALIDATION.quantityWhole],
    ['null', null, VALIDATION.quantityWhole],
    ['missing', undefined, VALIDATION.quantityWhole],
    ['absurdly large', 10_000_000, VALIDATION.quantityTooLarge],
  ])('refuses a %s quantity with 400 and takes no stock', async (_case, quantity, message) => {
    const tool = await newTool();
    const before = await orderCount(buyer);
    const res = await order(buyer, { toolId: tool.id, quantity, ...DELIVERY });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field: 'quantity', detail: message }] });
    expect(await stockOf(tool.id)).toBe(20);
    expect(await orderCount(buyer)).toBe(before);
  });

  it("refuses a quantity below the tool's minimum with 400", async () => {
    const tool = await newTool({ minQty: 5 });
    const res = await order(buyer, { toolId: tool.id, quantity: 4, ...DELIVERY });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: API_ERRORS.belowMinimum(5) });
    expect(await stockOf(tool.id)).toBe(20);
    await pay(await placed(tool.id, 5));
    expect(await stockOf(tool.id)).toBe(15);
  });

  it('answers 409 when there is not enough stock, and leaves the stock as it was', async () => {
    const tool = await newTool({ availableQty: 4 });
    const tooMany = await order(buyer, { toolId: tool.id, quantity: 5, ...DELIVERY });
    // The code to branch on and the quantity left, beside the sentence.
    expectProblem(tooMany, { status: 409, code: 'NOT_ENOUGH_STOCK', detail: 'Only 4 units of this tool are available', toolId: tool.id, available: 4 });
    expect(await stockOf(tool.id)).toBe(4);

    await pay(await placed(tool.id, 4));
    expect(await stockOf(tool.id)).toBe(0);
    const soldOut = await order(buyer, { toolId: tool.id, quantity: 1, ...DELIVERY });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ status: 409, detail: 'This tool is out of stock' });
    expect(await stockOf(tool.id)).toBe(0);
  });

  it.each([
    ['unknown', '6f1c2a7e-8b9d-4e3f-a1b2-c3d4e5f60718'],
    ['malformed', 'not-a-tool-id'],
  ])('answers 404 for an %s toolId', async (_case, toolId) => {
    const before = await orderCount(buyer);
    const res = await order(buyer, { toolId, quantity: 1, ...DELIVERY });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.toolNotFound });
    expect(await orderCount(buyer)).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['missing address', { phone: DELIVERY.phone }, 'address', VALIDATION.addressRequired],
    ['blank address', { address: '   ', phone: DELIVERY.phone }, 'address', VALIDATION.addressRequired],
    ['missing phone', { address: DELIVERY.address }, 'phone', VALIDATION.phoneRequired],
    ['blank phone', { address: DELIVERY.address, phone: '' }, 'phone', VALIDATION.phoneRequired],
  ])('refuses a %s with 400 and the spec message', async (_case, delivery, field, message) => {
    const tool = await newTool();
    const res = await order(buyer, { toolId: tool.id, quantity: 1, ...delivery });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
    expect(await stockOf(tool.id)).toBe(20);
  });

  it('answers 401 to an anonymous caller', async () => {
    const tool = await newTool();
    const res = await t.app.inject({ method: 'POST', url: '/api/order', payload: { toolId: tool.id, quantity: 1, ...DELIVERY } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, detail: API_ERRORS.signInRequired });
    expect(await stockOf(tool.id)).toBe(20);
  });
});

describe('DELETE /api/order/:id', () => {
  it('deletes an unpaid order, which held no stock', async () => {
    const tool = await newTool();
    const id = await placed(tool.id, 6);
    expect(await stockOf(tool.id)).toBe(20);
    const res = await deleteOrder(id, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool.id)).toBe(20);
    expect((await getOrder(id)).statusCode).toBe(404);
  });

  it('answers 404 the second time, and never moves the stock', async () => {
    const tool = await newTool();
    const id = await placed(tool.id, 6);
    expect((await deleteOrder(id, buyer)).json()).toEqual({ deletedCount: 1 });
    const again = await deleteOrder(id, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    expect(await stockOf(tool.id)).toBe(20);
  });

  it('refuses to delete a paid order, for its buyer and for an admin (409)', async () => {
    const tool = await newTool();
    const id = await placed(tool.id, 2);
    const transactionId = await pay(id);
    for (const user of [buyer, admin]) {
      const res = await deleteOrder(id, user);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.paidOrderCannotBeDeleted });
    }
    expect((await getOrder(id)).json()).toMatchObject({ paid: true, status: 'pending', transactionId });
    expect(await stockOf(tool.id)).toBe(18);
  });
});

describe('PATCH /api/order/:id {status: shipped}', () => {
  it('refuses to ship an unpaid order (409), changing nothing', async () => {
    const id = await placed((await newTool()).id, 1);
    const res = await ship(id, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.orderNotPaidYet });
    expect((await getOrder(id)).json()).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it('lets only an admin ship a paid order: modifiedCount 1, then 409 already shipped', async () => {
    const id = await placed((await newTool()).id, 1);
    const transactionId = await pay(id);
    expect((await getOrder(id)).json()).toMatchObject({ paid: true, status: 'pending', transactionId });

    const byBuyer = await ship(id, buyer);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toMatchObject({ status: 403, detail: API_ERRORS.forbidden });
    expect((await getOrder(id)).json().status).toBe('pending');

    const first = await ship(id, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect((await getOrder(id, buyer)).json()).toMatchObject({ paid: true, status: 'shipped', transactionId });
    const second = await ship(id, admin);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: 409, detail: API_ERRORS.orderAlreadyShipped });
  });

  it('refuses a status other than pending or shipped with 400', async () => {
    const id = await placed((await newTool()).id, 1);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/order/${id}`, headers: bearer(admin), payload: { status: 'expired' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: VALIDATION.orderStatusInvalid });
    expect((await getOrder(id)).json().status).toBeNull();
  });
});

describe('unpaid orders per customer', () => {
  it('refuses one more unpaid order than the cap (409), saying the cap; deleting one frees a place', async () => {
    const capped = await createTestApp({ maxUnpaidOrders: 3 });
    try {
      const hoarder = await createCustomer(capped.app, 'Hoarding Harry');
      const [tool] = await createTools(capped.database.db, 1, { minQty: 1, availableQty: 100 });
      const order = () =>
        capped.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: bearer(hoarder),
          payload: { toolId: tool!.id, quantity: 1, address: '1 Way', phone: '555' },
        });
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await order()).json().insertedId);
      const refused = await order();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: 409, detail: API_ERRORS.tooManyUnpaidOrders(3) });
      expect(API_ERRORS.tooManyUnpaidOrders(3)).toBe('You have 3 unpaid orders, the most one customer can have. Please pay for or delete some of them first');
      expect((await capped.app.inject({ method: 'GET', url: `/api/items/${tool!.id}` })).json().availableQty).toBe(100);
      await capped.app.inject({ method: 'DELETE', url: `/api/order/${ids[0]}`, headers: bearer(hoarder) });
      expect((await order()).statusCode).toBe(201);
    } finally {
      await capped.close();
    }
  });
});
