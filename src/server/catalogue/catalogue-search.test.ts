import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, INVALID_CURSOR, SEARCH_QUERY_MAX, type Tool } from '../../shared';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * `GET /api/items?q=&sort=`: what a shopper searching and sorting the catalogue gets back, and
 * what a hostile caller gets for what the schema refuses (a 400 naming the field, never a 500).
 */
let t: TestApp;

/** Named tools a shopper looks for, then fillers that share one description word ("catalogue"). */
const NAMED = [
  { name: 'Digital Multimeter', priceCents: 3999, description: 'Measures voltage, current and resistance.' },
  { name: 'Clamp Meter', priceCents: 5999, description: 'A multimeter with jaws that close around a cable.' },
  { name: 'cordless drill', priceCents: 8999, description: 'Drills wood and steel on one battery.' },
  { name: 'Bench Vise', priceCents: 4999, description: 'Holds parts steady while you work.' },
  { name: 'Angle Grinder', priceCents: 6999, description: 'Grinds and cuts metal.' },
  { name: 'Zinc Anode Kit', priceCents: 1299, description: 'Protects calibrated gauges from corrosion.' },
];
const FILLERS = 24;

let all: Tool[];

beforeAll(async () => {
  t = await createTestApp();
  for (const tool of NAMED) await createTools(t.database.db, 1, tool);
  await createTools(t.database.db, FILLERS, { priceCents: 1000, description: 'Sold to round out the catalogue.' });
  all = (await t.app.inject({ method: 'GET', url: '/api/items?limit=100' })).json();
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/items?${query}` });
const names = (body: Tool[]) => body.map((tool) => tool.name);

async function search(query: string) {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return { tools: res.json() as Tool[], total: Number(res.headers['x-total-count']), next: res.headers['x-next-cursor'] };
}

describe('search (?q=)', () => {
  it('finds a word in the name or the description, and counts only the matches', async () => {
    const found = await search('q=multimeter');
    expect(names(found.tools).sort()).toEqual(['Clamp Meter', 'Digital Multimeter']);
    expect(found.total).toBe(2);
    expect(found.next).toBeUndefined();
  });

  it.each([
    ['the start of a word, as typed so far', 'multim'],
    ['another form of the word', 'multimeters'],
    ['any case', 'MultiMeter'],
  ])('finds %s', async (_, q) => {
    expect(names((await search(`q=${q}`)).tools).sort()).toEqual(['Clamp Meter', 'Digital Multimeter']);
  });

  it('finds half-typed words the stemmer would cut differently, and stems of whole ones', async () => {
    expect(names((await search('q=calibrat')).tools)).toEqual(['Zinc Anode Kit']);
    expect(names((await search('q=drilling')).tools)).toEqual(['cordless drill']);
  });

  it('wants every word', async () => {
    expect(names((await search('q=digital%20multimeter')).tools)).toEqual(['Digital Multimeter']);
    expect((await search('q=digital%20vise')).total).toBe(0);
  });

  it('answers an empty list, a zero total and no next page when nothing matches', async () => {
    const res = await get('q=theodolite');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('treats an empty search, or one of punctuation only, as no search', async () => {
    for (const q of ['', '%20%20', encodeURIComponent('&|!():*')]) {
      const found = await search(`q=${q}&limit=100`);
      expect(found.total).toBe(NAMED.length + FILLERS);
      expect(found.tools).toEqual(all);
    }
  });
});

describe('sort (?sort=)', () => {
  const byId = (a: Tool, b: Tool) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  const expected: Record<string, (a: Tool, b: Tool) => number> = {
    price_asc: (a, b) => a.price - b.price || byId(a, b),
    price_desc: (a, b) => b.price - a.price || byId(b, a),
    name: (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : byId(a, b)),
  };

  it.each(Object.keys(expected))('lists the whole catalogue by %s, ties broken by id', async (sort) => {
    const found = await search(`sort=${sort}&limit=100`);
    expect(found.tools.map((tool) => tool._id)).toEqual([...all].sort(expected[sort]).map((tool) => tool._id));
  });

  it('sorts names without regard to case', async () => {
    const sorted = names((await search('sort=name&limit=100')).tools);
    expect(sorted.indexOf('Clamp Meter')).toBeLessThan(sorted.indexOf('cordless drill'));
    expect(sorted.indexOf('cordless drill')).toBeLessThan(sorted.indexOf('Digital Multimeter'));
  });

  it('lists the newest first with sort=newest, and in catalogue order (oldest first) by default', async () => {
    expect((await search('sort=newest&limit=100')).tools).toEqual([...all].reverse());
    expect((await search('sort=catalogue&limit=100')).tools).toEqual(all);
    expect(names(all.slice(0, NAMED.length))).toEqual(NAMED.map((tool) => tool.name));
  });

  it('sorts a search, and pages it with limit and offset', async () => {
    expect(names((await search('q=multimeter&sort=price_desc')).tools)).toEqual(['Clamp Meter', 'Digital Multimeter']);
    expect(names((await search('q=multimeter&sort=price_asc')).tools)).toEqual(['Digital Multimeter', 'Clamp Meter']);
    const fillers = [...all].filter((tool) => tool.description.includes('catalogue')).sort(expected.price_desc);
    const page = await search('q=catalogue&sort=price_desc&limit=5&offset=5');
    expect(page.tools).toEqual(fillers.slice(5, 10));
    expect(page.total).toBe(FILLERS);
  });
});

describe('refused with a 400 naming the field', () => {
  it.each([
    ['sort=cheapest', 'sort', `sort must be one of: ${CATALOGUE_SORTS.join(', ')}`],
    ['sort=PRICE_ASC', 'sort', `sort must be one of: ${CATALOGUE_SORTS.join(', ')}`],
    ['sort=name&sort=newest', 'sort', `sort must be one of: ${CATALOGUE_SORTS.join(', ')}`],
    [`q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`, 'q', `q must be at most ${SEARCH_QUERY_MAX} characters`],
    ['q=drill&q=vise', 'q', 'q must be text'],
    ['after=', 'after', INVALID_CURSOR],
    ['after=not%20a%20cursor', 'after', INVALID_CURSOR],
    ['after=e30', 'after', INVALID_CURSOR], // base64url of "{}"
    [`after=${'A'.repeat(5000)}`, 'after', INVALID_CURSOR],
    ['after=a&after=b', 'after', INVALID_CURSOR],
  ])('?%s', async (query, field, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message, errors: [{ field, message }] });
  });

  it('refuses offset together with after', async () => {
    const { next } = await search('limit=2');
    const res = await get(`limit=2&offset=4&after=${String(next)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'offset', message: 'offset cannot be combined with after' }] });
  });

  it('refuses a cursor made for another sort order', async () => {
    const { next } = await search('limit=2&sort=price_asc');
    const res = await get(`limit=2&sort=name&after=${String(next)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_CURSOR, errors: [{ field: 'after' }] });
  });

  it('takes a search of exactly the longest length, and trims spaces before measuring', async () => {
    expect((await get(`q=${'a'.repeat(SEARCH_QUERY_MAX)}`)).statusCode).toBe(200);
    expect((await get(`q=multimeter${'%20'.repeat(SEARCH_QUERY_MAX)}`)).statusCode).toBe(200);
  });
});

describe('hostile searches', () => {
  // Markup, quotes, SQL, every tsquery operator, NUL, broken escapes and UTF-8, as a script sends them.
  const HOSTILE = [
    '<script>alert(1)</script>',
    `'"\`;`,
    "' or 1=1 --",
    '&|!():*',
    '!multimeter',
    'multimeter:*',
    '(multimeter',
    'multimeter & | vise',
    'a<->b',
    '<2>',
    '\\',
    ':*',
    'multi\u0000meter',
    '$1',
    '1e309',
    '🔧 wrench ‮',
    '('.repeat(SEARCH_QUERY_MAX),
    'a '.repeat(SEARCH_QUERY_MAX / 2),
  ];

  it.each(HOSTILE)('answers %j with a list, never an error', async (q) => {
    const res = await get(`q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it.each(['%00', '%E0%A4%A', '%FF%FE', '%C0%AE', '%', '%%%'])('answers the raw escape q=%s with a list', async (raw) => {
    const res = await get(`q=${raw}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('reads operators as separators: "!multimeter" is a search for multimeter, not its negation', async () => {
    expect((await search(`q=${encodeURIComponent('!multimeter')}`)).total).toBe(2);
    expect((await search(`q=${encodeURIComponent('multimeter | vise')}`)).total).toBe(0);
  });

  it('leaves the catalogue as it was', async () => {
    const [{ n }] = ((await t.database.db.execute(sql`select count(*)::int as n from tools`)) as unknown as { rows: [{ n: number }] }).rows;
    expect(n).toBe(NAMED.length + FILLERS);
  });
});
