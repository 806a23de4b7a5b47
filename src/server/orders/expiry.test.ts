import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { beforeIntentRead } from '../../../tests/support/race';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';
import { orders, testPaymentIntents } from '../db/schema';
import { createTestPaymentProvider } from '../payments/test-provider';
import { expireStaleOrders, payWithTestCard } from '../../../tests/support/orders';

const PAY_MINUTES = 30;
let t: TestApp;
let buyer: TestUser;
let rival: TestUser;
beforeAll(async () => {
  t = await createTestApp({ orderPayMinutes: PAY_MINUTES });
  buyer = await createCustomer(t.app, 'Hilda Holder');
  rival = await createCustomer(t.app, 'Rex Rival');
});
afterAll(() => t.close());

const GOOD_CARD = { number: '4242424242424242', expiry: '12/40', cvc: '123' };
const newTool = async (availableQty: number) => (await createTools(t.database.db, 1, { availableQty, minQty: 1 }))[0]!;
const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty;
const getOrder = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(buyer) })).json();
const order = (user: TestUser, toolId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(user), payload: { toolId, quantity, address: '9 Slow Lane', phone: '555-0199' } });
const createIntent = (orderId: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId } });
/** Makes the order look as if it was placed `hours` ago. */
const backdate = (id: string, minutes: number) =>
  t.database.db.update(orders).set({ createdAt: new Date(Date.now() - minutes * 60_000) }).where(eq(orders.id, id));

async function placed(toolId: string, quantity: number, user = buyer): Promise<string> {
  const res = await order(user, toolId, quantity);
  expect(res.statusCode).toBe(201);
  return res.json().insertedId;
}

describe('an unpaid order older than its time to pay', () => {
  it('can no longer be paid, even before a sweep has run: create-payment-intent answers 409', async () => {
    const tool = await newTool(5);
    const id = await placed(tool.id, 2);
    await backdate(id, PAY_MINUTES + 1);
    const res = await createIntent(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.orderExpired });
    expect(await getOrder(id)).toMatchObject({ paid: false, status: 'expired' });
    expect(await stockOf(tool.id)).toBe(5);
  });

  it('may still be paid a minute before its time runs out', async () => {
    const tool = await newTool(3);
    const id = await placed(tool.id, 3);
    await backdate(id, PAY_MINUTES - 1);
    const { confirm } = await payWithTestCard(t.app, buyer, id);
    expect(confirm?.statusCode).toBe(200);
    expect(await getOrder(id)).toMatchObject({ paid: true, status: 'pending' });
    expect(await stockOf(tool.id)).toBe(0);
  });

  it('held nothing, so expiring or deleting it never moves the stock', async () => {
    const tool = await newTool(10);
    const id = await placed(tool.id, 4);
    expect(await stockOf(tool.id)).toBe(10);
    await backdate(id, PAY_MINUTES + 1);
    expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBe(1);
    expect(await stockOf(tool.id)).toBe(10);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(buyer) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool.id)).toBe(10);
  });

  it('is expired once when sweeps run one after another and at the same time', async () => {
    const tool = await newTool(10);
    const id = await placed(tool.id, 4);
    await backdate(id, PAY_MINUTES + 1);
    const atOnce = await Promise.all([1, 2, 3].map(() => expireStaleOrders(t.database.db, PAY_MINUTES)));
    expect(atOnce.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBe(0);
    expect(await getOrder(id)).toMatchObject({ status: 'expired', paid: false });
  });
});

describe('orders the sweep leaves alone', () => {
  it('never expires a paid order, however old', async () => {
    const tool = await newTool(10);
    const id = await placed(tool.id, 3);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      payload: { clientSecret: (await createIntent(id)).json().clientSecret, card: GOOD_CARD },
    });
    expect(confirm.statusCode).toBe(200);
    await backdate(id, PAY_MINUTES * 10);
    expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBe(0);
    expect(await getOrder(id)).toMatchObject({ paid: true, status: 'pending' });
    expect(await stockOf(tool.id)).toBe(7);
  });
});

