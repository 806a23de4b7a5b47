import { and, count, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderSort, AdminOrdersFilter, AdminOrdersQuery, OrderState, SortDirection } from '../../shared';
import { ADMIN_ORDER_SORT_FIRST_DIR, parseOrderNumber } from '../../shared';
import type { AppDatabase } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { withLines, type OrderRow, type OrderWithLines } from './orders-repository';

/**
 * The admin's order list (Manage Orders) and the walk over the same list that the CSV export
 * reads: one filter (state, search, buyer) and one order, so a download holds exactly what the
 * list shows.
 */

/**
 * Each state as the conditions the `orders_state_created_idx` index (paid, status, created_at)
 * serves. `paid` is implied by the status (pending and shipped orders are paid, expired ones never
 * were) but is spelled out so the index's leading column is used.
 */
const STATE_CONDITIONS: Record<OrderState, SQL> = {
  unpaid: and(eq(orders.paid, false), isNull(orders.status))!,
  pending: and(eq(orders.paid, true), eq(orders.status, 'pending'))!,
  shipped: and(eq(orders.paid, true), eq(orders.status, 'shipped'))!,
  expired: and(eq(orders.paid, false), eq(orders.status, 'expired'))!,
  refunded: and(eq(orders.paid, true), eq(orders.status, 'refunded'))!,
};

/** `%`, `_` and `\` typed by the admin are themselves, not LIKE's wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a search box holds: an order number ('TH-100042', '100042') finds that order through its
 * unique index; any other text is a part of the buyer's name or email, or of the name of a tool on
 * the order, in any case. A b-tree cannot find a part of a text, so such a search reads the orders
 * and the lines once each (the lines' matches collected as one set, not probed order by order):
 * about 100 ms on PostgreSQL and 200 ms on the embedded database at 100,000 orders, whatever it
 * matches (docs/bench.md). Trigram indexes (pg_trgm) on the three columns would make it a few ms.
 */
function searchCondition(q: string): SQL {
  const number = parseOrderNumber(q);
  if (number !== null) return eq(orders.number, number);
  const pattern = `%${likeLiteral(q)}%`;
  return or(
    ilike(orders.name, pattern),
    // Emails are kept in lower case (sign-up lowers them; the exact `email` filter relies on it
    // too), and a plain LIKE reads them about three times faster than ILIKE.
    like(orders.email, pattern.toLowerCase()),
    sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines} where ${orderLines.productName} ilike ${pattern})`,
  )!;
}

export function adminOrdersWhere(filter: Pick<AdminOrdersFilter, 'state' | 'q' | 'email'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(STATE_CONDITIONS[filter.state]);
  if (filter.email) conditions.push(eq(orders.email, filter.email));
  if (filter.q) conditions.push(searchCondition(filter.q));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One part of a sort: the expression rows are ordered by, and the type its text form is read back as. */
interface SortKey {
  expression: SQL;
  type: 'timestamptz' | 'uuid' | 'bigint' | 'integer' | 'text';
}

/** The lifecycle order of the state filter (ORDER_STATES): unpaid, pending, shipped, expired, refunded. */
const stateRank = sql`(case when ${orders.status} is null then 0 when ${orders.status} = 'pending' then 1
  when ${orders.status} = 'shipped' then 2 when ${orders.status} = 'expired' then 3 else 4 end)`;

const byNumber: SortKey = { expression: sql`${orders.number}`, type: 'bigint' };

/**
 * Each column's order as keys all read the same way, ending with a unique one, so that (keys)
 * order every row and a walk can start right after the last row it read. Ties are broken by the
 * order number: the order they were placed in. Placed is (created_at, id), the index the list has
 * always been read by (`orders_created_idx`); number has its unique index. The others sort their
 * matches (a scan of the orders per page): an index on (key, number) would let them walk as well.
 */
const SORT_KEYS: Record<AdminOrderSort, SortKey[]> = {
  placed: [
    { expression: sql`${orders.createdAt}`, type: 'timestamptz' },
    { expression: sql`${orders.id}`, type: 'uuid' },
  ],
  number: [byNumber],
  total: [{ expression: sql`${orders.totalCents}`, type: 'integer' }, byNumber],
  buyer: [{ expression: sql`lower(${orders.name})`, type: 'text' }, byNumber],
  status: [{ expression: stateRank, type: 'integer' }, byNumber],
  // Never paid sorts as the earliest payment of all: last when the latest payments come first.
  paid: [{ expression: sql`coalesce(${orders.paidAt}, '-infinity'::timestamptz)`, type: 'timestamptz' }, byNumber],
};

export interface AdminOrderOrder {
  sort: AdminOrderSort;
  /** Absent: the column's own first direction (ADMIN_ORDER_SORT_FIRST_DIR). */
  dir?: SortDirection | undefined;
}

const directionOf = (order: AdminOrderOrder): SortDirection => order.dir ?? ADMIN_ORDER_SORT_FIRST_DIR[order.sort];

function orderByOf(order: AdminOrderOrder): SQL[] {
  const direction = sql.raw(directionOf(order));
  return SORT_KEYS[order.sort].map((key) => sql`${key.expression} ${direction}`);
}

/**
 * One page of the list, by offset (the page numbers of Manage Orders), and how many orders match.
 * Without a text search the page walks an index (or sorts a scan, for the columns without one)
 * and the count is a second, cheap statement. A text search has to read every order and line
 * once; it does that once for both: the matches' ids and sort keys are collected, counted, sorted
 * and cut to the page in one statement, and only the page's rows are read in full. (Left to
 * itself the planner walks the date index row by row checking each, slower than the scan when
 * matches are few, and does it again for the count.)
 */
export async function listAdminOrders(db: AppDatabase, query: AdminOrdersQuery): Promise<{ rows: OrderWithLines[]; total: number }> {
  const where = adminOrdersWhere(query);
  if (query.q && parseOrderNumber(query.q) === null) return searchPage(db, where!, query);
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(...orderByOf(query)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows: await withLines(db, rows), total: totals?.total ?? 0 };
}

async function searchPage(db: AppDatabase, where: SQL, query: AdminOrdersQuery) {
  const keys = SORT_KEYS[query.sort];
  const direction = sql.raw(directionOf(query));
  const keyName = (i: number) => sql.identifier(`k${i}`);
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${orders.id} as id, ${sql.join(keys.map((key, i) => sql`${key.expression} as ${keyName(i)}`), sql`, `)}
      from ${orders} where ${where}
    )
    select id, (select count(*) from matches)::int as total from matches
    order by ${sql.join(keys.map((_key, i) => sql`${keyName(i)} ${direction}`), sql`, `)}
    limit ${query.limit} offset ${query.offset}`)) as unknown as { rows: { id: string; total: number }[] };
  const ids = result.rows.map((row) => row.id);
  // A page past the end has no row to carry the count: count on its own (a hand-typed ?page=99).
  const total = result.rows[0]?.total ?? (query.offset === 0 ? 0 : ((await db.select({ total: count() }).from(orders).where(where))[0]?.total ?? 0));
  if (ids.length === 0) return { rows: [], total };
  const byId = new Map((await db.select().from(orders).where(inArray(orders.id, ids))).map((row) => [row.id, row]));
  // An order deleted between the two statements is left out rather than failing the page.
  return { rows: await withLines(db, ids.flatMap((id) => byId.get(id) ?? [])), total };
}

