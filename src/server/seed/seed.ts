import { count } from 'drizzle-orm';
import { COMPANY } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { publishChange } from '../db/change-bus';
import { categories, reviews, toolDocuments, tools } from '../db/schema';
import { SEED_CATEGORIES, SEED_DATASHEET_TOOL, SEED_REVIEWS, SEED_TOOLS } from './seed-data';
import { drawDatasheet } from './seed-datasheet';

/**
 * Fills an empty store with the demo catalogue (its categories, tools with specifications and one
 * datasheet) and a few reviews. Tables that already hold rows are left alone, so it is safe to run
 * on every start. It runs before this process serves anything, so it writes the tables directly;
 * other processes already serving the same PostgreSQL (`npm run db:seed` beside a running store)
 * hear of the new tools on the change bus.
 */
export async function seedIfEmpty(db: AppDatabase): Promise<{ tools: number; reviews: number }> {
  // Drawn before the transaction: the embedded database's one connection is not held meanwhile.
  const datasheetTool = SEED_TOOLS.find((tool) => tool.slug === SEED_DATASHEET_TOOL)!;
  const datasheet = await drawDatasheet(datasheetTool, COMPANY.name, new Date(Date.UTC(2026, 0, 15)));
  return db.transaction(async (tx) => {
    const [toolCount] = await tx.select({ n: count() }).from(tools);
    const [reviewCount] = await tx.select({ n: count() }).from(reviews);
    // Explicit, increasing timestamps keep the catalogue in the order it is written here.
    const start = Date.now() - 60_000;
    const addedTools = toolCount?.n ? 0 : await seedCatalogue(tx, start, datasheet);
    if (addedTools > 0) await publishChange(tx, 'tools');
    const addedReviews = reviewCount?.n
      ? []
      : await tx
          .insert(reviews)
          .values(SEED_REVIEWS.map((review, i) => ({ ...review, createdAt: new Date(start + i * 1000) })))
          .returning({ id: reviews.id });
    if (addedReviews.length > 0) await publishChange(tx, 'reviews');
    return { tools: addedTools, reviews: addedReviews.length };
  });
}

/** The categories (those the store has already are kept), the tools in them, and the datasheet. */
async function seedCatalogue(tx: AppTransaction, start: number, datasheet: Buffer): Promise<number> {
  const ids = new Map<string, { id: string; parentId: string | null }>();
  const siblings = new Map<string | null, number>();
  for (const category of SEED_CATEGORIES) {
    const parentId = category.parent === undefined ? null : ids.get(category.parent)!.id;
    const position = siblings.get(parentId) ?? 0;
    siblings.set(parentId, position + 1);
    const [row] = await tx
      .insert(categories)
      .values({ slug: category.slug, name: category.name, parentId, position })
      .onConflictDoUpdate({ target: categories.slug, set: { slug: category.slug } })
      .returning({ id: categories.id, parentId: categories.parentId });
    ids.set(category.slug, row!);
  }
  const added = await tx
    .insert(tools)
    .values(
      SEED_TOOLS.map(({ category, specs, morePhotos = [], ...tool }, i) => {
        const placed = ids.get(category)!;
        return {
          ...tool,
          specs: [...specs],
          photos: [tool.image, ...morePhotos],
          categoryId: placed.id,
          topCategoryId: placed.parentId ?? placed.id,
          createdAt: new Date(start + i * 1000),
        };
      }),
    )
    .returning({ id: tools.id, slug: tools.slug });
  const withDatasheet = added.find((tool) => tool.slug === SEED_DATASHEET_TOOL)!;
  await tx.insert(toolDocuments).values({ toolId: withDatasheet.id, name: 'Datasheet', bytes: datasheet, sizeBytes: datasheet.length });
  return added.length;
}
