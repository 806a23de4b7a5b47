import { and, count, eq, isNull } from 'drizzle-orm';
import { COMPANY } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { publishChange } from '../db/change-bus';
import { categories, reviews, storeSettings, toolDocuments, tools } from '../db/schema';
import { insertToolRows } from '../catalogue/tools-insert';
import { insertReviewRows } from '../reviews/reviews-repository';
import { writeMissingLegalTexts } from '../legal/legal-texts-repository';
import { LEGAL_TEMPLATES } from './legal-templates';
import { SEED_CATEGORIES, SEED_DATASHEET_TOOL, SEED_REVIEWS, SEED_TOOLS } from './seed-data';
import { drawDatasheet } from './seed-datasheet';

/**
 * Fills a new store with the demo catalogue (its categories, tools with specifications and one
 * datasheet), a few reviews and the legal pages' templates, once in the store's life: `store_settings.seeded_at` says it was
 * done (or that the store had a catalogue of its own), so an owner who deletes the demo tools or
 * reviews does not get them back at the next start. Tables that already hold rows are left alone.
 * It runs before this process serves anything, so it writes the tables directly; other processes
 * already serving the same PostgreSQL (`npm run db:seed` beside a running store) hear of the new
 * tools on the change bus.
 */
export async function seedIfEmpty(db: AppDatabase): Promise<{ tools: number; reviews: number }> {
  // At every start, not once: a store from before the legal pages gets their templates too, and a
  // page the owner has written is never touched (decision 047).
  await writeMissingLegalTexts(db, LEGAL_TEMPLATES);
  const nothing = { tools: 0, reviews: 0 };
  if (await wasSeeded(db)) return nothing;
  // Drawn before the transaction: the embedded database's one connection is not held meanwhile.
  const datasheetTool = SEED_TOOLS.find((tool) => tool.slug === SEED_DATASHEET_TOOL)!;
  const datasheet = await drawDatasheet(datasheetTool, COMPANY.name, new Date(Date.UTC(2026, 0, 15)));
  return db.transaction(async (tx) => {
    // Claimed under the settings row's lock: of two seeds at once (a start and `npm run db:seed`), one writes.
    const [claimed] = await tx
      .update(storeSettings)
      .set({ seededAt: new Date() })
      .where(and(eq(storeSettings.id, 1), isNull(storeSettings.seededAt)))
      .returning({ id: storeSettings.id });
    if (!claimed) return nothing;
    const [toolCount] = await tx.select({ n: count() }).from(tools);
    const [reviewCount] = await tx.select({ n: count() }).from(reviews);
    // Explicit, increasing timestamps keep the catalogue in the order it is written here.
    const start = Date.now() - 60_000;
    const addedTools = toolCount?.n ? 0 : await seedCatalogue(tx, start, datasheet);
    if (addedTools > 0) await publishChange(tx, 'tools');
    // Through the same writer as the tests' factories (tests/support/factories.ts).
    const addedReviews = reviewCount?.n
      ? []
      : await insertReviewRows(tx, SEED_REVIEWS.map((review, i) => ({ ...review, createdAt: new Date(start + i * 1000) })));
    return { tools: addedTools, reviews: addedReviews.length };
  });
}

/** Whether this store was seeded already (or had a catalogue of its own when seeding began to be recorded). */
async function wasSeeded(db: AppDatabase): Promise<boolean> {
  const [settings] = await db.select({ seededAt: storeSettings.seededAt }).from(storeSettings).where(eq(storeSettings.id, 1));
  return settings?.seededAt != null;
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
  // Through the catalogue's own writer, as the tests' factories and the import do: it places each
  // tool in its category (and its top-level one) and checks its address.
  const added = await insertToolRows(
    tx,
    SEED_TOOLS.map(({ category, specs, morePhotos = [], ...tool }, i) => ({
      ...tool,
      specs: [...specs],
      photos: [tool.image, ...morePhotos],
      categoryId: ids.get(category)!.id,
      createdAt: new Date(start + i * 1000),
    })),
  );
  const withDatasheet = added.find((tool) => tool.slug === SEED_DATASHEET_TOOL)!;
  await tx.insert(toolDocuments).values({ toolId: withDatasheet.id, name: 'Datasheet', bytes: datasheet, sizeBytes: datasheet.length });
  return added.length;
}
