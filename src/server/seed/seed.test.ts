import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { seedIfEmpty } from './seed';
import { SEED_REVIEWS, SEED_TOOLS } from './seed-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedIfEmpty', () => {
  it('fills an empty store once, in the written order, and leaves it alone afterwards', async () => {
    expect(await seedIfEmpty(t.database.db)).toEqual({ tools: SEED_TOOLS.length, reviews: SEED_REVIEWS.length });
    expect(await seedIfEmpty(t.database.db)).toEqual({ tools: 0, reviews: 0 });

    const res = await t.app.inject({ method: 'GET', url: '/api/items?limit=100' });
    expect(res.json().map((tool: { name: string }) => tool.name)).toEqual(SEED_TOOLS.map((tool) => tool.name));
    expect(res.json()[0].price).toBe(SEED_TOOLS[0]!.priceCents / 100);
    const reviews = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(reviews.json()).toHaveLength(SEED_REVIEWS.length);
  });
});
