import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTools } from '../../../tests/support/factories';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../../../tests/support/redis';
import { startServersOnPostgres, type ServersOnPostgres } from '../../../tests/support/servers-on-postgres';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { API_ERRORS } from '../../shared';

/**
 * Issue 19: the allowance of uncached catalogue reads is one client's across every app process
 * (counted in Redis, as the other rate limits are), not one per process that a client spreading
 * its requests over the balancer would multiply. Cached answers stay free in every process.
 */
const ALLOWANCE = 4;

describe.runIf(testDatabaseKind() === 'postgres')('the catalogue allowance across two app processes', () => {
  let servers: ServersOnPostgres;
  const redisPrefix = uniqueRedisPrefix();

  beforeAll(async () => {
    servers = await startServersOnPostgres({
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: redisPrefix,
      CATALOGUE_READ_RATE_LIMIT: String(ALLOWANCE),
    });
    await createTools(servers.direct.db, 3, { name: 'Two Process Drill' });
    // The change those tools publish reaches both processes' caches a moment later (LISTEN).
    await new Promise((resolve) => setTimeout(resolve, 500));
  }, 120_000);
  afterAll(async () => {
    await servers?.stop();
    await deleteRedisKeys(testRedisUrl(), redisPrefix);
  });

  it(`admits ${ALLOWANCE} uncached reads in total across both processes, then 429, while cached ones stay 200`, async () => {
    const get = (server: number, q: string) => fetch(`${servers.servers[server]!.origin}/api/items?q=${q}`);
    const codes: number[] = [];
    for (let i = 0; i < 2 * ALLOWANCE; i += 1) codes.push((await get(i % 2, `drill${i}`)).status);
    expect(codes.slice(0, ALLOWANCE)).toEqual(Array(ALLOWANCE).fill(200));
    expect(codes.slice(ALLOWANCE)).toEqual(Array(ALLOWANCE).fill(429));

    const refused = await get(1, 'drill-again');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ status: 429, detail: API_ERRORS.tooManyRequests });

    // Each process still answers what it holds: the searches it served before.
    for (let i = 0; i < ALLOWANCE; i += 1) expect((await get(i % 2, `drill${i}`)).status).toBe(200);
  });
});
