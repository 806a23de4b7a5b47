import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, type TestUser } from '../../../tests/support/accounts';
import { countAuditEntries } from '../../../tests/support/audit';
import { buildProductInput, createTools } from '../../../tests/support/factories';
import { expectProblem } from '../../../tests/support/problem';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, CATALOGUE_TEXTS, type ProductForm, type Tool, type ToolDetail } from '../../shared';

/**
 * Issue 24 §1: every tool has an address (`slug`) made from its name and unique among every
 * tool's address now and before; a renamed tool's old address answers 301 to the new one, and an
 * address nobody has answers 404. An address the admin chooses that another tool has, or had, is
 * refused with 409 naming `slug`.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const get = (idOrSlug: string) => t.app.inject({ method: 'GET', url: `/api/items/${idOrSlug}` });
const detail = async (idOrSlug: string): Promise<ToolDetail> => {
  const res = await get(idOrSlug);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const create = (payload: Partial<ProductForm> & Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: { ...buildProductInput(), ...payload } });
const patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload });
const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/items/${id}`, headers: bearer(admin) });

/** A tool added through the API; answers its page's data. */
async function newTool(payload: Partial<ProductForm> & Record<string, unknown> = {}): Promise<ToolDetail> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return detail(res.json().insertedId);
}

/** A name no other test uses, so that its address is predictable. */
let names = 0;
const uniqueName = (words: string) => `${words} ${(names += 1)}${Math.random().toString(36).slice(2, 6)}`;
const slugOf = (name: string) => name.toLowerCase().replaceAll(' ', '-');

function expectMovedTo(res: Awaited<ReturnType<typeof get>>, slug: string) {
  expect(res.statusCode, res.body).toBe(301);
  expect(res.headers.location).toBe(`/api/items/${slug}`);
  expect(res.body).toBe('');
}

function expectSlugTaken(res: Awaited<ReturnType<typeof get>>, slug: string) {
  const detail = CATALOGUE_TEXTS.slugTaken(slug);
  expectProblem(res, { status: 409, code: 'SLUG_TAKEN', detail, slug, errors: [{ field: 'slug', detail }] });
}

describe('a new tool’s address', () => {
  it.each([
    ['Größe 1/2"', 'grosse-1-2'],
    ['Torque Wrench 3/8" Drive', 'torque-wrench-3-8-drive'],
    ['  Side   Cutters & Pliers  ', 'side-cutters-and-pliers'],
    ['Crème brûlée torch', 'creme-brulee-torch'],
    ['<b>Bold</b> Hammer', 'b-bold-b-hammer'],
  ])('is made from the name %j: %s', async (name, slug) => {
    // Each case runs once per file, and no other test uses these names.
    const tool = await newTool({ name });
    expect(tool.slug).toBe(slug);
    expect(await detail(slug)).toEqual(tool);
  });

  it('keeps a long name’s address readable: at most 80 characters, cut between words', async () => {
    const name = `${'Adjustable '.repeat(10)}Spanner Set ${Math.random().toString(36).slice(2, 8)}`;
    const tool = await newTool({ name: name.slice(0, 120) });
    expect(tool.slug.length).toBeLessThanOrEqual(80);
    expect(tool.slug).toMatch(/^(adjustable-)+adjustable$/);
    expect((await detail(tool.slug))._id).toBe(tool._id);
  });

  it('gives a name that reads like an id an address that does not (an id and an address share /api/items/{id})', async () => {
    const name = 'a1b2c3d4-0000-4000-8000-00000000abcd';
    const tool = await newTool({ name });
    expect(tool.slug).toBe(`${name}-tool`);
    expect((await detail(tool.slug))._id).toBe(tool._id);
  });

  it('gives two tools of one name two addresses, the second with -2, then -3', async () => {
    const name = uniqueName('Cable Stripper');
    const first = await newTool({ name });
    const second = await newTool({ name });
    const [third] = await createTools(t.database.db, 1, { name });
    expect([first.slug, second.slug, third!.slug]).toEqual([slugOf(name), `${slugOf(name)}-2`, `${slugOf(name)}-3`]);
    expect((await detail(`${slugOf(name)}-2`))._id).toBe(second._id);
  });

  it('gives tools of one name added at the same moment distinct addresses, none refused', async () => {
    const name = uniqueName('Rush Hour Drill');
    const added = await Promise.all(Array.from({ length: 4 }, () => create({ name })));
    expect(added.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const slugs = await Promise.all(added.map(async (res) => (await detail(res.json().insertedId)).slug));
    expect(new Set(slugs).size).toBe(4);
    expect(slugs.sort()).toEqual([slugOf(name), `${slugOf(name)}-2`, `${slugOf(name)}-3`, `${slugOf(name)}-4`]);
  });

  it('is in every answer that shows a tool: the list, the detail by id and by address, and where the admin’s POST points', async () => {
    const res = await create({ name: uniqueName('Heat Gun') });
    expect(res.statusCode).toBe(201);
    const id = res.json().insertedId as string;
    expect(res.headers.location).toBe(`/api/items/${id}`);
    const byId = await detail(id);
    expect(byId).toMatchObject({ _id: id, slug: expect.stringMatching(/^heat-gun-/), sku: expect.stringMatching(/^TH-\d{5}$/), categoryId: expect.any(String) });
    expect(byId.categoryPath).toEqual([{ _id: byId.categoryId, slug: 'uncategorised', name: 'Uncategorised' }]);
    expect(byId).toMatchObject({ specs: [], photos: [byId.image], documents: [] });
    expect(await detail(byId.slug)).toEqual(byId);
    // An id in capitals is the same id.
    expect(await detail(id.toUpperCase())).toEqual(byId);

    const list = (await t.app.inject({ method: 'GET', url: '/api/items?limit=100&sort=newest' })).json() as Tool[];
    for (const tool of list) {
      expect(tool).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        price: expect.any(Number),
        image: expect.any(String),
        description: expect.any(String),
        minQty: expect.any(Number),
        availableQty: expect.any(Number),
        slug: expect.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        sku: expect.any(String),
        categoryId: expect.any(String),
        taxClass: 'standard',
      });
    }
    const { categoryPath: _path, specs: _specs, photos: _photos, documents: _documents, ...listed } = byId;
    expect(list).toContainEqual(listed);
  });
});

