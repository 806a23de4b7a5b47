import { sql } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTools } from '../../../tests/support/factories';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';

/**
 * The cached public reads (catalogue, reviews) run without the compression plugin's hooks and
 * share one warn-level logger (lib/cached-read-route.ts). What must still hold: a client gets only
 * an encoding it asked for, and a read that fails is logged with the request that failed, while
 * the reads that succeed write nothing, on a store that logs at info.
 */
let app: FastifyInstance;
let database: DatabaseHandle;
let logged: { level: number; msg: string; req?: { method: string; url: string }; reqId?: string }[] = [];
let toolId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ logLevel: 'info' }), { database, logStream: { write: (line) => logged.push(JSON.parse(line)) } });
  await app.ready();
  const [tool] = await createTools(database.db, 30);
  toolId = tool!.id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('encodings of the cached reads', () => {
  it('sends gzip to a client that takes it, and plain JSON to one that takes only brotli or nothing', async () => {
    const url = '/api/items?limit=30';
    const plain = await app.inject({ url });
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const brotliOnly = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliOnly.headers['content-encoding']).toBeUndefined();
    expect(brotliOnly.body).toBe(plain.body);
    expect(JSON.parse(plain.body)).toHaveLength(30);
  });
});

describe('logging of the cached reads', () => {
  it('writes nothing for the reads that succeed, on a store logging at info', async () => {
    logged = [];
    for (const url of ['/api/items?limit=6', `/api/items/${toolId}`, '/api/review?limit=10', '/api/items?limit=6']) {
      expect((await app.inject({ url })).statusCode).toBe(200);
    }
    expect(logged).toEqual([]);
    // The store does log at info elsewhere: a route without its own level still writes its lines.
    await app.inject({ url: '/api/no-such-thing' });
    expect(logged.length).toBeGreaterThan(0);
  });

  it('logs a read that fails, naming the request, each time it fails', async () => {
    logged = [];
    await database.db.execute(sql`alter table tools rename to tools_away`);
    try {
      const first = await app.inject({ url: '/api/items?limit=7' });
      const second = await app.inject({ url: '/api/items/00000000-0000-4000-8000-000000000001' });
      expect(first.statusCode).toBe(500);
      expect(second.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`alter table tools_away rename to tools`);
    }
    const failures = logged.filter((line) => line.level >= 50);
    expect(failures.map((line) => line.req?.url)).toEqual(['/api/items?limit=7', '/api/items/00000000-0000-4000-8000-000000000001']);
    expect((await app.inject({ url: '/api/items?limit=7' })).statusCode).toBe(200);
  });
});
