import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe';
import { paymentSucceededEvent, sendStripeWebhook, signWebhook } from '../../../tests/support/stripe-webhook';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';
import type { ToolRow } from '../catalogue/tools-repository';
import { createStripePaymentProvider } from './stripe-provider';
import { documentPolicy } from '../../../tests/support/document-policy';

const WEBHOOK_SECRET = 'whsec_test';
const DELIVERY = { address: '12 Mill Lane, Dayton, OH', phone: '+1 555 0100' };

let fake: FakeStripe;
let t: TestApp;
let customer: TestUser;
let someoneElse: TestUser;
let tool: ToolRow;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    payments: { provider: 'stripe', secretKey: fake.secretKey, publishableKey: 'pk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
  });
  customer = await createCustomer(t.app);
  someoneElse = await createCustomer(t.app, 'Sam Someone');
  tool = (await createTools(t.database.db, 1, { priceCents: 1250, minQty: 2, availableQty: 1000 }))[0]!;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function placeOrder(quantity = 4, user = customer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(user),
    payload: { toolId: tool.id, quantity, ...DELIVERY },
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId;
}

async function createIntent(orderId: string, user = customer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(user),
    payload: { orderId, totalPrice: 0.01 },
  });
  expect(res.statusCode).toBe(200);
  const clientSecret: string = res.json().clientSecret;
  const intent = fake.intentOfClientSecret(clientSecret);
  if (!intent) throw new Error('the fake does not know this client secret');
  return { clientSecret, intent };
}

const patchPaid = (orderId: string, transactionId: string, user = customer) =>
  t.app.inject({ method: 'PATCH', url: `/api/order/${orderId}`, headers: bearer(user), payload: { status: 'pending', transactionId } });

