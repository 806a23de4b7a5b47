/**
 * Scale benchmark: does the store stay fast with 100,000 tools, 10,000 customers and 100,000
 * orders? Catalogue pages (served from memory and, cold, from the database), deep pages by offset
 * and by keyset (`after`), searches and sorts, the admin's order list and the sales overview.
 *
 *   npm run bench:scale                                                   # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale   # PostgreSQL
 *
 * On PostgreSQL it creates a database `store_bench_<pid>` on that server and drops it at the end,
 * also when the run fails or is interrupted. Exits 1 when a latency budget is exceeded or when a
 * catalogue query is planned without its index (a full scan plus sort); 0 otherwise. See docs/bench.md.
 */
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_SORTS, type CatalogueSort } from '../src/shared';
import { buildApp } from '../src/server/app';
// app.changes is declared by the change-bus plugin (a module augmentation of fastify), which the
// type check of scripts reads from the server's declarations only when something imports it.
import type {} from '../src/server/plugins/changes';
import { searchWords, matchesSearch } from '../src/server/catalogue/search-terms';
import { NO_FILTER, pageQuery, searchPlan, type CataloguePageRequest } from '../src/server/catalogue/tools-repository';
import type { AppConfig, DatabaseConfig } from '../src/server/config';
import { createPglite, openDatabase, wrapPglite, type DatabaseHandle } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { adminQuery, databaseUrlFor } from '../tests/support/postgres-admin';
import { BULK_TOOL_COLUMNS, bulkToolValues, createCategory } from '../tests/support/factories';
import { bearer, createAdmin } from '../tests/support/accounts';
import { testConfig } from '../tests/support/test-app';

// ---------------------------------------------------------------------------------------------
// Settings and budgets
// ---------------------------------------------------------------------------------------------

const TOOL_COUNT = 100_000;
const USER_COUNT = 10_000;
const ORDER_COUNT = 100_000;
const WARMUP_RUNS = 5;
const MEASURED_RUNS = 50;

type Driver = DatabaseConfig['kind'];
type BudgetClass = 'firstPage' | 'deepPage' | 'keysetPage' | 'search' | 'dearestSearch' | 'item' | 'adminList' | 'adminSearch' | 'stats';

/** p95 latency budgets in milliseconds, per driver, for one request through `app.inject`. */
const P95_BUDGET_MS: Record<Driver, Record<BudgetClass, number>> = {
  pglite: { firstPage: 50, item: 50, deepPage: 250, keysetPage: 50, search: 250, dearestSearch: 1000, adminList: 150, adminSearch: 600, stats: 600 },
  postgres: { firstPage: 50, item: 50, deepPage: 250, keysetPage: 50, search: 150, dearestSearch: 600, adminList: 100, adminSearch: 400, stats: 400 },
};

/** The page query of `listTools`, as the planner sees it; must walk `tools_created_at_id_idx`. */
const PAGE_QUERY_INDEX = 'tools_created_at_id_idx';

// ---------------------------------------------------------------------------------------------
// Database
// ---------------------------------------------------------------------------------------------

interface BenchDatabase {
  handle: DatabaseHandle;
  description: string;
  /** Closes the connection and, for PostgreSQL, drops the benchmark database. Safe to call twice. */
  dispose(): Promise<void>;
}

async function openBenchDatabase(): Promise<BenchDatabase> {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (!baseUrl) {
    const handle = wrapPglite(await createPglite());
    await migrateDatabase(handle);
    return { handle, description: 'PGlite (in memory)', dispose: once(() => handle.close()) };
  }
  if (!/^postgres(ql)?:\/\//.test(baseUrl)) throw new Error('BENCH_DATABASE_URL must start with postgres:// or postgresql://');

  const name = `store_bench_${process.pid}`;
  const dropDatabase = () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
  await dropDatabase(); // a leftover of a crashed run with the same pid
  await adminQuery(baseUrl, `create database "${name}"`);
  let handle: DatabaseHandle | null = null;
  const dispose = once(async () => {
    try {
      await handle?.close();
    } finally {
      await dropDatabase();
    }
  });
  // Ctrl-C or a kill must not leave the database behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: dropping ${name}`);
      dispose().finally(() => process.exit(130));
    });
  }
  try {
    handle = await openDatabase({ kind: 'postgres', url: databaseUrlFor(baseUrl, name) });
    await migrateDatabase(handle);
  } catch (error) {
    await dispose();
    throw error;
  }
  const server = new URL(baseUrl);
  return { handle, description: `PostgreSQL ${server.host}, database ${name}`, dispose };
}

