import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { dollarsToCents, UPLOADED_IMAGE_PATH, sellableOrSoldOut, type ProductCreate, type ProductPatch, type Tool } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { productImages, tools, toolSlugRedirects } from '../db/schema';
import type { Identity } from '../identity/identity';
import { publishChange } from '../db/change-bus';
import { DomainError } from '../lib/domain-errors';
import { isUniqueViolation } from '../lib/unique-violation';
import { placementIn } from './categories-repository';
import { setStock } from './stock';
import { baseSlugFor, SlugAllocator } from './tool-identity';
import { insertToolRows } from './tools-insert';
import { toApiTool, type ToolRow } from './tools-repository';

/**
 * An admin's changes to the catalogue. Each one is a single transaction that holds the change and
 * its audit entry, so the log never claims a change that was rolled back and never misses one that
 * was kept. Stock moves only through stock.ts (STYLE 13).
 */

/**
 * Uploaded photos must exist: a link to a missing one would show a broken image in the shop.
 * `field` is the one the admin sent them in (`image` alone makes the photos too).
 */
async function assertImagesUsable(tx: AppTransaction, images: readonly string[], field: 'image' | 'photos'): Promise<void> {
  const ids = [...new Set(images.filter((image) => UPLOADED_IMAGE_PATH.test(image)).map((image) => image.slice(image.lastIndexOf('/') + 1)))];
  if (ids.length === 0) return;
  const found = await tx.select({ id: productImages.id }).from(productImages).where(inArray(productImages.id, ids));
  if (found.length < ids.length) throw new DomainError('UNKNOWN_IMAGE', {}, { field });
}

/**
 * A tool an admin saves must be sellable or plainly sold out: its minimum order fits in its stock,
 * or it has no stock at all. (A tool whose stock fell below its minimum through sales is stranded:
 * nobody can buy it, so the next edit must fix it.)
 */
function assertSellableOrSoldOut(tool: Pick<ToolRow, 'minQty' | 'availableQty'>): void {
  if (!sellableOrSoldOut(tool)) {
    throw new DomainError('MIN_QTY_ABOVE_AVAILABLE', {}, { field: 'minQty' });
  }
}

/** A write that met another tool's SKU on the unique index: the admin is told which field. */
async function withSkuChecked<T>(sku: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'tools_sku_idx')) throw new DomainError('SKU_TAKEN', { sku: sku ?? '' }, { field: 'sku' });
    if (isUniqueViolation(error, 'tools_slug_unique')) throw new DomainError('SLUG_TAKEN', { slug: '' }, { field: 'slug' });
    throw error;
  }
}

/** The photos a form's fields make: `photos` as given, or the image alone, or the image in place of the main photo. */
export function photosFrom(input: { image?: string | undefined; photos?: string[] | undefined }, current: string[]): string[] {
  if (input.photos !== undefined) return input.photos;
  if (input.image === undefined) return current;
  return [input.image, ...current.slice(1).filter((photo) => photo !== input.image)];
}

export async function createTool(db: AppDatabase, admin: Identity, input: ProductCreate): Promise<Tool> {
  return db.transaction(async (tx) => {
    const photos = photosFrom(input, []);
    await assertImagesUsable(tx, photos, input.photos === undefined ? 'image' : 'photos');
    const [row] = await withSkuChecked(input.sku, () =>
      insertToolRows(tx, [
        {
          name: input.name,
          priceCents: dollarsToCents(input.price),
          image: photos[0]!,
          photos,
          description: input.description,
          minQty: input.minQty,
          availableQty: input.availableQty,
          lowStockThreshold: input.lowStockThreshold ?? null,
          specs: input.specs ?? [],
          taxClass: input.taxClass ?? 'standard',
          ...(input.sku !== undefined && { sku: input.sku }),
          ...(input.slug !== undefined && { slug: input.slug }),
          ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
        },
      ]),
    );
    const tool = toApiTool(row!);
    await recordAudit(tx, admin, { action: 'tool.created', targetId: tool._id, before: null, after: auditedTool(row!) });
    // Heard by every process, this one included, when this commits (lib/change-bus.ts).
    await publishChange(tx, 'tools');
    return tool;
  });
}

/**
 * The address a tool gets when it is saved: the one the admin typed, else, when the name changed,
 * one made from the new name, else the one it has. A tool's own old addresses are free to it.
 */
async function addressAfterEdit(tx: AppTransaction, current: ToolRow, name: string, wanted: string | undefined): Promise<string> {
  if (wanted === undefined && name === current.name) return current.slug;
  const base = wanted ?? baseSlugFor(name, current.sku);
  if (base === current.slug) return current.slug;
  const slugs = await SlugAllocator.forBases(tx, [base]);
  const own = await tx.select({ slug: toolSlugRedirects.slug }).from(toolSlugRedirects).where(eq(toolSlugRedirects.toolId, current.id));
  for (const { slug } of own) slugs.release(slug);
  slugs.release(current.slug);
  if (wanted !== undefined) {
    if (slugs.isTaken(wanted)) throw new DomainError('SLUG_TAKEN', { slug: wanted }, { field: 'slug' });
    return wanted;
  }
  return slugs.take(base);
}

