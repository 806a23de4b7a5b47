import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { LIMITS, type Cart, type LineInput } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { cartLines, tools, users } from '../db/schema';
import { DomainError } from '../lib/domain-errors';

/**
 * A signed-in customer's cart: tools and quantities, nothing more. Prices, minimums and stock are
 * the catalogue's, read when the cart is shown and checked again when it is ordered, so a cart
 * never holds stock and never keeps an old price.
 */

export async function readCart(db: AppDatabase, userId: string): Promise<Cart> {
  // A line goes with its tool (the foreign key cascades), so the join always finds it.
  const rows = await db
    .select({ toolId: cartLines.toolId, quantity: cartLines.quantity, sku: tools.sku })
    .from(cartLines)
    .innerJoin(tools, eq(tools.id, cartLines.toolId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));
  return { lines: rows };
}

/** One customer's cart changes one at a time (the line count below stays true until commit). */
async function lockCartOwner(tx: AppTransaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * The ones of `toolIds` that are in the catalogue, locked KEY SHARE until the transaction ends: an
 * admin deleting one waits for the cart line to be written, then the line goes with the tool
 * (without the lock, the insert would meet a tool deleted a moment before and fail).
 */
async function existingTools(tx: AppTransaction, toolIds: string[]): Promise<Set<string>> {
  if (toolIds.length === 0) return new Set();
  const rows = await tx.select({ id: tools.id }).from(tools).where(inArray(tools.id, toolIds)).for('key share');
  return new Set(rows.map((row) => row.id));
}

async function lineCount(tx: AppTransaction, userId: string): Promise<number> {
  const [row] = await tx.select({ lines: count() }).from(cartLines).where(eq(cartLines.userId, userId));
  return row?.lines ?? 0;
}

async function hasLine(tx: AppTransaction, userId: string, toolId: string): Promise<boolean> {
  const rows = await tx.select({ toolId: cartLines.toolId }).from(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
  return rows.length > 0;
}

type Change = 'add' | 'set';

/**
 * Adds `quantity` of a tool to the cart (`add`: on top of what is there, as 'Add to cart' does) or
 * sets its quantity (`set`: the cart page's stepper). A new line must name a tool of the catalogue
 * and fit under the cart's 50 lines.
 */
export async function changeLine(db: AppDatabase, userId: string, line: LineInput, change: Change): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCartOwner(tx, userId);
    if (!(await existingTools(tx, [line.toolId])).has(line.toolId)) throw new DomainError('TOOL_NOT_FOUND', {}, { field: 'toolId' });
    if (!(await hasLine(tx, userId, line.toolId)) && (await lineCount(tx, userId)) >= LIMITS.orderLinesMax) {
      throw new DomainError('CART_FULL');
    }
    const quantity =
      change === 'add' ? sql`least(${cartLines.quantity} + ${line.quantity}, ${LIMITS.quantityMax})` : sql`${line.quantity}`;
    await tx
      .insert(cartLines)
      .values({ userId, toolId: line.toolId, quantity: line.quantity })
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity } });
  });
}

export async function removeLine(db: AppDatabase, userId: string, toolId: string): Promise<void> {
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
}

/**
 * Joins a visitor's cart to the customer's own: a tool in both keeps the larger quantity (so the
 * same cart sent twice changes nothing more), tools no longer in the catalogue are left out, and
 * lines past the cart's size are left out too (the customer's own lines first).
 */
export async function mergeCart(db: AppDatabase, userId: string, incoming: LineInput[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCartOwner(tx, userId);
    const known = await existingTools(tx, incoming.map((line) => line.toolId));
    const own = new Set((await readCart(tx, userId)).lines.map((line) => line.toolId));
    let room = LIMITS.orderLinesMax - own.size;
    for (const line of incoming) {
      if (!known.has(line.toolId)) continue;
      if (!own.has(line.toolId)) {
        if (room <= 0) continue;
        room -= 1;
      }
      await tx
        .insert(cartLines)
        .values({ userId, toolId: line.toolId, quantity: line.quantity })
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity: sql`greatest(${cartLines.quantity}, ${line.quantity})` } });
    }
  });
}
