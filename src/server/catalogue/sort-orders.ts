import { sql, type SQL } from 'drizzle-orm';
import type { CatalogueSort } from '../../shared';
import { toolNameSortKey, tools } from '../db/schema';

/**
 * How each catalogue order reads: a sort key, then the id to break ties, both the same way, so
 * `(key, id)` is unique and a page can start right after the last row of the one before. Each
 * order has an index on `(key, id)` (schema.ts), walked backwards for the descending ones.
 */
export interface SortOrder {
  /** The ORDER BY expression, exactly as the index has it. */
  key: SQL;
  descending: boolean;
  /** The key as a cursor keeps it, read with the row (a number or a string). */
  cursorKey: SQL;
  /** A cursor's key back as a value comparable with `key`. */
  keyValue(key: number | string): SQL;
}

/**
 * created_at to the microsecond: a JavaScript Date keeps only milliseconds, and tools added in one
 * statement share their created_at, so a cursor rounded to the millisecond would repeat or skip rows.
 * `extract` is exact (numeric); 2^53 microseconds reach the year 2255.
 */
const createdMicros = sql`(extract(epoch from ${tools.createdAt}) * 1000000)::bigint`;
// float8 times one microsecond is exact for every integer below 2^53, which the cursor guarantees.
const createdAtFromMicros = (micros: number | string) =>
  sql`(timestamptz 'epoch' + ${Number(micros)}::float8 * interval '1 microsecond')`;

const byCreated = (descending: boolean): SortOrder => ({
  key: sql`${tools.createdAt}`,
  descending,
  cursorKey: createdMicros,
  keyValue: createdAtFromMicros,
});
const byPrice = (descending: boolean): SortOrder => ({
  key: sql`${tools.priceCents}`,
  descending,
  cursorKey: sql`${tools.priceCents}`,
  keyValue: (cents) => sql`${Number(cents)}::integer`,
});

export const SORT_ORDERS: Record<CatalogueSort, SortOrder> = {
  catalogue: byCreated(false),
  newest: byCreated(true),
  price_asc: byPrice(false),
  price_desc: byPrice(true),
  name: {
    key: toolNameSortKey(tools.name),
    descending: false,
    cursorKey: toolNameSortKey(tools.name),
    keyValue: (name) => sql`${String(name)}::text`,
  },
};
