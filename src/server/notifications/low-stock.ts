import type { AppTransaction } from '../db/client';
import { ownerLowStockMail } from '../mail/templates/owner-mail';
import type { StoreSettings } from '../../shared';
import { readSettings } from '../settings/settings-repository';
import { notifyOwner } from './owner-notices';

/** A tool's low-stock mark: its own, else the store's. */
export const lowStockThresholdOf = (tool: { lowStockThreshold: number | null }, storeThreshold: number) =>
  tool.lowStockThreshold ?? storeThreshold;

/** A tool a sale took units from, as it is afterwards, and how many were taken. */
export interface SoldUnits {
  tool: { name: string; availableQty: number; lowStockThreshold: number | null };
  taken: number;
}

/**
 * Tells the owner about each tool a sale took below its low-stock mark: once, when it crosses the
 * mark (the stock before the sale was above it), not on every later sale while it stays low.
 */
export async function noticeLowStock(tx: AppTransaction, moves: readonly SoldUnits[], storeUrl: string, settings?: StoreSettings): Promise<void> {
  if (moves.length === 0) return;
  const { lowStockThreshold } = settings ?? (await readSettings(tx));
  for (const { tool, taken } of moves) {
    const threshold = lowStockThresholdOf(tool, lowStockThreshold);
    const crossed = tool.availableQty <= threshold && tool.availableQty + taken > threshold;
    if (crossed) await notifyOwner(tx, (to) => ownerLowStockMail(to, { name: tool.name, availableQty: tool.availableQty, threshold }, storeUrl), settings);
  }
}
