import { inArray } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { tools } from '../db/schema';
import { lowStockThresholdOf } from '../notifications/low-stock';
import { readSettings } from '../settings/settings-repository';

/**
 * The low-stock mark in force for each of these tools (its own, else the store's), so Manage Tools
 * can mark the low ones on the page it shows, as the Overview lists them. Unknown ids are left out.
 */
export async function readLowStockMarks(db: AppDatabase, ids: readonly string[]): Promise<{ _id: string; threshold: number }[]> {
  const [{ lowStockThreshold: storeThreshold }, rows] = await Promise.all([
    readSettings(db),
    db.select({ id: tools.id, lowStockThreshold: tools.lowStockThreshold }).from(tools).where(inArray(tools.id, [...ids])),
  ]);
  return rows.map((row) => ({ _id: row.id, threshold: lowStockThresholdOf(row, storeThreshold) }));
}