describe('GET /api/items/{id or address}', () => {
  it.each([
    ['an address nobody has', 'no-such-tool-anywhere'],
    ['an unknown id', UNKNOWN_ID],
    ['something that is neither an id nor an address', 'Not_An_Address'],
    ['an address in capitals', 'NO-SUCH-TOOL'],
  ])('answers 404 for %s', async (_case, idOrSlug) => {
    expectProblem(await get(idOrSlug), { status: 404, code: 'TOOL_NOT_FOUND', detail: API_ERRORS.toolNotFound });
  });

  it('answers 404 for something too long to be an address', async () => {
    for (const length of [121, 500]) expect((await get('a'.repeat(length))).statusCode).toBe(404);
  });
});

describe('a rename', () => {
  it('gives the tool a new address; the old one answers 301 to it, and the new one the tool', async () => {
    const tool = await newTool({ name: uniqueName('Soldering Station') });
    // Read once by its address, so the answer is held in memory: the rename must drop it.
    await detail(tool.slug);
    const newName = uniqueName('Rework Station');
    expect((await patch(tool._id, { name: newName })).json()).toEqual({ modifiedCount: 1 });

    const moved = await get(tool.slug);
    expectMovedTo(moved, slugOf(newName));
    const followed = await detail(moved.headers.location!.replace('/api/items/', ''));
    expect(followed).toEqual({ ...tool, name: newName, slug: slugOf(newName) });
    expect(await detail(tool._id)).toEqual(followed);
  });

  it('keeps every address the tool ever had pointing at the one it has now', async () => {
    const [a, b, c] = [uniqueName('Bench Grinder'), uniqueName('Belt Grinder'), uniqueName('Wet Grinder')];
    const tool = await newTool({ name: a });
    await patch(tool._id, { name: b });
    await patch(tool._id, { name: c });
    expectMovedTo(await get(slugOf(a)), slugOf(c));
    expectMovedTo(await get(slugOf(b)), slugOf(c));
  });

  it('back to an earlier name takes its address back, and the later one redirects', async () => {
    const [a, b] = [uniqueName('Tap Wrench'), uniqueName('Die Wrench')];
    const tool = await newTool({ name: a });
    await patch(tool._id, { name: b });
    expect((await patch(tool._id, { name: a })).json()).toEqual({ modifiedCount: 1 });
    expect((await detail(slugOf(a)))._id).toBe(tool._id);
    expectMovedTo(await get(slugOf(b)), slugOf(a));
  });

  it('that keeps the address (another case of the same words) changes no address', async () => {
    const name = uniqueName('Hex Keys');
    const tool = await newTool({ name });
    expect((await patch(tool._id, { name: name.toUpperCase() })).json()).toEqual({ modifiedCount: 1 });
    expect((await detail(tool.slug)).name).toBe(name.toUpperCase());
  });

  it('never takes another tool’s address, now or old: the new name’s address gets -2', async () => {
    const taken = uniqueName('Pipe Cutter');
    const holder = await newTool({ name: taken });
    await patch(holder._id, { name: uniqueName('Tube Cutter') });
    // `taken` is now only an old address of holder's: still not free.
    const other = await newTool({ name: uniqueName('Pipe Bender') });
    await patch(other._id, { name: taken });
    expect((await detail(other._id)).slug).toBe(`${slugOf(taken)}-2`);
    expectMovedTo(await get(slugOf(taken)), (await detail(holder._id)).slug);
  });
});