/** Product kinds the bench names its tools after: one tool in 16 is a multimeter, and so on. */
const KINDS = [
  'Digital Multimeter', 'Soldering Station', 'Screwdriver Kit', 'Wrist Strap Kit', 'Cable Crimper', 'Thermal Camera',
  'Magnifier Lamp', 'Oscilloscope', 'Impact Driver', 'Angle Grinder', 'Torque Wrench', 'Digital Caliper',
  'Drill Press', 'Bottle Jack', 'Bench Vise', 'Distance Meter',
];
/** One tool in RARE_EVERY is a theodolite: a search with few matches. */
const RARE_EVERY = 1_000;

/** The kind of tool number g (1-based, as generate_series numbers them; SQL arrays are 1-based too). */
const kindOf = (g: number) => (g % RARE_EVERY === 0 ? 'Laser Theodolite' : KINDS[g % KINDS.length]!);
/** Tools whose kind has every one of `words`: what a search for them must count. */
function toolsOfKind(...words: string[]): number {
  let n = 0;
  for (let g = 1; g <= TOOL_COUNT; g++) if (words.every((word) => kindOf(g).toLowerCase().includes(word))) n++;
  return n;
}

/** Searches of every reach in that catalogue, and how many tools each must find. */
const SEARCHES = {
  rare: { q: 'theodolite', total: toolsOfKind('theodolite') },
  kind: { q: 'multimeter', total: toolsOfKind('multimeter') },
  twoWords: { q: 'digital multimeter', total: toolsOfKind('digital', 'multimeter') },
  prefix: { q: 'oscillo', total: toolsOfKind('oscillo') },
  everyTool: { q: 'steel', total: TOOL_COUNT },
  nothing: { q: 'zzyzx', total: 0 },
  // Inside words (3 letters or more, trigram index): "meter" in "Multimeter" and "Distance Meter".
  infixRare: { q: 'odolite', total: toolsOfKind('odolite') },
  infixKind: { q: 'meter', total: toolsOfKind('meter') },
  infixTwoWords: { q: 'driver kit', total: toolsOfKind('driver', 'kit') },
  // The dearest search: 8 words (the most kept), each in every tool. The 3 looked for inside
  // words by their stems ("server", "workshop", "alik": LIKEs that read to the end of the text),
  // the other 5 at word starts (one tsquery of 5 prefixes, as before issue 18).
  infixEveryWord: { q: 'servers workshopping alikes dep mad tes erg gri', total: TOOL_COUNT },
};

/**
 * 100,000 tools in one INSERT ... SELECT generate_series: on PGlite about 4x faster than batches
 * of 2,000 rows through `insertTools`, and it works the same on both drivers. The search indexes
 * are dropped for the insert and built again from their own definitions afterwards (a bulk build,
 * as `CREATE INDEX` on a catalogue imported before the migration would be): kept, they are updated
 * row by row and the fill takes many times longer. created_at is one second apart per tool, like the
 * test factories, so the order is total.
 */
async function insertBenchTools(handle: DatabaseHandle, n: number) {
  const indexes = await queryRows(
    handle,
    sql`select indexname, indexdef from pg_indexes where tablename = 'tools' and indexname in (${SEARCH_INDEX}, ${INFIX_INDEX})`,
  );
  for (const { indexname } of indexes) await handle.db.execute(sql`drop index ${sql.identifier(String(indexname))}`);
  const kinds = sql.raw(`array[${KINDS.map((kind) => `'${kind}'`).join(', ')}]`);
  const category = await createCategory(handle.db, 'Bench tools');
  await handle.db.execute(sql`
    insert into tools (name, price_cents, image, description, min_qty, available_qty, created_at, ${BULK_TOOL_COLUMNS})
    select
      kind || ' ' || g,
      1999 + g % 5000,
      '/images/tools/digital-multimeter.svg',
      'A dependable ' || lower(kind) || ' made for testing: hardened steel body, ergonomic grip and a two-year warranty. '
        || 'Built for daily use in workshops and server rooms alike.',
      5,
      100 + g % 50,
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second',
      ${bulkToolValues('bench-tool', category.id)}
    from generate_series(1, ${n}::int) as g
    cross join lateral (
      select case when g % ${RARE_EVERY} = 0 then 'Laser Theodolite' else (${kinds})[1 + g % ${KINDS.length}] end as kind
    ) as k
  `);
  for (const { indexdef } of indexes) await handle.db.execute(sql.raw(String(indexdef)));
  // Planner statistics, as autovacuum would have them on a server that has held the data a while.
  // (PGlite has no autovacuum, so this is also what makes its plans comparable.)
  await handle.db.execute(sql`analyze tools`);
}

