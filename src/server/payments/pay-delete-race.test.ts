import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe';
import { startServerProcess, type ServerProcess, signUpOver as signUpThrough } from '../../../tests/support/server-process';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createPostgresTestDatabase, testDatabaseKind } from '../../../tests/support/test-database';
import { API_ERRORS, AUDIT_SYSTEM_ACTOR, type AuditEntry } from '../../shared';
import { promoteToAdmin } from '../accounts/users-repository';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../db/client';
import { orders, testPaymentIntents } from '../db/schema';
import { createTestPaymentProvider } from './test-provider';

/**
 * Issue 8, finding 8: a card payment confirmed while the same order was being deleted left a
 * succeeded payment and no order, with only a log line ("refund needed"). Now paying and deleting
 * one order take turns on the order's row lock, and a payment that can no longer settle its order
 * is refunded through the provider and shown to admins in the activity log.
 */
const GOOD_CARD = { number: '4242424242424242', expiry: '12/40', cvc: '123' };
const DELIVERY = { address: '8 Refund Row', phone: '555-0188' };
const ROUNDS = 20;

/** What one round of "pay and delete at once" left behind, read straight from the database. */
async function endingOf(db: AppDatabase, orderId: string, intentId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
  return { order: order ?? null, intent: intent! };
}

type Response = { status: number; body: unknown };

/**
 * The only endings allowed: the order paid by this payment (and the delete refused with 409), or
 * the order deleted and the card either never charged or charged and refunded, the refund in the
 * admin's activity log. Never a charged, unrefunded card without its order.
 */
function expectConsistentEnding(
  ending: Awaited<ReturnType<typeof endingOf>>,
  paid: Response,
  deleted: Response,
  paidRefusal: string,
  refundsSeenByAdmin: AuditEntry[],
): void {
  const { order, intent } = ending;
  if (order) {
    expect(order).toMatchObject({ paid: true, status: 'pending', transactionId: intent.id });
    expect(paid).toEqual({ status: 200, body: { paymentIntent: { id: intent.id, status: 'succeeded' } } });
    expect(deleted).toMatchObject({ status: 409, body: { status: 409, detail: paidRefusal } });
    expect(intent.refundedAt).toBeNull();
    return;
  }
  expect(deleted).toEqual({ status: 200, body: { deletedCount: 1 } });
  if (intent.status !== 'succeeded') {
    expect(intent).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
    expect(paid).toMatchObject({ status: 409, body: { status: 409, detail: API_ERRORS.orderNotPayable } });
    return;
  }
  expect(intent.refundedAt).toBeInstanceOf(Date);
  expect(paid).toMatchObject({ status: 409, body: { status: 409, detail: API_ERRORS.paymentRefunded } });
  expect(refundsSeenByAdmin.filter((e) => (e.after as { transactionId?: string }).transactionId === intent.id)).toHaveLength(1);
}

const refundEntries = (entries: AuditEntry[]) => entries.filter((e) => e.action === 'payment.refunded');