describe('an address the admin chooses', () => {
  it('is kept on create and on PATCH, and the address given up redirects', async () => {
    const tool = await newTool({ name: uniqueName('Crimping Tool'), slug: 'my-crimper' });
    expect(tool.slug).toBe('my-crimper');
    expect((await patch(tool._id, { slug: 'crimper-for-rj45' })).json()).toEqual({ modifiedCount: 1 });
    expect((await detail('crimper-for-rj45'))._id).toBe(tool._id);
    expectMovedTo(await get('my-crimper'), 'crimper-for-rj45');
    // Its own old address is free to it.
    expect((await patch(tool._id, { slug: 'my-crimper' })).json()).toEqual({ modifiedCount: 1 });
    expect((await detail('my-crimper'))._id).toBe(tool._id);
    // Its own address again changes nothing.
    expect((await patch(tool._id, { slug: 'my-crimper' })).json()).toEqual({ modifiedCount: 0 });
  });

  it('wins over the name’s when both change', async () => {
    const tool = await newTool({ name: uniqueName('Wire Brush') });
    await patch(tool._id, { name: uniqueName('Steel Brush'), slug: 'brush-chosen-by-hand' });
    expect((await detail(tool._id)).slug).toBe('brush-chosen-by-hand');
  });

  it.each([
    ['another tool’s address', 'current'],
    ['another tool’s old address', 'old'],
  ] as const)('is refused with 409 SLUG_TAKEN naming slug when it is %s, on create and on PATCH, and nothing changes', async (_case, which) => {
    const holder = await newTool({ name: uniqueName('Chisel Set') });
    if (which === 'old') await patch(holder._id, { name: uniqueName('Gouge Set') });
    const taken = holder.slug;
    const victim = await newTool({ name: uniqueName('Mallet') });
    const [toolsBefore, auditBefore] = [(await t.app.inject({ method: 'GET', url: '/api/items?limit=1' })).headers['x-total-count'], await countAuditEntries(t.database.db)];

    expectSlugTaken(await create({ slug: taken }), taken);
    expectSlugTaken(await patch(victim._id, { slug: taken }), taken);
    expectSlugTaken(await patch(victim._id, { slug: taken, name: uniqueName('Mallet renamed') }), taken);

    expect((await t.app.inject({ method: 'GET', url: '/api/items?limit=1' })).headers['x-total-count']).toBe(toolsBefore);
    expect(await detail(victim._id)).toEqual(victim);
    expect(await countAuditEntries(t.database.db)).toBe(auditBefore);
    // The holder still answers at its address (or is redirected there from it).
    expect([200, 301]).toContain((await get(taken)).statusCode);
  });

  it.each([
    ['capitals', 'My-Slug'],
    ['a space', 'my slug'],
    ['a double hyphen', 'my--slug'],
    ['a leading hyphen', '-my-slug'],
    ['a trailing hyphen', 'my-slug-'],
    ['an underscore', 'my_slug'],
    ['a slash', 'my/slug'],
    ['a letter beyond ASCII', 'größe'],
    ['121 characters', 'a'.repeat(121)],
    ['nothing', ''],
  ])('is refused with 400 naming slug when it has %s, on create and on PATCH', async (_case, slug) => {
    await expectSlugRefused(slug, CATALOGUE_TEXTS.slugInvalid);
  });

  it('is refused with 400 naming slug when it has an id’s shape (GET /api/items/{id} would read it as an id)', async () => {
    await expectSlugRefused('0f8fad5b-d9cb-469f-a165-70867728950e', CATALOGUE_TEXTS.slugLooksLikeId);
  });

  it('may be as long as an address may be (120 characters), and is found by it', async () => {
    const slug = `${'long-'.repeat(23)}tools`;
    expect(slug).toHaveLength(120);
    const tool = await newTool({ slug });
    expect((await detail(slug))._id).toBe(tool._id);
  });

  async function expectSlugRefused(slug: string, message: string) {
    const tool = await newTool({ name: uniqueName('Scriber') });
    const auditBefore = await countAuditEntries(t.database.db);
    for (const res of [await create({ slug }), await patch(tool._id, { slug })]) {
      expectProblem(res, { status: 400, code: 'VALIDATION_FAILED', detail: message, errors: [{ field: 'slug', detail: message }] });
    }
    expect(await detail(tool._id)).toEqual(tool);
    expect(await countAuditEntries(t.database.db)).toBe(auditBefore);
  }
});

describe('a deleted tool', () => {
  it('frees its address and its old addresses for other tools', async () => {
    const [a, b] = [uniqueName('Nibbler'), uniqueName('Shear')];
    const gone = await newTool({ name: a });
    await patch(gone._id, { name: b });
    expect((await del(gone._id)).json()).toEqual({ deletedCount: 1 });
    expect((await get(slugOf(a))).statusCode).toBe(404);
    expect((await get(slugOf(b))).statusCode).toBe(404);

    const heir = await newTool({ name: a });
    expect(heir.slug).toBe(slugOf(a));
    const chosen = await newTool({ name: uniqueName('Plate Shear'), slug: slugOf(b) });
    expect(chosen.slug).toBe(slugOf(b));
    expect((await detail(slugOf(a)))._id).toBe(heir._id);
  });
});
