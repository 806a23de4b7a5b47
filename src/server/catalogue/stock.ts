import { and, eq, getTableColumns, gte, sql } from 'drizzle-orm';
import type { AppTransaction } from '../db/client';
import { tools } from '../db/schema';
import { changeNotice, noteChange } from '../db/change-bus';

/**
 * The one owner of `tools.available_qty` (STYLE 13). Every path that moves stock (a payment that
 * settles its order and a refund before shipping, through orders/order-stock.ts; an admin's edit;
 * the catalogue import) calls these inside its own transaction, so the
 * stock change commits or rolls back together with the row that explains it. Each change is a
 * single conditional UPDATE, so concurrent buyers can never take the same unit twice. Each change
 * that moved stock sends its notice on the change bus from the same statement (in its RETURNING
 * list), so every process's caches of the catalogue hear of it when the transaction commits.
 */

export type StockTaken = typeof tools.$inferSelect;

/**
 * Takes `quantity` units if the tool has them (the minimum order was checked when the order was
 * placed: a paid order is never refused for it). Answers the tool as it is afterwards, or null when
 * nothing was taken (unknown tool, too few units): the caller reads the tool to say why.
 */
export async function takeStock(tx: AppTransaction, toolId: string, quantity: number): Promise<StockTaken | null> {
  const [tool] = await tx
    .update(tools)
    .set({ availableQty: sql`${tools.availableQty} - ${quantity}` })
    .where(and(eq(tools.id, toolId), gte(tools.availableQty, quantity)))
    .returning(toolAndNotice(tx));
  return tool ? withoutNotice(tx, tool) : null;
}

/** Gives `quantity` units back to a tool. A tool deleted meanwhile gets nothing (and needs nothing). */
export async function returnStock(tx: AppTransaction, toolId: string | null, quantity: number): Promise<void> {
  if (!toolId || quantity <= 0) return;
  const returned = await tx
    .update(tools)
    .set({ availableQty: sql`${tools.availableQty} + ${quantity}` })
    .where(eq(tools.id, toolId))
    .returning({ notice: changeNotice(tx, 'stock') });
  if (returned.length > 0) noteChange(tx, 'stock');
}

/**
 * An admin sets the stock to a new figure (a restock or a count correction). With `expected`, the
 * change applies only if the stock is still what the admin saw, so a sale made while the admin was
 * typing is not silently overwritten. Answers the tool afterwards, or null if nothing matched.
 */
export async function setStock(
  tx: AppTransaction,
  toolId: string,
  availableQty: number,
  expected?: number,
): Promise<StockTaken | null> {
  const conditions = [eq(tools.id, toolId)];
  if (expected !== undefined) conditions.push(eq(tools.availableQty, expected));
  const [tool] = await tx.update(tools).set({ availableQty }).where(and(...conditions)).returning(toolAndNotice(tx));
  return tool ? withoutNotice(tx, tool) : null;
}

/** Tools per statement of setStocks: two parameters a tool, far below PostgreSQL's 65,535. */
const STOCK_BATCH = 5_000;

/**
 * Sets many tools' stock to new figures at once (the catalogue import), in one statement per
 * few thousand tools: `update ... from (values ...)`. The caller holds the rows locked (it read
 * the figures it replaces in the same transaction), so no sale slips in between. Only tools whose
 * figure really moves are written; answers how many were.
 */
export async function setStocks(tx: AppTransaction, figures: readonly { toolId: string; availableQty: number }[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < figures.length; start += STOCK_BATCH) {
    const values = sql.join(
      figures.slice(start, start + STOCK_BATCH).map(({ toolId, availableQty }) => sql`(${toolId}::uuid, ${availableQty}::integer)`),
      sql`, `,
    );
    const changed = await tx
      .update(tools)
      .set({ availableQty: sql`figures.available_qty` })
      .where(and(sql`${tools.id} = figures.id`, sql`${tools.availableQty} <> figures.available_qty`))
      .from(sql`(values ${values}) as figures(id, available_qty)`)
      .returning({ notice: changeNotice(tx, 'stock') });
    written += changed.length;
  }
  if (written > 0) noteChange(tx, 'stock');
  return written;
}

/** Every column of the changed tool, and the change notice sent by the same statement (lib/change-bus.ts), noted by withoutNotice. */
const TOOL_COLUMNS = getTableColumns(tools);
const toolAndNotice = (tx: AppTransaction) => ({ ...TOOL_COLUMNS, notice: changeNotice(tx, 'stock') });

function withoutNotice(tx: AppTransaction, { notice: _notice, ...tool }: StockTaken & { notice: string }): StockTaken {
  noteChange(tx, 'stock');
  return tool;
}
