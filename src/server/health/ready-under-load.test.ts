import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/support/test-app';
import { createPostgresTestDatabase, testDatabaseKind } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 19: one client's flood of catalogue queries filled the PostgreSQL pool, and /api/ready,
 * waiting behind it, answered 503 "database too slow": a balancer would have taken a healthy
 * process out of rotation. Readiness asks over a connection of its own (decision 026).
 */
describe.runIf(testDatabaseKind() === 'postgres')('GET /api/ready while the pool is busy (PostgreSQL)', () => {
  const POOL_SIZE = 2;
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: POOL_SIZE });
    app = await buildApp(testConfig(), { database: handle });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await database?.drop();
  });

  it('answers 200 at once while every pooled connection runs a long query', async () => {
    // drizzle's queries start when awaited: `then` sends each one now.
    const busy = Array.from({ length: POOL_SIZE * 2 }, () => handle.db.execute(sql`select pg_sleep(3)`).then(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    const elapsed = performance.now() - started;
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(1000);
    await Promise.all(busy);
  });
});