/**
 * 10,000 customers and 100,000 orders of the first 1,000 tools over the last 90 days, in the
 * mix a live store has: mostly paid (pending or shipped), some expired, a few unpaid. Rows are
 * written straight into the tables (sign-up's password hashing would take minutes).
 */
async function insertBenchOrders(handle: DatabaseHandle) {
  await handle.db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select 'bench-user-' || g, 'Bench Customer ' || g, 'bench' || g || '@example.com', false, 'customer', now(), now()
    from generate_series(1, ${USER_COUNT}::int) as g
  `);
  await handle.db.execute(sql`
    insert into orders (id, user_id, name, email, address, phone, total_cents, paid, status, transaction_id, created_at, paid_at, shipped_at, expired_at)
    select
      md5('bench-order-' || g)::uuid,
      'bench-user-' || (1 + g % ${USER_COUNT}),
      'Bench Customer ' || (1 + g % ${USER_COUNT}),
      'bench' || (1 + g % ${USER_COUNT}) || '@example.com',
      g || ' Bench Street', '555-0100',
      (1999 + g % 500) * (1 + g % 5),
      g % 20 >= 2,
      case when g % 20 < 1 then null when g % 20 < 2 then 'expired' when g % 20 < 12 then 'pending' else 'shipped' end,
      case when g % 20 >= 2 then 'bench-txn-' || g end,
      at, case when g % 20 >= 2 then at + interval '5 minutes' end,
      case when g % 20 >= 12 then at + interval '2 days' end,
      case when g % 20 = 1 then at + interval '30 minutes' end
    from generate_series(1, ${ORDER_COUNT}::int) as g
    cross join lateral (select now() - (g % 129600) * interval '1 minute' - interval '1 hour' as at) as times
  `);
  // One line each, of one of the first 1,000 tools.
  await handle.db.execute(sql`
    with numbered as (select id, row_number() over (order by created_at, id) as n from tools order by created_at, id limit 1000)
    insert into order_lines (order_id, position, tool_id, product_name, product_image, description, price_cents, quantity)
    select md5('bench-order-' || g)::uuid, 0, t.id, 'Bench Tool', '/images/tools/digital-multimeter.svg', 'A benchmark order.', 1999 + g % 500, 1 + g % 5
    from generate_series(1, ${ORDER_COUNT}::int) as g
    join numbered t on t.n = 1 + g % 1000
  `);
  await handle.db.execute(sql`analyze "user"`);
  await handle.db.execute(sql`analyze orders`);
}

async function queryRows(handle: DatabaseHandle, query: SQL): Promise<Record<string, unknown>[]> {
  // Both drivers answer db.execute with an object carrying `rows`.
  const result = (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

interface Case {
  label: string;
  url: string;
  budget: BudgetClass;
  /** How many items the answer must hold (a list) or null (a single tool). */
  expectItems: number | null;
  /** The total the list must announce (X-Total-Count); the catalogue's by default. */
  expectTotal?: number;
  headers?: Record<string, string>;
  /**
   * Drop the process's catalogue answers before each request, as a stock change does: the database
   * path. `with counts`: drop the cached counts too, as a tool added or deleted does.
   */
  cold?: boolean | 'with counts';
}

interface Measured extends Case {
  medianMs: number;
  p95Ms: number;
  budgetMs: number;
}

async function measure(app: FastifyInstance, c: Case, budgetMs: number): Promise<Measured> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + MEASURED_RUNS; i++) {
    // A stock change drops the catalogue's answers but keeps its counts (they follow tool changes only).
    if (c.cold) app.changes.changedHere([c.cold === 'with counts' ? 'tools' : 'stock']);
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: c.url, headers: c.headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`GET ${c.url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    }
    if (i === 0) checkAnswer(c, response.json(), response.headers['x-total-count']);
    if (i >= WARMUP_RUNS) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { ...c, medianMs: median(times), p95Ms: percentile(times, 0.95), budgetMs };
}

function checkAnswer(c: Case, body: unknown, totalHeader: unknown) {
  if (c.expectItems === null) {
    if (typeof body !== 'object' || body === null) throw new Error(`GET ${c.url}: not an object`);
    return;
  }
  if (!Array.isArray(body) || body.length !== c.expectItems) {
    throw new Error(`GET ${c.url}: expected ${c.expectItems} items, got ${Array.isArray(body) ? body.length : typeof body}`);
  }
  const expectedTotal = c.expectTotal ?? TOOL_COUNT;
  if (String(totalHeader) !== String(expectedTotal)) {
    throw new Error(`GET ${c.url}: X-Total-Count is ${String(totalHeader)}, expected ${expectedTotal}`);
  }
}

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Median time of a bare SQL statement (no HTTP, no mapping): shows where request time goes. */
async function timeQuery(handle: DatabaseHandle, query: SQL): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + MEASURED_RUNS; i++) {
    const started = performance.now();
    await handle.db.execute(query);
    if (i >= WARMUP_RUNS) times.push(performance.now() - started);
  }
  return median(times.sort((a, b) => a - b));
}

