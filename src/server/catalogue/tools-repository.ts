import { count, sql, type SQL } from 'drizzle-orm';
import type { CatalogueSort, TaxClass, Tool } from '../../shared';
import { centsToDollars, SEARCH_COUNT_MAX } from '../../shared';
import type { CountStore } from '../catalogue-cache/catalogue-cache';
import type { AppDatabase, AppTransaction } from '../db/client';
import { tools } from '../db/schema';
import type { CataloguePosition } from './catalogue-cursor';
import { matchesSearch } from './search-terms';
import { SORT_ORDERS, type SortOrder } from './sort-orders';

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;
type ApiToolFields = Pick<ToolRow, 'id' | 'name' | 'priceCents' | 'image' | 'description' | 'minQty' | 'availableQty' | 'slug' | 'sku' | 'categoryId' | 'taxClass'>;

export function toApiTool(row: ApiToolFields): Tool {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    image: row.image,
    description: row.description,
    minQty: row.minQty,
    availableQty: row.availableQty,
    slug: row.slug,
    sku: row.sku,
    categoryId: row.categoryId,
    taxClass: row.taxClass,
  };
}

/**
 * What narrows a catalogue page besides a search (Our Tools' filters, all in its address): a
 * category with its subcategories, tools that can be bought now, a price range in cents.
 */
export interface CatalogueFilter {
  /**
   * A top-level category lists its own and its subcategories' tools (`top_category_id`); a
   * subcategory its own (`category_id`): either way one column, with an index per sort order.
   */
  category: { column: 'category_id' | 'top_category_id'; id: string } | null;
  inStock: boolean;
  minPriceCents: number | null;
  maxPriceCents: number | null;
}

export const NO_FILTER: CatalogueFilter = { category: null, inStock: false, minPriceCents: null, maxPriceCents: null };

/** A stable text for a filter, for cache keys: equal filters, equal keys. */
export const filterKey = (f: CatalogueFilter) =>
  `${f.category ? `${f.category.column === 'top_category_id' ? 't' : 'c'}${f.category.id}` : ''}|${f.inStock ? 1 : 0}|${f.minPriceCents ?? ''}|${f.maxPriceCents ?? ''}`;

const categoryColumn = (category: NonNullable<CatalogueFilter['category']>) =>
  category.column === 'top_category_id' ? tools.topCategoryId : tools.categoryId;

/** The filter's conditions, none for no filter. */
function filterConditions(f: CatalogueFilter): SQL[] {
  const conditions: SQL[] = [];
  // `= any(array[id])` rather than `= id`, with the same meaning: see pageQuery.
  if (f.category) conditions.push(sql`${categoryColumn(f.category)} = any(array[${f.category.id}::uuid])`);
  // shared/buying.ts canBeBought, as SQL: the stock covers the minimum order.
  if (f.inStock) conditions.push(sql`${tools.availableQty} >= ${tools.minQty} and ${tools.availableQty} > 0`);
  if (f.minPriceCents !== null) conditions.push(sql`${tools.priceCents} >= ${f.minPriceCents}`);
  if (f.maxPriceCents !== null) conditions.push(sql`${tools.priceCents} <= ${f.maxPriceCents}`);
  return conditions;
}

/** One page of the catalogue: which rows, in which order, from where. */
export interface CataloguePageRequest {
  limit: number;
  offset: number;
  sort: CatalogueSort;
  /** The last row of the page before (a keyset cursor), or null to start at `offset`. */
  after: CataloguePosition | null;
  /** Search words (search-terms.ts); none: the whole catalogue. */
  words: readonly string[];
  /** Category, stock and price filters; NO_FILTER for none. */
  filter: CatalogueFilter;
  /**
   * With a search: the search as typed, when it may be a tool's exact SKU. That tool comes first
   * (a workshop reorders by part number) and the rest of the list leaves it out.
   */
  sku: string | null;
}

