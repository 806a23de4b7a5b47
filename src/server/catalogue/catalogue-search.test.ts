import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, INVALID_CURSOR, SEARCH_QUERY_MAX, type Tool } from '../../shared';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { containsPattern } from './search-terms';

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
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
  });

  it('refuses offset together with after', async () => {
    const { next } = await search('limit=2');
    const res = await get(`limit=2&offset=4&after=${String(next)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'offset', detail: 'offset cannot be combined with after' }] });
  });

  it('refuses a cursor made for another sort order', async () => {
    const { next } = await search('limit=2&sort=price_asc');
    const res = await get(`limit=2&sort=name&after=${String(next)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: INVALID_CURSOR, code: 'INVALID_CURSOR', errors: [{ field: 'after' }] });
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

describe('words inside words (3 letters or more)', () => {
  // A catalogue of its own, named like the demo one, with a 45-letter word and LIKE's wildcards in
  // the data; fillers keep the infix matches under one in ten, so both ways of reading a search run.
  let s: TestApp;
  const TOOLS = [
    { name: 'True RMS Digital Multimeter', priceCents: 8999, description: 'Measures AC voltage on noisy lines.' },
    { name: '60 m Laser Distance Meter', priceCents: 6999, description: 'Reads lengths and areas.' },
    { name: '1/2 inch Drive Click Torque Wrench', priceCents: 12950, description: 'Clicks at the set torque.' },
    { name: 'Precision Electronics Screwdriver Kit', priceCents: 2999, description: 'Bits for phones and laptops.' },
    { name: 'Pneumonoultramicroscopicsilicovolcanoconiosis Mask', priceCents: 1999, description: 'Keeps dust out.' },
    { name: 'Shop Rag_Pack 100%', priceCents: 999, description: 'Cotton, washed at 60\\90 degrees.' },
    { name: 'Gabelschlüssel Satz', priceCents: 3499, description: 'Sechs GRÖSSEN.' },
    { name: 'AA Batteries, 4 Pack', priceCents: 599, description: 'Alkaline.' },
  ];
  const search = async (q: string, rest = '') => {
    const res = await s.app.inject({ method: 'GET', url: `/api/items?q=${encodeURIComponent(q)}${rest.includes('limit=') ? '' : '&limit=100'}${rest}` });
    expect(res.statusCode, res.body).toBe(200);
    return { names: names(res.json()), total: Number(res.headers['x-total-count']), next: res.headers['x-next-cursor'] };
  };

  beforeAll(async () => {
    s = await createTestApp();
    for (const tool of TOOLS) await createTools(s.database.db, 1, tool);
    await createTools(s.database.db, 60, { priceCents: 500, description: 'Sold to round out the catalogue.' });
  });
  afterAll(() => s.close());

  it.each([
    ['meter', ['True RMS Digital Multimeter', '60 m Laser Distance Meter']],
    ['METER', ['True RMS Digital Multimeter', '60 m Laser Distance Meter']],
    ['driver', ['Precision Electronics Screwdriver Kit']],
    ['ultimet', ['True RMS Digital Multimeter']],
    ['rque', ['1/2 inch Drive Click Torque Wrench']],
    ['digital meter', ['True RMS Digital Multimeter']],
    ['neumonoultramicroscopicsilicovolcanoconi', ['Pneumonoultramicroscopicsilicovolcanoconiosis Mask']],
    ['SCHLÜSSEL', ['Gabelschlüssel Satz']],
    ['össen', ['Gabelschlüssel Satz']],
  ])('finds %j inside words', async (q, expected) => {
    expect((await search(q, '&sort=price_desc')).names).toEqual(expected);
  });

  it('finds a word by its English stem inside words too, and nothing that holds neither', async () => {
    const meters = ['True RMS Digital Multimeter', '60 m Laser Distance Meter'];
    expect((await search('multimeters')).names).toEqual(['True RMS Digital Multimeter']); // stem "multimet"
    expect((await search('meters', '&sort=price_desc')).names).toEqual(meters); // stem "meter"
    expect((await search('battery')).names).toEqual(['AA Batteries, 4 Pack']); // stem "batteri"
    expect((await search('screwdrivers')).names).toEqual(['Precision Electronics Screwdriver Kit']);
    expect((await search('meter')).names).not.toContain('1/2 inch Drive Click Torque Wrench');
    expect((await search('wrenches meter')).total).toBe(0);
  });

  it('looks for words of one or two letters at the start of a word only', async () => {
    expect((await search('ul')).total).toBe(0); // inside "Multimeter" only
    expect((await search('dr')).names).toEqual(['1/2 inch Drive Click Torque Wrench']); // not "Screwdriver"
    expect((await search('m')).names).toEqual(['True RMS Digital Multimeter', '60 m Laser Distance Meter', 'Pneumonoultramicroscopicsilicovolcanoconiosis Mask']);
  });

  it('looks inside words for the first 3 long words only, and for the others at word starts', async () => {
    expect((await search('true digital rms ultimet')).total).toBe(0); // "ultimet" is the fourth
    expect((await search('ultimet true digital rms')).names).toEqual(['True RMS Digital Multimeter']);
  });

  it('pages an infix search by keyset in the chosen order, counting every match', async () => {
    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 5; page++) {
      const found = await search('meter', `&sort=price_asc&limit=1${after}`);
      expect(found.total).toBe(2);
      seen.push(...found.names);
      if (!found.next) break;
      after = `&after=${String(found.next)}`;
    }
    expect(seen).toEqual(['60 m Laser Distance Meter', 'True RMS Digital Multimeter']);
  });

  it('never reads LIKE wildcards or escapes from a search', async () => {
    for (const q of ['%', '_', '\\', '%%%', '\\%', '%_%']) expect((await search(q)).total).toBe(TOOLS.length + 60);
    expect((await search('rag_pack')).names).toEqual(['Shop Rag_Pack 100%']); // "rag" and "pack", not a pattern
    expect((await search('r%k')).total).toBe(0); // "r" and "k": no word starts with "k"
    expect((await search('sho%pack')).names).toEqual(['Shop Rag_Pack 100%']);
    expect((await search('a'.repeat(40))).total).toBe(0);
    expect((await search(`${'meter'.repeat(8)} ${'%'.repeat(50)}`)).total).toBe(0);
  });

  it('escapes %, _ and \\ in the pattern it builds, so each stands for itself in the database', async () => {
    const like = async (text: string, word: string) => {
      const res = await s.database.db.execute(sql`select ${text} like ${containsPattern(word)} as hit`);
      return (res as unknown as { rows: [{ hit: boolean }] }).rows[0].hit;
    };
    expect(await like('rag_pack 100%', '100%')).toBe(true);
    expect(await like('rag pack 1000', '100%')).toBe(false);
    expect(await like('rag_pack', 'g_p')).toBe(true);
    expect(await like('ragxpack', 'g_p')).toBe(false);
    expect(await like('60\\90', '0\\9')).toBe(true);
    expect(await like('6090', '0\\9')).toBe(false);
    expect(await like('anything', '%')).toBe(false);
  });
});
