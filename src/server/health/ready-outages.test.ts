import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy';
import { testConfig } from '../../../tests/support/test-app';
import { createPostgresTestDatabase, createTestDatabase, testDatabaseKind } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import { API_ERRORS } from '../../shared';
import { openDatabase, type DatabaseHandle } from '../db/client';

// Each test builds its own app, because each one breaks its database or shuts the app down.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOn(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(), { database });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

const ready = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/ready' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/ready when the database stops', () => {
  it('answers 503 "database unreachable" once the database the app uses is closed, while /api/health stays 200', async () => {
    const database = await createTestDatabase();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await database.close();
    });
    const app = await appOn(database);
    expect((await ready(app)).statusCode).toBe(200);

    await database.close();
    closed = true;

    const res = await ready(app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

// A PostgreSQL server that goes away under a running app: reached through a relay the test cuts.
describe.runIf(testDatabaseKind() === 'postgres')('GET /api/ready when the PostgreSQL server goes away', () => {
  async function appBehindProxy(): Promise<{ app: FastifyInstance; proxy: TcpProxy }> {
    const { url, drop } = await createPostgresTestDatabase();
    cleanups.push(drop);
    const direct = new URL(url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => proxy.stop());
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const database = await openDatabase({ kind: 'postgres', url: proxied.toString(), poolSize: 2 });
    cleanups.push(() => database.close());
    return { app: await appOn(database), proxy };
  }

  it('answers 503 while the server refuses connections, and 200 when it is back', async () => {
    const { app, proxy } = await appBehindProxy();
    expect((await ready(app)).statusCode).toBe(200);

    await proxy.stop();
    const down = await ready(app);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });

    await proxy.start();
    expect((await ready(app)).statusCode).toBe(200);
  });

  it('answers the API with 503 and Retry-After, not 500, while the server is away: catalogue, contact, sign-in', async () => {
    const { app, proxy } = await appBehindProxy();
    await proxy.stop();
    const requests = [
      { method: 'GET' as const, url: '/api/items?q=anything-uncached' },
      { method: 'POST' as const, url: '/api/queries', payload: { name: 'Dana Miller', email: 'dana@example.com', number: '555', message: 'Hello' } },
      {
        method: 'POST' as const,
        url: '/api/auth/sign-in/email',
        headers: { origin: 'http://127.0.0.1:3000' },
        payload: { email: 'someone@example.com', password: 'whatever-password' },
      },
    ];
    for (const request of requests) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(503);
      expect(res.headers['retry-after'], request.url).toBe('5');
      // The store's routes answer problem details; the identity service's keep its { code, message }.
      const expected = request.url.startsWith('/api/auth/')
        ? { code: 'DATABASE_UNAVAILABLE', message: API_ERRORS.databaseUnavailable }
        : { status: 503, code: 'DATABASE_UNAVAILABLE', detail: API_ERRORS.databaseUnavailable };
      expect(res.json(), request.url).toMatchObject(expected);
    }
    await proxy.start();
    expect((await app.inject({ method: 'GET', url: '/api/items?q=anything-uncached' })).statusCode).toBe(200);
  });

  it('answers 503 "database too slow" within its deadline when the server stops answering', async () => {
    const { app, proxy } = await appBehindProxy();
    expect((await ready(app)).statusCode).toBe(200);

    proxy.freeze();
    try {
      const started = Date.now();
      const res = await ready(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'database too slow' });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      // Cut the frozen connections: the probe's query and the change feed would otherwise wait
      // forever, and closing the pool waits for them.
      await proxy.stop();
    }
  });
});

describe('GET /api/ready while the app shuts down', () => {
  it('answers 503 to a probe that arrives after close() began', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const app = await buildApp(testConfig(), { database });
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));

    // A connection with a request under way is not idle, so closing the server keeps it open
    // and the rest of the request arrives during the shutdown, as a balancer's probe would.
    const socket = net.connect(Number(address.port), '127.0.0.1');
    const response = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(100);

    const closing = app.close();
    await sleep(100);
    socket.write('\r\n');

    expect((await response).split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    await closing;
  });

  it('answers 503 "shutting down" to a probe that was already running when close() began', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const app = await buildApp(testConfig(), { database });
    await app.ready();

    // Hold the migrations table so the probe waits in the database until the shutdown has begun.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const locked = new Promise<void>((resolveLocked) => {
      void database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
        resolveLocked();
        await released;
      });
    });
    await locked;
    const probe = ready(app);
    await sleep(100);

    const closing = app.close();
    await sleep(100);
    release();

    const res = await probe;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    await closing;
  });
});