export interface CataloguePage {
  items: Tool[];
  /** Tools in the whole list (all of the catalogue, or all matches of the search). */
  total: number;
  /** Where the next page starts, or null on the last page. */
  next: CataloguePosition | null;
}

/**
 * A search is read one of two ways, chosen by how many tools it matches (a count the page needs
 * anyway, and cached). Matching fewer than one tool in WALK_WHEN_ONE_IN: its matches are collected
 * through the search index and sorted, which costs in proportion to the matches. Matching more:
 * the sort order's index is walked from the page's start, keeping the rows that match, which
 * finds a page after about `limit × WALK_WHEN_ONE_IN` rows when matches are spread evenly. The
 * planner cannot choose this itself: it has no useful estimate of how many rows a prefix search
 * matches (decision 016 has the figures).
 */
const WALK_WHEN_ONE_IN = 10;

/**
 * A search counts its matches up to this many. Counting every match of a word in every tool read
 * all 100,000 rows (0.1–0.5 s on PGlite), and a script inventing such searches makes each one new
 * to the count cache; past this many, X-Total-Count says this many and the page is read by walking
 * (the matches are then at least one tool in WALK_WHEN_ONE_IN at 100,000 tools). Decision 026.
 */
export { SEARCH_COUNT_MAX } from '../../shared/constants';

/** The statement timeout had stopped a catalogue query (PostgreSQL): the caller may try again shortly. */
export class CatalogueQueryTimeoutError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('a catalogue query ran past its time limit', options);
    this.name = 'CatalogueQueryTimeoutError';
  }
}

type Reader = AppDatabase | AppTransaction;

/**
 * One page of the catalogue in the requested order, searched or not, and how many tools the list
 * holds (from `counts`, the catalogue cache's, when it has them). With `timeoutMs`, its queries run in one read-only transaction whose statement_timeout is
 * that long, and a query stopped by it throws CatalogueQueryTimeoutError. PGlite ignores
 * statement_timeout (it has no timer signal in WebAssembly; decision 026), so callers pass null there.
 */
export async function listTools(
  db: AppDatabase,
  counts: CountStore,
  request: CataloguePageRequest,
  timeoutMs: number | null = null,
): Promise<CataloguePage> {
  if (timeoutMs === null) return readPage(counts, db, request);
  try {
    return await db.transaction(
      async (tx) => {
        await tx.execute(sql`select set_config('statement_timeout', ${String(Math.round(timeoutMs))}, true)`);
        return readPage(counts, tx, request);
      },
      { accessMode: 'read only' },
    );
  } catch (error) {
    if (isQueryCanceled(error)) throw new CatalogueQueryTimeoutError({ cause: error });
    throw error;
  }
}

