import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { TEST_MAIL_FROM } from '../../../tests/support/app-with-mail';
import { createTools } from '../../../tests/support/factories';
import { startMailCatcher, type MailCatcher } from '../../../tests/support/mail-catcher';
import { payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Order } from '../../shared';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema';
import { countWaitingFollowUps } from '../follow-ups/follow-ups';
import { ORDER_PAID } from './order-follow-ups';

/**
 * Issue 26: a payment's request does only what must be atomic with it (the stock, the order marked
 * paid, the invoice's number, the follow-up row); the receipt, the owner's notice and the low-stock
 * check follow the commit, from the follow_ups table (decision 044). What the buyer was told is
 * paid is in the database at the commit, and so is what must follow it: a process that stops right
 * after the commit loses none of it.
 *
 * The first app writes follow-ups and does none (`runFollowUps: false`): it is the process that
 * answered the payment and stopped before its runner got to the row. The second app is the process
 * that starts next on the same database.
 */
let catcher: MailCatcher;
let database: DatabaseHandle;
let first: FastifyInstance;
let next: FastifyInstance | undefined;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  catcher = await startMailCatcher();
  database = await createTestDatabase();
  first = await buildApp(testConfig({ mail: { smtpUrl: catcher.url, from: TEST_MAIL_FROM } }), { database, runFollowUps: false });
  await first.ready();
  admin = await createAdmin(first, database.db, 'Ada Admin');
  buyer = await createCustomer(first, 'Bea Buyer');
});
afterAll(async () => {
  await next?.close();
  await first?.close();
  await database?.close();
  await catcher?.close();
});

const mailWithSubject = (subject: string) => (mail: ParsedMail) => mail.subject === subject;
const queuedWithSubject = async (subject: string) => (await database.db.select({ subject: mailOutbox.subject }).from(mailOutbox)).filter((row) => row.subject === subject);

describe("a payment's receipt and owner notice after a crash right after its commit", () => {
  it('are sent by the next process on the database, once each, with the low-stock notice the sale crossed', async () => {
    const [tool] = await createTools(database.db, 1, { name: 'Wire Stripper 7', minQty: 1, availableQty: 12, priceCents: 1999, lowStockThreshold: 10 });
    const orderId = (await placeOrderByApi(first, buyer, tool!.id, 3)).json().insertedId as string;
    expect((await payWithTestCard(first, buyer, orderId)).confirm?.statusCode).toBe(200);

    // Acknowledged: paid, invoiced, the stock taken, all committed with the payment.
    const order = (await first.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(buyer) })).json<Order>();
    expect(order).toMatchObject({ paid: true, status: 'pending', total: 59.97 });
    expect(order.invoiceNumber).toMatch(/^INV-/);
    expect((await first.inject({ method: 'GET', url: `/api/items/${tool!.id}` })).json()).toMatchObject({ availableQty: 9 });
    // What follows the payment waits in the database, and nothing of it was sent or queued.
    const receiptSubject = `Payment received for order ${order.number}`;
    const ownerSubject = `New paid order ${order.number}: $59.97`;
    expect(await countWaitingFollowUps(database.db, ORDER_PAID)).toBe(1);
    expect(await queuedWithSubject(receiptSubject)).toHaveLength(0);
    expect(catcher.messages.filter(mailWithSubject(receiptSubject))).toHaveLength(0);

    // The next process on the database does it.
    next = await buildApp(testConfig({ mail: { smtpUrl: catcher.url, from: TEST_MAIL_FROM } }), { database });
    await next.ready();
    const receipt = await catcher.waitForMail(buyer.email, mailWithSubject(receiptSubject));
    expect(receipt.text).toContain('we received your payment of $59.97');
    expect(receipt.text).toContain(order.invoiceNumber!);
    const notice = await catcher.waitForMail(admin.email, mailWithSubject(ownerSubject));
    expect(notice.text).toContain('Buyer: Bea Buyer');
    await catcher.waitForMail(admin.email, mailWithSubject('Low stock: Wire Stripper 7 is down to 9'));
    expect(await countWaitingFollowUps(database.db, ORDER_PAID)).toBe(0);
    // Once each: the follow-up went with the commit that queued its mail.
    expect(await queuedWithSubject(receiptSubject)).toHaveLength(1);
    expect(await queuedWithSubject(ownerSubject)).toHaveLength(1);
  });
});