describe('paying and deleting one order at the same moment (test-mode processor, one process)', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    buyer = await createCustomer(t.app, 'Racing Rosa');
    admin = await createAdmin(t.app, t.database.db);
  });
  afterAll(() => t.close());

  const reply = (res: { statusCode: number; json(): unknown }): Response => ({ status: res.statusCode, body: res.json() });
  const audit = async (): Promise<AuditEntry[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/audit?limit=100', headers: bearer(admin) })).json();

  async function unpaidOrderWithIntent() {
    const [tool] = await createTools(t.database.db, 1, { priceCents: 1500, minQty: 1, availableQty: 100 });
    const placed = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(buyer), payload: { toolId: tool!.id, quantity: 2, ...DELIVERY } });
    expect(placed.statusCode).toBe(201);
    const orderId: string = placed.json().insertedId;
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId } });
    const clientSecret: string = intent.json().clientSecret;
    return { orderId, clientSecret, intentId: clientSecret.slice(0, clientSecret.indexOf('_secret_')) };
  }

  // The confirm call is rate limited per address: each call comes from an address of its own.
  const confirm = (clientSecret: string) =>
    t.app.inject({ method: 'POST', url: '/api/test-payments/confirm', remoteAddress: `10.8.0.${++ip}`, payload: { clientSecret, card: GOOD_CARD } });

  it(`never leaves a charged card without its order (${ROUNDS} rounds, buyer and admin deleting)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { orderId, clientSecret, intentId } = await unpaidOrderWithIntent();
      const deleter = round % 2 === 0 ? buyer : admin;
      // Either request may start first; the other follows 0–2 ms later.
      const lag = () => new Promise((resolve) => setTimeout(resolve, round % 3));
      const payFirst = round % 4 < 2;
      const [paid, deleted] = await Promise.all([
        (payFirst ? Promise.resolve() : lag()).then(() => confirm(clientSecret)),
        (payFirst ? lag() : Promise.resolve()).then(() =>
          t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: bearer(deleter) }),
        ),
      ]);
      const ending = await endingOf(t.database.db, orderId, intentId);
      expectConsistentEnding(ending, reply(paid), reply(deleted), API_ERRORS.paidOrderCannotBeDeleted, refundEntries(await audit()));
    }
  });

  it('refunds a card charged before its order was deleted, once, and shows it to admins', async () => {
    const { orderId, clientSecret, intentId } = await unpaidOrderWithIntent();
    // Charged at the processor (as Stripe.js would charge in the browser), then the order deleted before it settled.
    expect((await createTestPaymentProvider(t.database.db).confirm(intentId, GOOD_CARD, { email: 'rosa@example.com' })).ok).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: bearer(admin) })).json()).toEqual({ deletedCount: 1 });

    for (const attempt of [1, 2]) {
      const res = await confirm(clientSecret);
      expect(res.statusCode, `attempt ${attempt}`).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.paymentRefunded });
    }
    const { intent } = await endingOf(t.database.db, orderId, intentId);
    expect(intent).toMatchObject({ status: 'succeeded', refundedAt: expect.any(Date) });

    const entries = (await audit()).filter((e) => e.targetId === orderId && e.action.startsWith('payment.'));
    expect(entries).toEqual([
      {
        _id: expect.any(String),
        actorEmail: AUDIT_SYSTEM_ACTOR,
        action: 'payment.refunded',
        targetId: orderId,
        before: null,
        // The order was gone before this request saw it: the payment id is what finds the buyer at the processor.
        after: { number: null, email: null, reason: 'Order deleted while it was being paid', amount: 30, transactionId: intentId },
        createdAt: expect.any(String),
      },
    ]);
    // The entry is an admin's view only.
    expect((await t.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(buyer) })).statusCode).toBe(403);
  });
});

describe('a Stripe payment whose order can no longer take it', () => {
  const WEBHOOK_SECRET = 'whsec_refunds';
  // Only the SDK's webhook helpers are used from this client: it never makes a request.
  const signer = new Stripe('sk_test_unused', { telemetry: false });
  let fake: FakeStripe;
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      payments: { provider: 'stripe', secretKey: fake.secretKey, publishableKey: 'pk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
    });
    buyer = await createCustomer(t.app, 'Stripe Stella');
    admin = await createAdmin(t.app, t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function unpaidOrderWithIntent() {
    const [tool] = await createTools(t.database.db, 1, { priceCents: 2500, minQty: 1, availableQty: 100 });
    const placed = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(buyer), payload: { toolId: tool!.id, quantity: 1, ...DELIVERY } });
    const orderId: string = placed.json().insertedId;
    const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId } });
    const intent = fake.intentOfClientSecret(res.json().clientSecret)!;
    return { orderId, intent };
  }

  const webhook = (intent: { id: string; amount: number; currency: string; metadata: Record<string, string> }) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'payment_intent', status: 'succeeded', ...intent } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  };
  const deleteOrder = (orderId: string) => t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: bearer(buyer) });
  const auditOf = async (orderId: string): Promise<AuditEntry[]> =>
    ((await t.app.inject({ method: 'GET', url: '/api/audit?limit=100', headers: bearer(admin) })).json() as AuditEntry[]).filter(
      (e) => e.targetId === orderId,
    );
  const refundsOf = (intentId: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);

  it('refunds at Stripe when the webhook comes for an order deleted after the card was charged; a replay refunds nothing more', async () => {
    const { orderId, intent } = await unpaidOrderWithIntent();
    fake.succeed(intent.id);
    expect((await deleteOrder(orderId)).json()).toEqual({ deletedCount: 1 });

    for (const delivery of [1, 2]) {
      const res = await webhook(intent);
      expect(res.statusCode, `delivery ${delivery}`).toBe(200);
    }
    expect(refundsOf(intent.id)).toEqual([expect.objectContaining({ amount: 2500, currency: 'usd', metadata: { reason: 'order-deleted' } })]);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toEqual([
      { method: 'POST', path: '/v1/refunds', idempotencyKey: `refund-${intent.id}` },
    ]);
    expect(await auditOf(orderId)).toEqual([
      expect.objectContaining({
        actorEmail: AUDIT_SYSTEM_ACTOR,
        action: 'payment.refunded',
        after: { number: null, email: null, reason: 'Order deleted while it was being paid', amount: 25, transactionId: intent.id },
      }),
    ]);
  });

  it("refunds a second payment for an order already paid, and tells the buyer on the PATCH", async () => {
    const { orderId, intent } = await unpaidOrderWithIntent();
    fake.succeed(intent.id);
    const patch = (transactionId: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/order/${orderId}`, headers: bearer(buyer), payload: { status: 'pending', transactionId } });
    expect((await patch(intent.id)).json()).toEqual({ modifiedCount: 1 });
    // A second intent for the same order and amount (say, from another tab before the first settled).
    const secondId = (await fetchStripe('/v1/payment_intents', { amount: '2500', currency: 'usd', 'metadata[orderId]': orderId })).id;
    fake.succeed(secondId);

    const res = await patch(secondId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.paymentRefunded });
    expect(refundsOf(secondId)).toEqual([expect.objectContaining({ reason: 'duplicate', metadata: { reason: 'paid-another-way' } })]);
    expect(refundsOf(intent.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(buyer) })).json()).toMatchObject({
      paid: true,
      transactionId: intent.id,
    });
    expect(await auditOf(orderId)).toEqual([
      expect.objectContaining({
        action: 'payment.refunded',
        after: { number: expect.stringMatching(/^TH-\d+$/), email: buyer.email, reason: 'Order already paid by another payment', amount: 25, transactionId: secondId },
      }),
    ]);
  });

  it('records a refund Stripe could not make for an admin to do by hand, and makes it when Stripe retries the event', async () => {
    const { orderId, intent } = await unpaidOrderWithIntent();
    fake.succeed(intent.id);
    expect((await deleteOrder(orderId)).json()).toEqual({ deletedCount: 1 });

    fake.refundsDown = true;
    try {
      // 500: Stripe delivers the event again later.
      expect((await webhook(intent)).statusCode).toBe(500);
    } finally {
      fake.refundsDown = false;
    }
    expect(refundsOf(intent.id)).toEqual([]);
    expect(await auditOf(orderId)).toEqual([
      expect.objectContaining({
        actorEmail: AUDIT_SYSTEM_ACTOR,
        action: 'payment.refund_failed',
        after: expect.objectContaining({ transactionId: intent.id, reason: 'Order deleted while it was being paid', amount: 25 }),
      }),
    ]);

    expect((await webhook(intent)).statusCode).toBe(200);
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect((await auditOf(orderId)).map((e) => e.action).sort()).toEqual(['payment.refund_failed', 'payment.refunded']);
  });

  /** A request to the fake with the secret key, as the store's server would make it. */
  async function fetchStripe(path: string, form: Record<string, string>): Promise<{ id: string }> {
    const res = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string };
  }
});

