import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProductInput, createTools } from '../../tests/support/factories';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../../tests/support/redis';
import { signUpOver as signUpThrough, startServerProcess, type RemoteCustomer, type ServerProcess } from '../../tests/support/server-process';
import { createPostgresTestDatabase, testDatabaseKind } from '../../tests/support/test-database';
import { openDatabase, type DatabaseHandle } from './db/client';
import { orderLines, orders, tools, users } from './db/schema';
import { EXPIRY_SWEEP_LOCK_KEY } from './orders/orders-repository';

/**
 * Issue 9, scale-out: two app processes (the real server, each its own operating-system process)
 * on one PostgreSQL database and one Redis. What one process is told, the other honours: shared
 * rate limits, promotions and sign-outs on its very next request, catalogue changes as soon as
 * the database delivers the change notice (milliseconds; the figures say); the expiry
 * sweep runs in one at a time; purchases through both never oversell. Figures measured here are
 * printed (and quoted in docs/DEPLOY.md).
 */
const PUBLIC_WRITE_LIMIT = 5;
const DELIVERY = { address: '9 Scale Street', phone: '555-0109' };
const SWEEP_SKIPPED = 'order expiry sweep skipped: another process is sweeping';
const SWEEP_EXPIRED = 'expired unpaid orders that were not paid in time';

type Visitor = RemoteCustomer;
const signUpOver = (server: ServerProcess, name: string) => signUpThrough(server, name, 'scale');