/** Where a walk stands: the text form of the last row's sort keys (exact, to the microsecond). */
type Position = string[];

/** What the CSV export writes of an order: its own fields and its lines in their order, nothing else. */
const exportFields = {
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  name: orders.name,
  email: orders.email,
  phone: orders.phone,
  address: orders.address,
  totalCents: orders.totalCents,
  subtotalCents: orders.subtotalCents,
  taxCents: orders.taxCents,
  country: orders.country,
  region: orders.region,
  reverseCharge: orders.reverseCharge,
  buyerVatId: orders.buyerVatId,
  paidAt: orders.paidAt,
  transactionId: orders.transactionId,
  shippedAt: orders.shippedAt,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  refundedAt: orders.refundedAt,
  // One probe of the lines' primary key (order_id, position) per order, answered with the row.
  lines: sql<ExportedLine[]>`(select coalesce(json_agg(json_build_array(${orderLines.quantity}, ${orderLines.productName}, ${orderLines.sku})
    order by ${orderLines.position}), '[]'::json) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
};

export interface ExportedOrder {
  number: number;
  createdAt: Date;
  status: OrderRow['status'];
  name: string;
  email: string;
  phone: string;
  address: string;
  totalCents: number;
  subtotalCents: number;
  taxCents: number;
  country: string | null;
  region: string | null;
  reverseCharge: boolean;
  buyerVatId: string | null;
  paidAt: Date | null;
  transactionId: string | null;
  shippedAt: Date | null;
  carrier: string | null;
  trackingNumber: string | null;
  refundedAt: Date | null;
  lines: ExportedLine[];
}

/** [quantity, product name, SKU] of each line, in the order's own order (the SKU null for orders from before SKUs). */
export type ExportedLine = [quantity: number, productName: string, sku: string | null];

/**
 * Every matching order in the list's order, `pageSize` at a time, as the export writes them: each
 * page starts right after the last row of the one before (a row comparison on the sort keys), so
 * no page re-reads the ones before it, as OFFSET would, and orders placed or changed meanwhile are
 * neither repeated nor skipped. Each page is one short statement, so on the embedded database
 * other requests are served between pages. Stop early with `return` (or `break` in `for await`):
 * nothing stays open.
 */
export async function* walkAdminOrders(
  db: AppDatabase,
  filter: AdminOrdersFilter,
  pageSize: number,
): AsyncGenerator<ExportedOrder[], void, undefined> {
  const keys = SORT_KEYS[filter.sort];
  const comparison = sql.raw(directionOf(filter) === 'desc' ? '<' : '>');
  // The keys as text: exact (a Date would drop created_at's microseconds), read back with a cast.
  const position = sql<Position>`array[${sql.join(keys.map((key) => sql`(${key.expression})::text`), sql`, `)}]`;
  const where = adminOrdersWhere(filter);
  let after: Position | null = null;
  for (;;) {
    const from: Position | null = after;
    const start: SQL | undefined = from
      ? sql`(${sql.join(keys.map((key) => key.expression), sql`, `)}) ${comparison}
          (${sql.join(keys.map((key, i) => sql`${from[i]}::${sql.raw(key.type)}`), sql`, `)})`
      : undefined;
    const rows = await db
      .select({ ...exportFields, position })
      .from(orders)
      .where(and(where, start))
      .orderBy(...orderByOf(filter))
      .limit(pageSize);
    if (rows.length === 0) return;
    after = rows.at(-1)!.position;
    yield rows;
    if (rows.length < pageSize) return;
  }
}
