import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCast } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard } from '../../../tests/support/orders';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { orders } from '../db/schema';
import { findInvoice, issueInvoice } from '../orders/invoices-repository';
import { orderDocumentsKit } from './order-documents.testing';

/**
 * Invoice numbers have no gaps: the counter moves as the transaction that marks the order paid
 * commits (invoices-repository.ts, decisions 020 and 044), so a payment that does not commit gives its number back.
 */
let t: TestApp;
let cast: Awaited<ReturnType<typeof createCast>>;
let tools: Awaited<ReturnType<typeof createTools>>;
const { placeOrder, unpaidOrder, pay, paidOrder, invoiceOf, invoiceNumberOf } = orderDocumentsKit(() => ({
  app: t.app,
  admin: cast.admin,
  toolId: tools[0]!.id,
}));

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
  tools = await createTools(t.database.db, 3, { minQty: 1, availableQty: 1_000 });
});
afterAll(async () => t?.close());

describe('invoice numbers', () => {
  it('are consecutive across paid orders', async () => {
    const first = await invoiceNumberOf(await paidOrder(cast.A));
    const second = await invoiceNumberOf(await paidOrder(cast.B));
    const third = await invoiceNumberOf(await paidOrder(cast.A));
    expect([second, third]).toEqual([first + 1, first + 2]);
  });

  it('are consecutive and distinct when payments arrive at once', async () => {
    const before = await invoiceNumberOf(await paidOrder(cast.A));
    const ids = await Promise.all(Array.from({ length: 4 }, (_, i) => placeOrder(i % 2 ? cast.A : cast.B, [{ toolId: tools[i % 3]!.id, quantity: 1 }])));
    await Promise.all(ids.map((id, i) => pay(i % 2 ? cast.A : cast.B, id)));
    const numbers = await Promise.all(ids.map(invoiceNumberOf));
    expect(numbers.sort((a, b) => a - b)).toEqual([before + 1, before + 2, before + 3, before + 4]);
  });

  it('are not used up by a declined card', async () => {
    const before = await invoiceNumberOf(await paidOrder(cast.A));
    const declinedOrder = await unpaidOrder(cast.A);
    const { confirm } = await payWithTestCard(t.app, cast.A, declinedOrder, { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' });
    expect(confirm?.statusCode).toBe(402);
    expect(await invoiceNumberOf(await paidOrder(cast.A))).toBe(before + 1);
    await pay(cast.A, declinedOrder);
    expect(await invoiceNumberOf(declinedOrder)).toBe(before + 2);
  });

  it('are not used up by a paying transaction that fails after taking its number', async () => {
    const before = await invoiceNumberOf(await paidOrder(cast.A));
    const orderId = await unpaidOrder(cast.A);
    // The number is taken as the payment commits; a check that runs at commit after it (triggers
    // fire by name) fails the payment at the worst moment for a counter that is not part of the transaction.
    await t.database.db.execute(
      sql.raw(`create function refuse_invoice() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
    );
    await t.database.db.execute(
      sql.raw('create constraint trigger "zz_refuse_invoice" after insert on invoices deferrable initially deferred for each row execute function refuse_invoice()'),
    );
    try {
      const { confirm } = await payWithTestCard(t.app, cast.A, orderId);
      expect(confirm?.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger "zz_refuse_invoice" on invoices'));
      await t.database.db.execute(sql.raw('drop function refuse_invoice()'));
    }
    expect((await invoiceOf(orderId, bearer(cast.A))).statusCode).toBe(409);
    await pay(cast.A, orderId);
    expect(await invoiceNumberOf(orderId)).toBe(before + 1);
  });

  // Decision 044: every payment needs the counter's row, so it is locked only as a payment commits.
  // Taken mid-payment, one slow payment (a slow client, a busy database) held every other one up.
  it.runIf(testDatabaseKind() === 'postgres')('are taken as a payment commits: a payment still open does not hold up the next one', async () => {
    const before = await invoiceNumberOf(await paidOrder(cast.A));
    const slowOrderId = await unpaidOrder(cast.A);
    const [slowOrder] = await t.database.db.select().from(orders).where(eq(orders.id, slowOrderId));
    let issued!: () => void;
    let finish!: () => void;
    const invoiceWritten = new Promise<void>((resolve) => (issued = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // A paying transaction that has written its invoice and not committed yet.
    const slowPayment = t.database.db.transaction(async (tx) => {
      await issueInvoice(tx, slowOrder!);
      issued();
      await finished;
    });
    await invoiceWritten;
    try {
      const quick = paidOrder(cast.B);
      const heldUp = new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 5_000).unref());
      const quickOrderId = await Promise.race([quick, heldUp]);
      expect(quickOrderId, 'another payment waited for the open one').not.toBe('held up');
      expect(await invoiceNumberOf(quickOrderId)).toBe(before + 1);
    } finally {
      finish();
      await slowPayment;
    }
    // Numbered in the order the payments committed.
    expect((await findInvoice(t.database.db, slowOrderId))?.number).toBe(before + 2);
  });
});
