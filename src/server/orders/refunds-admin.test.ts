import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { auditEntriesFor } from '../../../tests/support/audit';
import { createTools } from '../../../tests/support/factories';
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe';
import { payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import { paymentSucceededEvent, sendStripeWebhook, signWebhook } from '../../../tests/support/stripe-webhook';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type Order, type OrderEvent } from '../../shared';
import { testPaymentIntents } from '../db/schema';
import { UNREFUNDABLE_CARD_MESSAGE } from '../payments/test-cards';

/**
 * Issue 18: an admin cancels a paid order with a full refund through the payment provider: the
 * stock returns, the customer is mailed, the activity log records it. A refund the provider
 * refuses leaves the order as it was and says why.
 */
describe('refunds with the test processor', () => {
  let t: TestAppWithMail;
  let admin: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await createTestAppWithMail();
    [admin, buyer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app, 'Rhoda Refund')]);
  });
  afterAll(() => t?.close());

  const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty as number;
  const readOrder = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) })).json<Order>();
  const refund = (id: string, user: TestUser = admin) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/refund`, headers: bearer(user) });
  const eventsOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}/events`, headers: bearer(admin) })).json<OrderEvent[]>();

  async function paidOrder(card?: { number: string; expiry: string; cvc: string }) {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 20, priceCents: 1250 });
    const placed = await placeOrderByApi(t.app, buyer, tool!.id, 4);
    const id = placed.json().insertedId as string;
    expect((await payWithTestCard(t.app, buyer, id, card)).confirm?.statusCode).toBe(200);
    expect(await stockOf(tool!.id)).toBe(16);
    return { id, toolId: tool!.id };
  }

  it('refunds in full, returns the stock, mails the buyer, and records it in the log and the timeline', async () => {
    const { id, toolId } = await paidOrder();
    const res = await refund(id);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const order = await readOrder(id);
    expect(order).toMatchObject({ paid: true, status: 'refunded', refundedAt: expect.any(String) });
    expect(await stockOf(toolId)).toBe(20);
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, order.transactionId!));
    expect(intent!.refundedAt).toBeInstanceOf(Date);
    const mail = await t.catcher.waitForMail(buyer.email, (m) => m.subject === `Order ${order.number} cancelled and refunded`);
    expect(mail.text).toContain('refunded your payment of $50.00 in full');
    const [entry] = await auditEntriesFor(t.database.db, id, 'order.refunded');
    expect(entry).toMatchObject({ actorEmail: admin.email, before: { number: order.number, status: 'pending', total: 50 }, after: { status: 'refunded' } });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['placed', 'paid', 'refunded']);
    // Refunded orders are not revenue.
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats', headers: bearer(admin) })).json();
    expect(stats.ordersByState.refunded).toBeGreaterThanOrEqual(1);
  });

  it('leaves the order as it was when the provider refuses, and says why', async () => {
    const { id, toolId } = await paidOrder({ number: '4000 0000 0000 5126', expiry: '12/40', cvc: '123' });
    const res = await refund(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.refundRefused(UNREFUNDABLE_CARD_MESSAGE) });
    expect(await readOrder(id)).toMatchObject({ paid: true, status: 'pending', refundedAt: null });
    expect(await stockOf(toolId)).toBe(16);
    expect(await auditEntriesFor(t.database.db, id, 'order.refunded')).toEqual([]);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'refund_failed', details: { reason: UNREFUNDABLE_CARD_MESSAGE } });
    // Trying again is allowed (the provider may have been down) and refused the same way.
    expect((await refund(id)).statusCode).toBe(409);
  });

  it('refunds a shipped order that came back: the money goes back, the stock stays as it is (those units left), the shipment stays on record', async () => {
    const { id, toolId } = await paidOrder();
    const shipped = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/ship`, headers: bearer(admin), payload: { carrier: 'UPS', trackingNumber: '1Z999' } });
    expect(shipped.statusCode).toBe(200);
    expect(await refund(id)).toMatchObject({ statusCode: 200 });
    expect(await readOrder(id)).toMatchObject({ paid: true, status: 'refunded', refundedAt: expect.any(String), shippedAt: expect.any(String), carrier: 'UPS' });
    expect(await stockOf(toolId)).toBe(16);
    const [entry] = await auditEntriesFor(t.database.db, id, 'order.refunded');
    expect(entry).toMatchObject({ before: { status: 'shipped' }, after: { status: 'refunded' } });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['placed', 'paid', 'shipped', 'refunded']);
    // Refunded once: a second press is told so, and a refunded order cannot be unshipped.
    expect((await refund(id)).json()).toMatchObject({ status: 409, detail: API_ERRORS.refundAlreadyDone });
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${id}/unship`, headers: bearer(admin) })).statusCode).toBe(409);
  });

  it('refuses a second refund, an unpaid order and a customer', async () => {
    const { id } = await paidOrder();
    expect((await refund(id, buyer)).statusCode).toBe(403);
    expect((await refund(id)).statusCode).toBe(200);
    expect((await refund(id)).json()).toMatchObject({ status: 409, detail: API_ERRORS.refundAlreadyDone });
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 5 });
    const unpaid = (await placeOrderByApi(t.app, buyer, tool!.id, 1)).json().insertedId as string;
    expect((await refund(unpaid)).json()).toMatchObject({ status: 409, detail: API_ERRORS.refundOnlyPaid });
    expect((await refund('6f1c2a7e-8b9d-4e3f-a1b2-c3d4e5f60718')).statusCode).toBe(404);
  });

  it('refunds once when two admins press at the same moment, and a shipment cannot slip in between the claim and the refund', async () => {
    const other = await createAdmin(t.app, t.database.db, 'Otto Admin');
    const { id, toolId } = await paidOrder();
    const [a, b, shipping] = await Promise.all([
      refund(id),
      refund(id, other),
      t.app.inject({ method: 'POST', url: `/api/orders/${id}/ship`, headers: bearer(other), payload: {} }),
    ]);
    const order = await readOrder(id);
    // One refund went through, whichever came first; the shipment only if it came before the claim,
    // and then the units had left: they stay out of stock.
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect(order.status).toBe('refunded');
    expect(await stockOf(toolId)).toBe(shipping.statusCode === 200 ? 16 : 20);
    expect(await auditEntriesFor(t.database.db, id, 'order.refunded')).toHaveLength(1);
  });
});

