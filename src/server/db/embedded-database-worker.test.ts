import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTools } from '../../../tests/support/factories';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase, testDatabaseKind } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from './client';
import type { PgliteWorkerClient } from './pglite-worker-client';

/**
 * Issue 19: on the embedded store, 8 connections asking for deep catalogue pages put /api/health
 * at 2.5 s and the cached home page at 5 s, because PGlite's queries ran on the HTTP thread. The
 * database now runs in a worker thread (decision 025): while it is busy, what does not need it
 * answers at once, and a worker that dies stops the store loudly instead of leaving it half alive.
 */
let app: FastifyInstance | null = null;
let database: DatabaseHandle | null = null;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = database = null;
});

describe.runIf(testDatabaseKind() === 'pglite')('the embedded database works beside the HTTP thread', () => {
  it('answers /api/health and a cached catalogue page while the database is busy with slow work', async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), { database });
    await createTools(database.db, 8);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const cached = await fetch(`${origin}/api/items?limit=6`);
    expect(cached.status).toBe(200);
    const cachedBody = await cached.text();

    // Slow work through the app's own database handle: the database is busy for seconds.
    let slowWorkDone = false;
    const slowWork = Promise.all([database.db.execute(sql`select pg_sleep(3)`), database.db.execute(sql`select pg_sleep(1)`)]).then(() => {
      slowWorkDone = true;
    });
    const health = await fetch(`${origin}/api/health`);
    const healthWhileBusy = !slowWorkDone;
    const page = await fetch(`${origin}/api/items?limit=6`);
    const pageWhileBusy = !slowWorkDone;

    expect(health.status).toBe(200);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(cachedBody);
    // Before: each answered only once the slow statements were done (the thread was PostgreSQL's).
    expect(healthWhileBusy, '/api/health answered while the database worked').toBe(true);
    expect(pageWhileBusy, 'the cached page answered while the database worked').toBe(true);
    await slowWork;
  }, 30_000);
});

describe.runIf(testDatabaseKind() === 'pglite')('a database worker that dies under the app', () => {
  it('is logged as fatal, answers 503 from then on, and tells the app so that it can stop', async () => {
    database = await createTestDatabase();
    let logged = '';
    const lost: Error[] = [];
    app = await buildApp(testConfig({ logLevel: 'info' }), {
      database,
      logStream: { write: (line) => (logged += line) },
      onDatabaseLost: (error) => lost.push(error),
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    // drizzle's `$client` is the worker's client; terminating its thread is what a crash looks like.
    await (database.db as unknown as { $client: PgliteWorkerClient }).$client.worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(lost).toHaveLength(1);
    expect(lost[0]!.message).toMatch(/The embedded database stopped/);
    const fatal = logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.level === 60);
    expect(fatal?.msg).toMatch(/the database is gone/);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ reason: 'database unreachable' });
    const uncached = await app.inject({ method: 'GET', url: '/api/items?limit=7' });
    expect(uncached.statusCode).toBe(503);
    expect(uncached.headers['retry-after']).toBeDefined();
  });
});
