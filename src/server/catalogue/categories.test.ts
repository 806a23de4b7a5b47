import { describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { auditEntriesFor, countAuditEntries } from '../../../tests/support/audit';
import { buildProductInput, createTools } from '../../../tests/support/factories';
import { expectProblem } from '../../../tests/support/problem';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, CATALOGUE_TEXTS, VALIDATION, type Category, type Tool } from '../../shared';

/**
 * Issue 24 §4 and §9: the categories admins keep (two levels, ordered, renamed with the old
 * address kept) and what GET /api/categories shows of them. Every refused change changes nothing
 * and is not audited; every change is audited once. The catalogue's category filter has its own
 * file (category-filters.test.ts).
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
appWithCastForFile((cast) => ({ t, admin, A: customer } = cast));

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const list = async (): Promise<Category[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const find = async (id: string) => (await list()).find((category) => category._id === id);
const post = (payload: Record<string, unknown>, user: TestUser | null = admin) =>
  t.app.inject({ method: 'POST', url: '/api/categories', headers: user ? bearer(user) : {}, payload });
const patch = (id: string, payload: Record<string, unknown>, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: user ? bearer(user) : {}, payload });
const del = (id: string, query = '', user: TestUser | null = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/categories/${id}${query}`, headers: user ? bearer(user) : {} });
const itemsIn = async (slug: string): Promise<Tool[]> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/items?category=${slug}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (tools: { _id?: string; id?: string }[]) => tools.map((tool) => tool._id ?? tool.id).sort();

let made = 0;
/** A category added through the API, with a name no other test uses; answers it as listed. */
async function newCategory(name = 'Category', parentId: string | null = null): Promise<Category> {
  made += 1;
  const res = await post({ name: `${name} ${made}`, ...(parentId && { parentId }) });
  expect(res.statusCode, res.body).toBe(201);
  return (await find(res.json().insertedId))!;
}
/** A top-level category with `n` subcategories, as listed. */
async function family(n: number): Promise<{ top: Category; subs: Category[] }> {
  const top = await newCategory('Family');
  const subs: Category[] = [];
  for (let i = 0; i < n; i += 1) subs.push(await newCategory(`Member ${i}`, top._id));
  return { top, subs };
}
const subsOf = async (parentId: string) => (await list()).filter((category) => category.parentId === parentId);

/** Runs a refused request and checks that nothing changed: the list, the tools, the audit log. */
async function expectNothingChanged(act: () => Promise<void>) {
  const [before, toolsBefore, auditBefore] = [await list(), await t.app.inject({ method: 'GET', url: '/api/items?limit=100' }), await countAuditEntries(t.database.db)];
  await act();
  expect(await list()).toEqual(before);
  expect((await t.app.inject({ method: 'GET', url: '/api/items?limit=100' })).json()).toEqual(toolsBefore.json());
  expect(await countAuditEntries(t.database.db)).toBe(auditBefore);
}

describe('GET /api/categories', () => {
  it('lists top-level categories by position, each followed by its subcategories, counting the subcategories’ tools in the top’s', async () => {
    const tools = await newCategory('Hand tools');
    const saws = await newCategory('Saws', tools._id);
    const files = await newCategory('Files', tools._id);
    const garden = await newCategory('Garden');
    const hoses = await newCategory('Hoses', garden._id);
    await createTools(t.database.db, 2, { categoryId: tools._id });
    await createTools(t.database.db, 3, { categoryId: saws._id });
    await createTools(t.database.db, 1, { categoryId: files._id });
    await createTools(t.database.db, 1, { categoryId: hoses._id });

    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.json()).toEqual([
      { _id: tools._id, slug: tools.slug, name: tools.name, parentId: null, position: 0, toolCount: 6 },
      { _id: saws._id, slug: saws.slug, name: saws.name, parentId: tools._id, position: 0, toolCount: 3 },
      { _id: files._id, slug: files.slug, name: files.name, parentId: tools._id, position: 1, toolCount: 1 },
      { _id: garden._id, slug: garden.slug, name: garden.name, parentId: null, position: 1, toolCount: 1 },
      { _id: hoses._id, slug: hoses.slug, name: hoses.name, parentId: garden._id, position: 0, toolCount: 1 },
    ]);
  });

  it('counts a tool added or moved at once (the list held in memory is dropped)', async () => {
    const { top, subs } = await family(1);
    expect((await find(top._id))!.toolCount).toBe(0);
    const [tool] = await createTools(t.database.db, 1, { categoryId: subs[0]!._id });
    expect((await find(top._id))!.toolCount).toBe(1);
    const elsewhere = await newCategory('Elsewhere');
    await t.app.inject({ method: 'PATCH', url: `/api/items/${tool!.id}`, headers: bearer(admin), payload: { categoryId: elsewhere._id } });
    expect([(await find(top._id))!.toolCount, (await find(subs[0]!._id))!.toolCount, (await find(elsewhere._id))!.toolCount]).toEqual([0, 0, 1]);
  });
});