// ---------------------------------------------------------------------------------------------
// Keyset pages and searches
// ---------------------------------------------------------------------------------------------

/** The columns the catalogue's own queries read (not the search document). */
const API_COLUMNS = sql.raw('id, name, price_cents, image, description, min_qty, available_qty');
const SORT_INDEX: Record<CatalogueSort, string> = {
  catalogue: 'tools_created_at_id_idx',
  newest: 'tools_created_at_id_idx',
  price_asc: 'tools_price_id_idx',
  price_desc: 'tools_price_id_idx',
  name: 'tools_name_id_idx',
};
const SEARCH_INDEX = 'tools_search_idx';
const INFIX_INDEX = 'tools_search_trgm_idx';

/** The `x-next-cursor` of the page that ends just before row `offset` (0-based) of `query`. */
async function cursorBefore(app: FastifyInstance, query: string, offset: number): Promise<string> {
  const limit = 24;
  const res = await app.inject({ method: 'GET', url: `/api/items?${query}&limit=${limit}&offset=${offset - limit}` });
  const cursor = res.headers['x-next-cursor'];
  if (res.statusCode !== 200 || typeof cursor !== 'string') throw new Error(`no cursor for ${query} at ${offset}: ${res.statusCode}`);
  return cursor;
}

/**
 * Deep pages of every order by keyset, cold: the middle and the last page of 100,000. Each is
 * first checked to hold the same tools as the same page by offset.
 */
async function keysetCases(app: FastifyInstance): Promise<Case[]> {
  const cases: Case[] = [];
  for (const sort of CATALOGUE_SORTS) {
    for (const [where, offset, limit] of [['middle', TOOL_COUNT / 2, 24], ['last', TOOL_COUNT - 100, 100]] as const) {
      const after = await cursorBefore(app, `sort=${sort}`, offset);
      const url = `/api/items?sort=${sort}&limit=${limit}&after=${after}`;
      const [byCursor, byOffset] = await Promise.all(
        [url, `/api/items?sort=${sort}&limit=${limit}&offset=${offset}`].map((u) => app.inject({ method: 'GET', url: u })),
      );
      if (byCursor!.body !== byOffset!.body) throw new Error(`${url}: not the page offset ${offset} gives`);
      cases.push({ label: `${where} page by keyset, ${sort}, cold`, url, budget: 'keysetPage', expectItems: limit, cold: true });
    }
  }
  return cases;
}

/** The first page of searches of every reach, with their counts cached and, worst case, not. */
function searchCases(): Case[] {
  const cases: Case[] = [];
  const sorted: [keyof typeof SEARCHES, CatalogueSort][] = [
    ['rare', 'catalogue'], ['kind', 'price_asc'], ['twoWords', 'newest'], ['prefix', 'name'], ['everyTool', 'price_desc'], ['everyTool', 'name'], ['nothing', 'catalogue'],
    ['infixRare', 'catalogue'], ['infixKind', 'catalogue'], ['infixKind', 'price_asc'], ['infixTwoWords', 'name'], ['infixEveryWord', 'newest'],
  ];
  for (const [name, sort] of sorted) {
    const { q, total } = SEARCHES[name];
    const url = `/api/items?q=${encodeURIComponent(q)}&sort=${sort}&limit=24`;
    // The dearest search counts every tool against 8 words: paid once per search (the count
    // cache), it has a ceiling of its own (docs/bench.md); its page must still be a walk.
    const budget = name === 'infixEveryWord' ? ('dearestSearch' as const) : ('search' as const);
    const base = { url, budget, expectItems: Math.min(24, total), expectTotal: total };
    cases.push({ ...base, budget: 'search', label: `search "${q}" (${total}), ${sort}, cold`, cold: true });
    cases.push({ ...base, label: `search "${q}" (${total}), ${sort}, cold with its count`, cold: 'with counts' });
  }
  return cases;
}

/** Deep pages of a search by keyset: the middle of one kind's tools, and of every tool. */
async function deepSearchCases(app: FastifyInstance): Promise<Case[]> {
  const cases: Case[] = [];
  for (const [name, sort] of [['kind', 'price_asc'], ['everyTool', 'name'], ['infixKind', 'price_asc']] as const) {
    const { q, total } = SEARCHES[name];
    const query = `q=${encodeURIComponent(q)}&sort=${sort}`;
    const after = await cursorBefore(app, query, Math.floor(total / 2));
    cases.push({
      label: `search "${q}", middle page by keyset, ${sort}, cold`,
      url: `/api/items?${query}&limit=24&after=${after}`,
      budget: 'search',
      expectItems: 24,
      expectTotal: total,
      cold: true,
    });
  }
  return cases;
}

