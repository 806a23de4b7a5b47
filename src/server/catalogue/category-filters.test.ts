import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { payWithTestCard, placeOrderByApi } from '../../../tests/support/orders';
import { expectProblem } from '../../../tests/support/problem';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { CATALOGUE_SORTS, CATALOGUE_TEXTS, type Category, type Tool } from '../../shared';

/**
 * Issue 24 §4: `GET /api/items?category=` lists a category and its subcategories, and combines
 * with `q`, `sort`, the cursor, `inStock` and the price range; X-Total-Count follows the filter,
 * and an answer held in memory is dropped when a tool moves or its stock does.
 */
let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
/** Hand tools › Saws, Hand tools › Files; Garden. */
const cat: Record<'hand' | 'saws' | 'files' | 'garden', Category> = {} as never;
const tool: Record<string, string> = {};

const TOOLS = [
  // name, category, price in cents, stock, minimum order
  ['Claw Hammer', 'hand', 1500, 10, 1],
  ['Sledge Hammer', 'hand', 4500, 0, 1],
  ['Hack Saw', 'saws', 2000, 4, 5],
  ['Coping Saw', 'saws', 2500, 50, 5],
  ['Japanese Pull Saw', 'saws', 3000, 5, 5],
  ['Flat File', 'files', 1000, 100, 1],
  ['Needle File Set', 'files', 3000, 20, 2],
  ['Garden Saw', 'garden', 3500, 10, 1],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db);
  buyer = await createCustomer(t.app);
  const add = async (name: string, parentId: string | null = null): Promise<Category> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: bearer(admin), payload: { name, ...(parentId && { parentId }) } });
    const id = res.json().insertedId as string;
    return ((await t.app.inject({ method: 'GET', url: '/api/categories' })).json() as Category[]).find((category) => category._id === id)!;
  };
  cat.hand = await add('Hand tools');
  cat.saws = await add('Saws', cat.hand._id);
  cat.files = await add('Files', cat.hand._id);
  cat.garden = await add('Garden');
  for (const [name, category, priceCents, availableQty, minQty] of TOOLS) {
    const [row] = await createTools(t.database.db, 1, { name, categoryId: cat[category]._id, priceCents, availableQty, minQty, description: `A ${name.toLowerCase()} for the workshop.` });
    tool[name] = row!.id;
  }
  // Outside every category above: found by the same words, never by the filter.
  const [bowSaw] = await createTools(t.database.db, 1, { name: 'Bow Saw', priceCents: 2000, availableQty: 10, minQty: 1, description: 'A bow saw.' });
  tool['Bow Saw'] = bowSaw!.id;
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/items?${query}` });
async function page(query: string) {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return { tools: res.json() as Tool[], total: Number(res.headers['x-total-count']), next: res.headers['x-next-cursor'] as string | undefined };
}
const namesOf = (tools: Tool[]) => tools.map((item) => item.name).sort();
const inCategory = (...categories: (keyof typeof cat)[]) => TOOLS.filter(([, category]) => categories.includes(category)).map(([name]) => name).sort();

describe('?category=', () => {
  it('of a top-level category lists its tools and its subcategories’, and counts them', async () => {
    const found = await page(`category=${cat.hand.slug}`);
    expect(namesOf(found.tools)).toEqual(inCategory('hand', 'saws', 'files'));
    expect(found.total).toBe(7);
  });

  it('of a subcategory lists its own', async () => {
    const found = await page(`category=${cat.saws.slug}`);
    expect(namesOf(found.tools)).toEqual(inCategory('saws'));
    expect(found.total).toBe(3);
  });

  it.each(CATALOGUE_SORTS)('keeps the catalogue’s order %s, and pages it by cursor without losing or repeating a tool', async (sort) => {
    const whole = (await page(`sort=${sort}&limit=100`)).tools.map((item) => item._id);
    const expected = whole.filter((id) => [...inCategory('hand', 'saws', 'files')].some((name) => tool[name] === id));
    expect((await page(`category=${cat.hand.slug}&sort=${sort}`)).tools.map((item) => item._id)).toEqual(expected);

    const paged: string[] = [];
    let after: string | undefined;
    do {
      const next = await page(`category=${cat.hand.slug}&sort=${sort}&limit=2${after ? `&after=${after}` : ''}`);
      expect(next.total).toBe(7);
      paged.push(...next.tools.map((item) => item._id));
      after = next.next;
    } while (after);
    expect(paged).toEqual(expected);
    // And by offset.
    expect((await page(`category=${cat.hand.slug}&sort=${sort}&limit=3&offset=3`)).tools.map((item) => item._id)).toEqual(expected.slice(3, 6));
  });

  it('combines with a search: only the category’s tools that match', async () => {
    const found = await page(`category=${cat.hand.slug}&q=saw`);
    expect(namesOf(found.tools)).toEqual(['Coping Saw', 'Hack Saw', 'Japanese Pull Saw']);
    expect(found.total).toBe(3);
    expect(namesOf((await page('q=saw')).tools)).toEqual(['Bow Saw', 'Coping Saw', 'Garden Saw', 'Hack Saw', 'Japanese Pull Saw']);
  });

  it('answers 404 CATEGORY_NOT_FOUND for an address no category has', async () => {
    expectProblem(await get('category=no-such-category'), { status: 404, code: 'CATEGORY_NOT_FOUND', detail: CATALOGUE_TEXTS.categoryNotFound });
  });
});

describe('?inStock=true', () => {
  it('lists only tools that can be bought now: stock above zero and at least the minimum order', async () => {
    const found = await page(`category=${cat.hand.slug}&inStock=true`);
    expect(namesOf(found.tools)).toEqual(['Claw Hammer', 'Coping Saw', 'Flat File', 'Japanese Pull Saw', 'Needle File Set']);
    expect(found.total).toBe(5);
    expect(namesOf((await page('inStock=1&q=hammer')).tools)).toEqual(['Claw Hammer']);
    expect((await page('inStock=false&q=hammer')).total).toBe(2);
  });
});

describe('?minPrice= and ?maxPrice=', () => {
  it('keep prices within the range, both ends included, in dollars', async () => {
    const found = await page(`category=${cat.hand.slug}&minPrice=20&maxPrice=30`);
    expect(namesOf(found.tools)).toEqual(['Coping Saw', 'Hack Saw', 'Japanese Pull Saw', 'Needle File Set']);
    expect(found.total).toBe(4);
    expect(namesOf((await page(`category=${cat.hand.slug}&minPrice=20.01&maxPrice=29.99`)).tools)).toEqual(['Coping Saw']);
    expect(namesOf((await page('minPrice=35')).tools)).toEqual(['Garden Saw', 'Sledge Hammer']);
    expect(namesOf((await page('maxPrice=10')).tools)).toEqual(['Flat File']);
    expect((await page('minPrice=25&maxPrice=25')).total).toBe(1);
  });

  it('between two cents, keep to the range: no tool a fraction of a cent outside it', async () => {
    // $20.00 is above 19.999 and $19.99 below 19.991, however a price is rounded.
    expect(namesOf((await page(`category=${cat.saws.slug}&maxPrice=19.999`)).tools)).toEqual([]);
    expect(namesOf((await page(`category=${cat.saws.slug}&minPrice=19.991&maxPrice=20.004`)).tools)).toEqual(['Hack Saw']);
    expect(namesOf((await page(`category=${cat.saws.slug}&minPrice=20.001`)).tools)).toEqual(['Coping Saw', 'Japanese Pull Saw']);
    expect(namesOf((await page(`category=${cat.saws.slug}&minPrice=20.01&maxPrice=25.01`)).tools)).toEqual(['Coping Saw']);
  });

  it('combine with the category, the search and the stock', async () => {
    const found = await page(`category=${cat.saws.slug}&q=saw&inStock=true&maxPrice=25&sort=price_desc`);
    expect(found.tools.map((item) => item.name)).toEqual(['Coping Saw']);
    expect(found.total).toBe(1);
  });

  it.each([
    ['minPrice above maxPrice', 'minPrice=30&maxPrice=20', 'minPrice', 'minPrice cannot be more than maxPrice'],
    ['a negative minPrice', 'minPrice=-1', 'minPrice', 'minPrice must be 0 or more'],
    ['a negative maxPrice', 'maxPrice=-5', 'maxPrice', 'maxPrice must be 0 or more'],
    ['a minPrice that is not a number', 'minPrice=cheap', 'minPrice', 'minPrice must be a number of dollars'],
    ['a maxPrice past the highest price', 'maxPrice=1000001', 'maxPrice', 'maxPrice can be at most 1000000'],
    ['inStock=yes', 'inStock=yes', 'inStock', 'inStock must be true or false'],
    ['a category that is not an address', 'category=Hand%20Tools', 'category', 'category must be a category address'],
  ])('refuse %s with 400 naming the field', async (_case, query, field, detail) => {
    expectProblem(await get(query), { status: 400, code: 'VALIDATION_FAILED', detail, errors: [{ field, detail }] });
  });
});

describe('a filtered answer held in memory', () => {
  it('changes when a tool moves into or out of the category', async () => {
    expect(namesOf((await page(`category=${cat.garden.slug}`)).tools)).toEqual(['Garden Saw']);
    expect(namesOf((await page(`category=${cat.garden.slug}&q=saw`)).tools)).toEqual(['Garden Saw']);
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/items/${tool['Bow Saw']}`, headers: bearer(admin), payload: { categoryId: cat.garden._id } });
    expect(moved.json()).toEqual({ modifiedCount: 1 });
    const after = await page(`category=${cat.garden.slug}`);
    expect(namesOf(after.tools)).toEqual(['Bow Saw', 'Garden Saw']);
    expect(after.total).toBe(2);
    expect(namesOf((await page(`category=${cat.garden.slug}&q=saw`)).tools)).toEqual(['Bow Saw', 'Garden Saw']);

    // A subcategory moved under another top-level category takes its tools with it.
    await t.app.inject({ method: 'PATCH', url: `/api/categories/${cat.files._id}`, headers: bearer(admin), payload: { parentId: cat.garden._id } });
    expect((await page(`category=${cat.garden.slug}`)).total).toBe(4);
    expect((await page(`category=${cat.hand.slug}`)).total).toBe(5);
    await t.app.inject({ method: 'PATCH', url: `/api/categories/${cat.files._id}`, headers: bearer(admin), payload: { parentId: cat.hand._id } });
    expect((await page(`category=${cat.hand.slug}`)).total).toBe(7);
  });

  it('of tools in stock changes when a sale takes a tool below its minimum order', async () => {
    const query = `category=${cat.files.slug}&inStock=true`;
    expect(namesOf((await page(query)).tools)).toEqual(['Flat File', 'Needle File Set']);
    const order = await placeOrderByApi(t.app, buyer, tool['Needle File Set']!, 19);
    expect(order.statusCode, order.body).toBe(201);
    expect((await payWithTestCard(t.app, buyer, order.json().insertedId)).confirm?.statusCode).toBe(200);
    const after = await page(query);
    expect(namesOf(after.tools)).toEqual(['Flat File']);
    expect(after.total).toBe(1);
  });
});