describe('POST /api/categories', () => {
  it('adds a top-level category at the end with an address made from its name, answers 201 {insertedId}, audits once', async () => {
    const before = (await list()).filter((category) => category.parentId === null).length;
    const res = await post({ name: 'Electronics & Soldering' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ insertedId: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
    const id = res.json().insertedId as string;
    expect(await find(id)).toEqual({ _id: id, slug: 'electronics-and-soldering', name: 'Electronics & Soldering', parentId: null, position: before, toolCount: 0 });
    const audit = await auditEntriesFor(t.database.db, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'category.created', actorEmail: admin.email, before: null });
  });

  it('gives a subcategory of another parent with a taken name its own address', async () => {
    const a = await newCategory('Parent');
    const b = await newCategory('Parent');
    const first = await post({ name: 'Clamps', parentId: a._id });
    const second = await post({ name: 'Clamps', parentId: b._id });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect([(await find(first.json().insertedId))!.slug, (await find(second.json().insertedId))!.slug]).toEqual(['clamps', 'clamps-2']);
  });

  it('refuses a sibling’s name, whatever its case, with 409 naming name', async () => {
    const top = await newCategory('Siblings');
    await post({ name: 'Pliers', parentId: top._id });
    await expectNothingChanged(async () => {
      const detail = CATALOGUE_TEXTS.categoryNameTaken('PLIERS');
      expectProblem(await post({ name: 'PLIERS', parentId: top._id }), { status: 409, code: 'CATEGORY_NAME_TAKEN', detail, name: 'PLIERS', errors: [{ field: 'name', detail }] });
    });
  });

  it('refuses an address another category has, or had, with 409 naming slug', async () => {
    const holder = await newCategory('Holder');
    const oldSlug = holder.slug;
    await patch(holder._id, { name: `Renamed holder ${made}` });
    for (const slug of [oldSlug, (await find(holder._id))!.slug]) {
      await expectNothingChanged(async () => {
        const detail = CATALOGUE_TEXTS.categorySlugTaken(slug);
        expectProblem(await post({ name: 'Another one', slug }), { status: 409, code: 'CATEGORY_SLUG_TAKEN', detail, slug, errors: [{ field: 'slug', detail }] });
      });
    }
  });

  it.each([
    ['no name', {}, 'name', CATALOGUE_TEXTS.categoryNameRequired],
    ['a blank name', { name: '   ' }, 'name', CATALOGUE_TEXTS.categoryNameRequired],
    ['a name of 61 characters', { name: 'n'.repeat(61) }, 'name', CATALOGUE_TEXTS.categoryNameTooLong],
    ['a name on two lines', { name: 'Two\nlines' }, 'name', VALIDATION.oneLine],
    ['a parent that is not an id', { name: 'Orphan', parentId: 'electronics' }, 'parentId', CATALOGUE_TEXTS.categoryNotFound],
    ['a badly formed address', { name: 'Odd address', slug: 'Odd Address' }, 'slug', CATALOGUE_TEXTS.slugInvalid],
  ])('refuses %s with 400 naming the field', async (_case, payload, field, detail) => {
    await expectNothingChanged(async () => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ field, detail });
    });
  });

  it('refuses an unknown parent (400 UNKNOWN_CATEGORY), and a subcategory as parent (400 CATEGORY_TOO_DEEP)', async () => {
    const { subs } = await family(1);
    await expectNothingChanged(async () => {
      const unknown = CATALOGUE_TEXTS.categoryNotFound;
      expectProblem(await post({ name: 'Lost', parentId: UNKNOWN_ID }), { status: 400, code: 'UNKNOWN_CATEGORY', detail: unknown, errors: [{ field: 'parentId', detail: unknown }] });
      const deep = CATALOGUE_TEXTS.categoryTooDeep;
      expectProblem(await post({ name: 'Third level', parentId: subs[0]!._id }), { status: 400, code: 'CATEGORY_TOO_DEEP', detail: deep, errors: [{ field: 'parentId', detail: deep }] });
    });
  });
});

