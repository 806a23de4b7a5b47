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

type AnySlugColumn = typeof tools.slug | typeof toolSlugRedirects.slug;
/** Up to this many bases, SlugAllocator.forBases reads the addresses starting like one. */
const FEW_BASES = 50;
/** Held by the transaction that allocates addresses, until it ends (pg_advisory_xact_lock). */
const SLUG_ALLOCATION_LOCK_KEY = 7_145_002_024;

/** The addresses a batch may not take: every tool's, and every old address still pointing at a tool. */
export class SlugAllocator {
  private readonly taken: Set<string>;

  constructor(taken: Iterable<string>) {
    this.taken = new Set(taken);
  }

  /**
   * Loads the addresses a batch could collide with: each of `bases`, and `base-N` of each, among
   * the tools' and the old addresses. A few bases: the addresses starting like one (`like any`, a
   * cheap test a row). Many (an import): `like any` would compare every address with every
   * pattern (6 s for 10,000 tools on PGlite), so each address, and the address with its `-N` taken
   * off, is looked up in the list once (hashed), whatever its length.
   *
   * One transaction at a time allocates: two that read the same address as free would both take
   * it, and the unique index would refuse the second with a 409 for an address nobody chose (two
   * admins adding tools of one name at once). The lock is held until the caller's transaction
   * ends, so the next one reads the addresses the first has taken. Callers that lock tool rows
   * (an edit, the import) lock them before this, never after.
   */
  static async forBases(tx: AppTransaction, bases: readonly string[]): Promise<SlugAllocator> {
    if (bases.length === 0) return new SlugAllocator([]);
    await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_ALLOCATION_LOCK_KEY})`);
    const unique = [...new Set(bases)];
    const mayCollide =
      unique.length <= FEW_BASES
        ? (slug: AnySlugColumn) => sql`${slug} like any(${sqlTextArray(unique.map((base) => `${base}%`))})`
        : (slug: AnySlugColumn) => {
            const list = sqlTextArray(unique);
            return sql`${slug} in (select unnest(${list})) or regexp_replace(${slug}, '-[0-9]+$', '') in (select unnest(${list}))`;
          };
    // One after the other: a transaction is one connection, and node-postgres deprecates (and pg 9
    // refuses) a query sent while another runs on it; in parallel they would gain nothing anyway.
    const current = await tx.select({ slug: tools.slug }).from(tools).where(mayCollide(tools.slug));
    const old = await tx.select({ slug: toolSlugRedirects.slug }).from(toolSlugRedirects).where(mayCollide(toolSlugRedirects.slug));
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
export const sqlTextArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

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
