import type { Tool, ToolDetail } from '../../shared/schemas/catalogue';
import { DEFAULT_CATALOGUE_SORT } from '../../shared/catalogue-search';
import { RELATED_TOOLS_SHOWN } from '../../shared/server-rendering';
import type { CountStore } from '../catalogue-cache/catalogue-cache';
import type { AppDatabase } from '../db/client';
import { listTools, NO_FILTER, type CatalogueFilter } from '../catalogue/tools-repository';

/**
 * What a tool page shows beside the tool: the first tools of its own category, one more than
 * shown (the page leaves the tool itself out). Exactly the answer the browser asks for, GET
 * /api/items?category=<its category>&limit=5 (web features/catalogue/api/get-tool-page.ts), so the
 * page the browser hydrates draws from the same list.
 */
export async function relatedToolsOf(db: AppDatabase, counts: CountStore, tool: ToolDetail): Promise<Tool[]> {
  const own = tool.categoryPath.at(-1);
  if (!own) return [];
  // A top-level category lists its subcategories' tools too (its top_category_id), a subcategory its own.
  const category: CatalogueFilter['category'] =
    tool.categoryPath.length === 1 ? { column: 'top_category_id', id: own._id } : { column: 'category_id', id: own._id };
  const page = await listTools(db, counts, {
    limit: RELATED_TOOLS_SHOWN + 1,
    offset: 0,
    sort: DEFAULT_CATALOGUE_SORT,
    after: null,
    words: [],
    filter: { ...NO_FILTER, category },
    sku: null,
  });
  return page.items;
}
