import type { LowStockTool } from '../mail/templates/owner-mail';

/** A tool's low-stock mark: its own, else the store's. */
export const lowStockThresholdOf = (tool: { lowStockThreshold: number | null }, storeThreshold: number) =>
  tool.lowStockThreshold ?? storeThreshold;

/** A tool a sale took units from, as it is afterwards, and how many were taken. */
export interface SoldUnits {
  tool: { name: string; availableQty: number; lowStockThreshold: number | null };
  taken: number;
}

/**
 * The tools a sale took below their low-stock mark, for the owner to hear of: once, when a tool
 * crosses its mark (its stock before the sale was above it), not on every later sale while it stays low.
 */
export function lowStockCrossings(moves: readonly SoldUnits[], storeThreshold: number): LowStockTool[] {
  return moves.flatMap(({ tool, taken }) => {
    const threshold = lowStockThresholdOf(tool, storeThreshold);
    const crossed = tool.availableQty <= threshold && tool.availableQty + taken > threshold;
    return crossed ? [{ name: tool.name, availableQty: tool.availableQty, threshold }] : [];
  });
}
