import { asc, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { categories, tools, type ToolSpecRow } from '../db/schema';
import { CATALOGUE_CSV_COLUMNS, type TaxClass } from '../../shared';
import { csvRow } from '../lib/csv';
import { catalogueCells, exportedText } from './catalogue-csv-format';
import { SORT_ORDERS } from './sort-orders';

/**
 * The catalogue as CSV (GET /api/items/export): the import's columns, one row per tool, in the
 * catalogue's order (oldest first), read a page at a time by keyset (created_at to the
 * microsecond, then id: sort-orders.ts), so memory stays flat and no page re-reads the ones
 * before. Written so that importing the file changes nothing (catalogue-csv-format.ts).
 */

export const CATALOGUE_EXPORT_PAGE_SIZE = 1_000;

const ORDER = SORT_ORDERS.catalogue;

/** Every category's names, top-level first, by id. */
export async function categoryNames(db: AppDatabase): Promise<Map<string, string[]>> {
  const rows = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    rows.map((row) => {
      const parent = row.parentId === null ? undefined : byId.get(row.parentId);
      return [row.id, parent ? [parent.name, row.name] : [row.name]];
    }),
  );
}

interface ExportedTool {
  id: string;
  sku: string;
  name: string;
  categoryId: string;
  priceCents: number;
  minQty: number;
  availableQty: number;
  description: string;
  image: string;
  specs: ToolSpecRow[];
  taxClass: TaxClass;
  /** created_at in microseconds, where the next page starts. */
  key: string | number;
}

async function* toolPages(db: AppDatabase, pageSize: number): AsyncGenerator<ExportedTool[], void, undefined> {
  let after: { key: string | number; id: string } | null = null;
  for (;;) {
    const from: { key: string | number; id: string } | null = after;
    const rows: ExportedTool[] = await db
      .select({
        id: tools.id,
        sku: tools.sku,
        name: tools.name,
        categoryId: tools.categoryId,
        priceCents: tools.priceCents,
        minQty: tools.minQty,
        availableQty: tools.availableQty,
        description: tools.description,
        image: tools.image,
        specs: tools.specs,
        taxClass: tools.taxClass,
        key: sql<string | number>`${ORDER.cursorKey}`,
      })
      .from(tools)
      .where(from ? sql`(${ORDER.key}, ${tools.id}) > (${ORDER.keyValue(from.key)}, ${from.id}::uuid)` : undefined)
      .orderBy(asc(ORDER.key), asc(tools.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    const last = rows.at(-1)!;
    after = { key: last.key, id: last.id };
    yield rows;
    if (rows.length < pageSize) return;
  }
}

/** The export's body after its header (CATALOGUE_CSV_COLUMNS): one chunk of text per page of tools. */
export async function* catalogueCsvChunks(db: AppDatabase, pageSize = CATALOGUE_EXPORT_PAGE_SIZE) {
  let paths = await categoryNames(db);
  for await (const page of toolPages(db, pageSize)) {
    // A category made while the export runs: read them again.
    if (page.some((tool) => !paths.has(tool.categoryId))) paths = await categoryNames(db);
    yield page
      .map((tool) => {
        const cells = catalogueCells(tool, paths.get(tool.categoryId) ?? []);
        return csvRow(CATALOGUE_CSV_COLUMNS.map((column) => exportedText(cells[column])));
      })
      .join('');
  }
}
