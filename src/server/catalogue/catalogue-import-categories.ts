import { sql } from 'drizzle-orm';
import type { AppTransaction } from '../db/client';
import { categories, categorySlugRedirects } from '../db/schema';
import { DomainError } from '../lib/domain-errors';
import { isUniqueViolation } from '../lib/unique-violation';
import { firstFreeSlug, slugFromName } from './slugs';
import type { ToolPlacement } from './categories-repository';

/**
 * The categories an import file names, found by name (any case) among those that exist, read
 * once, and the ones it names that do not exist yet, made when the import is written: top-level
 * ones first, then the subcategories under them, at the end of their siblings. Two levels at most
 * (the rows' check refuses a third).
 */

interface KnownCategory {
  id: string;
  name: string;
  parentId: string | null;
}

/** A category the file names that does not exist yet: its names, as first written. */
interface NewCategory {
  names: string[];
  id: string | null;
}

/** Where a row's tool goes: a category that exists, or one to be made. */
export type CategoryRef = { id: string } | { made: string };

const keyOf = (names: readonly string[]) => names.map((name) => name.toLowerCase()).join('\u0000');

export class ImportCategories {
  private readonly tops = new Map<string, KnownCategory>();
  private readonly subs = new Map<string, KnownCategory>();
  private readonly parentOf = new Map<string, string | null>();
  private readonly namesOf = new Map<string, string[]>();
  private readonly made = new Map<string, NewCategory>();

  private constructor(rows: KnownCategory[]) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      this.parentOf.set(row.id, row.parentId);
      if (row.parentId === null) {
        this.tops.set(keyOf([row.name]), row);
        this.namesOf.set(row.id, [row.name]);
        continue;
      }
      const parent = byId.get(row.parentId);
      if (parent) this.subs.set(keyOf([parent.name, row.name]), row);
      if (parent) this.namesOf.set(row.id, [parent.name, row.name]);
    }
  }

  static async load(tx: AppTransaction): Promise<ImportCategories> {
    return new ImportCategories(await tx.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories));
  }

  /** The category a path names ("Top" is a top-level category, "Top > Sub" one under it), planned when it does not exist. */
  place(names: readonly string[]): CategoryRef {
    const found = names.length === 1 ? this.tops.get(keyOf(names)) : this.subs.get(keyOf(names));
    if (found) return { id: found.id };
    if (names.length === 2) this.place(names.slice(0, 1));
    return { made: this.plan(names) };
  }

  private plan(names: readonly string[]): string {
    const key = keyOf(names);
    if (!this.made.has(key)) this.made.set(key, { names: [...names], id: null });
    return key;
  }

  /** The names of a category that exists, top-level first (none for an unknown id). */
  pathOf(categoryId: string): string[] {
    return this.namesOf.get(categoryId) ?? [];
  }

  /** The categories to be made, as "Top › Sub", in the order the file first names them. */
  get toBeMade(): string[] {
    return [...this.made.values()].map((category) => category.names.join(' › '));
  }

  /** Makes the planned categories (top-level ones first: a subcategory's parent may be one of them). */
  async make(tx: AppTransaction): Promise<void> {
    if (this.made.size === 0) return;
    // One after the other: a transaction is one connection, and node-postgres deprecates (and pg 9
    // refuses) a query sent while another runs on it; in parallel they would gain nothing anyway.
    const slugRows = await tx.select({ slug: categories.slug }).from(categories);
    const redirectRows = await tx.select({ slug: categorySlugRedirects.slug }).from(categorySlugRedirects);
    const positionRows = await tx
      .select({ parentId: categories.parentId, last: sql<number>`max(${categories.position})`.mapWith(Number) })
      .from(categories)
      .groupBy(categories.parentId);
    const takenSlugs = new Set([...slugRows, ...redirectRows].map((row) => row.slug));
    const lastPosition = new Map(positionRows.map((row) => [row.parentId, row.last]));
    const planned = [...this.made.values()].sort((a, b) => a.names.length - b.names.length);
    for (const category of planned) {
      const name = category.names.at(-1)!;
      const parentId = category.names.length === 1 ? null : this.idOf(this.place(category.names.slice(0, 1)));
      const slug = await firstFreeSlug(slugFromName(name, 'category'), (candidate) => takenSlugs.has(candidate));
      takenSlugs.add(slug);
      const position = (lastPosition.get(parentId) ?? -1) + 1;
      lastPosition.set(parentId, position);
      const [row] = await withSiblingNameChecked(name, () =>
        tx.insert(categories).values({ name, slug, parentId, position }).returning({ id: categories.id }),
      );
      category.id = row!.id;
      this.parentOf.set(row!.id, parentId);
    }
  }

  /** A category's id (a made one's after make). */
  idOf(ref: CategoryRef): string {
    if ('id' in ref) return ref.id;
    const id = this.made.get(ref.made)?.id;
    if (!id) throw new Error('category not made yet');
    return id;
  }

  /** The category columns of a tool in it (decision 039). */
  placement(ref: CategoryRef): ToolPlacement {
    const categoryId = this.idOf(ref);
    return { categoryId, topCategoryId: this.parentOf.get(categoryId) ?? categoryId };
  }
}

/** Another admin made a category of that name meanwhile: refused as the categories form would be. */
async function withSiblingNameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'categories_sibling_name_idx')) throw new DomainError('CATEGORY_NAME_TAKEN', { name }, { field: 'category' });
    throw error;
  }
}
