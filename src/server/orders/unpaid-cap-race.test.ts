import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { type ServerProcess, signUpOver as signUpThrough } from '../../../tests/support/server-process';
import { startServersOnPostgres, type ServersOnPostgres } from '../../../tests/support/servers-on-postgres';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { API_ERRORS } from '../../shared';

/**
 * Issue 8, finding 2: 40 orders sent at once by one customer left 16–29 unpaid orders with a cap
 * of 10, because the count and the insert were not serialised per customer. Now they are (a lock
 * on the customer's row in the placing transaction), on one process and across processes.
 */
const DELIVERY = { address: '40 Burst Avenue', phone: '555-0140' };
const CAP = 10;
const ATTEMPTS = 40;

describe('one customer sending 40 orders at once (cap 10)', () => {
  let t: TestApp;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ maxUnpaidOrders: CAP });
    customer = await createCustomer(t.app, 'Bursting Bea');
  });
  afterAll(() => t.close());

  it('places exactly 10; the other 30 hear 409 and take no stock', async () => {
    // Four tools, so the orders do not queue behind one tool's row and the per-customer lock is what counts.
    const tools = await createTools(t.database.db, 4, { availableQty: 1000, minQty: 1 });
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_v, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: bearer(customer),
          payload: { toolId: tools[i % tools.length]!.id, quantity: 1, ...DELIVERY },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(CAP);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(ATTEMPTS - CAP);
    for (const res of refused) expect(res.json()).toEqual({ statusCode: 409, message: API_ERRORS.tooManyUnpaidOrders });

    const listed = await t.app.inject({ method: 'GET', url: `/api/order/${customer.email}?limit=100`, headers: bearer(customer) });
    expect(listed.headers['x-total-count']).toBe(String(CAP));
    const stock = await Promise.all(tools.map(async (tool) => (await t.app.inject({ method: 'GET', url: `/api/items/${tool.id}` })).json().availableQty));
    expect(stock.reduce((sum: number, n: number) => sum + (1000 - n), 0)).toBe(CAP);
  });
});


type RemoteCustomer = Awaited<ReturnType<typeof signUpOver>>;

const orderOver = async (server: ServerProcess, customer: RemoteCustomer, toolId: string, quantity: number) => {
  const res = await fetch(`${server.origin}/api/order`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ toolId, quantity, ...DELIVERY }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe.runIf(testDatabaseKind() === 'postgres')('the same attacks spread over two server processes on one PostgreSQL', () => {
  let cluster: ServersOnPostgres;

  beforeAll(async () => {
    cluster = await startServersOnPostgres({
      PAYMENT_PROVIDER: 'test',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_WRITE_RATE_LIMIT: '1000',
      MAX_UNPAID_ORDERS: String(CAP),
      MAX_UNPAID_SHARE_PERCENT: '10',
      MAX_NEW_CUSTOMER_HOLD_PERCENT: '50',
    });
  }, 120_000);
  afterAll(() => cluster?.stop());

  const stockOf = async (toolId: string): Promise<number> =>
    ((await (await fetch(`${cluster.servers[0]!.origin}/api/items/${toolId}`)).json()) as { availableQty: number }).availableQty;

  it('40 orders from one customer, half to each process: exactly 10 are placed', async () => {
    const customer = await signUpOver(cluster.servers[0]!, 'Two-Process Tess');
    // Ten tools: at 10% each, one unit per order stays within the customer's share of every tool.
    const tools = await createTools(cluster.direct.db, 10, { availableQty: 100, minQty: 1 });
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_v, i) => orderOver(cluster.servers[i % 2]!, customer, tools[i % tools.length]!.id, 1)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(CAP);
    for (const res of results.filter((r) => r.status !== 201)) {
      expect(res).toEqual({ status: 409, body: { statusCode: 409, message: API_ERRORS.tooManyUnpaidOrders } });
    }
    const stock = await Promise.all(tools.map((tool) => stockOf(tool.id)));
    expect(stock.reduce((sum, n) => sum + (100 - n), 0)).toBe(CAP);
  });

  it("one customer's share of a tool holds when orders reach both processes at once", async () => {
    const customer = await signUpOver(cluster.servers[1]!, 'Share-Racing Sid');
    const [tool] = await createTools(cluster.direct.db, 1, { availableQty: 100, minQty: 1 });
    // 20 orders of 2 units (fewer orders than the cap): the 10% share allows 5 of them.
    const results = await Promise.all(Array.from({ length: 20 }, (_v, i) => orderOver(cluster.servers[i % 2]!, customer, tool!.id, 2)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const res of results.filter((r) => r.status !== 201)) {
      expect(res).toEqual({ status: 409, body: { statusCode: 409, message: API_ERRORS.unpaidShareReached(0) } });
    }
    expect(await stockOf(tool!.id)).toBe(90);
  });

  /** Places an order through one process and pays it through the other, as a browser might after a reload. */
  async function buyOver(customer: RemoteCustomer, toolId: string, quantity: number) {
    const placed = await orderOver(cluster.servers[1]!, customer, toolId, quantity);
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { insertedId: string }).insertedId;
    const intent = await fetch(`${cluster.servers[0]!.origin}/api/create-payment-intent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const confirm = await fetch(`${cluster.servers[1]!.origin}/api/test-payments/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret, card: { number: '4242424242424242', expiry: '12/40', cvc: '123' } }),
    });
    expect(await confirm.json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  }

  it('free accounts ordering a whole tool through both processes hold half of it; a paying customer buys from the rest', async () => {
    const [tool, otherTool] = await createTools(cluster.direct.db, 2, { availableQty: 100, minQty: 1 });
    const sybils = await Promise.all(Array.from({ length: 12 }, (_v, i) => signUpOver(cluster.servers[i % 2]!, `Sybil ${i}`)));
    const results = await Promise.all(sybils.map((sybil, i) => orderOver(cluster.servers[i % 2]!, sybil, tool!.id, 10)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const res of results.filter((r) => r.status !== 201)) {
      expect(res).toEqual({ status: 409, body: { statusCode: 409, message: API_ERRORS.newCustomerHoldsFull } });
    }
    expect(await stockOf(tool!.id)).toBe(50);

    // The tool is still on sale for customers who have paid before (decision 008: a first-time
    // buyer waits until holds are paid or expire).
    const buyer = await signUpOver(cluster.servers[0]!, 'Paying Pat');
    expect(await orderOver(cluster.servers[0]!, buyer, tool!.id, 10)).toEqual({
      status: 409,
      body: { statusCode: 409, message: API_ERRORS.newCustomerHoldsFull },
    });
    await buyOver(buyer, otherTool!.id, 1);
    await buyOver(buyer, tool!.id, 10);
    expect(await stockOf(tool!.id)).toBe(40);
  });
});

const signUpOver = (server: ServerProcess, name: string) => signUpThrough(server, name, 'racer');
