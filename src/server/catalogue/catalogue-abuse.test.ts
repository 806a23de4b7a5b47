import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_TOOL_COLUMNS, bulkToolValues, createCategory, createTools } from '../../../tests/support/factories';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { API_ERRORS, ITEMS_OFFSET_MAX } from '../../shared';
import { SEARCH_COUNT_MAX } from './tools-repository';

/**
 * Issue 19, one client against the store: each attack that slowed everyone down, and what the store
 * answers it now (decision 026). Every test here sends the attack and checks that it is refused or
 * bounded, and that the answers everyone else gets (cached pages) are not.
 */
const ALLOWANCE = 5;

/** Holds the database so that every catalogue query waits until `release()`; cached answers do not. */
async function holdTools(t: TestApp): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = t.database.db.transaction(async (tx) => {
    // PostgreSQL: the lock stops every read of tools. PGlite answers one transaction at a time, so
    // an open one stops every other query.
    await tx.execute(testDatabaseKind() === 'postgres' ? sql`lock table tools in access exclusive mode` : sql`select 1`);
    held();
    await released;
  });
  await holding;
  return async () => {
    release();
    await transaction;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deep pages by offset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createTools(t.database.db, 3);
  });
  afterAll(() => t.close());

  it('refuses an offset past the cap with 400 naming offset and telling to page on with after', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items?sort=name&offset=90000' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { detail: string; errors: { field: string; detail: string }[] };
    expect(body.errors[0]!.field).toBe('offset');
    expect(body.detail).toContain(`offset must be at most ${ITEMS_OFFSET_MAX}`);
    expect(body.detail).toContain('after');
  });

  it('still serves offsets up to the cap', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/items?sort=name&offset=${ITEMS_OFFSET_MAX}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
  });
});

describe('a per-client allowance of uncached catalogue reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = testConfig();
    t = await createTestApp({ catalogue: { ...config.catalogue, uncachedReadsPerMinute: ALLOWANCE } });
    await createTools(t.database.db, 3, { name: 'Allowance Wrench' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After to reads past the allowance, while cached pages stay 200 and free', async () => {
    const search = (i: number) => t.app.inject({ method: 'GET', url: `/api/items?q=wrench${i}` });
    for (let i = 0; i < ALLOWANCE; i += 1) expect((await search(i)).statusCode).toBe(200);

    const refused = await search(ALLOWANCE);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ status: 429, detail: API_ERRORS.tooManyRequests });

    // Answers held in memory cost nothing: never counted, never refused.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < ALLOWANCE; i += 1) expect((await search(i)).statusCode).toBe(200);
    }
    // Another client has its own allowance.
    const other = await t.app.inject({ method: 'GET', url: '/api/items?q=wrench99', remoteAddress: '203.0.113.9' });
    expect(other.statusCode).toBe(200);
  });

  it('counts unknown tool ids too, which no cache holds', async () => {
    const unknown = (i: number) =>
      t.app.inject({ method: 'GET', url: `/api/items/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < ALLOWANCE; i += 1) expect((await unknown(i)).statusCode).toBe(404);
    expect((await unknown(ALLOWANCE)).statusCode).toBe(429);
  });
});

describe('uncached reads one client may have under way at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createTools(t.database.db, 3, { name: 'Concurrent Caliper' });
  });
  afterAll(() => t.close());

  it("runs two and queues eight of one client's reads, refuses the rest with 429 at once, and keeps serving cached pages", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/items?limit=6' })).statusCode).toBe(200);
    const release = await holdTools(t);
    let released = false;
    try {
      const flood = Array.from({ length: 14 }, (_v, i) => t.app.inject({ method: 'GET', url: `/api/items?q=caliper${i}` }));
      const otherClient = t.app.inject({ method: 'GET', url: '/api/items?q=caliper-other', remoteAddress: '203.0.113.50' });
      await sleep(300);

      // While the database is held: the cached home page answers at once.
      const started = performance.now();
      const home = await t.app.inject({ method: 'GET', url: '/api/items?limit=6' });
      expect(home.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(200);

      await release();
      released = true;
      const codes = (await Promise.all(flood)).map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(10);
      const refused = (await Promise.all(flood)).filter((res) => res.statusCode === 429);
      expect(refused).toHaveLength(4);
      expect(refused[0]!.headers['retry-after']).toBe('1');
      expect(refused[0]!.json()).toMatchObject({ status: 429, detail: API_ERRORS.tooManyRequests });
      // Another client waited its turn at the database and was not refused.
      expect((await otherClient).statusCode).toBe(200);
    } finally {
      if (!released) await release();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('a statement timeout on catalogue queries (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = testConfig();
    t = await createTestApp({ catalogue: { ...config.catalogue, queryTimeoutMs: 300 } });
    await createTools(t.database.db, 3, { name: 'Timed Torque Wrench' });
  });
  afterAll(() => t.close());

  it('stops a catalogue query that runs past the limit and answers 503 with Retry-After, not 500', async () => {
    const release = await holdTools(t);
    let res;
    const started = performance.now();
    try {
      const request = t.app.inject({ method: 'GET', url: '/api/items?q=timed' });
      // The old store waited for the lock, however long: released here after 4 s at the latest.
      res = await Promise.race([request, sleep(4000).then(() => null)]);
      if (res === null) {
        await release();
        res = await request;
      }
    } finally {
      await release().catch(() => {});
    }
    expect(res.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ status: 503, detail: API_ERRORS.catalogueBusy });
    expect((await t.app.inject({ method: 'GET', url: '/api/items?q=timed' })).statusCode).toBe(200);
  });
});

describe('search cost bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // More tools matching one word than a search counts: one statement, as a bulk import would.
    await t.database.db.execute(sql`
      insert into tools (name, price_cents, image, description, min_qty, available_qty, created_at, ${BULK_TOOL_COLUMNS})
      select 'Bulk Widget ' || g, 1000 + g, '/images/tools/digital-multimeter.svg', 'A widget for the count.', 1, 10,
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second', ${bulkToolValues('bulk-widget', (await createCategory(t.database.db, 'Widgets')).id)}
      from generate_series(1, ${SEARCH_COUNT_MAX + 5}::int) as g`);
  }, 120_000);
  afterAll(() => t.close());

  it(`counts a search's matches up to ${SEARCH_COUNT_MAX} and still pages it`, async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/items?q=widget&limit=5' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(SEARCH_COUNT_MAX));
    expect((first.json() as { name: string }[]).map((tool) => tool.name)).toEqual([1, 2, 3, 4, 5].map((n) => `Bulk Widget ${n}`));
    const after = first.headers['x-next-cursor'];
    expect(typeof after).toBe('string');
    const second = await t.app.inject({ method: 'GET', url: `/api/items?q=widget&limit=5&after=${String(after)}` });
    expect((second.json() as { name: string }[]).map((tool) => tool.name)).toEqual([6, 7, 8, 9, 10].map((n) => `Bulk Widget ${n}`));
    // The whole catalogue's count is exact: it is one cached figure, not one per search.
    const all = await t.app.inject({ method: 'GET', url: '/api/items?limit=1' });
    expect(all.headers['x-total-count']).toBe(String(SEARCH_COUNT_MAX + 5));
  });
});
