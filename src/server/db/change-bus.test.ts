import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer } from '../../../tests/support/accounts';
import { buildProductInput, buildTool, createTools, insertToolsUnannounced } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { AppDatabase, DatabaseHandle } from './client';
import { tools } from './schema';
import { CHANGES_CHANNEL, changeNotice, openChangeBus, publishChange, type ChangeBus, type ChangeTopic } from './change-bus';
import { payWithTestCard } from '../../../tests/support/orders';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
/** PostgreSQL delivers NOTIFY on another connection, so a subscriber hears it a moment after the commit. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

async function heardUntil(heard: ChangeTopic[], topic: ChangeTopic) {
  for (let i = 0; i < 50 && !heard.includes(topic); i += 1) await settle();
}

/**
 * A notice sent as another process sends it (its own id) after everything before it: the database
 * delivers notices in commit order, so once this one is heard, every echo of what came before it
 * has arrived too.
 */
async function echoesArrived(db: AppDatabase, heard: ChangeTopic[]) {
  const before = heard.length;
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`photos:another-process.${Date.now()}`})`);
  const sentinel = () => heard.indexOf('photos', before);
  for (let i = 0; i < 50 && sentinel() === -1; i += 1) await settle();
  expect(sentinel()).toBeGreaterThanOrEqual(0);
  heard.splice(sentinel(), 1);
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

  it('delivers a change published in a transaction as it commits, not before, and once per topic: not again when the database echoes it', async () => {
    heard.length = 0;
    await database.db.transaction(async (tx) => {
      await publishChange(tx, 'tools');
      await publishChange(tx, 'tools');
      await publishChange(tx, 'stock');
      await settle();
      expect(heard).toEqual([]);
    });
    // Heard here before the transaction's caller carries on: its next read cannot beat the echo.
    expect(heard).toEqual(['tools', 'stock']);
    await echoesArrived(database.db, heard);
    expect(heard).toEqual(['tools', 'stock']);
  });

  it('never delivers a change whose transaction rolled back', async () => {
    heard.length = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await publishChange(tx, 'tools');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toEqual([]);
    await bus.publish('stock');
    expect(heard).toEqual(['stock']);
    await echoesArrived(database.db, heard);
    expect(heard).toEqual(['stock']);
  });

  it("delivers the notice of a statement that changed a row, and not of one that changed none", async () => {
    const [tool] = await createTools(database.db, 1);
    await echoesArrived(database.db, heard);
    heard.length = 0;
    const setPrice = (id: string) =>
      database.db.transaction(async (tx) => {
        const rows = await tx.update(tools).set({ priceCents: 1234 }).where(sql`${tools.id} = ${id}`).returning({ notice: changeNotice(tx, 'stock') });
        return rows.length;
      });
    expect(await setPrice('00000000-0000-4000-8000-000000000000')).toBe(0);
    await echoesArrived(database.db, heard);
    expect(heard).toEqual([]);
    expect(await setPrice(tool!.id)).toBe(1);
    // The caller did not note it (noteChange), so this process hears it from the database alone, still once.
    await echoesArrived(database.db, heard);
    expect(heard).toEqual(['stock']);
  });

  it("delivers another process's notice once, and a bare topic sent by hand", async () => {
    heard.length = 0;
    await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'reviews:another-process.1')`);
    await database.db.execute(sql`notify store_changes, 'tools'`);
    await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'no-such-topic')`);
    await echoesArrived(database.db, heard);
    expect(heard).toEqual(['reviews', 'tools']);
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

describe('the store on the change bus: one write, one delivery per process', () => {
  let t: TestApp;
  /** What the store's own bus delivers to its subscribers (the catalogue cache is one). */
  const heard: ChangeTopic[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.app.changes.subscribe((topic) => heard.push(topic));
  });
  afterAll(() => t.close());

  const totalCount = async () => Number((await t.app.inject({ method: 'GET', url: '/api/items' })).headers['x-total-count']);

  it('delivers "tools" for an admin create, edit and delete, and "stock" for a paid order, each once and before the request answers', async () => {
    const admin = await createAdmin(t.app, t.database.db);
    const customer = await createCustomer(t.app);
    await echoesArrived(t.database.db, heard);
    /** Delivered exactly `topics` by the time `write` answered, and nothing more once the database's echoes arrived. */
    async function deliveredOnce<T>(topics: ChangeTopic[], write: () => Promise<T>): Promise<T> {
      heard.length = 0;
      const answer = await write();
      expect(heard).toEqual(topics);
      await echoesArrived(t.database.db, heard);
      expect(heard).toEqual(topics);
      return answer;
    }

    const created = await deliveredOnce(['tools'], () =>
      t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput({ availableQty: 50, minQty: 1 }) }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().insertedId as string;
    const edited = await deliveredOnce(['tools'], () =>
      t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload: { name: 'Renamed Wrench' } }),
    );
    expect(edited.statusCode).toBe(200);

    // An unpaid order changes no stock; its payment takes the units.
    const order = await deliveredOnce([], () =>
      t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(customer), payload: { toolId: id, quantity: 1, address: '1 Bus Street', phone: '555-0101' } }),
    );
    expect(order.statusCode).toBe(201);
    const paid = await deliveredOnce(['stock'], () => payWithTestCard(t.app, customer, order.json().insertedId));
    expect(paid.confirm?.statusCode).toBe(200);

    const deleted = await deliveredOnce(['tools'], () => t.app.inject({ method: 'DELETE', url: `/api/items/${id}`, headers: bearer(admin) }));
    expect(deleted.statusCode).toBe(200);
  });

  it('delivers nothing for refused writes (their transactions rolled back)', async () => {
    const admin = await createAdmin(t.app, t.database.db);
    const customer = await createCustomer(t.app);
    const [tool] = await createTools(t.database.db, 1, { availableQty: 3, minQty: 1 });
    await echoesArrived(t.database.db, heard);
    heard.length = 0;
    const tooMany = { toolId: tool!.id, quantity: 1_000, address: '1 Refused Road', phone: '555-0100' };
    expect((await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(customer), payload: tooMany })).statusCode).toBe(409);
    const staleStock = { availableQty: 9, expectedAvailableQty: 2 };
    expect((await t.app.inject({ method: 'PATCH', url: `/api/items/${tool!.id}`, headers: bearer(admin), payload: staleStock })).statusCode).toBe(409);
    await echoesArrived(t.database.db, heard);
    expect(heard).toEqual([]);
  });

  it("drops the cached tool count when another process's change arrives on the bus", async () => {
    await createTools(t.database.db, 2);
    const before = await totalCount();
    // A tool written as another process would: the same database, not this process's code path.
    await t.database.db.transaction((tx) => insertToolsUnannounced(tx, [buildTool()]));
    expect(await totalCount()).toBe(before); // the count is cached, so without a message it is stale
    await t.database.db.transaction(async (tx) => {
      await insertToolsUnannounced(tx, [buildTool()]);
      await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`tools:another-process.${Date.now()}`})`);
    });
    await echoesArrived(t.database.db, heard);
    expect(await totalCount()).toBe(before + 2);
  });
});
