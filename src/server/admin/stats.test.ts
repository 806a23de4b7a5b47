import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { insertOrderWithLines } from '../../../tests/support/orders';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, STATS, type Stats } from '../../shared';
import { orderLines, orders, tools } from '../db/schema';

/**
 * GET /api/stats against orders in known states and amounts. The expected figures are computed
 * here, in JavaScript, from the rows as stored: never from the same SQL the endpoint runs.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
appWithCastForFile((cast) => ({ t, admin, A: customer } = cast));

const stats = (user: TestUser | null = admin) => t.app.inject({ method: 'GET', url: '/api/stats', headers: user ? bearer(user) : {} });
const utcDay = (date: Date) => date.toISOString().slice(0, 10);
/** Noon UTC `daysAgo` days before today. */
const noonDaysAgo = (daysAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, 12));
};
/** The last `STATS.days` UTC days, oldest first, today last. */
const lastDays = () => Array.from({ length: STATS.days }, (_v, i) => utcDay(noonDaysAgo(STATS.days - 1 - i)));

type State = 'unpaid' | 'pending' | 'shipped' | 'expired' | 'refunded';
type PlannedTool = { id: string | null; name: string; priceCents: number };
interface Planned {
  tool: PlannedTool;
  quantity: number;
  /** Further lines of the same order. */
  more?: { tool: PlannedTool; quantity: number }[];
  state: State;
  paidAt?: Date;
}

async function insertOrders(planned: Planned[]) {
  for (const p of planned) {
    const paid = p.state === 'pending' || p.state === 'shipped';
    await insertOrderWithLines(
      t.database.db,
      {
        userId: customer.userId,
        name: customer.name,
        email: customer.email,
        address: '1 Stats Street',
        phone: '555-0101',
        paid,
        status: p.state === 'unpaid' ? null : p.state,
        transactionId: paid ? `pi_stats_${randomUUID()}` : null,
        paidAt: p.paidAt ?? null,
        shippedAt: p.state === 'shipped' ? new Date() : null,
        expiredAt: p.state === 'expired' ? new Date() : null,
      },
      [{ tool: p.tool, quantity: p.quantity }, ...(p.more ?? [])].map(({ tool, quantity }) => ({
        toolId: tool.id,
        productName: tool.name,
        priceCents: tool.priceCents,
        quantity,
      })),
    );
  }
}

/** What the Overview should say about the database as it is now, worked out row by row. */
async function expectedStats(): Promise<Stats> {
  const rows = await t.database.db.select().from(orders);
  const lines = await t.database.db.select().from(orderLines);
  const paid = rows.filter((o) => o.paid);
  const cents = (o: (typeof rows)[number]) =>
    lines.filter((line) => line.orderId === o.id).reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const state = (o: (typeof rows)[number]): State => o.status ?? 'unpaid';
  const ordersByState = { unpaid: 0, pending: 0, shipped: 0, expired: 0, refunded: 0 };
  for (const o of rows) ordersByState[state(o)] += 1;

  const revenueByDay = lastDays().map((day) => {
    const sold = paid.filter((o) => utcDay(o.paidAt!) === day);
    return { day, revenue: sold.reduce((sum, o) => sum + cents(o), 0) / 100, orders: sold.length };
  });

  const byTool = new Map<string, { toolId: string | null; name: string; quantity: number; cents: number }>();
  const paidIds = new Set(paid.map((o) => o.id));
  for (const line of lines.filter((l) => paidIds.has(l.orderId))) {
    const key = `${line.toolId}|${line.productName}`;
    const entry = byTool.get(key) ?? { toolId: line.toolId, name: line.productName, quantity: 0, cents: 0 };
    entry.quantity += line.quantity;
    entry.cents += line.priceCents * line.quantity;
    byTool.set(key, entry);
  }
  const topTools = [...byTool.values()]
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name))
    .slice(0, STATS.topTools)
    .map(({ cents: c, ...rest }) => ({ ...rest, revenue: c / 100 }));

  const allTools = await t.database.db.select().from(tools);
  // The store's low-stock mark is 10 unless a tool has its own.
  const markOf = (tool: (typeof allTools)[number]) => tool.lowStockThreshold ?? 10;
  const lowStock = allTools
    .filter((tool) => tool.availableQty <= markOf(tool))
    .sort((a, b) => a.availableQty - b.availableQty || (a.id < b.id ? -1 : 1))
    .slice(0, STATS.lowStock)
    .map((tool) => ({ _id: tool.id, name: tool.name, availableQty: tool.availableQty, minQty: tool.minQty, threshold: markOf(tool) }));

  return { ordersByState, revenueByDay, paidRevenue: paid.reduce((sum, o) => sum + cents(o), 0) / 100, topTools, lowStock };
}

