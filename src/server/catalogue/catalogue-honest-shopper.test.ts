import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { loadConfig } from '../config';

/**
 * The other side of decision 026: the per-client allowance of uncached catalogue reads, at the
 * store's own default (not the tests' raised one), must never refuse a person shopping. A keen
 * shopper pages through the whole catalogue, searches for several things, opens many tools and
 * fires the page's requests three at a time, as a browser does; every answer is 200.
 */
describe('an honest shopper under the default catalogue allowance', () => {
  let t: TestApp;
  const DEFAULT_ALLOWANCE = loadConfig({}).catalogue.uncachedReadsPerMinute;

  beforeAll(async () => {
    t = await createTestApp({ catalogue: { ...testConfig().catalogue, uncachedReadsPerMinute: DEFAULT_ALLOWANCE } });
    await createTools(t.database.db, 60);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.7' } });

  it('pages through every tool, searches, and opens tools three at a time, never refused', async () => {
    const statuses: number[] = [];
    const ids: string[] = [];
    // The whole catalogue, page after page by cursor, as Our Tools loads more.
    let url: string | null = '/api/items?limit=6&sort=name';
    while (url) {
      const res = await get(url);
      statuses.push(res.statusCode);
      ids.push(...(res.json() as { _id: string }[]).map((tool) => tool._id));
      const cursor = res.headers['x-next-cursor'];
      url = typeof cursor === 'string' ? `/api/items?limit=6&sort=name&after=${encodeURIComponent(cursor)}` : null;
    }
    expect(ids).toHaveLength(60);
    // Eight searches, each typed again with another sort, and 30 tools opened: bursts of three.
    const reads = [
      ...['drill', 'meter', 'saw', 'steel', 'kit', 'driver', 'laser', 'wrench'].flatMap((q) => [`/api/items?limit=24&q=${q}`, `/api/items?limit=24&q=${q}&sort=price_asc`]),
      ...ids.slice(0, 30).map((id) => `/api/items/${id}`),
    ];
    for (let i = 0; i < reads.length; i += 3) {
      const answers = await Promise.all(reads.slice(i, i + 3).map(get));
      statuses.push(...answers.map((res) => res.statusCode));
    }
    expect(statuses.length).toBeLessThan(DEFAULT_ALLOWANCE);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
