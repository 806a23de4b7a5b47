import { eq } from 'drizzle-orm';
import { dollarsToCents, UPLOADED_IMAGE_PATH, sellableOrSoldOut, type ProductCreate, type ProductPatch, type Tool } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { productImages, tools } from '../db/schema';
import type { Identity } from '../identity/identity';
import { publishChange } from '../lib/change-bus';
import { DomainError } from '../lib/domain-errors';
import { setStock } from './stock';
import { toApiTool, type ToolRow } from './tools-repository';

/**
 * An admin's changes to the catalogue. Each one is a single transaction that holds the change and
 * its audit entry, so the log never claims a change that was rolled back and never misses one that
 * was kept. Stock moves only through stock.ts (STYLE 13).
 */

/** An uploaded photo must exist: a link to a missing one would show a broken image in the shop. */
async function assertImageUsable(tx: AppTransaction, image: string): Promise<void> {
  if (!UPLOADED_IMAGE_PATH.test(image)) return;
  const id = image.slice(image.lastIndexOf('/') + 1);
  const [found] = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.id, id)).limit(1);
  if (!found) throw new DomainError('UNKNOWN_IMAGE', {}, { field: 'image' });
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

export async function createTool(db: AppDatabase, admin: Identity, input: ProductCreate): Promise<Tool> {
  return db.transaction(async (tx) => {
    await assertImageUsable(tx, input.image);
    const [row] = await tx
      .insert(tools)
      .values({
        name: input.name,
        priceCents: dollarsToCents(input.price),
        image: input.image,
        description: input.description,
        minQty: input.minQty,
        availableQty: input.availableQty,
        lowStockThreshold: input.lowStockThreshold ?? null,
      })
      .returning();
    const tool = toApiTool(row!);
    await recordAudit(tx, admin, { action: 'tool.created', targetId: tool._id, before: null, after: auditedTool(row!) });
    // Heard by every process, this one included, when this commits (lib/change-bus.ts).
    await publishChange(tx, 'tools');
    return tool;
  });
}

/**
 * Applies a partial edit. The row is locked for the transaction (FOR NO KEY UPDATE: it waits for
 * and blocks concurrent stock changes, but not orders merely referencing the tool), so the checks
 * below see the stock as it really is when the edit commits. Answers the number of tools modified:
 * 0 when the edit changes nothing (and then nothing is audited), 1 otherwise.
 */
export async function updateTool(db: AppDatabase, admin: Identity, id: string, patch: ProductPatch): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(tools).where(eq(tools.id, id)).for('no key update');
    if (!current) throw new DomainError('TOOL_NOT_FOUND');

    const { expectedAvailableQty, availableQty, price, ...fields } = patch;
    // The admin typed a new stock figure over the one they saw; a sale since then must not vanish.
    if (availableQty !== undefined && expectedAvailableQty !== undefined && current.availableQty !== expectedAvailableQty) {
      throw new DomainError('STOCK_CHANGED_MEANWHILE', { available: current.availableQty });
    }
    const merged: ToolRow = {
      ...current,
      ...definedOnly(fields),
      ...(price !== undefined && { priceCents: dollarsToCents(price) }),
      ...(availableQty !== undefined && { availableQty }),
    };
    assertSellableOrSoldOut(merged);
    const before = auditedTool(current);
    const unchanged = JSON.stringify(auditedTool(merged)) === JSON.stringify(before);
    if (unchanged) return 0;
    if (merged.image !== current.image) await assertImageUsable(tx, merged.image);

    // Everything but the stock goes through a plain update; available_qty only through stock.ts.
    let [after] = await tx
      .update(tools)
      .set({
        name: merged.name,
        priceCents: merged.priceCents,
        image: merged.image,
        description: merged.description,
        minQty: merged.minQty,
        lowStockThreshold: merged.lowStockThreshold,
        updatedAt: new Date(),
      })
      .where(eq(tools.id, id))
      .returning();
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

/**
 * Deletes a tool. Orders keep their own copy of its name, image, price and description; their
 * tool_id becomes null (ON DELETE SET NULL), so an unpaid one can no longer be paid (see
 * payments/payment-service.ts) and gives no stock back when deleted. Photos stay: orders link them.
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

/** What the audit log keeps of a tool: what the catalogue shows, and its own low-stock mark when it has one. */
function auditedTool(row: ToolRow) {
  const tool = toApiTool(row);
  return row.lowStockThreshold === null ? tool : { ...tool, lowStockThreshold: row.lowStockThreshold };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
