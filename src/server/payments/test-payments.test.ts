import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../tests/support/problem';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { orderNewTool } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';
import { orders, testPaymentIntents } from '../db/schema';

let t: TestApp;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createCustomer(t.app, 'Penny Payer');
  other = await createCustomer(t.app, 'Otto Other');
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t.close());

const GOOD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const card = (number: string, expiry = '12/40', cvc = '123') => ({ number, expiry, cvc });
const BILLING = { name: 'Penny Payer', email: 'penny@example.com', phone: '555-0123' };
let ip = 0;

/** An unpaid order of 3 units at $12.34 (37.02 in all), with its payment intent. */
async function orderWithIntent(user: TestUser = buyer) {
  const placed = await orderNewTool(t, user, { priceCents: 1234, minQty: 1, availableQty: 50 }, { quantity: 3, address: '3 Card Court', phone: '555-0123' });
  const orderId: string = placed.json().insertedId;
  const intent = await createIntent(orderId, user, 0.01);
  expect(intent.statusCode).toBe(200);
  const clientSecret: string = intent.json().clientSecret;
  return { orderId, clientSecret, intentId: clientSecret.slice(0, clientSecret.indexOf('_secret_')) };
}
const createIntent = (orderId: string, user: TestUser = buyer, totalPrice?: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(user), payload: { orderId, totalPrice } });
// The confirm call is rate limited per address: each call comes from an address of its own.
const confirm = (clientSecret: string, cardInput: unknown = GOOD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test-payments/confirm',
    remoteAddress: `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
    payload: { clientSecret, card: cardInput, billingDetails: BILLING },
  });
const patch = (orderId: string, transactionId: string, user: TestUser = buyer) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: bearer(user),
    payload: { status: 'pending', transactionId, userName: 'x', userEmail: 'x@example.com', toolName: 'x' },
  });
const getOrder = async (orderId: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(buyer) })).json();
const intentsOf = (orderId: string) => t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));
const UNPAID = { paid: false, status: null, transactionId: null };

describe('GET /api/payment-config', () => {
  it('tells the checkout to use the test-mode card form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'test' });
  });
});

describe('POST /api/create-payment-intent', () => {
  it('charges price × quantity whatever totalPrice says, and gives the same intent twice', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    const again = await createIntent(orderId, buyer, 999_999);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ clientSecret });
    const rows = await intentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 3702, currency: 'usd', status: 'requires_payment_method', clientSecret });
    expect((await getOrder(orderId)).total).toBe(37.02);
  });

  it('refuses a paid order with 409', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    expect((await confirm(clientSecret)).statusCode).toBe(200);
    const res = await createIntent(orderId);
    // The code to branch on, and where the order stands, survive the route's response schema.
    expectProblem(res, { status: 409, code: 'ORDER_NOT_PAYABLE', detail: API_ERRORS.orderNotPayable, state: 'pending' });
  });

  it('answers 404 to a malformed order id and 400 to a missing one', async () => {
    const malformed = await createIntent('nope');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ status: 404, detail: API_ERRORS.orderNotFound });
    const missing = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, detail: VALIDATION.orderIdRequired });
  });
});

describe('POST /api/test-payments/confirm', () => {
  it('settles the order at once with 4242; the buyer\'s PATCH that follows changes nothing', async () => {
    const { orderId, clientSecret, intentId } = await orderWithIntent();
    const res = await confirm(clientSecret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paymentIntent: { id: intentId, status: 'succeeded' } });
    const paid = await getOrder(orderId);
    expect(paid).toMatchObject({ paid: true, status: 'pending', transactionId: intentId });

    const after = await patch(orderId, intentId);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ modifiedCount: 0 });
    expect(await getOrder(orderId)).toEqual(paid);
  });

  it.each([
    ['4000 0000 0000 0002', '12/40', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', '12/40', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', '12/40', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', '12/40', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242 4242 4242 4242', '01/20', 'invalid_expiry_year', "Your card's expiration date is in the past."],
  ])('%s (expiry %s) → 402 %s; the order stays unpaid and a good card pays it after', async (number, expiry, code, message) => {
    const { orderId, clientSecret, intentId } = await orderWithIntent();
    const declined = await confirm(clientSecret, card(number, expiry));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ status: 402, code: 'CARD_DECLINED', declineCode: code, detail: message });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
    expect((await intentsOf(orderId))[0]).toMatchObject({ status: 'requires_payment_method', lastErrorCode: code, cardLast4: null });

    expect((await confirm(clientSecret)).statusCode).toBe(200);
    expect(await getOrder(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId: intentId });
  });

  it('refuses any other valid card number: the store is in test mode', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    const res = await confirm(clientSecret, card('4111 1111 1111 1111'));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 402, code: 'CARD_DECLINED', declineCode: 'test_mode_live_card', detail: expect.stringContaining('test mode') });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
  });

  it.each([
    ['a number of letters', card('abcd efgh ijkl mnop'), 'card.number', VALIDATION.cardNumberInvalid],
    ['a short number', card('4242 4242'), 'card.number', VALIDATION.cardNumberInvalid],
    // A mistyped digit fails the Luhn check, before the processor is asked (the checkout checks it too).
    ['a mistyped number', card('4242 4242 4242 4241'), 'card.number', VALIDATION.cardNumberWrong],
    ['month 13', card('4242424242424242', '13/30'), 'card.expiry', VALIDATION.cardExpiryInvalid],
    ['an expiry without a slash', card('4242424242424242', '1230'), 'card.expiry', VALIDATION.cardExpiryInvalid],
    ['a two-digit CVC', card('4242424242424242', '12/40', '12'), 'card.cvc', VALIDATION.cardCvcInvalid],
  ])('refuses %s with 400 and charges nothing', async (_case, cardInput, field, message) => {
    const { orderId, clientSecret } = await orderWithIntent();
    const res = await confirm(clientSecret, cardInput);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
    expect((await intentsOf(orderId))[0]).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
  });

  it('charges once when confirmed twice, and a declined card after success changes nothing', async () => {
    const { orderId, clientSecret, intentId } = await orderWithIntent();
    const succeeded = { paymentIntent: { id: intentId, status: 'succeeded' } };
    expect((await confirm(clientSecret)).json()).toEqual(succeeded);
    const [first] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const second = await confirm(clientSecret);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(succeeded);
    const declined = await confirm(clientSecret, card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual(succeeded);

    const [last] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(last).toEqual(first);
    expect(last).toMatchObject({ paid: true, status: 'pending', transactionId: intentId });
    const rows = await intentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', cardLast4: '4242', lastErrorCode: null });
  });

  it('never stores a card number: only its last four digits', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    await confirm(clientSecret, card('4000 0000 0000 0002'));
    await confirm(clientSecret);
    const [intent] = await intentsOf(orderId);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(intent).toMatchObject({ cardLast4: '4242', billingName: BILLING.name, billingEmail: BILLING.email });
    const stored = JSON.stringify([intent, order]);
    for (const digits of ['4242424242424242', '4000000000000002', '424242424242']) expect(stored).not.toContain(digits);
    expect(Object.keys(intent!).filter((key) => /card|cvc|number|expiry/i.test(key))).toEqual(['cardLast4']);
  });

  it('answers 404 to an unknown client secret', async () => {
    const res = await confirm('pi_test_nothing_secret_nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: 'Payment not found' });
  });

  it('answers 409 when the order was deleted before paying, and charges nothing', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: bearer(buyer) })).statusCode).toBe(200);
    const res = await confirm(clientSecret);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.orderNotPayable });
    expect((await intentsOf(orderId))[0]).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
  });
});

describe('PATCH /api/order/:id {status: pending, transactionId}', () => {
  it('answers 402 to a made-up transaction id, and 400 to none', async () => {
    const { orderId } = await orderWithIntent();
    const madeUp = await patch(orderId, 'pi_test_made_up');
    expect(madeUp.statusCode).toBe(402);
    expect(madeUp.json()).toMatchObject({ status: 402, detail: API_ERRORS.paymentNotCompleted });
    const none = await t.app.inject({ method: 'PATCH', url: `/api/order/${orderId}`, headers: bearer(buyer), payload: { status: 'pending' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: 400, detail: API_ERRORS.paymentNotCompleted });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
  });

  it('answers 402 to the intent of this very order before it is paid', async () => {
    const { orderId, intentId } = await orderWithIntent();
    const res = await patch(orderId, intentId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 402, detail: API_ERRORS.paymentNotCompleted });
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
  });

  it.each([
    ['the same buyer', () => buyer],
    ['another customer', () => other],
  ])("answers 409 to the paid intent of another order of %s, leaving this one unpaid", async (_case, ownerOf) => {
    const target = await orderWithIntent();
    const elsewhere = await orderWithIntent(ownerOf());
    expect((await confirm(elsewhere.clientSecret)).statusCode).toBe(200);
    const res = await patch(target.orderId, elsewhere.intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.paymentMismatch });
    expect(await getOrder(target.orderId)).toMatchObject(UNPAID);
  });

  it("refuses someone else's PATCH of the buyer's order: 404 to a customer, 403 to an admin", async () => {
    const { orderId, clientSecret, intentId } = await orderWithIntent();
    for (const [user, status, message] of [
      [other, 404, API_ERRORS.orderNotFound],
      [admin, 403, API_ERRORS.forbidden],
    ] as const) {
      const res = await patch(orderId, intentId, user);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status, detail: message });
    }
    expect(await getOrder(orderId)).toMatchObject(UNPAID);
    expect((await confirm(clientSecret)).statusCode).toBe(200);
  });
});
