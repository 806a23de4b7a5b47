import { asc, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { categories, tools } from '../db/schema';
import type { RowRange, SitemapCounts } from './sitemap-plan';

/** One address's row: its slug and when it last changed. */
export interface SitemapRow {
  slug: string;
  updatedAt: Date;
}

/** Rows read per statement: a short query each, so memory stays flat and, on the embedded database, other requests are served between pages. */
export const SITEMAP_PAGE_SIZE = 1000;

/** The two tables a sitemap lists, by the columns it reads (both keyed by a uuid id). */
const SOURCES = {
  categories: { table: categories, id: categories.id, slug: categories.slug, updatedAt: categories.updatedAt },
  tools: { table: tools, id: tools.id, slug: tools.slug, updatedAt: tools.updatedAt },
};
export type SitemapSource = keyof typeof SOURCES;

/** What a sitemap request reads first: the counts that plan its files, and the lastmod of home and Our Tools (null: no tools). */
export interface SitemapSummary extends SitemapCounts {
  newestToolChange: Date | null;
}

/**
 * How many categories and tools there are, and when a tool last changed (the lastmod of home and
 * Our Tools, which list them). One statement; the newest change reads the tools' column
 * (no index on it: a sitemap is read rarely, and an index would cost every tool write).
 */
export async function sitemapCounts(db: AppDatabase): Promise<SitemapSummary> {
  const result = (await db.execute(sql`
    select (select count(*) from ${categories})::int as categories,
           (select count(*) from ${tools})::int as tools,
           -- In milliseconds since 1970: a number reads the same from both drivers.
           (select extract(epoch from max(${tools.updatedAt})) * 1000 from ${tools})::float8 as newest_ms`)) as unknown as {
    rows: { categories: number; tools: number; newest_ms: number | null }[];
  };
  const row = result.rows[0]!;
  return { categories: row.categories, tools: row.tools, newestToolChange: row.newest_ms === null ? null : new Date(row.newest_ms) };
}

/**
 * The rows of `range` in id order, a page at a time: the first page starts after the id at the
 * range's start (one OFFSET read of the primary key's index, once), and each next one after the
 * last id of the page before (`where id > last`), so no page re-reads the ones before it. Stop
 * early with `return`: nothing stays open between pages.
 */
export async function* sitemapRows(
  db: AppDatabase,
  source: SitemapSource,
  range: RowRange,
  pageSize = SITEMAP_PAGE_SIZE,
): AsyncGenerator<SitemapRow[], void, undefined> {
  if (range.count <= 0) return;
  const { table, id, slug, updatedAt } = SOURCES[source];
  let after: string | null = null;
  if (range.offset > 0) {
    const [start] = await db.select({ id }).from(table).orderBy(asc(id)).offset(range.offset - 1).limit(1);
    if (!start) return; // fewer rows now than when the file was planned
    after = start.id;
  }
  let left = range.count;
  while (left > 0) {
    const rows = await db
      .select({ id, slug, updatedAt })
      .from(table)
      .where(after === null ? undefined : gt(id, after))
      .orderBy(asc(id))
      .limit(Math.min(pageSize, left));
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    left -= rows.length;
    yield rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt }));
    if (rows.length < pageSize) return;
  }
}
