import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Category, CategoryRef } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { categories, categorySlugRedirects, tools } from '../db/schema';
import { DomainError } from '../lib/domain-errors';

type Reader = AppDatabase | AppTransaction;
export type CategoryRow = typeof categories.$inferSelect;

/**
 * Every category in the order the shop shows them: top-level ones by position (then name), each
 * followed by its subcategories likewise. `toolCount` is a category's own tools plus its
 * subcategories' (what its filter lists); one grouped count over the tools' category index.
 */
export async function listCategories(db: Reader): Promise<Category[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(sql`lower(${categories.name})`), asc(categories.id)),
    db.select({ categoryId: tools.categoryId, n: count() }).from(tools).groupBy(tools.categoryId),
  ]);
  const own = new Map(counts.map((c) => [c.categoryId, c.n]));
  const children = new Map<string, CategoryRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const toCategory = (row: CategoryRow, toolCount: number): Category => ({
    _id: row.id,
    slug: row.slug,
    name: row.name,
    parentId: row.parentId,
    position: row.position,
    toolCount,
  });
  const listed: Category[] = [];
  for (const top of rows.filter((row) => row.parentId === null)) {
    const subs = children.get(top.id) ?? [];
    const subCounts = subs.map((sub) => own.get(sub.id) ?? 0);
    listed.push(toCategory(top, (own.get(top.id) ?? 0) + subCounts.reduce((a, b) => a + b, 0)));
    subs.forEach((sub, i) => listed.push(toCategory(sub, subCounts[i]!)));
  }
  return listed;
}

export async function findCategory(db: Reader, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

/** The category at `slug`, or at an address it had before a rename. */
export async function findCategoryBySlug(db: Reader, slug: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  if (row) return row;
  const [moved] = await db
    .select({ category: categories })
    .from(categorySlugRedirects)
    .innerJoin(categories, eq(categories.id, categorySlugRedirects.categoryId))
    .where(eq(categorySlugRedirects.slug, slug))
    .limit(1);
  return moved?.category ?? null;
}

/** The breadcrumb of a category: its top-level category first, then itself. */
export async function categoryPath(db: Reader, categoryId: string): Promise<CategoryRef[]> {
  const category = await findCategory(db, categoryId);
  if (!category) return [];
  const parent = category.parentId === null ? null : await findCategory(db, category.parentId);
  return [parent, category].filter((c): c is CategoryRow => c !== null).map((c) => ({ _id: c.id, slug: c.slug, name: c.name }));
}

/** Which category columns a tool in `categoryId` gets: the category and its top-level one (decision 039). */
export interface ToolPlacement {
  categoryId: string;
  topCategoryId: string;
}

/** A tool's placement in an existing category; a body naming an unknown one is refused (field `categoryId`). */
export async function placementIn(db: Reader, categoryId: string): Promise<ToolPlacement> {
  const category = await findCategory(db, categoryId);
  if (!category) throw new DomainError('UNKNOWN_CATEGORY', {}, { field: 'categoryId' });
  return { categoryId: category.id, topCategoryId: category.parentId ?? category.id };
}

/** Where a tool added without a category goes (the spec's POST /items has none): made when first needed. */
export const UNCATEGORISED = { slug: 'uncategorised', name: 'Uncategorised' } as const;

export async function uncategorisedPlacement(tx: AppTransaction): Promise<ToolPlacement> {
  const existing = await findUncategorised(tx);
  if (existing) return existing;
  // Two admins adding their first uncategorised tools at once: the slug's uniqueness keeps one row.
  const [made] = await tx
    .insert(categories)
    .values({ ...UNCATEGORISED, position: await nextPosition(tx, null) })
    .onConflictDoNothing()
    .returning({ id: categories.id });
  if (made) return { categoryId: made.id, topCategoryId: made.id };
  return (await findUncategorised(tx))!;
}

/**
 * The category at Uncategorised's address, else the top-level one of its name (an admin may have
 * given it another address: a second one of that name would clash with it), wherever an admin
 * put it: under another category, its tools' top-level category is that one.
 */
async function findUncategorised(tx: AppTransaction): Promise<ToolPlacement | null> {
  const [row] = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(or(eq(categories.slug, UNCATEGORISED.slug), and(isNull(categories.parentId), sql`lower(${categories.name}) = lower(${UNCATEGORISED.name})`)))
    .orderBy(sql`${categories.slug} = ${UNCATEGORISED.slug} desc`)
    .limit(1);
  return row ? { categoryId: row.id, topCategoryId: row.parentId ?? row.id } : null;
}

/** The position after the last of `parentId`'s children (top-level categories for null). */
export async function nextPosition(db: Reader, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${categories.position})` })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** The subcategories of `parentId`. */
export async function subcategoryIds(db: Reader, parentId: string): Promise<string[]> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, parentId));
  return rows.map((row) => row.id);
}

/** How many tools sit in these categories themselves. */
export async function toolsIn(db: Reader, categoryIds: string[]): Promise<number> {
  if (categoryIds.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(tools).where(inArray(tools.categoryId, categoryIds));
  return row?.n ?? 0;
}

/** Is `slug` free for category `exceptId` (no other category has it, now or as an old address)? */
export async function categorySlugTaken(db: Reader, slug: string, exceptId: string | null): Promise<boolean> {
  const [current] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).limit(1);
  if (current && current.id !== exceptId) return true;
  const [old] = await db
    .select({ id: categorySlugRedirects.categoryId })
    .from(categorySlugRedirects)
    .where(and(eq(categorySlugRedirects.slug, slug)))
    .limit(1);
  return old !== undefined && old.id !== exceptId;
}
