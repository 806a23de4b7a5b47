import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { orders } from '../db/schema';
import { parseCsv } from '../lib/parse-csv';
import { insertOrderFixtures } from './order-fixtures';

/**
 * An export sends nothing while its first page's statement runs; the store closes a connection
 * silent for IDLE_TIMEOUT_SECONDS. Here the idle time is 1 s and the orders table is held by
 * another transaction for 2.5 s (a statement that slow, on a large store or a busy machine): the
 * admin's download must still arrive whole. PostgreSQL only: there another connection can hold the
 * one table while the admin's sign-in check reads others; the embedded database has one connection.
 */
const IDLE_MS = 1000;
const HELD_MS = 2500;

describe.runIf(testDatabaseKind() === 'postgres')('an export whose first page takes longer than the idle time', () => {
  let t: TestApp;
  let admin: TestUser;
  let origin: string;
  let orderCount: number;

  beforeAll(async () => {
    t = await createTestApp({ timeouts: { ...testConfig().timeouts, idleMs: IDLE_MS } });
    admin = await createAdmin(t.app, t.database.db, 'Idle Admin');
    const customer = await createCustomer(t.app, 'Idle Customer');
    await insertOrderFixtures(t.database.db, customer.userId);
    const [counted] = await t.database.db.select({ n: count() }).from(orders);
    orderCount = counted!.n;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t.close());

  /** GET on a connection of its own; resolves with the status and body, or the socket's error. */
  const download = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`${origin}${path}`, { agent: false, headers: { authorization: `Bearer ${admin.token}` } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        })
        .on('error', reject);
    });

  it('still arrives whole, every order in it', async () => {
    let locked!: () => void;
    const tableHeld = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table orders in access exclusive mode`);
      locked();
      await sleep(HELD_MS);
    });
    await tableHeld;
    const started = performance.now();
    const answer = await download('/api/orders.csv');
    await holder;
    expect(performance.now() - started).toBeGreaterThan(HELD_MS - 500);
    expect(answer.status).toBe(200);
    const [, ...rows] = parseCsv(answer.body.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(orderCount);
  }, 30_000);
});