async function getOrder(orderId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(customer) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const sendWebhook = (payload: string, signature: string | null) => sendStripeWebhook(t.app, payload, signature);
const sign = (payload: string, secret = WEBHOOK_SECRET) => signWebhook(payload, secret);

describe('Stripe configuration', () => {
  it('tells the browser to use Stripe with the publishable key only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });

  it('allows Stripe.js in the content security policy', async () => {
    const csp = await documentPolicy(t.app);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.stripe\.com/);
  });

  it('has no test-mode processor endpoint', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      payload: { clientSecret: 'x', card: { number: '4242424242424242', expiry: '12/40', cvc: '123' } },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('a test-mode store', () => {
  it('keeps Stripe out of its content security policy and has no webhook', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/payment-config' });
      expect(res.json()).toEqual({ provider: 'test' });
      expect(await documentPolicy(plain.app)).not.toContain('stripe.com');
      const hook = await plain.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} });
      expect(hook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('POST /api/create-payment-intent with Stripe', () => {
  it('creates one intent at Stripe for the order amount and reuses it', async () => {
    const orderId = await placeOrder(4);
    const first = await createIntent(orderId);
    const second = await createIntent(orderId);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(first.intent).toMatchObject({
      amount: 1250 * 4,
      currency: 'usd',
      metadata: { orderId },
      automatic_payment_methods: { enabled: true },
      status: 'requires_payment_method',
    });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created.at(-1)?.idempotencyKey).toBe(`order-${orderId}-${1250 * 4}`);
    expect([...fake.intents.values()].filter((i) => i.metadata.orderId === orderId)).toHaveLength(1);
  });

  it('creates a new intent when the old one was cancelled', async () => {
    const orderId = await placeOrder(3);
    const first = await createIntent(orderId);
    first.intent.status = 'canceled';
    const second = await createIntent(orderId);
    expect(second.intent.id).not.toBe(first.intent.id);
    expect(second.intent.amount).toBe(1250 * 3);
  });
});

describe('PATCH /api/order/:id with Stripe', () => {
  it('refuses an intent that has not succeeded with 402', async () => {
    const orderId = await placeOrder();
    const { intent } = await createIntent(orderId);
    const res = await patchPaid(orderId, intent.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 402, detail: API_ERRORS.paymentNotCompleted });
    expect(await getOrder(orderId)).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it('refuses a made-up transaction id with 402', async () => {
    const orderId = await placeOrder();
    await createIntent(orderId);
    for (const transactionId of ['pi_3MadeUpButPlausible00000', 'not-a-stripe-id', 'pi_../../v1/charges']) {
      const before = fake.requests.length;
      const res = await patchPaid(orderId, transactionId);
      expect(res.statusCode).toBe(402);
      // Only a plausible id reaches Stripe.
      if (!/^pi_[A-Za-z0-9]+$/.test(transactionId)) expect(fake.requests.length).toBe(before);
    }
    expect(await getOrder(orderId)).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it.each([
    ['the same buyer', () => customer],
    ['another customer', () => someoneElse],
  ])("refuses the succeeded intent of another order (same amount) of %s with 409", async (_case, ownerOf) => {
    const orderId = await placeOrder(5);
    const otherId = await placeOrder(5, ownerOf());
    await createIntent(orderId);
    const other = await createIntent(otherId, ownerOf());
    expect(other.intent.amount).toBe(1250 * 5);
    fake.succeed(other.intent.id);
    const res = await patchPaid(orderId, other.intent.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.paymentMismatch });
    expect(await getOrder(orderId)).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it('marks the order paid once Stripe says the intent succeeded; a repeat is harmless', async () => {
    const orderId = await placeOrder(6);
    const { intent } = await createIntent(orderId);
    fake.succeed(intent.id);

    const res = await patchPaid(orderId, intent.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await getOrder(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId: intent.id });

    const again = await patchPaid(orderId, intent.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ modifiedCount: 0 });
    // A paid order gets no new intent.
    const more = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(customer), payload: { orderId } });
    expect(more.statusCode).toBe(409);
  });

  it('works with an intent confirmed through the API with a test card', async () => {
    const orderId = await placeOrder(2);
    const { intent } = await createIntent(orderId);
    const browser = new Stripe(fake.secretKey, { host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http', telemetry: false });
    await expect(browser.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
    expect((await patchPaid(orderId, intent.id)).statusCode).toBe(402);

    await browser.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const res = await patchPaid(orderId, intent.id);
    expect(res.json()).toEqual({ modifiedCount: 1 });
  });
});

describe('POST /api/orders/:id/payment with Stripe (the buyer reports the payment)', () => {
  // With Stripe, unlike the test processor, nothing settles the order before this call (or the webhook).
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin(t.app, t.database.db, 'Ari Admin');
  });
  /** The customer's unpaid order, and its intent, which Stripe says succeeded. */
  async function paidAtStripe() {
    const orderId = await placeOrder(3);
    const { intent } = await createIntent(orderId);
    fake.succeed(intent.id);
    return { orderId, intentId: intent.id };
  }
  const report = (orderId: string, payload: object, user: TestUser | null = customer) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: user ? bearer(user) : {}, payload });
  const UNPAID = { paid: false, status: null, transactionId: null, paidAt: null, invoiceNumber: null };

  it("settles the buyer's order as Stripe says, once; a repeat, or the spec's PATCH after it, changes nothing", async () => {
    const { orderId, intentId } = await paidAtStripe();
    const res = await report(orderId, { transactionId: intentId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await getOrder(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId: intentId, invoiceNumber: expect.stringMatching(/^INV-/) });
    const events = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/events`, headers: bearer(customer) });
    expect(events.json().map((event: { kind: string }) => event.kind)).toEqual(['placed', 'paid']);
    expect((await report(orderId, { transactionId: intentId })).json()).toEqual({ modifiedCount: 0 });
    expect((await patchPaid(orderId, intentId)).json()).toEqual({ modifiedCount: 0 });
  });

  it.each([
    ['another customer', () => someoneElse],
    ['an admin', () => admin],
  ])("is 404 to %s, even with the buyer's succeeded payment, and leaves the order unpaid", async (_who, caller) => {
    const { orderId, intentId } = await paidAtStripe();
    const res = await report(orderId, { transactionId: intentId }, caller());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
  });

  it('is 401 without a bearer token, and 404 for a malformed or unknown order id', async () => {
    const { orderId, intentId } = await paidAtStripe();
    const unsigned = await report(orderId, { transactionId: intentId }, null);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ status: 401, detail: API_ERRORS.signInRequired });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
    for (const id of ['not-an-id', randomUUID()]) {
      const res = await report(id, { transactionId: intentId });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    }
  });

  it('is 400 without a transaction id, and 402 for a payment Stripe has not taken', async () => {
    const { orderId } = await paidAtStripe();
    const none = await report(orderId, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: 400, detail: VALIDATION.transactionIdRequired, errors: [{ field: 'transactionId' }] });
    const madeUp = await report(orderId, { transactionId: 'pi_3MadeUpButPlausible00000' });
    expect(madeUp.statusCode).toBe(402);
    expect(madeUp.json()).toMatchObject({ status: 402, detail: API_ERRORS.paymentNotCompleted });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
  });

  it("leaves the spec's PATCH as it was: settles for the buyer, 403 to an admin, 404 to another customer", async () => {
    const { orderId, intentId } = await paidAtStripe();
    expect((await patchPaid(orderId, intentId, admin)).statusCode).toBe(403);
    expect((await patchPaid(orderId, intentId, someoneElse)).statusCode).toBe(404);
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
    expect((await patchPaid(orderId, intentId)).json()).toEqual({ modifiedCount: 1 });
    expect((await report(orderId, { transactionId: intentId })).json()).toEqual({ modifiedCount: 0 });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('marks the order paid on a signed payment_intent.succeeded and ignores a replay', async () => {
    const orderId = await placeOrder(7);
    const { intent } = await createIntent(orderId);
    fake.succeed(intent.id);
    const payload = paymentSucceededEvent(intent);
    const signature = sign(payload);

    const res = await sendWebhook(payload, signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await getOrder(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId: intent.id });

    const replay = await sendWebhook(payload, signature);
    expect(replay.statusCode).toBe(200);
    expect(await getOrder(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId: intent.id });
    // The buyer's PATCH after the webhook changes nothing.
    expect((await patchPaid(orderId, intent.id)).json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses a wrong or missing signature with 400', async () => {
    const orderId = await placeOrder();
    const { intent } = await createIntent(orderId);
    fake.succeed(intent.id);
    const payload = paymentSucceededEvent(intent);

    const wrongSecret = await sendWebhook(payload, sign(payload, 'whsec_someone_else'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ status: 400, detail: expect.any(String) });
    expect((await sendWebhook(payload, null)).statusCode).toBe(400);
    expect((await sendWebhook(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect(await getOrder(orderId)).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it('refuses a tampered payload under the old signature', async () => {
    const orderId = await placeOrder();
    const { intent } = await createIntent(orderId);
    const payload = paymentSucceededEvent({ ...intent, metadata: { orderId: randomUUID() } });
    const signature = sign(payload);
    fake.succeed(intent.id);
    const tampered = payload.replace(/"orderId":"[^"]+"/, `"orderId":"${orderId}"`);
    expect(tampered).not.toBe(payload);
    expect((await sendWebhook(tampered, signature)).statusCode).toBe(400);
    // Re-serialised JSON (same content, different bytes) fails as well: the raw body is verified.
    const reserialised = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await sendWebhook(reserialised, signature)).statusCode).toBe(400);
    expect(await getOrder(orderId)).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it('believes Stripe, not the event body', async () => {
    const orderId = await placeOrder();
    const { intent } = await createIntent(orderId);
    // Signed, but the intent has not succeeded at Stripe.
    const payload = paymentSucceededEvent(intent);
    const res = await sendWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await getOrder(orderId)).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it("acknowledges another order's intent without marking this order paid", async () => {
    const orderId = await placeOrder(8);
    const otherId = await placeOrder(8);
    const other = await createIntent(otherId);
    fake.succeed(other.intent.id);
    const payload = paymentSucceededEvent({ ...other.intent, metadata: { orderId } });
    const res = await sendWebhook(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await getOrder(orderId)).toMatchObject({ paid: false, status: null, transactionId: null });
  });

  it('acknowledges events for unknown orders and other event types', async () => {
    const unknown = paymentSucceededEvent({ id: 'pi_unknown000', amount: 100, currency: 'usd', metadata: { orderId: randomUUID() } });
    expect((await sendWebhook(unknown, sign(unknown))).json()).toEqual({ received: true });
    const noOrder = paymentSucceededEvent({ id: 'pi_unknown001', amount: 100, currency: 'usd', metadata: {} });
    expect((await sendWebhook(noOrder, sign(noOrder))).json()).toEqual({ received: true });
    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge' } } });
    const res = await sendWebhook(other, sign(other));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it("accepts Stripe's own content type (with charset) and refuses oversized bodies", async () => {
    const orderId = await placeOrder(9);
    const { intent } = await createIntent(orderId);
    fake.succeed(intent.id);
    const payload = paymentSucceededEvent(intent);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(payload) },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(await getOrder(orderId)).toMatchObject({ paid: true, transactionId: intent.id });

    const huge = JSON.stringify({ id: 'evt_huge', object: 'event', type: 'charge.updated', padding: 'x'.repeat(300 * 1024) });
    expect((await sendWebhook(huge, sign(huge))).statusCode).toBe(413);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=x' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('two buyers paying at Stripe for the last units (decision 019)', () => {
  /** Both orders placed and both cards charged at Stripe before the store hears of either. */
  async function bothCharged() {
    const [lastUnits] = await createTools(t.database.db, 1, { priceCents: 2000, minQty: 1, availableQty: 3 });
    const orderOf = async (user: TestUser) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(user), payload: { toolId: lastUnits!.id, quantity: 3, ...DELIVERY } });
      expect(res.statusCode).toBe(201);
      return res.json().insertedId as string;
    };
    const [first, second] = [await orderOf(customer), await orderOf(someoneElse)];
    const [a, b] = [await createIntent(first, customer), await createIntent(second, someoneElse)];
    fake.succeed(a.intent.id);
    fake.succeed(b.intent.id);
    return { toolId: lastUnits!.id, toolName: lastUnits!.name, first, second, firstIntent: a.intent, secondIntent: b.intent };
  }
  const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty;
  const webhookFor = (intent: Parameters<typeof paymentSucceededEvent>[0]) => {
    const payload = paymentSucceededEvent(intent);
    return sendWebhook(payload, sign(payload));
  };

  it('sells to whichever payment the store settles first; the other is refunded automatically and its buyer told why', async () => {
    const p = await bothCharged();
    expect((await webhookFor(p.firstIntent)).statusCode).toBe(200);
    expect(await getOrder(p.first)).toMatchObject({ paid: true, status: 'pending' });
    expect(await stockOf(p.toolId)).toBe(0);

    // The second buyer's checkout reports its payment: refused, refunded at Stripe, order left unpaid.
    const late = await patchPaid(p.second, p.secondIntent.id, someoneElse);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutAfterPayment(true) });
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === p.secondIntent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 6000, metadata: { reason: 'sold-out' } });
    const second = await t.app.inject({ method: 'GET', url: `/api/orders/${p.second}`, headers: bearer(someoneElse) });
    expect(second.json()).toMatchObject({ paid: false, status: null, transactionId: null });
    expect(await stockOf(p.toolId)).toBe(0);

    // Stripe's own webhook for that payment changes nothing more and refunds nothing twice.
    const hook = await webhookFor(p.secondIntent);
    expect(hook.statusCode).toBe(200);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === p.secondIntent.id)).toHaveLength(1);
  });

  it('refuses to prepare a payment (no intent at Stripe) once the stock is visibly gone', async () => {
    const p = await bothCharged();
    expect((await webhookFor(p.firstIntent)).statusCode).toBe(200);
    const third = await createCustomer(t.app, 'Third Theo');
    const res = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(third), payload: { toolId: p.toolId, quantity: 1, ...DELIVERY } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.notEnoughStock(0) });
    const asked = fake.requests.length;
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(someoneElse), payload: { orderId: p.second } });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutBeforePayment(p.toolName) });
    expect(fake.requests.slice(asked).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')).toEqual([]);
  });
});

describe('the Stripe provider', () => {
  it('answers null for unknown ids and maps statuses', async () => {
    const { provider } = await createStripePaymentProvider({ secretKey: fake.secretKey, apiUrl: fake.url });
    expect(await provider.retrieveIntent('pi_doesNotExist123')).toBeNull();
    expect(await provider.retrieveIntent('ch_123')).toBeNull();
    const created = await provider.createIntent({ orderId: randomUUID(), amountCents: 999, currency: 'usd', idempotencyKey: randomUUID() });
    expect(await provider.retrieveIntent(created.id)).toMatchObject({ status: 'requires_payment_method', amountCents: 999, currency: 'usd' });
    fake.intents.get(created.id)!.status = 'requires_capture';
    expect((await provider.retrieveIntent(created.id))?.status).toBe('other');
  });

  it('passes on errors other than a missing intent', async () => {
    const { provider } = await createStripePaymentProvider({ secretKey: 'sk_test_wrong_key', apiUrl: fake.url });
    await expect(provider.retrieveIntent('pi_abc123')).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('a taxed order paid through Stripe (decision 048)', () => {
  it('asks Stripe for the total with tax, and settles for it', async () => {
    const admin = await createAdmin(t.app, t.database.db);
    const rates = (list: object[]) => t.app.inject({ method: 'PUT', url: '/api/tax-rates', headers: bearer(admin), payload: list });
    expect((await rates([{ country: 'US', region: 'US-CA', name: 'CA sales tax', percent: 10 }])).statusCode).toBe(200);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(customer),
        payload: { toolId: tool.id, quantity: 4, ...DELIVERY, country: 'US', region: 'US-CA' },
      });
      expect(res.statusCode).toBe(201);
      const orderId: string = res.json().insertedId;
      const { intent } = await createIntent(orderId);
      // 4 × $12.50 = $50.00, plus 10 %.
      expect(intent.amount).toBe(5500);
      fake.succeed(intent.id);
      expect((await patchPaid(orderId, intent.id)).json()).toEqual({ modifiedCount: 1 });
      expect(await getOrder(orderId)).toMatchObject({ paid: true, subtotal: 50, tax: 5, total: 55 });
    } finally {
      await rates([]);
    }
  });
});
