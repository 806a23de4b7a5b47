import { asc, count, eq } from 'drizzle-orm';
import type { PageQuery, Tool } from '../../shared';
import { centsToDollars } from '../../shared';
import type { AppDatabase } from '../db/client';
import { tools } from '../db/schema';
import { publishChange } from '../lib/change-bus';
import { cachedToolCount, forgetToolCount } from './tool-count-cache';

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;

export function toApiTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    image: row.image,
    description: row.description,
    minQty: row.minQty,
    availableQty: row.availableQty,
  };
}

/** One page of the catalogue in a stable order, and how many tools there are in all. */
export async function listTools(db: AppDatabase, page: PageQuery): Promise<{ items: Tool[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.select().from(tools).orderBy(asc(tools.createdAt), asc(tools.id)).limit(page.limit).offset(page.offset),
    cachedToolCount(db, async () => {
      const [totals] = await db.select({ total: count() }).from(tools);
      return totals?.total ?? 0;
    }),
  ]);
  return { items: rows.map(toApiTool), total };
}

export async function findTool(db: AppDatabase, id: string): Promise<Tool | null> {
  const [row] = await db.select().from(tools).where(eq(tools.id, id)).limit(1);
  return row ? toApiTool(row) : null;
}

export async function insertTools(db: AppDatabase, rows: NewToolRow[]): Promise<ToolRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db.transaction(async (tx) => {
    const added = await tx.insert(tools).values(rows).returning();
    await publishChange(tx, 'tools');
    return added;
  });
  forgetToolCount(db);
  return inserted;
}
