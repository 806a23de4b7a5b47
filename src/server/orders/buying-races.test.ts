import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { type RemoteCustomer, type ServerProcess, signUpOver as signUpThrough } from '../../../tests/support/server-process';
import { startServersOnPostgres, type ServersOnPostgres } from '../../../tests/support/servers-on-postgres';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { API_ERRORS } from '../../shared';

/**
 * Races that only show when requests really run at once: on one process (on PostgreSQL its pool
 * runs them in parallel), and on two server processes sharing one PostgreSQL.
 * - Issue 8: 40 orders sent at once by one customer left 16–29 unpaid orders with a cap of 10. The
 *   count and the insert are serialised per customer (a lock on the customer's row).
 * - Issue 17: the payment takes the stock (decision 019); many payers at once never oversell, and
 *   the last units all sell when nobody is short.
 */
const DELIVERY = { address: '40 Burst Avenue', phone: '555-0140' };
const GOOD_CARD = { number: '4242424242424242', expiry: '12/40', cvc: '123' };
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

  it('places exactly 10; the other 30 hear 409 and nothing else changes', async () => {
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
    for (const res of refused) expect(res.json()).toMatchObject({ status: 409, detail: API_ERRORS.tooManyUnpaidOrders(CAP) });

    const listed = await t.app.inject({ method: 'GET', url: `/api/order/${customer.email}?limit=100`, headers: bearer(customer) });
    expect(listed.headers['x-total-count']).toBe(String(CAP));
  });
});

