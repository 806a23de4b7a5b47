import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, type CatalogueSort, type Tool } from '../../shared';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * Deep pages by keyset (`?after=` with the `x-next-cursor` of the page before): following the
 * cursors visits every tool of the list once, in order, for every sort order, searched or not,
 * also where sort keys tie and where times differ by a microsecond.
 */
let t: TestApp;

interface Known {
  id: string;
  name: string;
  priceCents: number;
  /** created_at in microseconds since 1970, as the test set it. */
  createdMicros: bigint;
  description: string;
}
let known: Known[] = [];

/** Times a millisecond cursor would blur (1–3 µs apart, ties) next to a second one later. */
const TWEAKED = [
  { micros: 1, priceCents: 500, name: 'Hammer', description: 'Forged and tempered steel.' },
  { micros: 2, priceCents: 500, name: 'hammer', description: 'Forged head, ash handle.' },
  { micros: 2, priceCents: 700, name: 'Anvil', description: 'Forged and tempered face.' },
  { micros: 2, priceCents: 100, name: 'anvil', description: 'Forged for small work.' },
  { micros: 3, priceCents: 500, name: 'Chisel', description: 'Forged and tempered edge.' },
  { micros: 1000, priceCents: 900, name: 'chisel', description: 'Forged blade.' },
  { micros: 1001, priceCents: 100, name: 'Drill', description: 'Forged bit, tempered shank.' },
  { micros: 5, priceCents: 300, name: 'File', description: 'Forged and hardened.' },
  { micros: 5, priceCents: 300, name: 'file', description: 'Forged and cut by hand.' },
  { micros: 7, priceCents: 300, name: 'Gauge', description: 'Forged frame.' },
  { micros: 8, priceCents: 200, name: 'Hammer', description: 'Cast, not forged? No: machined.' },
  { micros: 9, priceCents: 200, name: 'Jig', description: 'Machined aluminium.' },
];
const FILLERS = 40;
/** 2030-01-01T00:00:00Z in microseconds. */
const BASE_MICROS = BigInt(Date.UTC(2030, 0, 1)) * 1000n;

beforeAll(async () => {
  t = await createTestApp();
  const fillers = await createTools(t.database.db, FILLERS, { priceCents: 100, description: 'A plain catalogue filler.' });
  known = fillers.map((row) => ({ ...row, createdMicros: BigInt(row.createdAt.getTime()) * 1000n }));
  for (const tool of TWEAKED) {
    const [row] = await createTools(t.database.db, 1, { name: tool.name, priceCents: tool.priceCents, description: tool.description });
    const createdMicros = BASE_MICROS + BigInt(tool.micros);
    await t.database.db.execute(
      sql`update tools set created_at = timestamptz 'epoch' + ${Number(createdMicros)}::float8 * interval '1 microsecond' where id = ${row!.id}`,
    );
    known.push({ ...row!, createdMicros });
  }
});
afterAll(() => t.close());

const compare = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const ORDER: Record<CatalogueSort, (a: Known, b: Known) => number> = {
  catalogue: (a, b) => compare(a.createdMicros, b.createdMicros) || compare(a.id, b.id),
  newest: (a, b) => compare(b.createdMicros, a.createdMicros) || compare(b.id, a.id),
  price_asc: (a, b) => a.priceCents - b.priceCents || compare(a.id, b.id),
  price_desc: (a, b) => b.priceCents - a.priceCents || compare(b.id, a.id),
  name: (a, b) => compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.id, b.id),
};
const expectedIds = (sort: CatalogueSort, word?: string) =>
  known
    .filter((tool) => !word || `${tool.name} ${tool.description}`.toLowerCase().includes(word))
    .sort(ORDER[sort])
    .map((tool) => tool.id);

