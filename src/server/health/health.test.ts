import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 ok, not to be cached, without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/ready', () => {
  it('answers 200 on a migrated database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the newest migration is not applied, and 200 once it is again', async () => {
    const db = t.database.db;
    const newest = await db.execute(sql`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
      returning hash, created_at`);
    const [removed] = (newest as unknown as { rows: { hash: string; created_at: string }[] }).rows;
    expect(removed).toBeDefined();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'migrations pending' });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed!.hash}, ${removed!.created_at})`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 "migrations pending" on a database that was never migrated, not 500', async () => {
    await t.database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_aside`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'migrations pending' });
    } finally {
      await t.database.db.execute(sql`alter table drizzle.__drizzle_migrations_aside rename to __drizzle_migrations`);
    }
  });
});

describe('probes in an app with logging at info and tight rate limits', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ logLevel: 'info', publicWriteRateLimit: 2 });
    app = await buildApp({ ...config, auth: { ...config.auth, readRateLimitPerMinute: 2 } }, {
      database,
      logStream: { write: (line) => logLines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('does not log them at info, while other requests are logged', async () => {
    logLines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/payment-config' })).statusCode).toBe(200);
    expect(logLines.some((line) => line.includes('/api/payment-config'))).toBe(true);
    expect(logLines.filter((line) => /\/api\/(health|ready)/.test(line))).toEqual([]);
  });

  it('never rate limits them, though the same app limits its public routes', async () => {
    const limited = [];
    for (let i = 0; i < 4; i += 1) limited.push((await app.inject({ method: 'GET', url: '/api/auth/get-session' })).statusCode);
    expect(limited).toContain(429);

    const probes = await Promise.all(
      Array.from({ length: 150 }, (_, i) => app.inject({ method: 'GET', url: i % 2 ? '/api/health' : '/api/ready' })),
    );
    expect(probes.map((res) => res.statusCode).filter((status) => status !== 200)).toEqual([]);
  });
});
