import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { GOOD_CARD } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { API_ERRORS } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { invoices, orders, testPaymentIntents, tools } from '../db/schema';

/**
 * Issue 26, ninth round (decision 044): a payment takes its tools' stock last, so the rows every
 * buyer of a tool shares are locked only from the take to the commit, not through the whole
 * payment. On PostgreSQL, where transactions run side by side (PGlite runs one at a time), another
 * connection holds a row lock in the middle of a payment: a payment stuck before its take no longer
 * holds up other buyers of its tool, and stock that sells out under the take rolls the charge back.
 */
const onPostgres = testDatabaseKind() === 'postgres';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await createCustomer(t.app, 'Ann Lock');
  bob = await createCustomer(t.app, 'Bob Lock');
});
afterAll(() => t.close());

let nextAddress = 1;

/** A placed order and its payment's client secret, through the API, as the checkout does. */
async function orderAwaitingCard(buyer: TestUser, lines: Array<{ toolId: string; quantity: number }>) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer),
    payload: { lines, address: '9 Lock Lane, Dayton', phone: '555-0199' },
  });
  expect(placed.statusCode).toBe(201);
  const orderId: string = placed.json().insertedId;
  const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(buyer), payload: { orderId } });
  expect(intent.statusCode).toBe(200);
  const clientSecret: string = intent.json().clientSecret;
  return { orderId, clientSecret, intentId: clientSecret.split('_secret_')[0]! };
}

const confirm = (clientSecret: string) =>
  t.app.inject({ method: 'POST', url: '/api/test-payments/confirm', remoteAddress: `10.88.0.${nextAddress++}`, payload: { clientSecret, card: GOOD_CARD } });

/**
 * Runs `hold` in a transaction on a connection of its own and keeps that transaction open, its
 * locks held and its writes uncommitted, until `commit()` is called.
 */
async function openTransaction(db: AppDatabase, hold: (tx: AppTransaction) => Promise<unknown>) {
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => (commit = resolve));
  let opened!: () => void;
  const isOpen = new Promise<void>((resolve) => (opened = resolve));
  const done = db.transaction(async (tx) => {
    await hold(tx);
    opened();
    await committing;
  });
  await Promise.race([isOpen, done]);
  return {
    commit: async () => {
      commit();
      await done;
    },
  };
}

/** Waits until `count` statements of this database wait for a row lock. */
async function untilWaitingForLocks(count: number) {
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: Array<{ waiting: number }> };
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${count} statements waiting for a lock after 10 s`);
}

/** Settles with 'answered' when the request answers within `ms`, else with 'still waiting'. */
const answeredWithin = (request: Promise<unknown>, ms: number) =>
  Promise.race([request.then(() => 'answered' as const), new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

const stockOf = async (toolId: string) => (await t.database.db.select({ qty: tools.availableQty }).from(tools).where(eq(tools.id, toolId)))[0]!.qty;

describe.runIf(onPostgres)("a payment locks its tools' stock only from its take to its commit (issue 26, PostgreSQL)", () => {
  it('lets another buyer of the same tool pay while a payment is held up before its take', async () => {
    const [tool] = await createTools(t.database.db, 1, { availableQty: 10, minQty: 1 });
    const held = await orderAwaitingCard(ann, [{ toolId: tool!.id, quantity: 1 }]);
    const other = await orderAwaitingCard(bob, [{ toolId: tool!.id, quantity: 1 }]);
    // Ann's charge waits: another connection holds her payment intent's row.
    const intentLock = await openTransaction(t.database.db, (tx) =>
      tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, held.intentId)).for('update'),
    );
    const annPays = confirm(held.clientSecret);
    try {
      await untilWaitingForLocks(1);
      // Bob pays for the same tool meanwhile. When a payment locked its tools before its charge,
      // Bob waited for Ann's charge, however long it took.
      const bobPays = confirm(other.clientSecret);
      expect(await answeredWithin(bobPays, 5_000)).toBe('answered');
      expect((await bobPays).json()).toEqual({ paymentIntent: { id: other.intentId, status: 'succeeded' } });
      expect(await stockOf(tool!.id)).toBe(9);
    } finally {
      await intentLock.commit();
    }
    expect((await annPays).json()).toEqual({ paymentIntent: { id: held.intentId, status: 'succeeded' } });
    expect(await stockOf(tool!.id)).toBe(8);
  });

  it('charges nothing and writes nothing when the stock sells out under its take, and says which tool', async () => {
    // Two lines: the first in the take's order (by tool id) is taken before the second comes up short.
    const pair = await createTools(t.database.db, 2, { availableQty: 5, minQty: 1 });
    const [first, second] = pair.sort((a, b) => a.id.localeCompare(b.id));
    const payment = await orderAwaitingCard(ann, [
      { toolId: first!.id, quantity: 2 },
      { toolId: second!.id, quantity: 5 },
    ]);
    // Another sale, uncommitted, takes one unit of the second tool: the payment reads 5 (committed)
    // and charges, then waits at its take for that row, and finds 4 when the sale commits.
    const otherSale = await openTransaction(t.database.db, (tx) =>
      tx.update(tools).set({ availableQty: sql`${tools.availableQty} - 1` }).where(eq(tools.id, second!.id)),
    );
    const paying = confirm(payment.clientSecret);
    try {
      await untilWaitingForLocks(1);
    } finally {
      await otherSale.commit();
    }
    const res = await paying;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.soldOutBeforePayment(`${second!.name} (only 4 left)`) });
    // Nothing charged, paid, invoiced or taken: the first line's take rolled back too.
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, payment.intentId));
    expect(intent).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, payment.orderId));
    expect(order).toMatchObject({ paid: false, transactionId: null });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, payment.orderId))).toEqual([]);
    expect(await stockOf(first!.id)).toBe(5);
    expect(await stockOf(second!.id)).toBe(4);
  });
});
