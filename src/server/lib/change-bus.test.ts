import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer } from '../../../tests/support/accounts';
import { buildProductInput, buildTool, createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../db/client';
import { tools } from '../db/schema';
import { openChangeBus, publishChange, type ChangeBus, type ChangeTopic } from './change-bus';
import { payWithTestCard } from '../../../tests/support/orders';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
/** PostgreSQL delivers NOTIFY on another connection, so a subscriber hears it a moment after the commit. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

async function heardUntil(heard: ChangeTopic[], topic: ChangeTopic) {
  for (let i = 0; i < 50 && !heard.includes(topic); i += 1) await settle();
}

describe('the change bus', () => {
  let database: DatabaseHandle;
  let bus: ChangeBus;
  const heard: ChangeTopic[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    bus = await openChangeBus(database, quietLog);
    bus.subscribe((topic) => heard.push(topic));
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it('delivers a change published in a transaction when it commits, not before, once per topic', async () => {
    heard.length = 0;
    await database.db.transaction(async (tx) => {
      await publishChange(tx, 'tools');
      await publishChange(tx, 'tools');
      await settle();
      expect(heard).toEqual([]);
    });
    await heardUntil(heard, 'tools');
    await settle();
    expect(heard).toEqual(['tools']);
  });

  it('never delivers a change whose transaction rolled back', async () => {
    heard.length = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await publishChange(tx, 'tools');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await bus.publish('stock');
    await heardUntil(heard, 'stock');
    expect(heard).toEqual(['stock']);
  });

  it('stops delivering to a subscriber that unsubscribed', async () => {
    const mine: ChangeTopic[] = [];
    const unsubscribe = bus.subscribe((topic) => mine.push(topic));
    await bus.publish('tools');
    await heardUntil(mine, 'tools');
    unsubscribe();
    heard.length = 0;
    await bus.publish('stock');
    await heardUntil(heard, 'stock');
    expect(mine).toEqual(['tools']);
  });
});

describe('the store on the change bus', () => {
  let t: TestApp;
  // What another process on the same database hears (this process's own bus also hears
  // `changedHere` from every write request, which says nothing about what was published).
  let otherProcess: ChangeBus;
  const heard: ChangeTopic[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    otherProcess = await openChangeBus(t.database, quietLog);
    otherProcess.subscribe((topic) => heard.push(topic));
  });
  afterAll(async () => {
    await otherProcess.close();
    await t.close();
  });

  const totalCount = async () => Number((await t.app.inject({ method: 'GET', url: '/api/items' })).headers['x-total-count']);

  it('publishes "tools" for an admin create, edit and delete, and "stock" for a paid order (an unpaid one changes no stock)', async () => {
    const admin = await createAdmin(t.app, t.database.db);
    const customer = await createCustomer(t.app);
    heard.length = 0;
    const created = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput({ availableQty: 50, minQty: 1 }) });
    expect(created.statusCode).toBe(201);
    await heardUntil(heard, 'tools');
    expect(heard).toEqual(['tools']);

    const id = created.json().insertedId as string;
    heard.length = 0;
    await t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload: { name: 'Renamed Wrench' } });
    await heardUntil(heard, 'tools');
    expect(heard).toEqual(['tools']);

    heard.length = 0;
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer),
      payload: { toolId: id, quantity: 1, address: '1 Bus Street', phone: '555-0101' },
    });
    expect(order.statusCode).toBe(201);
    expect((await payWithTestCard(t.app, customer, order.json().insertedId)).confirm?.statusCode).toBe(200);
    await heardUntil(heard, 'stock');
    expect(heard).toEqual(['stock']);

    heard.length = 0;
    await t.app.inject({ method: 'DELETE', url: `/api/items/${id}`, headers: bearer(admin) });
    await heardUntil(heard, 'tools');
    expect(heard).toEqual(['tools']);
  });

  it("drops the cached tool count when another process's change arrives on the bus", async () => {
    const heard: ChangeTopic[] = [];
    const unsubscribe = t.app.changes.subscribe((topic) => heard.push(topic));
    await createTools(t.database.db, 2);
    // The factory's own notice must have arrived before the count is cached, or it would drop it.
    await heardUntil(heard, 'tools');
    unsubscribe();
    const before = await totalCount();
    // A tool written as another process would: the same database, not this process's code path.
    await t.database.db.insert(tools).values(buildTool());
    expect(await totalCount()).toBe(before); // the count is cached, so without a message it is stale
    await t.database.db.transaction(async (tx) => {
      await tx.insert(tools).values(buildTool());
      await publishChange(tx, 'tools');
    });
    await settle();
    expect(await totalCount()).toBe(before + 2);
  });
});
