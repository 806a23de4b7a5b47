import { sql } from 'drizzle-orm';
import type { AppTransaction } from '../db/client';
import type { TaxClass } from '../../shared';
import { tools, toolSlugRedirects, type ToolSpecRow } from '../db/schema';
import { baseSlugFor, SlugAllocator, sqlTextArray } from './tool-identity';
import type { ToolRow } from './tools-repository';

/**
 * The import's writes to tools that exist, a statement per thousand tools rather than one per
 * row, so that 10,000 rows take a few statements: their new fields (`update ... from (values
 * ...)`), their new addresses after a rename, and the old addresses kept as redirects. Stock is
 * not written here: stock.ts owns it (setStocks).
 */

/** A tool's columns as the import sets them (all but the stock). */
export interface ToolFields {
  id: string;
  sku: string;
  name: string;
  slug: string;
  priceCents: number;
  description: string;
  minQty: number;
  image: string;
  photos: string[];
  specs: ToolSpecRow[];
  taxClass: TaxClass;
  categoryId: string;
  topCategoryId: string;
}

/** 13 parameters a row: 13,000 a statement, well below PostgreSQL's 65,535. */
const UPDATE_BATCH = 1_000;

export async function updateToolFields(tx: AppTransaction, rows: readonly ToolFields[]): Promise<void> {
  for (let start = 0; start < rows.length; start += UPDATE_BATCH) {
    const values = sql.join(
      rows
        .slice(start, start + UPDATE_BATCH)
        .map(
          (r) =>
            sql`(${r.id}::uuid, ${r.sku}::text, ${r.name}::text, ${r.slug}::text, ${r.priceCents}::integer, ${r.description}::text, ${r.minQty}::integer, ${r.image}::text, ${JSON.stringify(r.photos)}::jsonb, ${JSON.stringify(r.specs)}::jsonb, ${r.taxClass}::text, ${r.categoryId}::uuid, ${r.topCategoryId}::uuid)`,
        ),
      sql`, `,
    );
    await tx
      .update(tools)
      .set({
        sku: sql`v.sku`,
        name: sql`v.name`,
        slug: sql`v.slug`,
        priceCents: sql`v.price_cents`,
        description: sql`v.description`,
        minQty: sql`v.min_qty`,
        image: sql`v.image`,
        photos: sql`v.photos`,
        specs: sql`v.specs`,
        taxClass: sql`v.tax_class`,
        categoryId: sql`v.category_id`,
        topCategoryId: sql`v.top_category_id`,
        updatedAt: sql`now()`,
      })
      .where(sql`${tools.id} = v.id`)
      .from(sql`(values ${values}) as v(id, sku, name, slug, price_cents, description, min_qty, image, photos, specs, tax_class, category_id, top_category_id)`);
  }
}

/**
 * The addresses renamed tools get, as an admin's rename gives one (tools-admin-service.ts): made
 * from the new name, the first free of `base`, `base-2` ...; a tool may go back to an address it
 * had before. Answers the new slug by tool id.
 */
export async function addressesAfterRename(tx: AppTransaction, renamed: readonly { current: ToolRow; name: string }[]): Promise<Map<string, string>> {
  const slugs = new Map<string, string>();
  if (renamed.length === 0) return slugs;
  const bases = renamed.map(({ current, name }) => baseSlugFor(name, current.sku));
  // One after the other: a transaction is one connection, and node-postgres deprecates (and pg 9
  // refuses) a query sent while another runs on it; in parallel they would gain nothing anyway.
  const allocator = await SlugAllocator.forBases(tx, bases);
  const ownOld = await tx
    .select({ slug: toolSlugRedirects.slug, toolId: toolSlugRedirects.toolId })
    .from(toolSlugRedirects)
    .where(sql`${toolSlugRedirects.toolId} = any(${sqlTextArray(renamed.map(({ current }) => current.id))}::uuid[])`);
  const ownerOfOld = new Map(ownOld.map((row) => [row.slug, row.toolId]));
  renamed.forEach(({ current }, i) => {
    const base = bases[i]!;
    if (base === current.slug) slugs.set(current.id, current.slug);
    else if (ownerOfOld.get(base) === current.id) slugs.set(current.id, base);
    else slugs.set(current.id, allocator.take(base));
  });
  return slugs;
}

/** 2 parameters a row. */
const REDIRECT_BATCH = 5_000;

/**
 * Each renamed tool's old address answers with a redirect to its new one; a new address that was
 * an old one of the same tool is no longer a redirect (keepOldAddress, for many tools at once).
 */
export async function keepOldAddresses(tx: AppTransaction, moves: readonly { toolId: string; oldSlug: string; newSlug: string }[]): Promise<void> {
  for (let start = 0; start < moves.length; start += REDIRECT_BATCH) {
    const batch = moves.slice(start, start + REDIRECT_BATCH);
    const back = sql.join(batch.map((m) => sql`(${m.newSlug}::text, ${m.toolId}::uuid)`), sql`, `);
    await tx.delete(toolSlugRedirects).where(sql`(${toolSlugRedirects.slug}, ${toolSlugRedirects.toolId}) in (values ${back})`);
    await tx
      .insert(toolSlugRedirects)
      .values(batch.map((m) => ({ slug: m.oldSlug, toolId: m.toolId })))
      .onConflictDoUpdate({
        target: toolSlugRedirects.slug,
        set: { toolId: sql`excluded.tool_id`, createdAt: sql`now()` },
        setWhere: sql`${toolSlugRedirects.toolId} <> excluded.tool_id`,
      });
  }
}
