/**
 * Scale benchmark: does the store stay fast with 100,000 tools, 10,000 customers and 100,000
 * orders? Catalogue pages (served from memory and, cold, from the database), the admin's order
 * list and the sales overview.
 *
 *   npm run bench:scale                                                   # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale   # PostgreSQL
 *
 * On PostgreSQL it creates a database `store_bench_<pid>` on that server and drops it at the end,
 * also when the run fails or is interrupted. Exits 1 when a latency budget is exceeded or when the
 * catalogue page query is planned as a full scan plus sort; 0 otherwise. See docs/bench.md.
 */
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import type { AppConfig, DatabaseConfig } from '../src/server/config';
import { openDatabase, wrapPglite, type DatabaseHandle } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { adminQuery, databaseUrlFor } from '../tests/support/postgres-admin';
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
type BudgetClass = 'firstPage' | 'deepPage' | 'item' | 'adminList' | 'stats';

/** p95 latency budgets in milliseconds, per driver, for one request through `app.inject`. */
const P95_BUDGET_MS: Record<Driver, Record<BudgetClass, number>> = {
  pglite: { firstPage: 50, item: 50, deepPage: 250, adminList: 150, stats: 600 },
  postgres: { firstPage: 50, item: 50, deepPage: 250, adminList: 100, stats: 400 },
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
    const handle = wrapPglite(await PGlite.create());
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

/**
 * 100,000 tools in one INSERT ... SELECT generate_series: on PGlite about 4x faster than batches
 * of 2,000 rows through `insertTools` (1.7 s vs 7.6 s here), and it works the same on both drivers.
 * created_at is one second apart per tool, like the test factories, so the order is total.
 */
async function insertBenchTools(handle: DatabaseHandle, n: number) {
  await handle.db.execute(sql`
    insert into tools (name, price_cents, image, description, min_qty, available_qty, created_at)
    select
      'Bench Tool ' || g,
      1999 + g % 5000,
      '/images/tools/digital-multimeter.svg',
      'A dependable tool made for testing: hardened steel body, ergonomic grip and a two-year warranty. '
        || 'Built for daily use in workshops and server rooms alike.',
      5,
      100 + g % 50,
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second'
    from generate_series(1, ${n}::int) as g
  `);
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
    with numbered as (select id, row_number() over (order by created_at, id) as n from tools order by created_at, id limit 1000)
    insert into orders (user_id, tool_id, name, email, address, phone, product_name, product_image, description,
                        price_cents, quantity, paid, status, transaction_id, created_at, paid_at, shipped_at, expired_at)
    select
      'bench-user-' || (1 + g % ${USER_COUNT}),
      t.id,
      'Bench Customer ' || (1 + g % ${USER_COUNT}),
      'bench' || (1 + g % ${USER_COUNT}) || '@example.com',
      g || ' Bench Street', '555-0100', 'Bench Tool', '/images/tools/digital-multimeter.svg', 'A benchmark order.',
      1999 + g % 500, 1 + g % 5,
      g % 20 >= 2,
      case when g % 20 < 1 then null when g % 20 < 2 then 'expired' when g % 20 < 12 then 'pending' else 'shipped' end,
      case when g % 20 >= 2 then 'bench-txn-' || g end,
      at, case when g % 20 >= 2 then at + interval '5 minutes' end,
      case when g % 20 >= 12 then at + interval '2 days' end,
      case when g % 20 = 1 then at + interval '30 minutes' end
    from generate_series(1, ${ORDER_COUNT}::int) as g
    join numbered t on t.n = 1 + g % 1000
    cross join lateral (select now() - (g % 129600) * interval '1 minute' - interval '1 hour' as at) as times
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
  /** Drop the process's catalogue answers before each request, as a stock change does: the database path. */
  cold?: boolean;
}

interface Measured extends Case {
  medianMs: number;
  p95Ms: number;
  budgetMs: number;
}

async function measure(app: FastifyInstance, c: Case, budgetMs: number): Promise<Measured> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + MEASURED_RUNS; i++) {
    // A stock change drops the catalogue's answers but keeps its count (that follows tool changes only).
    if (c.cold) app.changes.changedHere(['stock']);
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
    console.log(`Inserted and analyzed the tools, customers and orders in ${ms(performance.now() - insertStarted)} ms\n`);

    const middle = Math.floor(TOOL_COUNT / 2);
    const [middleRow] = await queryRows(handle, sql`select id from tools order by created_at, id offset ${middle} limit 1`);
    const middleId = String(middleRow?.id);

    // --- Plan of the page query -----------------------------------------------------------
    const planRows = await queryRows(handle, sql`explain select * from tools order by created_at, id limit 24 offset 50000`);
    const plan = planRows.map((r) => String(r['QUERY PLAN'])).join('\n');
    console.log('EXPLAIN select * from tools order by created_at, id limit 24 offset 50000');
    console.log(plan.replace(/^/gm, '  ') + '\n');
    if (/\bSort\b/.test(plan) && /Seq Scan on tools\b/.test(plan)) {
      failures.push(`the page query sorts a sequential scan of tools instead of walking ${PAGE_QUERY_INDEX}`);
    } else if (!plan.includes(PAGE_QUERY_INDEX)) {
      console.log(`note: the plan does not name ${PAGE_QUERY_INDEX}\n`);
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
      { label: 'admin orders, newest', url: '/api/orders?limit=20', budget: 'adminList', expectItems: 20, expectTotal: ORDER_COUNT, headers: admin },
      { label: 'admin orders, deep', url: '/api/orders?limit=20&offset=50000', budget: 'adminList', expectItems: 20, expectTotal: ORDER_COUNT, headers: admin },
      { label: 'admin orders, to ship', url: '/api/orders?limit=20&state=pending', budget: 'adminList', expectItems: 20, expectTotal: ORDER_COUNT / 2, headers: admin },
      { label: 'admin orders, one buyer', url: '/api/orders?limit=20&email=bench77%40example.com', budget: 'adminList', expectItems: 10, expectTotal: ORDER_COUNT / USER_COUNT, headers: admin },
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

    // --- Where the time goes (information only, no budget) ------------------------------
    console.log('\nBare SQL, median ms (no HTTP, no JSON):');
    printTable(
      ['Statement', 'median ms'],
      [
        ['select count(*) from tools', ms(await timeQuery(handle, sql`select count(*) from tools`))],
        ['page: limit 6 offset 0', ms(await timeQuery(handle, sql`select * from tools order by created_at, id limit 6`))],
        [
          `page: limit 24 offset ${middle}`,
          ms(await timeQuery(handle, sql`select * from tools order by created_at, id limit 24 offset ${middle}`)),
        ],
        [
          `page: limit 100 offset ${TOOL_COUNT - 100}`,
          ms(await timeQuery(handle, sql`select * from tools order by created_at, id limit 100 offset ${TOOL_COUNT - 100}`)),
        ],
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
  console.log('\nOK: every request within budget, page query uses the index.');
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