describe('a payment that races the end of the time to pay', () => {
  /** The card is charged at the processor (as Stripe.js would do it) just before the order expires. */
  async function chargedThenExpired(toolQty: number, quantity: number) {
    const tool = await newTool(toolQty);
    const id = await placed(tool.id, quantity);
    const clientSecret: string = (await createIntent(id)).json().clientSecret;
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, id));
    const charged = await createTestPaymentProvider(t.database.db).confirm(intent!.id, GOOD_CARD, {});
    expect(charged.ok).toBe(true);
    await backdate(id, PAY_MINUTES + 1);
    expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBe(1);
    expect(await getOrder(id)).toMatchObject({ status: 'expired', paid: false });
    expect(await stockOf(tool.id)).toBe(toolQty);
    return { toolId: tool.id, id, clientSecret, intentId: intent!.id };
  }

  const settleBy = {
    'the confirm call': (p: { clientSecret: string }) =>
      t.app.inject({ method: 'POST', url: '/api/test-payments/confirm', payload: { clientSecret: p.clientSecret, card: GOOD_CARD } }),
    "the buyer's PATCH": (p: { id: string; intentId: string }) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/order/${p.id}`,
        headers: bearer(buyer),
        payload: { status: 'pending', transactionId: p.intentId },
      }),
  };

  it.each(Object.keys(settleBy) as Array<keyof typeof settleBy>)(
    'revives the expired order when its stock is still there, settled by %s',
    async (how) => {
      const p = await chargedThenExpired(6, 2);
      const res = await settleBy[how](p);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(how === 'the confirm call' ? { paymentIntent: { id: p.intentId, status: 'succeeded' } } : { modifiedCount: 1 });
      expect(await getOrder(p.id)).toMatchObject({ paid: true, status: 'pending', transactionId: p.intentId });
      expect(await stockOf(p.toolId)).toBe(4);
    },
  );

  it('answers 409, keeps the order unpaid and refunds the payment when the stock is gone meanwhile', async () => {
    const p = await chargedThenExpired(3, 3);
    const { confirm } = await payWithTestCard(t.app, rival, await placed(p.toolId, 3, rival));
    expect(confirm?.statusCode).toBe(200);
    const res = await settleBy['the confirm call'](p);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutAfterPayment(true) });
    expect(await getOrder(p.id)).toMatchObject({ paid: false, status: 'expired', transactionId: null });
    expect(await stockOf(p.toolId)).toBe(0);
    // The money went back (the admin's record of it is tested in payments/pay-delete-race.test.ts).
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, p.intentId));
    expect(intent).toMatchObject({ status: 'succeeded', refundedAt: expect.any(Date) });
    // A refunded payment never settles the order later, even once stock is back.
    expect((await settleBy["the buyer's PATCH"](p)).json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutAfterPayment(true) });
  });

  // The confirm call can no longer meet this race: it holds the order's row lock from before the
  // charge until the order is paid, so the sweep expires the order before (no charge) or not at all.
  it("keeps the sale when the order expires during the buyer's PATCH, the hold running out while the intent is read", async () => {
    const tool = await newTool(6);
    const id = await placed(tool.id, 2);
    await createIntent(id);
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, id));
    expect((await createTestPaymentProvider(t.database.db).confirm(intent!.id, GOOD_CARD, {})).ok).toBe(true);
    // PATCH after a charge that was never settled: the order is read, then the intent.
    const spy = beforeIntentRead(t.database.db, 1, async () => {
      await backdate(id, PAY_MINUTES + 1);
      expect(await expireStaleOrders(t.database.db, PAY_MINUTES)).toBe(1);
    });
    const res = await settleBy["the buyer's PATCH"]({ id, intentId: intent!.id });
    spy.mockRestore();
    expect(res.statusCode).toBe(200);
    // The card was charged and the stock is there: the order is paid, not silently left expired.
    expect(await getOrder(id)).toMatchObject({ paid: true, status: 'pending', transactionId: intent!.id });
    expect(await stockOf(tool.id)).toBe(4);
    expect(res.json()).toEqual({ modifiedCount: 1 });
  });

  it('refuses a card offered after the order expired (409) without charging it', async () => {
    const tool = await newTool(5);
    const id = await placed(tool.id, 2);
    const clientSecret: string = (await createIntent(id)).json().clientSecret;
    await backdate(id, PAY_MINUTES + 1);
    await expireStaleOrders(t.database.db, PAY_MINUTES);
    const res = await t.app.inject({ method: 'POST', url: '/api/test-payments/confirm', payload: { clientSecret, card: GOOD_CARD } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.orderExpired });
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, id));
    expect(intent).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
    expect(await getOrder(id)).toMatchObject({ paid: false, status: 'expired' });
    expect(await stockOf(tool.id)).toBe(5);
  });
});
