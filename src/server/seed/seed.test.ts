import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTools } from '../../../tests/support/factories';
import { reviews, storeSettings, tools } from '../db/schema';
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

  it('never fills it again: an owner who deleted every demo tool and review does not get them back at the next start', async () => {
    // Every row, as an owner deleting each demo tool and review would leave it.
    await t.database.db.delete(reviews).where(sql`true`);
    await t.database.db.delete(tools).where(sql`true`);
    expect(await seedIfEmpty(t.database.db)).toEqual({ tools: 0, reviews: 0 });
    expect(await t.database.db.$count(tools)).toBe(0);
    expect(await t.database.db.$count(reviews)).toBe(0);
  });
});

describe('seedIfEmpty on a store with a catalogue of its own', () => {
  it('leaves its tables alone and marks it seeded, so emptying it later brings no demo back', async () => {
    const own = await createTestApp();
    try {
      await createTools(own.database.db, 2);
      expect(await seedIfEmpty(own.database.db)).toEqual({ tools: 0, reviews: SEED_REVIEWS.length });
      await own.database.db.delete(tools).where(sql`true`);
      expect(await seedIfEmpty(own.database.db)).toEqual({ tools: 0, reviews: 0 });
      const [settings] = await own.database.db.select({ seededAt: storeSettings.seededAt }).from(storeSettings);
      expect(settings!.seededAt).toBeInstanceOf(Date);
    } finally {
      await own.close();
    }
  });
});
