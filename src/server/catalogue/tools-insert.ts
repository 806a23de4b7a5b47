import type { AppDatabase, AppTransaction } from '../db/client';
import { tools } from '../db/schema';
import { publishChange } from '../db/change-bus';
import { DomainError } from '../lib/domain-errors';
import { placementIn, uncategorisedPlacement, type ToolPlacement } from './categories-repository';
import { baseSlugFor, newSkus, SlugAllocator } from './tool-identity';
import type { NewToolRow, ToolRow } from './tools-repository';

/**
 * A new tool as its writers give it: the columns the store works out itself may be left out. No
 * SKU: the next automatic one. No address: one made from the name. No category: Uncategorised.
 * No photos: the image alone.
 */
export type NewCatalogueTool = Omit<NewToolRow, 'slug' | 'sku' | 'categoryId' | 'topCategoryId' | 'photos'> & {
  slug?: string;
  sku?: string;
  categoryId?: string;
  photos?: string[];
};

/** Rows per INSERT: 16 columns a row stays far below PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 1_000;

/**
 * Inserts new tools in the caller's transaction, filling in what they leave out (above), and
 * answers the rows as stored. A given address another tool has (or had) is refused (SLUG_TAKEN);
 * a given SKU another tool has fails on the unique index, which the caller turns into SKU_TAKEN.
 */
export async function insertToolRows(tx: AppTransaction, rows: readonly NewCatalogueTool[]): Promise<ToolRow[]> {
  if (rows.length === 0) return [];
  const placements = new Map<string, ToolPlacement>();
  for (const id of new Set(rows.map((row) => row.categoryId).filter((id): id is string => id !== undefined))) {
    placements.set(id, await placementIn(tx, id));
  }
  const fallback = rows.some((row) => row.categoryId === undefined) ? await uncategorisedPlacement(tx) : null;
  const autoSkus = await newSkus(tx, rows.filter((row) => row.sku === undefined).length);
  const skus = rows.map((row) => row.sku ?? autoSkus.shift()!);
  const bases = rows.map((row, i) => row.slug ?? baseSlugFor(row.name, skus[i]!));
  const slugs = await SlugAllocator.forBases(tx, bases);
  const values: NewToolRow[] = rows.map((row, i) => {
    let slug: string;
    if (row.slug !== undefined) {
      if (slugs.isTaken(row.slug)) throw new DomainError('SLUG_TAKEN', { slug: row.slug }, { field: 'slug' });
      slugs.claim(row.slug);
      slug = row.slug;
    } else {
      slug = slugs.take(bases[i]!);
    }
    const placement = row.categoryId === undefined ? fallback! : placements.get(row.categoryId)!;
    return { ...row, ...placement, sku: skus[i]!, slug, photos: row.photos ?? [row.image] };
  });
  const added: ToolRow[] = [];
  for (let start = 0; start < values.length; start += INSERT_BATCH) {
    added.push(...(await tx.insert(tools).values(values.slice(start, start + INSERT_BATCH)).returning()));
  }
  return added;
}

/** insertToolRows in a transaction of its own, which tells every process's caches (the tests' factories; the seed calls insertToolRows in its own). */
export async function insertTools(db: AppDatabase, rows: readonly NewCatalogueTool[]): Promise<ToolRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const added = await insertToolRows(tx, rows);
    await publishChange(tx, 'tools');
    return added;
  });
}
