import { and, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { CategoryCreate, CategoryPatch } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { categories, categorySlugRedirects, tools } from '../db/schema';
import type { Identity } from '../identity/identity';
import { publishChange } from '../db/change-bus';
import { DomainError } from '../lib/domain-errors';
import { isUniqueViolation } from '../lib/unique-violation';
import { categorySlugTaken, findCategory, nextPosition, subcategoryIds, toolsIn, type CategoryRow } from './categories-repository';
import { firstFreeSlug, slugFromName } from './slugs';

/**
 * An admin's changes to the categories (issue 24, decision 039). Each is one transaction with its
 * audit entry, and publishes `tools`: a category's name and place show on every tool page, card
 * filter and count, so the catalogue's answers are dropped with it.
 *
 * Two levels at most: a subcategory sits under a top-level category, and a category that has
 * subcategories stays top-level. A rename gives the category a new address and keeps the old one
 * pointing at it, as tools do.
 */

const audited = (row: CategoryRow) => ({ name: row.name, slug: row.slug, parentId: row.parentId, position: row.position });

/** Held by the transaction that changes the categories, until it ends (pg_advisory_xact_lock). */
const CATEGORIES_LOCK_KEY = 7_145_002_025;

/**
 * One change to the categories at a time: two made at once would read the same free address or
 * the same last position and both take it (a 500 from the unique index, or two siblings in one
 * place). Admins change categories rarely, so waiting costs nothing; the next change reads what
 * the first committed.
 */
const oneChangeAtATime = (tx: AppTransaction) => tx.execute(sql`select pg_advisory_xact_lock(${CATEGORIES_LOCK_KEY})`);

/** The parent a category may have: an existing top-level category other than itself. */
async function checkParent(tx: AppTransaction, parentId: string | null | undefined, self: string | null): Promise<string | null> {
  if (parentId === null || parentId === undefined) return null;
  if (parentId === self) throw new DomainError('CATEGORY_LOOP', {}, { field: 'parentId' });
  const parent = await findCategory(tx, parentId);
  if (!parent) throw new DomainError('UNKNOWN_CATEGORY', {}, { field: 'parentId' });
  // Under one of its own subcategories would be a loop; under any subcategory, a third level.
  if (parent.parentId !== null) {
    throw new DomainError(parent.parentId === self ? 'CATEGORY_LOOP' : 'CATEGORY_TOO_DEEP', {}, { field: 'parentId' });
  }
  return parent.id;
}

async function chooseSlug(tx: AppTransaction, wanted: string | undefined, name: string, self: string | null): Promise<string> {
  if (wanted !== undefined) {
    if (await categorySlugTaken(tx, wanted, self)) throw new DomainError('CATEGORY_SLUG_TAKEN', { slug: wanted }, { field: 'slug' });
    return wanted;
  }
  return firstFreeSlug(slugFromName(name, 'category'), (slug) => categorySlugTaken(tx, slug, self));
}

/** Two siblings with one name: the unique index says so, and the admin is told which field. */
async function withNameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'categories_sibling_name_idx')) throw new DomainError('CATEGORY_NAME_TAKEN', { name }, { field: 'name' });
    throw error;
  }
}

export async function createCategory(db: AppDatabase, admin: Identity, input: CategoryCreate): Promise<CategoryRow> {
  return db.transaction(async (tx) => {
    await oneChangeAtATime(tx);
    const parentId = await checkParent(tx, input.parentId, null);
    const slug = await chooseSlug(tx, input.slug, input.name, null);
    const position = await nextPosition(tx, parentId);
    const row = await withNameChecked(input.name, async () => {
      const [made] = await tx.insert(categories).values({ name: input.name, slug, parentId, position }).returning();
      return made!;
    });
    await recordAudit(tx, admin, { action: 'category.created', targetId: row.id, before: null, after: audited(row) });
    await publishChange(tx, 'tools');
    return row;
  });
}