/** The plans of the app's keyset and search statements, with the index each must use. */
async function catalogueQueryPlans(handle: DatabaseHandle): Promise<{ label: string; index: string; plan: string }[]> {
  const middleOf = async (sort: CatalogueSort) => {
    const order = sort === 'newest' || sort === 'price_desc' ? 'desc' : 'asc';
    const key = { catalogue: 'created_at', newest: 'created_at', price_asc: 'price_cents', price_desc: 'price_cents', name: 'lower(name)' }[sort];
    const [row] = await queryRows(
      handle,
      sql`select id, (extract(epoch from created_at) * 1000000)::bigint::text as micros, price_cents, lower(name) as lower_name
          from tools order by ${sql.raw(key)} ${sql.raw(order)}, id ${sql.raw(order)} offset ${TOOL_COUNT / 2} limit 1`,
    );
    const value = sort === 'name' ? String(row!.lower_name) : sort.startsWith('price') ? Number(row!.price_cents) : Number(row!.micros);
    return { sort, key: value, id: String(row!.id) };
  };
  const page = (sort: CatalogueSort, q: string, after: CataloguePageRequest['after']): CataloguePageRequest => ({
    limit: 24, offset: 0, sort, after, words: searchWords(q), filter: NO_FILTER, sku: null,
  });
  const checks: { label: string; index: string; plan: string }[] = [];
  for (const sort of CATALOGUE_SORTS) {
    checks.push({
      label: `keyset page, ${sort}, from the middle`,
      index: SORT_INDEX[sort],
      plan: await explain(handle, pageQuery(page(sort, '', await middleOf(sort)), 'walk')),
    });
  }
  const kind = SEARCHES.kind.q;
  checks.push({
    label: `count of the search "${kind}"`,
    index: INFIX_INDEX,
    plan: await explain(handle, sql`select count(*) from tools where ${matchesSearch(searchWords(kind))}`),
  });
  checks.push({
    label: 'count of the search "os" (two letters: word starts)',
    index: SEARCH_INDEX,
    plan: await explain(handle, sql`select count(*) from tools where ${matchesSearch(searchWords('os'))}`),
  });
  for (const name of ['infixRare', 'infixKind'] as const) {
    const { q, total } = SEARCHES[name];
    checks.push({
      label: `count of the search "${q}" (inside words)`,
      index: INFIX_INDEX,
      plan: await explain(handle, sql`select count(*) from tools where ${matchesSearch(searchWords(q))}`),
    });
    const plan = searchPlan(total, TOOL_COUNT);
    checks.push({
      label: `search "${q}" (${plan}, inside words), price_asc`,
      index: plan === 'collect' ? INFIX_INDEX : SORT_INDEX.price_asc,
      plan: await explain(handle, pageQuery(page('price_asc', q, null), plan)),
    });
  }
  checks.push({
    label: `search "${kind}" (${searchPlan(SEARCHES.kind.total, TOOL_COUNT)}), price_asc`,
    index: INFIX_INDEX,
    plan: await explain(handle, pageQuery(page('price_asc', kind, null), searchPlan(SEARCHES.kind.total, TOOL_COUNT))),
  });
  const every = SEARCHES.everyTool.q;
  checks.push({
    label: `search "${every}" (${searchPlan(SEARCHES.everyTool.total, TOOL_COUNT)}), price_desc`,
    index: SORT_INDEX.price_desc,
    plan: await explain(handle, pageQuery(page('price_desc', every, null), searchPlan(SEARCHES.everyTool.total, TOOL_COUNT))),
  });
  // Several words: the planner guesses few matches, yet must walk (tools-repository.ts pageQuery).
  const many = SEARCHES.infixEveryWord.q;
  checks.push({
    label: `search "${many}" (${searchPlan(SEARCHES.infixEveryWord.total, TOOL_COUNT)}), newest`,
    index: SORT_INDEX.newest,
    plan: await explain(handle, pageQuery(page('newest', many, null), searchPlan(SEARCHES.infixEveryWord.total, TOOL_COUNT))),
  });
  return checks;
}

async function explain(handle: DatabaseHandle, query: SQL): Promise<string> {
  return (await queryRows(handle, sql`explain ${query}`)).map((r) => String(r['QUERY PLAN'])).join('\n');
}

const sortsAScan = (plan: string) => /\bSort\b/.test(plan) && /Seq Scan on tools\b/.test(plan);

