import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { CatalogueSort, Tool } from '../../shared';
import { centsToDollars, SEARCH_COUNT_MAX } from '../../shared';
import type { CountStore } from '../catalogue-cache/catalogue-cache';
import type { AppDatabase, AppTransaction } from '../db/client';
import { tools } from '../db/schema';
import { publishChange } from '../lib/change-bus';
import type { CataloguePosition } from './catalogue-cursor';
import { matchesSearch } from './search-terms';
import { SORT_ORDERS, type SortOrder } from './sort-orders';

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;
type ApiToolFields = Pick<ToolRow, 'id' | 'name' | 'priceCents' | 'image' | 'description' | 'minQty' | 'availableQty'>;

export function toApiTool(row: ApiToolFields): Tool {
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

/** One page of the catalogue: which rows, in which order, from where. */
export interface CataloguePageRequest {
  limit: number;
  offset: number;
  sort: CatalogueSort;
  /** The last row of the page before (a keyset cursor), or null to start at `offset`. */
  after: CataloguePosition | null;
  /** Search words (search-terms.ts); none: the whole catalogue. */
  words: readonly string[];
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
  let rows: PageRow[];
  let total: number;
  if (request.words.length === 0) {
    [rows, total] = await Promise.all([pageRows(reader, pageQuery(request, 'walk')), countTools(counts, reader, [])]);
  } else {
    // The matches first: a search matching nothing (what a script inventing searches mostly sends)
    // costs one index probe, and neither the catalogue's count nor a page query.
    const matches = await countTools(counts, reader, request.words);
    total = Math.min(matches, SEARCH_COUNT_MAX);
    const plan = matches > SEARCH_COUNT_MAX ? 'walk' : searchPlan(matches, await countTools(counts, reader, []));
    rows = matches === 0 ? [] : await pageRows(reader, pageQuery(request, plan));
  }
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const next = rows.length > request.limit && last ? { sort: request.sort, key: readKey(request.sort, last.sort_key), id: last.id } : null;
  return { items: page.map(toApiToolFromPageRow), total, next };
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
export function pageQuery(request: CataloguePageRequest, plan: SearchPlan): SQL {
  const order = SORT_ORDERS[request.sort];
  const matches = request.words.length > 0 ? matchesSearch(request.words) : null;
  // Walking, the planner must not trade the walk for collecting and sorting every match: it
  // guesses a search of several words to match a handful of tools (it multiplies each word's
  // guess; 2 words in every tool: 157 of 100,000), where the count says one in ten or more, and
  // then sorts all 100,000. coalesce() hides the condition from its guesses (it assumes half the
  // rows) and from the search indexes; the condition is never null, so no answer changes.
  const search = matches && plan === 'walk' ? sql`coalesce(${matches}, false)` : matches;
  const conditions = [search, request.after ? startsAfter(order, request.after) : null].filter((c): c is SQL => c !== null);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  const take = request.limit + 1;
  const select = sql`select ${tools.id}, ${tools.name}, ${tools.priceCents}, ${tools.image}, ${tools.description},
    ${tools.minQty}, ${tools.availableQty}, ${order.cursorKey} as sort_key from ${tools} where ${where}`;
  if (plan === 'walk' || !search) {
    return sql`${select} order by ${order.key} ${direction}, ${tools.id} ${direction} limit ${take} offset ${request.offset}`;
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

/**
 * How many tools hold every search word, up to SEARCH_COUNT_MAX + 1 (more than the bound: the
 * search matches "many"), or all tools for none, through the count cache.
 */
function countTools(counts: CountStore, reader: Reader, words: readonly string[]): Promise<number> {
  return counts.count(words.join(' '), async () => {
    if (words.length === 0) {
      const [totals] = await reader.select({ total: count() }).from(tools);
      return totals?.total ?? 0;
    }
    const matches = reader.select({ one: sql`1` }).from(tools).where(matchesSearch(words)).limit(SEARCH_COUNT_MAX + 1).as('matches');
    const [totals] = await reader.select({ total: count() }).from(matches);
    return totals?.total ?? 0;
  });
}

interface PageRow {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  description: string;
  min_qty: number;
  available_qty: number;
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
  });
}

/** The columns the API shows, not the search document (a kilobyte a row that nobody reads). */
const apiColumns = {
  id: tools.id,
  name: tools.name,
  priceCents: tools.priceCents,
  image: tools.image,
  description: tools.description,
  minQty: tools.minQty,
  availableQty: tools.availableQty,
};

export async function findTool(db: AppDatabase, id: string): Promise<Tool | null> {
  const [row] = await db.select(apiColumns).from(tools).where(eq(tools.id, id)).limit(1);
  return row ? toApiTool(row) : null;
}

export async function insertTools(db: AppDatabase, rows: NewToolRow[]): Promise<ToolRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const added = await tx.insert(tools).values(rows).returning();
    await publishChange(tx, 'tools');
    return added;
  });
}