// The row is locked FOR NO KEY UPDATE: a category's id never changes, and a stronger lock would
// wait on (and deadlock with) a tool being written into this category at the same moment, whose
// foreign key check holds KEY SHARE on the row.
export async function updateCategory(db: AppDatabase, admin: Identity, id: string, patch: CategoryPatch): Promise<number> {
  return db.transaction(async (tx) => {
    await oneChangeAtATime(tx);
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('no key update');
    if (!current) throw new DomainError('CATEGORY_NOT_FOUND');

    const name = patch.name ?? current.name;
    const parentId = patch.parentId === undefined ? current.parentId : await checkParent(tx, patch.parentId, id);
    if (parentId !== null && parentId !== current.parentId && (await subcategoryIds(tx, id)).length > 0) {
      throw new DomainError('CATEGORY_HAS_SUBCATEGORIES', {}, { field: 'parentId' });
    }
    // A new name makes a new address unless the admin chose one; the old one keeps pointing here.
    const slug =
      patch.slug !== undefined || name !== current.name ? await chooseSlug(tx, patch.slug, name, id) : current.slug;
    const moved = parentId !== current.parentId;
    let position = current.position;
    if (moved) position = await nextPosition(tx, parentId);
    if (patch.position !== undefined) position = await placeAmongSiblings(tx, id, parentId, moved ? null : current.position, patch.position);

    const changed = name !== current.name || slug !== current.slug || moved || position !== current.position;
    if (!changed) return 0;
    const [after] = await withNameChecked(name, () =>
      tx.update(categories).set({ name, slug, parentId, position, updatedAt: new Date() }).where(eq(categories.id, id)).returning(),
    );
    if (slug !== current.slug) {
      // The new address may be one this category had before: it is no longer a redirect.
      await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, slug));
      await tx.insert(categorySlugRedirects).values({ slug: current.slug, categoryId: id }).onConflictDoNothing();
    }
    if (moved) {
      // Its tools' top-level category follows it (decision 039).
      await tx.update(tools).set({ topCategoryId: parentId ?? id }).where(eq(tools.categoryId, id));
    }
    if (moved && current.parentId !== null) await closeGap(tx, current.parentId, current.position);
    if (moved && current.parentId === null) await closeGap(tx, null, current.position);
    await recordAudit(tx, admin, { action: 'category.updated', targetId: id, before: audited(current), after: audited(after!) });
    await publishChange(tx, 'tools');
    return 1;
  });
}

const siblingsOf = (parentId: string | null) => (parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));

/**
 * Puts category `id` at `wanted` among its siblings (clamped to the end), moving the ones between
 * its old place and the new one by one. `from` is its current position, or null when it has just
 * arrived from another parent (it is then taken from the end).
 */
async function placeAmongSiblings(tx: AppTransaction, id: string, parentId: string | null, from: number | null, wanted: number): Promise<number> {
  const last = (await nextPosition(tx, parentId)) - (from === null ? 0 : 1);
  const to = Math.min(wanted, Math.max(last, 0));
  const start = from ?? last + 1;
  if (to === start) return to;
  const others = and(siblingsOf(parentId), ne(categories.id, id));
  if (to < start) {
    await tx
      .update(categories)
      .set({ position: sql`${categories.position} + 1` })
      .where(and(others, gte(categories.position, to), sql`${categories.position} < ${start}`));
  } else {
    await tx
      .update(categories)
      .set({ position: sql`${categories.position} - 1` })
      .where(and(others, sql`${categories.position} > ${start}`, lte(categories.position, to)));
  }
  return to;
}

/** After a category left its siblings, the ones after it move up one. */
async function closeGap(tx: AppTransaction, parentId: string | null, position: number): Promise<void> {
  await tx
    .update(categories)
    .set({ position: sql`${categories.position} - 1` })
    .where(and(siblingsOf(parentId), sql`${categories.position} > ${position}`));
}

/**
 * Deletes a category. One with subcategories is refused (move or delete them first); one that holds
 * tools is refused unless `moveTo` names another category, where its tools go first, in the same
 * transaction.
 */
export async function deleteCategory(db: AppDatabase, admin: Identity, id: string, moveTo: string | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    await oneChangeAtATime(tx);
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!current) throw new DomainError('CATEGORY_NOT_FOUND');
    if ((await subcategoryIds(tx, id)).length > 0) throw new DomainError('CATEGORY_HAS_SUBCATEGORIES');
    const held = await toolsIn(tx, [id]);
    let movedTools = 0;
    if (held > 0) {
      if (moveTo === undefined) throw new DomainError('CATEGORY_NOT_EMPTY', { toolCount: held });
      if (moveTo === id) throw new DomainError('CATEGORY_MOVE_TO_ITSELF', {}, { field: 'moveTo' });
      const target = await findCategory(tx, moveTo);
      if (!target) throw new DomainError('UNKNOWN_CATEGORY', {}, { field: 'moveTo' });
      const moved = await tx
        .update(tools)
        .set({ categoryId: target.id, topCategoryId: target.parentId ?? target.id, updatedAt: new Date() })
        .where(eq(tools.categoryId, id))
        .returning({ id: tools.id });
      movedTools = moved.length;
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await closeGap(tx, current.parentId, current.position);
    await recordAudit(tx, admin, {
      action: 'category.deleted',
      targetId: id,
      before: audited(current),
      after: movedTools > 0 ? { toolsMovedTo: moveTo, toolsMoved: movedTools } : null,
    });
    await publishChange(tx, 'tools');
    return 1;
  });
}