describe('refunds with Stripe', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      payments: { provider: 'stripe', secretKey: fake.secretKey, publishableKey: 'pk_test_x', webhookSecret: 'whsec_test', apiUrl: fake.url },
    });
    [admin, buyer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app, 'Stella Stripe')]);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function paidAtStripe() {
    const [tool] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 10, priceCents: 999 });
    const id = (await placeOrderByApi(t.app, buyer, tool!.id, 2)).json().insertedId as string;
    const created = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId: id } });
    const intent = fake.intentOfClientSecret(created.json().clientSecret)!;
    fake.succeed(intent.id);
    const payload = paymentSucceededEvent(intent);
    expect((await sendStripeWebhook(t.app, payload, signWebhook(payload, 'whsec_test'))).statusCode).toBe(200);
    return { id, intentId: intent.id };
  }
  const refund = (id: string) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/refund`, headers: bearer(admin) });

  it('refunds the whole amount at Stripe, once, and marks the order refunded', async () => {
    const { id, intentId } = await paidAtStripe();
    expect((await refund(id)).json()).toEqual({ modifiedCount: 1 });
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1998, metadata: { reason: 'cancelled-by-admin' } });
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) })).json<Order>();
    expect(order.status).toBe('refunded');
  });

  it('leaves the order as it was while Stripe is down, and refunds when tried again after', async () => {
    const { id, intentId } = await paidAtStripe();
    fake.refundsDown = true;
    try {
      const res = await refund(id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/^The payment provider refused the refund, so the order is unchanged: /);
      expect((await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) })).json<Order>().status).toBe('pending');
    } finally {
      fake.refundsDown = false;
    }
    expect((await refund(id)).statusCode).toBe(200);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });
});