const post = async (server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const orderOver = (server: ServerProcess, customer: RemoteCustomer, toolId: string, quantity: number, headers: Record<string, string> = {}) =>
  post(server, '/api/order', { toolId, quantity, ...DELIVERY }, { authorization: `Bearer ${customer.token}`, ...headers });

/** Asks one process for the payment and confirms the card on the other, as a browser might after a reload. */
async function payOver(intentServer: ServerProcess, cardServer: ServerProcess, customer: RemoteCustomer, orderId: string) {
  const intent = await post(intentServer, '/api/create-payment-intent', { orderId }, { authorization: `Bearer ${customer.token}` });
  if (intent.status !== 200) return intent;
  return post(cardServer, '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: GOOD_CARD });
}

describe.runIf(testDatabaseKind() === 'postgres')('the same races spread over two server processes on one PostgreSQL', () => {
  let cluster: ServersOnPostgres;

  beforeAll(async () => {
    cluster = await startServersOnPostgres({
      PAYMENT_PROVIDER: 'test',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_WRITE_RATE_LIMIT: '1000',
      MAX_UNPAID_ORDERS: String(CAP),
    });
  }, 120_000);
  afterAll(() => cluster?.stop());

  const [a, b] = [() => cluster.servers[0]!, () => cluster.servers[1]!];
  const stockOf = async (toolId: string): Promise<number> =>
    ((await (await fetch(`${a().origin}/api/items/${toolId}`)).json()) as { availableQty: number }).availableQty;

  it('40 orders from one customer, half to each process: exactly 10 are placed', async () => {
    const customer = await signUpOver(a(), 'Two-Process Tess');
    const tools = await createTools(cluster.direct.db, 10, { availableQty: 100, minQty: 1 });
    const results = await Promise.all(Array.from({ length: ATTEMPTS }, (_v, i) => orderOver(cluster.servers[i % 2]!, customer, tools[i % tools.length]!.id, 1)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(CAP);
    for (const res of results.filter((r) => r.status !== 201)) {
      expect(res).toMatchObject({ status: 409, body: { status: 409, detail: API_ERRORS.tooManyUnpaidOrders(CAP) } });
    }
  });

  it('10 new customers each buy one of the last 10 units at once, through both processes: all paid, stock 0', async () => {
    const [tool] = await createTools(cluster.direct.db, 1, { availableQty: 10, minQty: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, (_v, i) => signUpOver(cluster.servers[i % 2]!, `Last-Unit Lee ${i}`)));
    const placed = await Promise.all(buyers.map((buyer, i) => orderOver(cluster.servers[i % 2]!, buyer, tool!.id, 1)));
    expect(placed.map((r) => r.status)).toEqual(buyers.map(() => 201));
    const paid = await Promise.all(
      buyers.map((buyer, i) => payOver(cluster.servers[i % 2]!, cluster.servers[(i + 1) % 2]!, buyer, placed[i]!.body.insertedId as string)),
    );
    expect(paid.map((r) => r.status)).toEqual(buyers.map(() => 200));
    expect(await stockOf(tool!.id)).toBe(0);
  });

  it('30 customers pay for the last 10 units at once through both processes: 10 are charged, none oversold', async () => {
    const [tool] = await createTools(cluster.direct.db, 1, { availableQty: 10, minQty: 1 });
    const buyers = await Promise.all(Array.from({ length: 30 }, (_v, i) => signUpOver(cluster.servers[i % 2]!, `Racing Ray ${i}`)));
    const placed = await Promise.all(buyers.map((buyer, i) => orderOver(cluster.servers[i % 2]!, buyer, tool!.id, 1)));
    const paid = await Promise.all(
      buyers.map((buyer, i) => payOver(cluster.servers[(i + 1) % 2]!, cluster.servers[i % 2]!, buyer, placed[i]!.body.insertedId as string)),
    );
    expect(paid.filter((r) => r.status === 200)).toHaveLength(10);
    for (const res of paid.filter((r) => r.status !== 200)) {
      expect(res).toMatchObject({ status: 409, body: { status: 409, detail: API_ERRORS.soldOutBeforePayment(`${tool!.name}`) } });
    }
    expect(await stockOf(tool!.id)).toBe(0);
    const sold = await cluster.direct.db.query.orders.findMany({ where: (o, { eq: is }) => is(o.paid, true) });
    const soldOfTool = sold.filter((o) => placed.some((p) => p.body.insertedId === o.id));
    expect(soldOfTool).toHaveLength(10);
  });

  it('20 hoarding accounts order a whole tool through both processes; a payer on either buys all of it at once', async () => {
    const [tool] = await createTools(cluster.direct.db, 1, { availableQty: 100, minQty: 1 });
    const hoarders = await Promise.all(Array.from({ length: 20 }, (_v, i) => signUpOver(cluster.servers[i % 2]!, `Sybil ${i}`)));
    const hoarded = await Promise.all(hoarders.map((hoarder, i) => orderOver(cluster.servers[i % 2]!, hoarder, tool!.id, 100)));
    expect(hoarded.map((r) => r.status)).toEqual(hoarders.map(() => 201));
    expect(await stockOf(tool!.id)).toBe(100);

    const buyer = await signUpOver(b(), 'Paying Pat');
    const placed = await orderOver(a(), buyer, tool!.id, 100);
    expect(placed.status).toBe(201);
    expect((await payOver(b(), a(), buyer, placed.body.insertedId as string)).status).toBe(200);
    expect(await stockOf(tool!.id)).toBe(0);
  });

  it('the same Idempotency-Key sent to both processes at once makes one order, and both hear its id', async () => {
    const [tool] = await createTools(cluster.direct.db, 1, { availableQty: 50, minQty: 1 });
    const customer = await signUpOver(a(), 'Retrying Rita');
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_v, i) => orderOver(cluster.servers[i % 2]!, customer, tool!.id, 3, { 'idempotency-key': key })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    const ids = new Set(replies.map((r) => r.body.insertedId));
    expect(ids.size).toBe(1);
    const mine = await cluster.direct.db.query.orders.findMany({ where: (o, { eq: is }) => is(o.email, customer.email) });
    expect(mine).toHaveLength(1);
  });
});

const signUpOver = (server: ServerProcess, name: string) => signUpThrough(server, name, 'racer');
