import { inArray, sql } from 'drizzle-orm';
import type { AppTransaction } from '../db/client';
import { tools, toolSlugRedirects } from '../db/schema';
import { slugFromName } from './slugs';

/**
 * How a tool is named beyond its name: its address (slug) and its part number (SKU). Both are
 * unique; these helpers find free ones for a batch of new tools in a few queries, whatever the
 * batch's size (the seed, the import, the tests' factories), and the unique indexes stay the
 * judges when two writers race (tools_slug_unique, tools_sku_idx).
 */

/** The addresses a batch may not take: every tool's, and every old address still pointing at a tool. */
export class SlugAllocator {
  private readonly taken: Set<string>;

  constructor(taken: Iterable<string>) {
    this.taken = new Set(taken);
  }

  /** Loads the addresses that start like any of `bases` (all a batch could collide with). */
  static async forBases(tx: AppTransaction, bases: readonly string[]): Promise<SlugAllocator> {
    if (bases.length === 0) return new SlugAllocator([]);
    const patterns = [...new Set(bases)].map((base) => `${base}%`);
    const [current, old] = await Promise.all([
      tx.select({ slug: tools.slug }).from(tools).where(sql`${tools.slug} like any(${sqlTextArray(patterns)})`),
      tx.select({ slug: toolSlugRedirects.slug }).from(toolSlugRedirects).where(sql`${toolSlugRedirects.slug} like any(${sqlTextArray(patterns)})`),
    ]);
    return new SlugAllocator([...current, ...old].map((row) => row.slug));
  }

  isTaken(slug: string): boolean {
    return this.taken.has(slug);
  }

  /** The first free of `base`, `base-2`, `base-3` ..., now taken. */
  take(base: string): string {
    let candidate = base;
    for (let n = 2; this.taken.has(candidate); n += 1) candidate = `${base}-${n}`;
    this.taken.add(candidate);
    return candidate;
  }

  /** A slug chosen by hand, now taken (the caller checked it was free). */
  claim(slug: string): void {
    this.taken.add(slug);
  }

  /** A slug given up (a renamed tool's, when it goes back to a name it had). */
  release(slug: string): void {
    this.taken.delete(slug);
  }
}

/** A text[] parameter both drivers take (node-postgres and PGlite serialise a JS array for `$1::text[]`). */
const sqlTextArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** The address a name makes, with the fallback for a name of no known letters: `tool-<sku>`. */
export const baseSlugFor = (name: string, sku: string) => slugFromName(name, `tool-${sku.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'item'}`);

/** An automatic SKU: TH-01001, TH-01002 ... (the sequence tool_sku_seq). */
const autoSku = (n: number) => `TH-${String(n).padStart(5, '0')}`;

/**
 * `count` SKUs no tool has yet, from the sequence. An admin may have typed one such as TH-01005
 * by hand: those are skipped.
 */
export async function newSkus(tx: AppTransaction, count: number): Promise<string[]> {
  const found: string[] = [];
  while (found.length < count) {
    const wanted = count - found.length;
    const rows = (await tx.execute(sql`select nextval('tool_sku_seq') as n from generate_series(1, ${wanted})`)) as unknown as {
      rows: { n: string | number }[];
    };
    const candidates = rows.rows.map((row) => autoSku(Number(row.n)));
    const clashes = await tx
      .select({ sku: sql<string>`upper(${tools.sku})` })
      .from(tools)
      .where(inArray(sql`upper(${tools.sku})`, candidates));
    const clashing = new Set(clashes.map((row) => row.sku));
    found.push(...candidates.filter((sku) => !clashing.has(sku.toUpperCase())));
  }
  return found;
}
