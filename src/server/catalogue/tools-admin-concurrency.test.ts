import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';
import { auditLog, orderLines } from '../db/schema';
import { payWithTestCard } from '../../../tests/support/orders';

/**
 * Admin edits while customers buy. On PostgreSQL (the api-postgres project) the requests really
 * run in parallel on a pool of connections, so a lost sale or a lost restock would show here.
 */
let t: TestApp;
let buyers: TestUser[];
let admin: TestUser;
let otherAdmin: TestUser;
const ORDERS = 12;
const DELIVERY = { address: '5 Rush Street', phone: '555-0150' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
  otherAdmin = await createAdmin(t.app, t.database.db, 'Otto Admin');
  buyers = await Promise.all([createCustomer(t.app, 'Rita Racer'), createCustomer(t.app, 'Rory Racer')]);
});
afterAll(() => t.close());

const newTool = async (availableQty: number, minQty = 1) => (await createTools(t.database.db, 1, { availableQty, minQty }))[0]!;
const stockOf = async (toolId: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${toolId}` })).json().availableQty;
const auditFor = async (targetId: string) =>
  (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, targetId)))[0]!.n;
const placeOne = (i: number, toolId: string) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(buyers[i % buyers.length]!), payload: { toolId, quantity: 1, ...DELIVERY } });

/** `ORDERS` unpaid orders of one unit each; answers a function that pays for them all at once (a sale each: the payment takes the stock). */
async function salesReady(toolId: string) {
  const placed = await Promise.all(Array.from({ length: ORDERS }, (_, i) => placeOne(i, toolId)));
  expect(placed.map((res) => res.statusCode)).toEqual(Array(ORDERS).fill(201));
  return () =>
    placed.map(async (res, i) => {
      const { confirm } = await payWithTestCard(t.app, buyers[i % buyers.length]!, res.json().insertedId);
      return confirm ?? { statusCode: 0, json: () => ({}) };
    });
}
const patchTool = (user: TestUser, toolId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/items/${toolId}`, headers: bearer(user), payload });

describe('a restock while customers buy', () => {
  it('either applies over an unchanged stock or is refused with 409; no sale and no restock is lost', async () => {
    const tool = await newTool(20);
    const sell = await salesReady(tool.id);
    const [restock, ...sales] = await Promise.all([patchTool(admin, tool.id, { availableQty: 100, expectedAvailableQty: 20 }), ...sell()]);
    const sold = sales.filter((res) => res.statusCode === 200).length;
    expect(sold).toBe(ORDERS);
    if (restock!.statusCode === 200) {
      // The restock saw 20, so every sale came after it.
      expect(await stockOf(tool.id)).toBe(100 - sold);
      expect(await auditFor(tool.id)).toBe(1);
    } else {
      expect(restock!.statusCode).toBe(409);
      const now = Number(restock!.json().detail.match(/now (\d+)/)[1]);
      expect(restock!.json().detail).toBe(API_ERRORS.stockChangedMeanwhile(now));
      expect(now).toBeLessThan(20);
      expect(await stockOf(tool.id)).toBe(20 - sold);
      expect(await auditFor(tool.id)).toBe(0);
    }
  });

  it('of two admins restocking from the same figure, one wins and the other hears 409', async () => {
    const tool = await newTool(5);
    const results = await Promise.all([
      patchTool(admin, tool.id, { availableQty: 30, expectedAvailableQty: 5 }),
      patchTool(otherAdmin, tool.id, { availableQty: 40, expectedAvailableQty: 5 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    expect(await stockOf(tool.id)).toBe(winner === results[0] ? 30 : 40);
    expect(await auditFor(tool.id)).toBe(1);
  });
});

describe('an edit of other fields while customers buy', () => {
  it('never touches the stock the sales took', async () => {
    const tool = await newTool(50);
    const sell = await salesReady(tool.id);
    const [edit, ...sales] = await Promise.all([patchTool(admin, tool.id, { name: 'Renamed during a rush', price: 12.34 }), ...sell()]);
    expect(edit!.json()).toEqual({ modifiedCount: 1 });
    expect(sales.every((res) => res.statusCode === 200)).toBe(true);
    expect(await stockOf(tool.id)).toBe(50 - ORDERS);
  });
});

describe('a delete while customers buy', () => {
  it('each order is either placed (and then loses its tool link) or told the tool is gone', async () => {
    const tool = await newTool(50);
    const [deletion, ...sales] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/items/${tool.id}`, headers: bearer(admin) }),
      ...Array.from({ length: ORDERS }, (_, i) => placeOne(i, tool.id)),
    ]);
    expect(deletion!.json()).toEqual({ deletedCount: 1 });
    for (const res of sales) {
      expect([201, 404]).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.json().detail).toBe(API_ERRORS.toolNotFound);
    }
    const placed = sales.filter((res) => res.statusCode === 201).map((res) => res.json().insertedId as string);
    for (const id of placed) {
      const [row] = await t.database.db.select({ toolId: orderLines.toolId }).from(orderLines).where(eq(orderLines.orderId, id));
      expect(row!.toolId).toBeNull();
    }
    expect(await auditFor(tool.id)).toBe(1);
  });
});