function printPlan(label: string, plan: string) {
  console.log(`EXPLAIN ${label}`);
  console.log(plan.replace(/^/gm, '  ') + '\n');
}

// ---------------------------------------------------------------------------------------------
// The admin's order list, searched and sorted, and its CSV exports (issue 18)
// ---------------------------------------------------------------------------------------------

/**
 * Manage Orders' searches and sorts. An order number is one probe of its unique index; any other
 * search reads every order and line once (substrings have no b-tree index; one search a click,
 * not a key press): its own budget, `adminSearch`. Sorts other than placed and number sort their
 * matches, and a deep page of one sorts them all: budgeted as deep pages. (bench7777 is one buyer's 10 orders; 'customer 777' the 110
 * of customers 777 and 7770–7779, of which 30 wait to ship; every line is a 'Bench Tool'.)
 */
function adminListCases(admin: Record<string, string>): Case[] {
  const list = (label: string, query: string, expectItems: number, expectTotal: number, budget: BudgetClass = 'adminList'): Case => ({
    label: `admin orders, ${label}`,
    url: `/api/orders?limit=20&${query}`,
    budget,
    expectItems,
    expectTotal,
    headers: admin,
  });
  return [
    list('by number', `q=TH-${100_000 + ORDER_COUNT / 2}`, 1, 1),
    list('search, part of an email', 'q=bench7777', 10, 10, 'adminSearch'),
    list('search, part of a name', 'q=customer%20777', 20, 110, 'adminSearch'),
    list('search and state', 'q=customer%20777&state=pending', 20, 30, 'adminSearch'),
    list('search, a tool on every order', 'q=bench%20tool', 20, ORDER_COUNT, 'adminSearch'),
    list('search, nothing', 'q=zzyzx', 0, 0, 'adminSearch'),
    list('by total', 'sort=total', 20, ORDER_COUNT),
    list('by total, deep', 'sort=total&dir=asc&offset=50000', 20, ORDER_COUNT, 'deepPage'),
    list('by buyer', 'sort=buyer', 20, ORDER_COUNT),
    list('by status', 'sort=status', 20, ORDER_COUNT),
    list('by payment', 'sort=paid', 20, ORDER_COUNT),
    list('by number, ascending', 'sort=number&dir=asc', 20, ORDER_COUNT),
  ];
}

/**
 * A whole export may take this long (it streams: the download starts with the first page). Orders
 * without an index of their own (by total, by buyer ...) sort their matches once a page: docs/bench.md.
 */
const EXPORT_BUDGET_MS: Record<Driver, number> = { pglite: 60_000, postgres: 30_000 };
/** How much the JavaScript heap may grow while one streams: a few pages, never the file. */
const EXPORT_HEAP_BUDGET_MB = 60;

/**
 * The CSV exports, once each (each reads all of its rows): time, size, and the heap's growth while
 * streaming, read as a stream through `app.inject` so that nothing holds the whole file. Answers
 * the checks that failed.
 */