describe('admins changing categories at the same moment', () => {
  it('get distinct addresses and places, and one of two same-named siblings is refused with 409', async () => {
    const [a, b] = [await newCategory('Left'), await newCategory('Right')];
    const twins = await Promise.all([post({ name: 'Twin', parentId: a._id }), post({ name: 'Twin', parentId: b._id })]);
    expect(twins.map((res) => res.statusCode)).toEqual([201, 201]);
    expect((await Promise.all(twins.map(async (res) => (await find(res.json().insertedId))!.slug))).sort()).toEqual(['twin', 'twin-2']);

    const same = await Promise.all([post({ name: 'Only once', parentId: a._id }), post({ name: 'Only once', parentId: a._id })]);
    expect(same.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(same.find((res) => res.statusCode === 409)!.json().code).toBe('CATEGORY_NAME_TAKEN');

    await Promise.all(Array.from({ length: 4 }, (_, i) => post({ name: `Sibling ${i}`, parentId: b._id })));
    expect((await subsOf(b._id)).map((sub) => sub.position)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('PATCH /api/categories/:id', () => {
  it('renames: a new address, and the old one still filters the catalogue; audited once', async () => {
    const category = await newCategory('Grinders');
    const [tool] = await createTools(t.database.db, 1, { categoryId: category._id });
    expect(ids(await itemsIn(category.slug))).toEqual([tool!.id]);
    const res = await patch(category._id, { name: 'Angle grinders' });
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
    const renamed = (await find(category._id))!;
    expect(renamed).toEqual({ ...category, name: 'Angle grinders', slug: 'angle-grinders', toolCount: 1 });
    expect(ids(await itemsIn('angle-grinders'))).toEqual([tool!.id]);
    expect(ids(await itemsIn(category.slug))).toEqual([tool!.id]);
    const audit = await auditEntriesFor(t.database.db, category._id, 'category.updated');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { name: category.name, slug: category.slug }, after: { name: 'Angle grinders', slug: 'angle-grinders' } });

    // Back to the first name: its address again; the same name again changes nothing.
    expect((await patch(category._id, { name: category.name })).json()).toEqual({ modifiedCount: 1 });
    expect((await find(category._id))!.slug).toBe(category.slug);
    expect((await patch(category._id, { name: category.name })).json()).toEqual({ modifiedCount: 0 });
    expect(await auditEntriesFor(t.database.db, category._id, 'category.updated')).toHaveLength(2);
  });

  it('reorders siblings: the others shift, and positions stay 0..n-1', async () => {
    const { top, subs } = await family(4);
    const [a, b, c, d] = subs.map((sub) => sub._id);
    const order = async () => (await subsOf(top._id)).map((sub) => [sub._id, sub.position]);
    expect(await order()).toEqual([[a, 0], [b, 1], [c, 2], [d, 3]]);
    expect((await patch(d!, { position: 0 })).json()).toEqual({ modifiedCount: 1 });
    expect(await order()).toEqual([[d, 0], [a, 1], [b, 2], [c, 3]]);
    await patch(d!, { position: 2 });
    expect(await order()).toEqual([[a, 0], [b, 1], [d, 2], [c, 3]]);
    // Past the end: the end.
    await patch(a!, { position: 99 });
    expect(await order()).toEqual([[b, 0], [d, 1], [c, 2], [a, 3]]);
    expect((await patch(a!, { position: 3 })).json()).toEqual({ modifiedCount: 0 });
    expect(await auditEntriesFor(t.database.db, d!, 'category.updated')).toHaveLength(2);
  });

  it('moves a subcategory to another parent: its tools are listed under the new top-level category, and both families stay numbered 0..n-1', async () => {
    const from = await family(3);
    const to = await family(1);
    const moving = from.subs[1]!;
    const tools = await createTools(t.database.db, 2, { categoryId: moving._id });
    expect(ids(await itemsIn(from.top.slug))).toEqual(ids(tools));

    expect((await patch(moving._id, { parentId: to.top._id })).json()).toEqual({ modifiedCount: 1 });
    expect(ids(await itemsIn(to.top.slug))).toEqual(ids(tools));
    expect(await itemsIn(from.top.slug)).toEqual([]);
    expect(ids(await itemsIn(moving.slug))).toEqual(ids(tools));
    expect((await subsOf(from.top._id)).map((sub) => sub.position)).toEqual([0, 1]);
    expect((await subsOf(to.top._id)).map((sub) => [sub._id, sub.position])).toEqual([[to.subs[0]!._id, 0], [moving._id, 1]]);
    expect([(await find(from.top._id))!.toolCount, (await find(to.top._id))!.toolCount]).toEqual([0, 2]);

    // To the top level: its own top-level category now.
    await patch(moving._id, { parentId: null });
    expect((await find(moving._id))!.parentId).toBeNull();
    expect(await itemsIn(to.top.slug)).toEqual([]);
    expect(ids(await itemsIn(moving.slug))).toEqual(ids(tools));
    const tops = (await list()).filter((category) => category.parentId === null);
    expect(tops.map((category) => category.position)).toEqual(tops.map((_, i) => i));
  });

  it('moves a category to a place among its new siblings in one change', async () => {
    const from = await family(1);
    const to = await family(3);
    await patch(from.subs[0]!._id, { parentId: to.top._id, position: 1 });
    expect((await subsOf(to.top._id)).map((sub) => [sub._id, sub.position])).toEqual([
      [to.subs[0]!._id, 0],
      [from.subs[0]!._id, 1],
      [to.subs[1]!._id, 2],
      [to.subs[2]!._id, 3],
    ]);
  });

  it('refuses a loop: a category under itself, or under its own subcategory (400 CATEGORY_LOOP naming parentId)', async () => {
    const { top, subs } = await family(1);
    const detail = CATALOGUE_TEXTS.categoryLoop;
    await expectNothingChanged(async () => {
      expectProblem(await patch(top._id, { parentId: top._id }), { status: 400, code: 'CATEGORY_LOOP', detail, errors: [{ field: 'parentId', detail }] });
      expectProblem(await patch(top._id, { parentId: subs[0]!._id }), { status: 400, code: 'CATEGORY_LOOP', detail, errors: [{ field: 'parentId', detail }] });
      expectProblem(await patch(subs[0]!._id, { parentId: subs[0]!._id }), { status: 400, code: 'CATEGORY_LOOP', detail, errors: [{ field: 'parentId', detail }] });
    });
  });

  it('refuses a third level (400 CATEGORY_TOO_DEEP), and a category with subcategories under another (409)', async () => {
    const a = await family(1);
    const b = await family(1);
    const lonely = await newCategory('Lonely');
    await expectNothingChanged(async () => {
      const deep = CATALOGUE_TEXTS.categoryTooDeep;
      expectProblem(await patch(lonely._id, { parentId: a.subs[0]!._id }), { status: 400, code: 'CATEGORY_TOO_DEEP', detail: deep, errors: [{ field: 'parentId', detail: deep }] });
      const has = CATALOGUE_TEXTS.categoryHasSubcategories;
      expectProblem(await patch(a.top._id, { parentId: b.top._id }), { status: 409, code: 'CATEGORY_HAS_SUBCATEGORIES', detail: has, errors: [{ field: 'parentId', detail: has }] });
    });
  });

  it('refuses a sibling’s name (409 naming name) and another category’s address (409 naming slug)', async () => {
    const { subs } = await family(2);
    await expectNothingChanged(async () => {
      const name = subs[1]!.name.toUpperCase();
      const taken = CATALOGUE_TEXTS.categoryNameTaken(name);
      expectProblem(await patch(subs[0]!._id, { name }), { status: 409, code: 'CATEGORY_NAME_TAKEN', detail: taken, name, errors: [{ field: 'name', detail: taken }] });
      const slug = subs[1]!.slug;
      const slugTaken = CATALOGUE_TEXTS.categorySlugTaken(slug);
      expectProblem(await patch(subs[0]!._id, { slug }), { status: 409, code: 'CATEGORY_SLUG_TAKEN', detail: slugTaken, slug, errors: [{ field: 'slug', detail: slugTaken }] });
    });
  });

  it.each([
    ['an empty change', {}],
    ['a negative position', { position: -1 }],
    ['a position of 1.5', { position: 1.5 }],
    ['a position as text', { position: '1' }],
    ['a blank name', { name: ' ' }],
  ])('refuses %s with 400', async (_case, payload) => {
    const category = await newCategory('Steady');
    await expectNothingChanged(async () => {
      const res = await patch(category._id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });
  });

  it.each([UNKNOWN_ID, 'not-an-id'])('answers 404 CATEGORY_NOT_FOUND for the category %s', async (id) => {
    expectProblem(await patch(id, { name: 'Nobody' }), { status: 404, code: 'CATEGORY_NOT_FOUND', detail: CATALOGUE_TEXTS.categoryNotFound });
    expectProblem(await del(id), { status: 404, code: 'CATEGORY_NOT_FOUND', detail: CATALOGUE_TEXTS.categoryNotFound });
  });
});

describe('DELETE /api/categories/:id', () => {
  it('deletes an empty category, closes the gap among its siblings and audits once', async () => {
    const { top, subs } = await family(3);
    const res = await del(subs[0]!._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await find(subs[0]!._id)).toBeUndefined();
    expect((await subsOf(top._id)).map((sub) => [sub._id, sub.position])).toEqual([[subs[1]!._id, 0], [subs[2]!._id, 1]]);
    expect(await auditEntriesFor(t.database.db, subs[0]!._id, 'category.deleted')).toHaveLength(1);
    // Its address no longer filters anything.
    expectProblem(await t.app.inject({ method: 'GET', url: `/api/items?category=${subs[0]!.slug}` }), {
      status: 404,
      code: 'CATEGORY_NOT_FOUND',
      detail: CATALOGUE_TEXTS.categoryNotFound,
    });
  });

  it('refuses a category that holds tools with 409 CATEGORY_NOT_EMPTY and how many', async () => {
    const category = await newCategory('Full');
    await createTools(t.database.db, 3, { categoryId: category._id });
    await expectNothingChanged(async () => {
      expectProblem(await del(category._id), { status: 409, code: 'CATEGORY_NOT_EMPTY', detail: CATALOGUE_TEXTS.categoryNotEmpty(3), toolCount: 3 });
    });
  });

  it('with ?moveTo= moves the tools there first, then deletes it, in one change', async () => {
    const { top, subs } = await family(2);
    const tools = await createTools(t.database.db, 2, { categoryId: subs[0]!._id });
    const target = await newCategory('Target');
    const res = await del(subs[0]!._id, `?moveTo=${target._id}`);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(ids(await itemsIn(target.slug))).toEqual(ids(tools));
    expect(await itemsIn(top.slug)).toEqual([]);
    expect((await find(target._id))!.toolCount).toBe(2);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/items/${tools[0]!.id}` })).json();
    expect(detail.categoryPath).toEqual([{ _id: target._id, slug: target.slug, name: target.name }]);
    const audit = await auditEntriesFor(t.database.db, subs[0]!._id, 'category.deleted');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ toolsMovedTo: target._id, toolsMoved: 2 });
  });

  it('refuses to move the tools into the category itself (400), or into one that does not exist (400 naming moveTo)', async () => {
    const category = await newCategory('Stubborn');
    await createTools(t.database.db, 1, { categoryId: category._id });
    await expectNothingChanged(async () => {
      const itself = CATALOGUE_TEXTS.categoryMoveToItself;
      expectProblem(await del(category._id, `?moveTo=${category._id}`), { status: 400, code: 'CATEGORY_MOVE_TO_ITSELF', detail: itself, errors: [{ field: 'moveTo', detail: itself }] });
      const unknown = CATALOGUE_TEXTS.categoryNotFound;
      expectProblem(await del(category._id, `?moveTo=${UNKNOWN_ID}`), { status: 400, code: 'UNKNOWN_CATEGORY', detail: unknown, errors: [{ field: 'moveTo', detail: unknown }] });
      expect((await del(category._id, '?moveTo=somewhere')).statusCode).toBe(400);
    });
  });

  it('refuses a category with subcategories (409), even with ?moveTo=', async () => {
    const { top } = await family(1);
    const target = await newCategory('Target');
    await expectNothingChanged(async () => {
      const detail = CATALOGUE_TEXTS.categoryHasSubcategories;
      expectProblem(await del(top._id), { status: 409, code: 'CATEGORY_HAS_SUBCATEGORIES', detail });
      expectProblem(await del(top._id, `?moveTo=${target._id}`), { status: 409, code: 'CATEGORY_HAS_SUBCATEGORIES', detail });
    });
  });

  it('frees the deleted category’s addresses, old and current', async () => {
    const category = await newCategory('Ephemeral');
    await patch(category._id, { name: `Ephemeral renamed ${made}` });
    const current = (await find(category._id))!.slug;
    await del(category._id);
    for (const slug of [category.slug, current]) {
      const res = await post({ name: `Heir ${slug}`, slug });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('tools without a category', () => {
  it('go into Uncategorised, even after an admin gave it another address or put it under another category', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput() });
    const uncategorised = (await t.app.inject({ method: 'GET', url: `/api/items/${first.json().insertedId}` })).json().categoryPath[0];
    expect(uncategorised).toMatchObject({ slug: 'uncategorised', name: 'Uncategorised' });
    expect((await patch(uncategorised._id, { slug: 'odds-and-ends' })).json()).toEqual({ modifiedCount: 1 });

    const second = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput() });
    expect(second.statusCode, second.body).toBe(201);
    const placed = (await t.app.inject({ method: 'GET', url: `/api/items/${second.json().insertedId}` })).json().categoryPath;
    expect(placed).toEqual([{ _id: uncategorised._id, slug: 'odds-and-ends', name: 'Uncategorised' }]);

    // Moved under another category (its address back): a new tool is listed under that top-level category too.
    const top = await newCategory('Shelf');
    expect((await patch(uncategorised._id, { parentId: top._id, slug: 'uncategorised' })).json()).toEqual({ modifiedCount: 1 });
    const third = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput() });
    expect(third.statusCode, third.body).toBe(201);
    expect(ids(await itemsIn(top.slug))).toEqual([first, second, third].map((res) => res.json().insertedId as string).sort());
    expect((await find(top._id))!.toolCount).toBe(3);
  });
});

describe('a tool’s category', () => {
  it('is chosen when it is added and changed by PATCH; its page shows the breadcrumb, top-level first', async () => {
    const { top, subs } = await family(1);
    const res = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput({ categoryId: subs[0]!._id }) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId as string;
    const shown = (await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json();
    expect(shown.categoryId).toBe(subs[0]!._id);
    expect(shown.categoryPath).toEqual([
      { _id: top._id, slug: top.slug, name: top.name },
      { _id: subs[0]!._id, slug: subs[0]!.slug, name: subs[0]!.name },
    ]);
    await t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload: { categoryId: top._id } });
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json().categoryPath).toEqual([{ _id: top._id, slug: top.slug, name: top.name }]);
  });

  it('must exist: 400 naming categoryId on create and on PATCH, and nothing changes', async () => {
    const [tool] = await createTools(t.database.db, 1, { categoryId: (await newCategory('Home'))._id });
    await expectNothingChanged(async () => {
      const unknown = CATALOGUE_TEXTS.categoryNotFound;
      for (const res of [
        await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput({ categoryId: UNKNOWN_ID }) }),
        await t.app.inject({ method: 'PATCH', url: `/api/items/${tool!.id}`, headers: bearer(admin), payload: { categoryId: UNKNOWN_ID } }),
      ]) {
        expectProblem(res, { status: 400, code: 'UNKNOWN_CATEGORY', detail: unknown, errors: [{ field: 'categoryId', detail: unknown }] });
      }
      const malformed = await t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: buildProductInput({ categoryId: 'power-tools' }) });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toContainEqual({ field: 'categoryId', detail: CATALOGUE_TEXTS.categoryRequired });
    });
  });
});

describe('who may change categories', () => {
  const callers = [
    ['anonymous', null, 401, API_ERRORS.signInRequired],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
  ] as const;

  it.each(callers)('refuses %s: POST, PATCH and DELETE answer %i and change nothing', async (_who, who, status, detail) => {
    const category = await newCategory('Guarded');
    const user = who === 'customer' ? customer : null;
    await expectNothingChanged(async () => {
      for (const res of [
        await post({ name: 'Intruder' }, user),
        await patch(category._id, { name: 'Hijacked' }, user),
        await del(category._id, '', user),
        // Checked before the body: a body the schema would refuse gets the same answer.
        await post({ name: '' }, user),
      ]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ status, detail });
      }
    });
  });
});