/** Every page of a list by following `x-next-cursor`; checks each page's total and size on the way. */
async function followCursors(query: string, limit: number, expectedTotal: number) {
  const ids: string[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const url = `/api/items?${query}&limit=${limit}${after ? `&after=${after}` : ''}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBe(expectedTotal);
    const page = res.json() as Tool[];
    after = res.headers['x-next-cursor'] as string | undefined;
    // A full page unless it is the last; the last is never empty (unless the list is).
    if (after) expect(page).toHaveLength(limit);
    else if (expectedTotal > 0) expect(page.length).toBeGreaterThan(0);
    ids.push(...page.map((tool) => tool._id));
    pages += 1;
    expect(pages, 'more pages than tools').toBeLessThanOrEqual(expectedTotal + 1);
  } while (after);
  return { ids, pages };
}

describe('following x-next-cursor', () => {
  it.each(CATALOGUE_SORTS)('visits the whole catalogue once, in %s order', async (sort) => {
    const expected = expectedIds(sort);
    const { ids, pages } = await followCursors(`sort=${sort}`, 7, expected.length);
    expect(ids).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 7));
  });

  it.each(CATALOGUE_SORTS)('visits every tool of a common search once, in %s order, a tool a page', async (sort) => {
    const expected = expectedIds(sort, 'forged');
    expect(expected.length).toBeGreaterThan((FILLERS + TWEAKED.length) / 10); // one tool in ten or more
    expect((await followCursors(`sort=${sort}&q=forged`, 1, expected.length)).ids).toEqual(expected);
  });

  it.each(CATALOGUE_SORTS)('visits every tool of a rare search once, in %s order, a tool a page', async (sort) => {
    const expected = expectedIds(sort, 'tempered');
    expect(expected.length).toBeLessThan((FILLERS + TWEAKED.length) / 10);
    expect((await followCursors(`sort=${sort}&q=tempered`, 1, expected.length)).ids).toEqual(expected);
  });

  it('gives the same deep page as offset paging when nothing changed in between', async () => {
    let after: string | undefined;
    for (let page = 0; page < 4; page += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/api/items?sort=price_desc&limit=5${after ? `&after=${after}` : ''}` });
      after = res.headers['x-next-cursor'] as string;
    }
    const byCursor = await t.app.inject({ method: 'GET', url: `/api/items?sort=price_desc&limit=5&after=${after}` });
    const byOffset = await t.app.inject({ method: 'GET', url: '/api/items?sort=price_desc&limit=5&offset=20' });
    expect(byCursor.json()).toEqual(byOffset.json());
  });
});

describe('a list that changes between pages', () => {
  it('neither repeats nor skips a tool when one is added before the page, as offset paging would', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/items?sort=price_asc&limit=5' });
    const seen = (first.json() as Tool[]).map((tool) => tool._id);
    const expectedNext = expectedIds('price_asc').slice(5, 10);

    const [cheapest] = await createTools(t.database.db, 1, { priceCents: 1, description: 'Added while someone paged.' });
    const next = await t.app.inject({ method: 'GET', url: `/api/items?sort=price_asc&limit=5&after=${String(first.headers['x-next-cursor'])}` });
    expect((next.json() as Tool[]).map((tool) => tool._id)).toEqual(expectedNext);
    // Offset paging shows the same tool twice: everything moved one place down.
    const byOffset = await t.app.inject({ method: 'GET', url: '/api/items?sort=price_asc&limit=5&offset=5' });
    expect((byOffset.json() as Tool[]).map((tool) => tool._id)).toContain(seen.at(-1));

    await t.database.db.execute(sql`delete from tools where id = ${cheapest!.id}`);
  });

  it("continues after a page whose last tool was deleted, from that tool's place", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/items?sort=name&limit=6' });
    const last = (first.json() as Tool[]).at(-1)!;
    await t.database.db.execute(sql`delete from tools where id = ${last._id}`);
    known = known.filter((tool) => tool.id !== last._id);
    const next = await t.app.inject({ method: 'GET', url: `/api/items?sort=name&limit=6&after=${String(first.headers['x-next-cursor'])}` });
    expect(next.statusCode).toBe(200);
    expect((next.json() as Tool[]).map((tool) => tool._id)).toEqual(expectedIds('name').slice(5, 11));
  });
});
