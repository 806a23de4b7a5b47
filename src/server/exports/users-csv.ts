import { count, inArray, sql, sum } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { orders, users } from '../db/schema';
import { csvDollars, csvRow, csvTime } from '../lib/csv';

export const USERS_CSV_HEADER = ['Name', 'Email', 'Role', 'Email confirmed', 'Joined at (UTC)', 'Orders', 'Paid total (USD)'] as const;

/** Accounts read per statement, with one grouped count of their orders. */
export const USERS_CSV_PAGE_SIZE = 1000;

interface UserPageRow {
  id: string;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  createdAt: Date;
  /** created_at as text, to the microsecond, for the next page's start. */
  joinedKey: string;
}

/**
 * Every account, oldest first, a page at a time through `user_created_at_idx` (created_at, id):
 * each page starts after the last row of the one before, so memory stays flat and no page re-reads
 * the ones before it.
 */
async function* userPages(db: AppDatabase, pageSize: number): AsyncGenerator<UserPageRow[], void, undefined> {
  let after: { joinedKey: string; id: string } | null = null;
  for (;;) {
    const from: { joinedKey: string; id: string } | null = after;
    const rows: UserPageRow[] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        joinedKey: sql<string>`${users.createdAt}::text`,
      })
      .from(users)
      .where(from ? sql`(${users.createdAt}, ${users.id}) > (${from.joinedKey}::timestamptz, ${from.id})` : undefined)
      .orderBy(users.createdAt, users.id)
      .limit(pageSize);
    if (rows.length === 0) return;
    const last = rows.at(-1)!;
    after = { joinedKey: last.joinedKey, id: last.id };
    yield rows;
    if (rows.length < pageSize) return;
  }
}

/**
 * How many orders each of these accounts placed, and what their paid orders came to; a refunded
 * order's money went back, so it is not counted as paid (as in the Overview's revenue).
 */
async function orderTotalsOf(db: AppDatabase, userIds: string[]) {
  const rows = await db
    .select({
      userId: orders.userId,
      orders: count(),
      paidCents: sum(sql`case when ${orders.paid} and ${orders.status} is distinct from 'refunded' then ${orders.totalCents} else 0 end`).mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId, row]));
}

/** The customers export's body after its header: one chunk of text per page of accounts. */
export async function* usersCsvChunks(db: AppDatabase, pageSize = USERS_CSV_PAGE_SIZE) {
  for await (const page of userPages(db, pageSize)) {
    const totals = await orderTotalsOf(db, page.map((user) => user.id));
    yield page
      .map((user) => {
        const mine = totals.get(user.id);
        return csvRow([
          user.name,
          user.email,
          user.role,
          user.emailVerified ? 'yes' : 'no',
          csvTime(user.createdAt),
          mine?.orders ?? 0,
          csvDollars(mine?.paidCents ?? 0),
        ]);
      })
      .join('');
  }
}