async function measureExports(app: FastifyInstance, admin: Record<string, string>, driver: Driver): Promise<string[]> {
  const exports = [
    { label: 'orders, newest first', url: '/api/orders.csv', rows: ORDER_COUNT },
    { label: 'orders by total', url: '/api/orders.csv?sort=total', rows: ORDER_COUNT },
    { label: 'orders by buyer', url: '/api/orders.csv?sort=buyer', rows: ORDER_COUNT },
    { label: "orders matching 'customer 777'", url: '/api/orders.csv?q=customer%20777', rows: 110 },
    { label: "orders matching 'bench tool' (all)", url: '/api/orders.csv?q=bench%20tool&sort=total', rows: ORDER_COUNT },
    { label: 'customers', url: '/api/users.csv', rows: USER_COUNT + 1 },
  ];
  const failures: string[] = [];
  const table: string[][] = [];
  for (const e of exports) {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    try {
      const response = await app.inject({ method: 'GET', url: e.url, headers: admin, payloadAsStream: true });
      if (response.statusCode !== 200) throw new Error(`GET ${e.url} answered ${response.statusCode}`);
      for await (const chunk of response.stream()) {
        const buffer = chunk as Buffer;
        bytes += buffer.length;
        for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines += 1;
      }
    } finally {
      clearInterval(sampler);
    }
    const elapsed = performance.now() - started;
    const heapMb = (peak - before) / 2 ** 20;
    table.push([e.label, `GET ${e.url}`, String(lines - 1), (bytes / 2 ** 20).toFixed(1), ms(elapsed), heapMb.toFixed(1)]);
    if (lines - 1 !== e.rows) failures.push(`${e.label} (GET ${e.url}): ${lines - 1} rows, expected ${e.rows}`);
    if (elapsed > EXPORT_BUDGET_MS[driver]) failures.push(`${e.label} (GET ${e.url}): ${ms(elapsed)} ms, budget ${EXPORT_BUDGET_MS[driver]} ms`);
    if (heapMb > EXPORT_HEAP_BUDGET_MB) failures.push(`${e.label} (GET ${e.url}): heap grew ${heapMb.toFixed(1)} MB while streaming, budget ${EXPORT_HEAP_BUDGET_MB} MB`);
  }
  console.log(`\nCSV exports, one run each (budget ${EXPORT_BUDGET_MS[driver]} ms, heap growth < ${EXPORT_HEAP_BUDGET_MB} MB):`);
  printTable(['Export', 'URL', 'rows', 'MB', 'ms', 'heap +MB'], table, new Set([2, 3, 4, 5]));
  return failures;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const ms = (n: number) => n.toFixed(1);

function printTable(headers: string[], rows: string[][], rightAligned: Set<number>) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/**
 * The tests' configuration (log level silent, no web build, relaxed rate limits, ...), so the bench
 * follows new settings as they are added. The database itself is passed to buildApp.
 */
function benchConfig(driver: Driver): AppConfig {
  return testConfig({
    dataDir: '/nonexistent-bench-data-dir',
    database: driver === 'postgres' ? { kind: 'postgres', url: 'postgres://unused' } : { kind: 'pglite', dataDir: null },
  });
}

async function main(): Promise<number> {
  const failures: string[] = [];
  const started = performance.now();
  const database = await openBenchDatabase();
  let app: FastifyInstance | null = null;
  try {
    const { handle } = database;
    const budgets = P95_BUDGET_MS[handle.kind];
    console.log(
      `Scale benchmark: ${TOOL_COUNT.toLocaleString('en-US')} tools, ${USER_COUNT.toLocaleString('en-US')} customers, ` +
        `${ORDER_COUNT.toLocaleString('en-US')} orders on ${database.description}`,
    );
    console.log(`${WARMUP_RUNS} warm-up + ${MEASURED_RUNS} measured requests per case, through app.inject`);
    warnIfBusy();
    console.log();

    const insertStarted = performance.now();
    await insertBenchTools(handle, TOOL_COUNT);
    await insertBenchOrders(handle);
    console.log(`Inserted and analyzed the tools, customers and orders in ${ms(performance.now() - insertStarted)} ms`);
    const [sizes] = await queryRows(
      handle,
      sql`select pg_size_pretty(pg_relation_size('tools')) as heap, pg_size_pretty(pg_relation_size('tools_search_idx')) as search_index,
        pg_size_pretty(pg_relation_size('tools_search_trgm_idx')) as infix_index`,
    );
    console.log(`tools: ${String(sizes!.heap)} of rows, search index ${String(sizes!.search_index)}, trigram index ${String(sizes!.infix_index)}\n`);

    const middle = Math.floor(TOOL_COUNT / 2);
    const [middleRow] = await queryRows(handle, sql`select id from tools order by created_at, id offset ${middle} limit 1`);
    const middleId = String(middleRow?.id);

    // --- Plans ---------------------------------------------------------------------------------
    // The offset page query, then the app's own statements (tools-repository.ts) for keyset pages
    // and searches: each must be read through its index, never by sorting a scan of the table.
    const offsetPlan = await explain(handle, sql`select ${API_COLUMNS} from tools order by created_at, id limit 24 offset 50000`);
    printPlan('offset page: order by created_at, id limit 24 offset 50000', offsetPlan);
    if (sortsAScan(offsetPlan)) failures.push(`the offset page query sorts a sequential scan of tools instead of walking ${PAGE_QUERY_INDEX}`);
    for (const check of await catalogueQueryPlans(handle)) {
      printPlan(check.label, check.plan);
      if (!check.plan.includes(check.index) || sortsAScan(check.plan)) failures.push(`${check.label}: not read through ${check.index}`);
    }

    // --- Requests ---------------------------------------------------------------------------
    app = await buildApp(benchConfig(handle.kind), { database: handle });
    await app.ready();
    const admin = bearer(await createAdmin(app, handle.db, 'Bench Admin'));
    const catalogue: Case[] = [
      { label: 'home page', url: '/api/items?limit=6', budget: 'firstPage', expectItems: 6 },
      { label: 'first page', url: '/api/items?limit=24&offset=0', budget: 'firstPage', expectItems: 24 },
      { label: 'middle page', url: `/api/items?limit=24&offset=${middle}`, budget: 'deepPage', expectItems: 24 },
      { label: 'last page', url: `/api/items?limit=100&offset=${TOOL_COUNT - 100}`, budget: 'deepPage', expectItems: 100 },
      { label: 'one tool', url: `/api/items/${middleId}`, budget: 'item', expectItems: null },
    ];
    const cases: Case[] = [
      ...catalogue,
      ...catalogue.map((c) => ({ ...c, label: `${c.label}, cold`, cold: true })),
      ...(await keysetCases(app)),
      ...searchCases(),
      ...(await deepSearchCases(app)),
      { label: 'admin orders, newest', url: '/api/orders?limit=20', budget: 'adminList', expectItems: 20, expectTotal: ORDER_COUNT, headers: admin },
      { label: 'admin orders, deep', url: '/api/orders?limit=20&offset=50000', budget: 'adminList', expectItems: 20, expectTotal: ORDER_COUNT, headers: admin },
      { label: 'admin orders, to ship', url: '/api/orders?limit=20&state=pending', budget: 'adminList', expectItems: 20, expectTotal: ORDER_COUNT / 2, headers: admin },
      { label: 'admin orders, one buyer', url: '/api/orders?limit=20&email=bench77%40example.com', budget: 'adminList', expectItems: 10, expectTotal: ORDER_COUNT / USER_COUNT, headers: admin },
      ...adminListCases(admin),
      { label: 'sales overview', url: '/api/stats', budget: 'stats', expectItems: null, headers: admin },
    ];
    const results: Measured[] = [];
    for (const c of cases) results.push(await measure(app, c, budgets[c.budget]));

    printTable(
      ['Request', 'URL', 'median ms', 'p95 ms', 'p95 budget', ''],
      results.map((r) => [r.label, `GET ${r.url}`, ms(r.medianMs), ms(r.p95Ms), `< ${r.budgetMs}`, r.p95Ms < r.budgetMs ? 'ok' : 'OVER']),
      new Set([2, 3, 4]),
    );
    for (const r of results) {
      if (r.p95Ms >= r.budgetMs) failures.push(`${r.label} (GET ${r.url}): p95 ${ms(r.p95Ms)} ms, budget ${r.budgetMs} ms`);
    }

    // --- CSV exports, once each ------------------------------------------------------------
    failures.push(...(await measureExports(app, admin, handle.kind)));

    // --- Where the time goes (information only, no budget) ------------------------------
    console.log('\nBare SQL, median ms (no HTTP, no JSON):');
    printTable(
      ['Statement', 'median ms'],
      [
        ['select count(*) from tools', ms(await timeQuery(handle, sql`select count(*) from tools`))],
        ['page: limit 6 offset 0', ms(await timeQuery(handle, sql`select ${API_COLUMNS} from tools order by created_at, id limit 6`))],
        [
          `page: limit 24 offset ${middle}`,
          ms(await timeQuery(handle, sql`select ${API_COLUMNS} from tools order by created_at, id limit 24 offset ${middle}`)),
        ],
        [
          `page: limit 100 offset ${TOOL_COUNT - 100}`,
          ms(await timeQuery(handle, sql`select ${API_COLUMNS} from tools order by created_at, id limit 100 offset ${TOOL_COUNT - 100}`)),
        ],
        // One after the other: PGlite runs one statement at a time, so timing them together adds their waits.
        ...(await mapInTurn(Object.values(SEARCHES), async ({ q }) => [
          `count of a search: ${q}`,
          ms(await timeQuery(handle, sql`select count(*) from tools where ${matchesSearch(searchWords(q))}`)),
        ])),
      ],
      new Set([1]),
    );
  } finally {
    await app?.close();
    await database.dispose();
  }

  console.log(`\nTotal ${ms((performance.now() - started) / 1000)} s`);
  if (failures.length) {
    console.error(`\nFAILED: ${failures.length} check(s) not met:`);
    for (const f of failures) console.error(`  - ${f}`);
    if (os.loadavg()[0]! > os.availableParallelism()) {
      console.error('The machine was busy during the run: rerun on a quiet machine before trusting a latency failure.');
    }
    return 1;
  }
  console.log('\nOK: every request within budget, every catalogue query uses its index.');
  return 0;
}

/** p95 over 50 runs is sensitive to other work on the machine (a test run, a type check): say so. */
function warnIfBusy() {
  const cores = os.availableParallelism();
  const [load1] = os.loadavg();
  console.log(`Machine: ${cores} cores, load average ${load1!.toFixed(2)} (1 min)`);
  if (load1! > cores) {
    console.log(`warning: the load exceeds the core count; latencies (p95 most) will be higher than on a quiet machine`);
  }
}

async function mapInTurn<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await fn(item));
  return results;
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let promise: Promise<void> | null = null;
  return () => (promise ??= fn());
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('\nBenchmark crashed:', error);
    process.exitCode = 1;
  },
);
