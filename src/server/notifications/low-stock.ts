import type { AppTransaction } from '../db/client';
import { ownerLowStockMail } from '../mail/templates/owner-mail';
import type { StockMove } from '../orders/order-stock';
import { readSettings } from '../settings/settings-repository';
import { notifyOwner } from './owner-notices';

/** A tool's low-stock mark: its own, else the store's. */
export const lowStockThresholdOf = (tool: { lowStockThreshold: number | null }, storeThreshold: number) =>
  tool.lowStockThreshold ?? storeThreshold;

/**
 * Tells the owner about each tool a sale took below its low-stock mark: once, when it crosses the
 * mark (the stock before the sale was above it), not on every later sale while it stays low.
 */
export async function noticeLowStock(tx: AppTransaction, moves: StockMove[], storeUrl: string): Promise<void> {
  if (moves.length === 0) return;
  const { lowStockThreshold } = await readSettings(tx);
  for (const { tool, taken } of moves) {
    const threshold = lowStockThresholdOf(tool, lowStockThreshold);
    const crossed = tool.availableQty <= threshold && tool.availableQty + taken > threshold;
    if (crossed) await notifyOwner(tx, (to) => ownerLowStockMail(to, { name: tool.name, availableQty: tool.availableQty, threshold }, storeUrl));
  }
}