/** SQLSTATE 57014 (query_canceled): what statement_timeout raises. Drizzle wraps the driver's error. */
function isQueryCanceled(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** `reader` runs the queries: the database, or the timed transaction. */
async function readPage(counts: CountStore, reader: Reader, request: CataloguePageRequest): Promise<CataloguePage> {
  const { filter } = request;
  let rows: PageRow[];
  let total: number;
  let first: PageRow | null = null;
  if (request.words.length === 0) {
    // One after the other: on PostgreSQL `reader` is one transaction's connection, where node-postgres
    // deprecates a query sent while another runs (and they would not run in parallel anyway).
    rows = await pageRows(reader, pageQuery(request, 'walk'));
    total = await countTools(counts, reader, [], filter);
  } else {
    // The matches first: a search matching nothing (what a script inventing searches mostly sends)
    // costs one index probe, and neither the catalogue's count nor a page query.
    const matches = await countTools(counts, reader, request.words, filter);
    const skuTool = request.sku === null ? null : await exactSkuTool(reader, request);
    const plan = matches > SEARCH_COUNT_MAX ? 'walk' : searchPlan(matches, await countTools(counts, reader, [], filter));
    // The SKU's tool heads the first page; the rest of the search leaves it out, page after page
    // (a page of one has no room to lead with it: it is then listed where its words put it).
    const lead = skuTool !== null && request.limit > 1;
    // It counts once, matched by the words or not.
    total = Math.min(matches + (lead && !skuTool.matched ? 1 : 0), SEARCH_COUNT_MAX);
    if (lead) {
      const onFirstPage = request.after === null && request.offset === 0;
      if (onFirstPage) first = skuTool.row;
      request = { ...request, limit: onFirstPage ? request.limit - 1 : request.limit, offset: Math.max(request.offset - 1, 0) };
    }
    const others = matches - (lead && skuTool.matched ? 1 : 0);
    rows = others <= 0 ? [] : await pageRows(reader, pageQuery(request, plan, lead ? skuTool.row.id : null));
  }
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const more = rows.length > request.limit;
  const next = more && last ? { sort: request.sort, key: readKey(request.sort, last.sort_key), id: last.id } : null;
  return { items: (first ? [first, ...page] : page).map(toApiToolFromPageRow), total, next };
}

/** The tool whose SKU is the search as typed (any case), within the filter, and whether the search's words match it too. */
async function exactSkuTool(reader: Reader, request: CataloguePageRequest): Promise<{ row: PageRow; matched: boolean } | null> {
  const conditions = [sql`upper(${tools.sku}) = upper(${request.sku})`, ...filterConditions(request.filter)];
  const order = SORT_ORDERS[request.sort];
  const [row] = await pageRows(
    reader,
    sql`select ${pageColumns}, ${order.cursorKey} as sort_key, (${matchesSearch(request.words)}) as matched
      from ${tools} where ${sql.join(conditions, sql` and `)} limit 1`,
  );
  return row ? { row, matched: Boolean((row as PageRow & { matched: unknown }).matched) } : null;
}

/**
 * How a search is read (see WALK_WHEN_ONE_IN): `walk` the sort order's index keeping the matches,
 * or `collect` the matches through the search index and sort them.
 */
export type SearchPlan = 'walk' | 'collect';
export const searchPlan = (matches: number, all: number): SearchPlan => (matches * WALK_WHEN_ONE_IN >= all ? 'walk' : 'collect');

/**
 * The statement that reads a page: `limit + 1` rows (whether the extra one exists says if there
 * is a next page, without a count), each with its sort key for the next cursor. Exported for the
 * scale benchmark, which checks its plan.
 */
export function pageQuery(request: CataloguePageRequest, plan: SearchPlan, leaveOut: string | null = null): SQL {
  const order = SORT_ORDERS[request.sort];
  const matches = request.words.length > 0 ? matchesSearch(request.words) : null;
  // Walking, the planner must not trade the walk for collecting and sorting every match: it
  // guesses a search of several words to match a handful of tools (it multiplies each word's
  // guess; 2 words in every tool: 157 of 100,000), where the count says one in ten or more, and
  // then sorts all 100,000. coalesce() hides the condition from its guesses (it assumes half the
  // rows) and from the search indexes; the condition is never null, so no answer changes.
  const search = matches && plan === 'walk' ? sql`coalesce(${matches}, false)` : matches;
  const conditions = [
    search,
    ...filterConditions(request.filter),
    leaveOut === null ? null : sql`${tools.id} <> ${leaveOut}::uuid`,
    request.after ? startsAfter(order, request.after) : null,
  ].filter((c): c is SQL => c !== null);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  const take = request.limit + 1;
  const select = sql`select ${pageColumns}, ${order.cursorKey} as sort_key from ${tools} where ${where}`;
  if (plan === 'walk' || !search) {
    // A category's page walks its own index, (top_)category_id then the order's key and id
    // (decision 039). Left to itself the planner may walk the whole catalogue's index of that order
    // instead, keeping the category's rows: it supposes them spread evenly over the order, so a big
    // category's first page looks as cheap that way. It is not for a category whose tools are all
    // old (the shop's first import) shown newest first: the walk passes every newer tool before the
    // first of them (75,000 at 100,000 tools: 44 ms median on PostgreSQL against 2 through the
    // category's index, npm run bench:scale, 2026-11-29). Ordering by the category's column first
    // leaves its index the only one that gives the order without sorting every match. Against
    // `column = id` the planner would drop that column from the order (a constant sorts nothing),
    // hence `= any(array[id])` (filterConditions): the same rows, one index condition on the
    // index's first column, which keeps the index's order.
    const category = request.filter.category ? sql`${categoryColumn(request.filter.category)} ${direction}, ` : sql``;
    return sql`${select} order by ${category}${order.key} ${direction}, ${tools.id} ${direction} limit ${take} offset ${request.offset}`;
  }
  // MATERIALIZED keeps the planner from folding the matches back into an index walk.
  return sql`with matches as materialized (${select})
    select * from matches order by sort_key ${direction}, id ${direction} limit ${take} offset ${request.offset}`;
}

/** The rows after `position` in `order`: one row comparison, which the order's index starts at. */
function startsAfter(order: SortOrder, position: CataloguePosition): SQL {
  const comparison = sql.raw(order.descending ? '<' : '>');
  return sql`(${order.key}, ${tools.id}) ${comparison} (${order.keyValue(position.key)}, ${position.id}::uuid)`;
}

/** The columns a page row reads (the API's, not the search document: a kilobyte a row that nobody reads). */
const pageColumns = sql`${tools.id}, ${tools.name}, ${tools.priceCents}, ${tools.image}, ${tools.description},
    ${tools.minQty}, ${tools.availableQty}, ${tools.slug}, ${tools.sku}, ${tools.categoryId}, ${tools.taxClass}`;

/**
 * How many tools hold every search word, up to SEARCH_COUNT_MAX + 1 (more than the bound: the
 * search matches "many"), or all tools for none, within the filter, through the count cache. The
 * cache forgets counts when tools change, not when stock does, so a count that depends on the
 * stock (`inStock`) is counted afresh: the page it goes with is kept, and dropped with the stock.
 */
function countTools(counts: CountStore, reader: Reader, words: readonly string[], filter: CatalogueFilter): Promise<number> {
  const conditions = [...(words.length > 0 ? [matchesSearch(words)] : []), ...filterConditions(filter)];
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const countNow = async () => {
    if (words.length === 0) {
      const [totals] = await reader.select({ total: count() }).from(tools).where(where);
      return totals?.total ?? 0;
    }
    const matches = reader.select({ one: sql`1` }).from(tools).where(where).limit(SEARCH_COUNT_MAX + 1).as('matches');
    const [totals] = await reader.select({ total: count() }).from(matches);
    return totals?.total ?? 0;
  };
  if (filter.inStock) return countNow();
  const key = filter === NO_FILTER || filterKey(filter) === filterKey(NO_FILTER) ? words.join(' ') : `${words.join(' ')}#${filterKey(filter)}`;
  return counts.count(key, countNow);
}

interface PageRow {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  description: string;
  min_qty: number;
  available_qty: number;
  slug: string;
  sku: string;
  category_id: string;
  tax_class: TaxClass;
  /** bigint arrives as a string from node-postgres and as a number from PGlite. */
  sort_key: number | string | bigint;
}

async function pageRows(db: Reader, query: SQL): Promise<PageRow[]> {
  // Both drivers answer db.execute with an object carrying `rows`.
  return ((await db.execute(query)) as unknown as { rows: PageRow[] }).rows;
}

function readKey(sort: CatalogueSort, key: PageRow['sort_key']): number | string {
  return sort === 'name' ? String(key) : Number(key);
}

function toApiToolFromPageRow(row: PageRow): Tool {
  return toApiTool({
    id: row.id,
    name: row.name,
    priceCents: row.price_cents,
    image: row.image,
    description: row.description,
    minQty: row.min_qty,
    availableQty: row.available_qty,
    slug: row.slug,
    sku: row.sku,
    categoryId: row.category_id,
    taxClass: row.tax_class,
  });
}

