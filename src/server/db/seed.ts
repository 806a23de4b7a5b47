import { count } from 'drizzle-orm';
import type { AppDatabase } from './client';
import { publishChange } from '../lib/change-bus';
import { reviews, tools } from './schema';
import { SEED_REVIEWS, SEED_TOOLS } from './seed-data';

/**
 * Fills an empty store with the demo catalogue and a few reviews. Tables that already hold
 * rows are left alone, so it is safe to run on every start. It runs before this process serves
 * anything, so it writes the tables directly; other processes already serving the same
 * PostgreSQL (`npm run db:seed` beside a running store) hear of the new tools on the change bus.
 */
export async function seedIfEmpty(db: AppDatabase): Promise<{ tools: number; reviews: number }> {
  return db.transaction(async (tx) => {
    const [toolCount] = await tx.select({ n: count() }).from(tools);
    const [reviewCount] = await tx.select({ n: count() }).from(reviews);
    // Explicit, increasing timestamps keep the catalogue in the order it is written here.
    const start = Date.now() - 60_000;
    const addedTools = toolCount?.n
      ? []
      : await tx
          .insert(tools)
          .values(SEED_TOOLS.map((tool, i) => ({ ...tool, createdAt: new Date(start + i * 1000) })))
          .returning({ id: tools.id });
    if (addedTools.length > 0) await publishChange(tx, 'tools');
    const addedReviews = reviewCount?.n
      ? []
      : await tx
          .insert(reviews)
          .values(SEED_REVIEWS.map((review, i) => ({ ...review, createdAt: new Date(start + i * 1000) })))
          .returning({ id: reviews.id });
    if (addedReviews.length > 0) await publishChange(tx, 'reviews');
    return { tools: addedTools.length, reviews: addedReviews.length };
  });
}
