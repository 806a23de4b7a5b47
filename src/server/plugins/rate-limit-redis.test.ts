import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { deleteRedisKeys, redisKeys, startOwnRedis, testRedisUrl, uniqueRedisPrefix, type OwnRedis } from '../../../tests/support/redis';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';

/**
 * Rate limits counted in Redis (REDIS_URL): shared by every app instance, and still enforced, in
 * memory, while Redis is out. The apps here are in one test process; scale-out.test.ts does the
 * same with separate server processes on PostgreSQL.
 */
const LIMIT = 3;
const query = { name: 'Dana Miller', email: 'dana@example.com', number: '+1 555 0100', message: 'Do you ship to Canada?' };
const DOWN = "Redis is unreachable: rate limits are counted in this process's memory";
const BACK = 'Redis is reachable again';

interface LoggedApp {
  app: FastifyInstance;
  lines: () => string[];
  close(): Promise<void>;
}

const open: LoggedApp[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
});

async function appWithRedis(url: string, keyPrefix: string): Promise<LoggedApp> {
  const database: DatabaseHandle = await createTestDatabase();
  const lines: string[] = [];
  const app = await buildApp(testConfig({ logLevel: 'info', publicWriteRateLimit: LIMIT, redis: { url, keyPrefix } }), {
    database,
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
  const handle = {
    app,
    lines: () => lines,
    async close() {
      await app.close();
      await database.close();
    },
  };
  open.push(handle);
  return handle;
}

const sendQuery = async (app: FastifyInstance) => (await app.inject({ method: 'POST', url: '/api/queries', payload: query })).statusCode;
const count = (lines: string[], text: string) => lines.filter((line) => line.includes(text)).length;

describe('rate limits with REDIS_URL', () => {
  const prefixes: string[] = [];
  afterAll(async () => {
    for (const prefix of prefixes) await deleteRedisKeys(testRedisUrl(), prefix);
  });

  it('two app instances on one Redis admit the limit in total, not each', async () => {
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    const [a, b] = await Promise.all([appWithRedis(testRedisUrl(), prefix), appWithRedis(testRedisUrl(), prefix)]);
    const codes: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i += 1) codes.push(await sendQuery(i % 2 === 0 ? a!.app : b!.app));
    expect(codes.filter((c) => c === 201)).toHaveLength(LIMIT);
    expect(codes.slice(LIMIT)).toEqual([429, 429, 429]);
    // The counter lives under this deployment's prefix.
    expect((await redisKeys(testRedisUrl(), prefix)).some((key) => key.startsWith(`${prefix}rate-limit:POST/api/queries-`))).toBe(true);
  });

  it('with Redis unreachable from the start, the store answers and limits in memory; the log says so once', async () => {
    const closedPort = await freePort();
    const started = Date.now();
    const t = await appWithRedis(`redis://127.0.0.1:${closedPort}`, uniqueRedisPrefix());
    expect(Date.now() - started).toBeLessThan(15_000);
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) codes.push(await sendQuery(t.app));
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    expect(count(t.lines(), DOWN)).toBe(1);
  });

  describe('when Redis goes away and comes back', () => {
    let redis: OwnRedis;
    afterAll(async () => redis?.stop());

    it('keeps limiting in memory meanwhile, then counts in Redis again; each change is logged once', async () => {
      redis = await startOwnRedis();
      const prefix = uniqueRedisPrefix();
      const t = await appWithRedis(redis.url, prefix);
      expect(await sendQuery(t.app)).toBe(201);
      expect(await redisKeys(redis.url, prefix)).toHaveLength(1);

      await redis.stop();
      const during: number[] = [];
      for (let i = 0; i < LIMIT + 2; i += 1) during.push(await sendQuery(t.app));
      // Fresh counts in memory: the one request counted in Redis is not known there.
      expect(during).toEqual([201, 201, 201, 429, 429]);
      expect(count(t.lines(), DOWN)).toBe(1);

      await redis.start();
      // ioredis reconnects on its own (at most 5 s apart).
      for (let i = 0; i < 100 && count(t.lines(), BACK) === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(count(t.lines(), BACK)).toBe(1);
      expect(await sendQuery(t.app)).toBe(201);
      expect(await redisKeys(redis.url, prefix)).toHaveLength(1);
      expect(count(t.lines(), DOWN)).toBe(1);
    });
  });
});