/**
 * Applies a partial edit. The row is locked for the transaction (FOR NO KEY UPDATE: it waits for
 * and blocks concurrent stock changes, but not orders merely referencing the tool), so the checks
 * below see the stock as it really is when the edit commits. Answers the number of tools modified:
 * 0 when the edit changes nothing (and then nothing is audited), 1 otherwise.
 *
 * A new name gives the tool a new address (unless the admin typed one); the old address keeps
 * answering with a redirect to the new one, for good (tool_slug_redirects).
 */
export async function updateTool(db: AppDatabase, admin: Identity, id: string, patch: ProductPatch): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(tools).where(eq(tools.id, id)).for('no key update');
    if (!current) throw new DomainError('TOOL_NOT_FOUND');

    const { expectedAvailableQty, availableQty, price, image, photos: givenPhotos, slug: givenSlug, categoryId, ...fields } = patch;
    // The admin typed a new stock figure over the one they saw; a sale since then must not vanish.
    if (availableQty !== undefined && expectedAvailableQty !== undefined && current.availableQty !== expectedAvailableQty) {
      throw new DomainError('STOCK_CHANGED_MEANWHILE', { available: current.availableQty });
    }
    const photos = photosFrom({ image, photos: givenPhotos }, current.photos.length > 0 ? current.photos : [current.image]);
    const placement = categoryId !== undefined && categoryId !== current.categoryId ? await placementIn(tx, categoryId) : null;
    const merged: ToolRow = {
      ...current,
      ...definedOnly(fields),
      image: photos[0]!,
      photos,
      ...(placement ?? {}),
      ...(price !== undefined && { priceCents: dollarsToCents(price) }),
      ...(availableQty !== undefined && { availableQty }),
    };
    merged.slug = await addressAfterEdit(tx, current, merged.name, givenSlug);
    assertSellableOrSoldOut(merged);
    const before = auditedTool(current);
    const unchanged = JSON.stringify(auditedTool(merged)) === JSON.stringify(before);
    if (unchanged) return 0;
    if (JSON.stringify(merged.photos) !== JSON.stringify(current.photos)) await assertImagesUsable(tx, merged.photos, givenPhotos === undefined ? 'image' : 'photos');

    // Everything but the stock goes through a plain update; available_qty only through stock.ts.
    let [after] = await withSkuChecked(merged.sku, () =>
      tx
        .update(tools)
        .set({
          name: merged.name,
          priceCents: merged.priceCents,
          image: merged.image,
          photos: merged.photos,
          description: merged.description,
          minQty: merged.minQty,
          lowStockThreshold: merged.lowStockThreshold,
          sku: merged.sku,
          slug: merged.slug,
          categoryId: merged.categoryId,
          topCategoryId: merged.topCategoryId,
          specs: merged.specs,
          taxClass: merged.taxClass,
          updatedAt: new Date(),
        })
        .where(eq(tools.id, id))
        .returning(),
    );
    if (merged.slug !== current.slug) await keepOldAddress(tx, id, current.slug, merged.slug);
    if (merged.availableQty !== current.availableQty) {
      // The row is locked, so the stock is still `current.availableQty`; passing it keeps the
      // update conditional all the same, should the locking above ever change.
      after = (await setStock(tx, id, merged.availableQty, current.availableQty)) ?? undefined;
      if (!after) throw new DomainError('STOCK_CHANGED_MEANWHILE', { available: current.availableQty });
    }
    await recordAudit(tx, admin, { action: 'tool.updated', targetId: id, before, after: auditedTool(after!) });
    await publishChange(tx, 'tools');
    return 1;
  });
}

/** The old address answers with a redirect to the new one; the new one, if it was an old address of this tool's, no longer does. */
export async function keepOldAddress(tx: AppTransaction, toolId: string, oldSlug: string, newSlug: string): Promise<void> {
  await tx.delete(toolSlugRedirects).where(and(eq(toolSlugRedirects.slug, newSlug), eq(toolSlugRedirects.toolId, toolId)));
  await tx
    .insert(toolSlugRedirects)
    .values({ slug: oldSlug, toolId })
    .onConflictDoUpdate({ target: toolSlugRedirects.slug, set: { toolId, createdAt: sql`now()` }, setWhere: ne(toolSlugRedirects.toolId, toolId) });
}

/**
 * Deletes a tool. Orders keep their own copy of its name, image, price and description; their
 * tool_id becomes null (ON DELETE SET NULL), so an unpaid one can no longer be paid (see
 * payments/payment-service.ts) and gives no stock back when deleted. Photos stay: orders link them.
 * Its documents and old addresses go with it.
 */
export async function deleteTool(db: AppDatabase, admin: Identity, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(tools).where(eq(tools.id, id)).returning();
    if (!deleted) throw new DomainError('TOOL_NOT_FOUND');
    await recordAudit(tx, admin, { action: 'tool.deleted', targetId: id, before: auditedTool(deleted), after: null });
    await publishChange(tx, 'tools');
    return 1;
  });
}

/** What the audit log keeps of a tool: what the catalogue shows, its specs and photos, and its own low-stock mark when it has one. */
export function auditedTool(row: ToolRow) {
  const tool = { ...toApiTool(row), specs: row.specs, photos: row.photos };
  return row.lowStockThreshold === null ? tool : { ...tool, lowStockThreshold: row.lowStockThreshold };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