describe.runIf(testDatabaseKind() === 'postgres')('paying on one server process while another deletes the order (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> };
  let direct: DatabaseHandle;
  let payer: ServerProcess;
  let deleter: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    direct = await openDatabase({ kind: 'postgres', url: database.url });
    const env = {
      DATABASE_URL: database.url,
      PAYMENT_PROVIDER: 'test',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_WRITE_RATE_LIMIT: '1000',
      MAX_UNPAID_ORDERS: '1000',
    };
    [payer, deleter] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([payer?.stop(), deleter?.stop()]);
    await direct?.close();
    await database?.drop();
  });


  const call = async (server: ServerProcess, method: string, path: string, token: string | null, body?: unknown): Promise<Response> => {
    const res = await fetch(`${server.origin}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };

  it(`never leaves a charged card without its order (${ROUNDS} rounds)`, async () => {
    const buyer = await signUpOver(payer, 'Two-Process Tom');
    const admin = await signUpOver(deleter, 'Two-Process Admin');
    await promoteToAdmin(direct.db, admin.email);
    for (let round = 0; round < ROUNDS; round += 1) {
      const [tool] = await createTools(direct.db, 1, { priceCents: 990, minQty: 1, availableQty: 100 });
      const placed = await call(payer, 'POST', '/api/order', buyer.token, { toolId: tool!.id, quantity: 1, ...DELIVERY });
      const orderId = (placed.body as { insertedId: string }).insertedId;
      const intent = await call(deleter, 'POST', '/api/create-payment-intent', buyer.token, { orderId });
      const clientSecret = (intent.body as { clientSecret: string }).clientSecret;
      // The delete checks a token first: the payment starts 0–18 ms later so either may reach the order first.
      const [paid, deleted] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, (round % 7) * 3)).then(() =>
          call(payer, 'POST', '/api/test-payments/confirm', null, { clientSecret, card: GOOD_CARD }),
        ),
        call(deleter, 'DELETE', `/api/order/${orderId}`, buyer.token),
      ]);
      const audit = await call(deleter, 'GET', '/api/audit?limit=100', admin.token);
      const ending = await endingOf(direct.db, orderId, clientSecret.slice(0, clientSecret.indexOf('_secret_')));
      expectConsistentEnding(ending, paid, deleted, API_ERRORS.paidOrderCannotBeDeleted, refundEntries(audit.body as AuditEntry[]));
    }
  });
});

const signUpOver = (server: ServerProcess, name: string) => signUpThrough(server, name, 'payer');