describe.runIf(testDatabaseKind() === 'postgres')('two app processes on one PostgreSQL and one Redis', () => {
  let database: { url: string; drop(): Promise<void> };
  let direct: DatabaseHandle;
  let servers: ServerProcess[] = [];
  let A: ServerProcess;
  let B: ServerProcess;
  let admin: Visitor;
  const redisPrefix = uniqueRedisPrefix();
  const figures: Record<string, string> = {};

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    direct = await openDatabase({ kind: 'postgres', url: database.url });
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: redisPrefix,
      PAYMENT_PROVIDER: 'test',
      PUBLIC_WRITE_RATE_LIMIT: String(PUBLIC_WRITE_LIMIT),
      AUTH_RATE_LIMIT: '1000',
      MAX_UNPAID_ORDERS: '1000',
      ORDER_PAY_MINUTES: '60',
      ORDER_EXPIRY_SWEEP_SECONDS: '1',
      // The sweep says at debug level when it skipped or found nothing.
      LOG_LEVEL: 'debug',
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    [A, B] = servers as [ServerProcess, ServerProcess];
    admin = await signUpOver(A, 'Scale Admin');
    await direct.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await direct?.close();
    await database?.drop();
    await deleteRedisKeys(testRedisUrl(), redisPrefix);
    console.log(`scale-out figures: ${JSON.stringify(figures)}`);
  });

  it('a limit of N public writes a minute admits N in total across both processes, not 2N', async () => {
    const query = { name: 'Dana Miller', email: 'dana@example.com', number: '+1 555 0100', message: 'Two processes, one limit?' };
    const codes = await Promise.all(
      Array.from({ length: 4 * PUBLIC_WRITE_LIMIT }, async (_v, i) => {
        const res = await fetch(`${servers[i % 2]!.origin}/api/queries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(query),
        });
        return res.status;
      }),
    );
    expect(codes.filter((code) => code === 201)).toHaveLength(PUBLIC_WRITE_LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(3 * PUBLIC_WRITE_LIMIT);
  });

  it('a tool an admin adds, edits and deletes through one process shows through the other as soon as the database tells it, X-Total-Count included', async () => {
    const totalOn = async (server: ServerProcess) => Number((await fetch(`${server.origin}/api/items`)).headers.get('x-total-count'));
    const toolOn = async (server: ServerProcess, id: string) => {
      const res = await fetch(`${server.origin}/api/items/${id}`);
      return res.status === 200 ? ((await res.json()) as { name: string }).name : res.status;
    };
    const before = await totalOn(B); // B now holds the count in its cache

    const created = await adminRequest(A, 'POST', '/api/items', buildProductInput({ availableQty: 10, minQty: 1 }));
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { insertedId: string }).insertedId;
    figures.createSeenThroughOtherProcessMs = await seenThroughOtherProcess(() => totalOn(B), before + 1);

    expect((await adminRequest(A, 'PATCH', `/api/items/${id}`, { name: 'Edited Through A' })).status).toBe(200);
    figures.editSeenThroughOtherProcessMs = await seenThroughOtherProcess(() => toolOn(B, id), 'Edited Through A');

    expect((await adminRequest(A, 'DELETE', `/api/items/${id}`)).status).toBe(200);
    figures.deleteSeenThroughOtherProcessMs = await seenThroughOtherProcess(() => toolOn(B, id), 404);
    expect(await totalOn(B)).toBe(before);
    // Orders never read the cache: B refuses the deleted tool whether or not it has heard yet.
    const customer = await signUpOver(B, 'Late Buyer');
    expect((await orderOver(B, customer, id, 1)).status).toBe(404);
  });

  it('the expiry sweep runs in one process at a time', async () => {
    const [tool] = await createTools(direct.db, 1, { availableQty: 10, minQty: 1 });
    const buyer = await signUpOver(A, 'Slow Payer');
    const placed = await orderOver(A, buyer, tool!.id, 3);
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { insertedId: string }).insertedId;

    // Another "process" holds the sweep's lock: both servers must skip, and the order stays.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1)', [EXPIRY_SWEEP_LOCK_KEY]);
      await direct.db.update(orders).set({ createdAt: sql`now() - interval '2 hours'` }).where(eq(orders.id, orderId));
      const marks = servers.map((server) => server.output().length);
      const skippedSinceMark = (i: number) => countLogLines(servers[i]!.output().slice(marks[i]), SWEEP_SKIPPED);
      for (let i = 0; i < 60 && !(skippedSinceMark(0) > 0 && skippedSinceMark(1) > 0); i += 1) await pause(100);
      expect([skippedSinceMark(0), skippedSinceMark(1)].every((n) => n > 0)).toBe(true);
      expect(await orderStatus(orderId)).toBeNull();
    } finally {
      await holder.query('commit').catch(() => {});
      await holder.end();
    }

    // Released: the next sweep (one process) expires it; the stock, never held, is as it was.
    const marks = servers.map((server) => server.output().length);
    for (let i = 0; i < 50 && (await orderStatus(orderId)) !== 'expired'; i += 1) await pause(100);
    expect(await orderStatus(orderId)).toBe('expired');
    await pause(1500); // every process has swept at least once more
    const expiredBy = servers.map((server, i) => countLogLines(server.output().slice(marks[i]), SWEEP_EXPIRED));
    expect(expiredBy.reduce((a, b) => a + b, 0)).toBe(1);
    figures.sweepLogLinesPerProcess = JSON.stringify(expiredBy);
    const [row] = await direct.db.select({ availableQty: tools.availableQty }).from(tools).where(eq(tools.id, tool!.id));
    expect(row!.availableQty).toBe(10);
  });

  it('concurrent payments split across both processes never oversell', async () => {
    const STOCK = 20;
    // At most 30: the card confirm call admits 30 a minute from one client address, which all of these share.
    const ATTEMPTS = 30;
    const [tool] = await createTools(direct.db, 1, { availableQty: STOCK, minQty: 1 });
    const buyers = await Promise.all(Array.from({ length: 8 }, (_v, i) => signUpOver(servers[i % 2]!, `Buyer ${i}`)));
    const placed = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_v, i) => orderOver(servers[i % 2]!, buyers[i % buyers.length]!, tool!.id, 1)),
    );
    expect(placed.map((r) => r.status)).toEqual(Array(ATTEMPTS).fill(201));
    const started = performance.now();
    const results = await Promise.all(
      placed.map((r, i) => payOver(servers[(i + 1) % 2]!, buyers[i % buyers.length]!, (r.body as { insertedId: string }).insertedId)),
    );
    figures.concurrentOrders = `${ATTEMPTS} payments for ${STOCK} units through 2 processes in ${(performance.now() - started).toFixed(0)} ms`;
    expect(results.filter((status) => status === 200), JSON.stringify(results)).toHaveLength(STOCK);
    expect(results.filter((status) => status === 409)).toHaveLength(ATTEMPTS - STOCK);
    const [row] = await direct.db.select({ availableQty: tools.availableQty }).from(tools).where(eq(tools.id, tool!.id));
    expect(row!.availableQty).toBe(0);
    const [sold] = await direct.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.toolId, tool!.id), eq(orders.paid, true)));
    expect(sold!.units).toBe(STOCK);
    // Both processes show the sold-out tool once the database has told them.
    for (const server of servers) {
      const shownQuantity = async () => ((await (await fetch(`${server.origin}/api/items/${tool!.id}`)).json()) as { availableQty: number }).availableQty;
      await seenThroughOtherProcess(shownQuantity, 0);
    }
  });

  it('a promotion and a sign-out through one process are honoured by the other at once', async () => {
    const user = await signUpOver(A, 'Promoted Pat');
    const userList = (server: ServerProcess) => fetch(`${server.origin}/api/user`, { headers: { authorization: `Bearer ${user.token}` } });
    expect((await userList(B)).status).toBe(403);

    expect((await adminRequest(A, 'PUT', `/api/user/admin/${user.email}`)).status).toBe(200);
    expect((await userList(B)).status).toBe(200);

    const out = await fetch(`${A.origin}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: A.origin, cookie: user.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect((await userList(B)).status).toBe(401);
    const session = await fetch(`${B.origin}/api/auth/get-session`, { headers: { cookie: user.cookie } });
    expect(await session.json()).toBeNull();
  });


  function adminRequest(server: ServerProcess, method: string, path: string, body?: unknown) {
    return fetch(`${server.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function orderOver(server: ServerProcess, buyer: Visitor, toolId: string, quantity: number) {
    const res = await fetch(`${server.origin}/api/order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ toolId, quantity, ...DELIVERY }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  /** Asks for the payment and confirms the card through `server`; answers the last status. */
  async function payOver(server: ServerProcess, buyer: Visitor, orderId: string): Promise<number> {
    const intent = await fetch(`${server.origin}/api/create-payment-intent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    });
    if (intent.status !== 200) return intent.status;
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const confirm = await fetch(`${server.origin}/api/test-payments/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret, card: { number: '4242424242424242', expiry: '12/40', cvc: '123' } }),
    });
    return confirm.status;
  }

  async function orderStatus(id: string) {
    const [row] = await direct.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    return row?.status ?? null;
  }
});

/**
 * The other process hears a change when PostgreSQL delivers the commit's NOTIFY to its listening
 * connection: a few milliseconds after the writer answered, longer when the host is loaded (a
 * visitor's request can reach it first). Asks until `read` answers `expected`, within a bound far
 * above that, and answers how long it took, in ms, for the figures.
 */
const NOTICE_DELIVERY_BOUND_MS = 2_000;
async function seenThroughOtherProcess<T>(read: () => Promise<T>, expected: T): Promise<string> {
  const started = performance.now();
  await expect.poll(read, { timeout: NOTICE_DELIVERY_BOUND_MS, interval: 5 }).toBe(expected);
  return (performance.now() - started).toFixed(1);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Log lines (JSON, one a line) whose message is `message`. */
function countLogLines(output: string, message: string): number {
  return output.split('\n').filter((line) => line.includes(`"msg":"${message}"`)).length;
}