describe('GET /api/stats', () => {
  it('answers zeros and 30 empty days for a store without orders', async () => {
    const res = await stats();
    expect(res.statusCode).toBe(200);
    const body = res.json() as Stats;
    expect(body.ordersByState).toEqual({ unpaid: 0, pending: 0, shipped: 0, expired: 0, refunded: 0 });
    expect(body.paidRevenue).toBe(0);
    expect(body.topTools).toEqual([]);
    expect(body.revenueByDay).toEqual(lastDays().map((day) => ({ day, revenue: 0, orders: 0 })));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('agrees with the orders in the database', async () => {
    const [t1, t2, t3] = await createTools(t.database.db, 3, { minQty: 1, availableQty: 40 });
    const [t4] = await createTools(t.database.db, 1, { minQty: 1, availableQty: 40, priceCents: 2000 });
    await createTools(t.database.db, 1, { availableQty: 0, minQty: 1 });
    await createTools(t.database.db, 2, { availableQty: 1, minQty: 1 });
    await createTools(t.database.db, 1, { availableQty: 3, minQty: 2 });
    const tool1 = { id: t1!.id, name: t1!.name, priceCents: 1234 };
    const renamed = { ...tool1, name: 'Tool One (old name)' };
    const tool2 = { id: t2!.id, name: t2!.name, priceCents: 9999 };
    const tool3 = { id: t3!.id, name: t3!.name, priceCents: 500 };
    const retired = { id: null, name: 'Retired Tool', priceCents: 30000 };
    await insertOrders([
      { tool: tool1, quantity: 3, state: 'pending', paidAt: new Date(Date.now() - 60_000) },
      { tool: tool1, quantity: 1, state: 'shipped', paidAt: noonDaysAgo(2) },
      { tool: tool1, quantity: 10, state: 'shipped', paidAt: noonDaysAgo(STATS.days - 1) }, // the first day shown
      { tool: renamed, quantity: 1, state: 'shipped', paidAt: noonDaysAgo(2) },
      { tool: tool2, quantity: 2, state: 'pending', paidAt: noonDaysAgo(STATS.days) }, // a day before the window
      { tool: tool2, quantity: 5, state: 'unpaid' },
      { tool: tool3, quantity: 4, state: 'expired' },
      { tool: tool3, quantity: 1, state: 'unpaid' },
      { tool: tool3, quantity: 2, state: 'unpaid' },
      { tool: tool3, quantity: 1, state: 'pending', paidAt: noonDaysAgo(5) },
      { tool: retired, quantity: 1, state: 'shipped', paidAt: noonDaysAgo(1) },
      // An order of two tools: each line counts toward its own tool.
      { tool: tool2, quantity: 1, more: [{ tool: tool3, quantity: 3 }], state: 'shipped', paidAt: noonDaysAgo(3) },
    ]);
    // And one order paid today through the real checkout with the test card.
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(customer),
      payload: { toolId: t4!.id, quantity: 2, address: '1 Stats Street', phone: '555-0101' },
    });
    const orderId: string = placed.json().insertedId;
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(customer), payload: { orderId } });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      payload: { clientSecret: intent.json().clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } },
    });
    expect(confirm.statusCode).toBe(200);

    const res = await stats();
    expect(res.statusCode).toBe(200);
    const body = res.json() as Stats;
    expect(body).toEqual(await expectedStats());

    // The same figures, worked out by hand, in case both sides shared a mistake.
    expect(body.ordersByState).toEqual({ unpaid: 3, pending: 4, shipped: 5, expired: 1, refunded: 0 });
    expect(body.paidRevenue).toBeCloseTo(37.02 + 12.34 + 123.4 + 12.34 + 199.98 + 5 + 300 + 40 + 114.99, 2);
    const today = body.revenueByDay.at(-1)!;
    expect(today).toEqual({ day: utcDay(new Date()), revenue: 77.02, orders: 2 });
    expect(body.revenueByDay[0]).toEqual({ day: utcDay(noonDaysAgo(STATS.days - 1)), revenue: 123.4, orders: 1 });
    expect(body.revenueByDay.at(-3)).toEqual({ day: utcDay(noonDaysAgo(2)), revenue: 24.68, orders: 2 });
    expect(body.revenueByDay.at(-4)).toEqual({ day: utcDay(noonDaysAgo(3)), revenue: 114.99, orders: 1 });
    expect(body.revenueByDay.filter((d) => d.orders > 0)).toHaveLength(6);
    expect(body.topTools.map((tool) => [tool.name, tool.quantity, tool.revenue])).toEqual([
      ['Retired Tool', 1, 300],
      [tool2.name, 3, 299.97],
      [tool1.name, 14, 172.76],
      [t4!.name, 2, 40],
      [tool3.name, 4, 20],
    ]);
    expect(body.topTools[0]!.toolId).toBeNull();
    // At or below the mark (10): 38 units is plenty.
    expect(body.lowStock.map((tool) => tool.availableQty)).toEqual([0, 1, 1, 3]);
  });

  it.each([
    ['anonymous', null, 401, API_ERRORS.signInRequired],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
  ] as const)('refuses %s', async (_who, who, status, message) => {
    const res = await stats(who ? customer : null);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message });
  });
});
