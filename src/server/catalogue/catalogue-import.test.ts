import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntriesFor } from '../../../tests/support/audit';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { catalogueSnapshot, csvFile, importCsv, importRequest, toolRow } from '../../../tests/support/catalogue-csv';
import { createCategory, createTools } from '../../../tests/support/factories';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, CATALOGUE_CSV_COLUMNS, VALIDATION, type ImportReport, type Tool, type ToolDetail } from '../../shared';
import { categories, tools } from '../db/schema';
import { parseCsv } from '../lib/parse-csv';

/** POST /api/items/import: who may, the dry run, the upsert by SKU, categories, specifications, photos, stock and tax classes. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
appWithCastForFile((cast) => ({ t, admin, A: customer } = cast));

const toolBySku = async (sku: string) => (await t.database.db.select().from(tools).where(eq(tools.sku, sku)))[0];
const detail = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${slug}` })).json<ToolDetail>();
const report = (res: { statusCode: number; body: string; json: <T>() => T }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportReport>();
};

describe('who may import', () => {
  it('refuses anonymous callers (401) and customers (403) before reading the body', async () => {
    const anonymous = await importCsv(t.app, null, csvFile([toolRow()]));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(API_ERRORS.signInRequired);
    const refused = await importCsv(t.app, customer, csvFile([toolRow()]));
    expect(refused.statusCode).toBe(403);
    // A body announced as 100 MB is not waited for: the refusal comes from the headers alone.
    const big = await t.app.inject({ ...importRequest(customer, 'sku\r\n', { headers: { 'content-length': String(100 * 1024 * 1024) } }) });
    expect(big.statusCode).toBe(403);
  });
});

describe('the dry run and the import', () => {
  let existing: { sku: string; slug: string; id: string }[];
  let top: { id: string; slug: string };
  let topName: string;
  let file: string;

  beforeAll(async () => {
    top = await createCategory(t.database.db, 'Power tools');
    topName = (await t.database.db.select().from(categories).where(eq(categories.id, top.id)))[0]!.name;
    existing = await createTools(t.database.db, 3, { categoryId: top.id });
    const [same, changed] = existing;
    const sameRow = (await toolBySku(same!.sku))!;
    file = csvFile([
      // Unchanged: every value as stored, the category named in another case.
      {
        sku: same!.sku,
        name: sameRow.name,
        category: topName.toUpperCase(),
        price: (sameRow.priceCents / 100).toFixed(2),
        minQty: sameRow.minQty,
        availableQty: sameRow.availableQty,
        description: sameRow.description,
        image: sameRow.image,
        specifications: '',
      },
      // Changed: a new price and stock, moved into a new subcategory of an existing category.
      toolRow({ sku: changed!.sku.toLowerCase(), name: 'Cordless Drill 18 V', category: `${topName} > Drills`, price: '129.50', availableQty: 7, minQty: 1 }),
      // New, in a new category with a new subcategory.
      toolRow({ sku: 'NEW-001', name: 'Laser Distance Meter', category: 'Measuring > Lasers', specifications: 'Range: 50 [m]; Accuracy: ±1.5 [mm]' }),
    ]);
  });

  it('a dry run answers what would change, and changes nothing', async () => {
    const before = await catalogueSnapshot(t.database.db);
    const res = report(await importCsv(t.app, admin, file, { dryRun: true }));
    expect(res).toEqual({
      dryRun: true,
      rows: 3,
      created: 1,
      updated: 1,
      unchanged: 1,
      categoriesCreated: [`${topName} › Drills`, 'Measuring', 'Measuring › Lasers'],
      problems: [],
    });
    expect(await catalogueSnapshot(t.database.db)).toBe(before);
  });

  it('the import writes it: one transaction, one audit entry, and the catalogue shows it at once', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/items?limit=50' });
    expect(listed.statusCode).toBe(200);
    const sameBefore = await toolBySku(existing[0]!.sku);

    const res = report(await importCsv(t.app, admin, file));
    expect(res).toMatchObject({ dryRun: false, rows: 3, created: 1, updated: 1, unchanged: 1, problems: [] });

    // The unchanged row was not written at all.
    expect(await toolBySku(existing[0]!.sku)).toEqual(sameBefore);
    // The changed one: its fields, its stock (through stock.ts), its new name's address, its SKU as the file spells it.
    const changed = await toolBySku(existing[1]!.sku.toLowerCase());
    expect(changed).toMatchObject({ name: 'Cordless Drill 18 V', priceCents: 12950, availableQty: 7, minQty: 1, slug: 'cordless-drill-18-v' });
    const moved = await t.app.inject({ method: 'GET', url: `/api/items/${existing[1]!.slug}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/items/cordless-drill-18-v');
    const page = await detail('cordless-drill-18-v');
    expect(page.categoryPath.map((c) => c.name)).toEqual([topName, 'Drills']);

    // The new one, with its address made from its name, its categories and specifications.
    const added = await detail('laser-distance-meter');
    expect(added).toMatchObject({ sku: 'NEW-001', name: 'Laser Distance Meter', specs: [{ name: 'Range', value: '50', unit: 'm' }, { name: 'Accuracy', value: '±1.5', unit: 'mm' }] });
    expect(added.categoryPath.map((c) => c.name)).toEqual(['Measuring', 'Lasers']);

    // The catalogue's cached pages heard of it.
    const after = (await t.app.inject({ method: 'GET', url: '/api/items?limit=50' })).json<Tool[]>();
    expect(after.map((tool) => tool.sku)).toContain('NEW-001');
    expect(after.find((tool) => tool._id === changed!.id)?.availableQty).toBe(7);

    const [entry, ...more] = await auditEntriesFor(t.database.db, 'catalogue', 'catalogue.imported');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      before: null,
      after: { rows: 3, created: 1, updated: 1, unchanged: 1, categoriesCreated: [`${topName} › Drills`, 'Measuring', 'Measuring › Lasers'] },
    });
  });

  it('the same file again changes nothing', async () => {
    const before = await catalogueSnapshot(t.database.db);
    // The SKU of the changed tool is now spelled as the file spells it, and its category exists.
    const res = report(await importCsv(t.app, admin, file));
    expect(res).toMatchObject({ created: 0, updated: 0, unchanged: 3, categoriesCreated: [] });
    const entries = await auditEntriesFor(t.database.db, 'catalogue', 'catalogue.imported');
    expect(entries).toHaveLength(2);
    const { audit: _audit, ...rest } = JSON.parse(before) as Record<string, unknown>;
    const { audit: _after, ...restAfter } = JSON.parse(await catalogueSnapshot(t.database.db)) as Record<string, unknown>;
    expect(restAfter).toEqual(rest);
  });
});

describe('what a row may leave out', () => {
  it('a tool that exists keeps its photos and specifications when the file has no image or specifications column', async () => {
    const [tool] = await createTools(t.database.db, 1, {
      sku: 'KEEP-1',
      photos: ['https://images.example.com/a.webp', 'https://images.example.com/b.webp'],
      image: 'https://images.example.com/a.webp',
      specs: [{ name: 'Weight', value: '2', unit: 'kg' }],
    });
    const columns = ['SKU', 'Name', 'Category', 'Price', 'MinQty', 'AvailableQty', 'Description'];
    const row = { SKU: 'keep-1', Name: 'Kept tool', Category: 'Kept', Price: '5', MinQty: 1, AvailableQty: 3, Description: 'Still here.' };
    const res = report(await importCsv(t.app, admin, csvFile([row], { columns })));
    expect(res).toMatchObject({ updated: 1, problems: [] });
    expect(await toolBySku('keep-1')).toMatchObject({ id: tool!.id, photos: tool!.photos, image: tool!.image, specs: tool!.specs, name: 'Kept tool' });
  });

  it('a new image takes the main photo\'s place, as in the edit form; the other photos stay', async () => {
    const photos = ['https://images.example.com/1.webp', 'https://images.example.com/2.webp'];
    await createTools(t.database.db, 1, { sku: 'PHOTO-1', photos, image: photos[0]! });
    const res = report(await importCsv(t.app, admin, csvFile([toolRow({ sku: 'PHOTO-1', image: 'https://images.example.com/new.webp' })])));
    expect(res.updated).toBe(1);
    expect(await toolBySku('PHOTO-1')).toMatchObject({ image: 'https://images.example.com/new.webp', photos: ['https://images.example.com/new.webp', photos[1]] });
  });

  it('an empty specifications cell empties the table; a sold-out tool may keep a minimum above its stock', async () => {
    await createTools(t.database.db, 1, { sku: 'SOLD-1', specs: [{ name: 'Weight', value: '2' }], minQty: 5, availableQty: 0 });
    const res = report(await importCsv(t.app, admin, csvFile([toolRow({ sku: 'SOLD-1', specifications: '', minQty: 5, availableQty: 0 })])));
    expect(res.problems).toEqual([]);
    expect(await toolBySku('SOLD-1')).toMatchObject({ specs: [], minQty: 5, availableQty: 0 });
  });
});

describe('tax classes', () => {
  const classOf = async (sku: string) => (await detail((await toolBySku(sku))!.slug)).taxClass;

  it('a row sets a new or existing tool\'s class, in any case; an empty cell makes a new tool standard and leaves an existing one\'s alone', async () => {
    await createTools(t.database.db, 1, { sku: 'TAX-OLD-1', taxClass: 'standard' });
    await createTools(t.database.db, 1, { sku: 'TAX-OLD-2', taxClass: 'reduced' });
    const file = csvFile([
      toolRow({ sku: 'TAX-NEW-1', taxClass: ' Reduced ' }),
      toolRow({ sku: 'TAX-NEW-2', taxClass: 'exempt' }),
      toolRow({ sku: 'TAX-NEW-3', taxClass: '' }),
      toolRow({ sku: 'TAX-OLD-1', taxClass: 'EXEMPT' }),
      // Its other fields change; the empty class cell keeps it reduced.
      toolRow({ sku: 'TAX-OLD-2', price: '7.25', taxClass: '' }),
    ]);
    expect(report(await importCsv(t.app, admin, file, { dryRun: true }))).toMatchObject({ created: 3, updated: 2, problems: [] });
    expect(report(await importCsv(t.app, admin, file))).toMatchObject({ created: 3, updated: 2, problems: [] });

    expect(await classOf('TAX-NEW-1')).toBe('reduced');
    expect(await classOf('TAX-NEW-2')).toBe('exempt');
    expect(await classOf('TAX-NEW-3')).toBe('standard');
    expect(await classOf('TAX-OLD-1')).toBe('exempt');
    expect(await classOf('TAX-OLD-2')).toBe('reduced');
    expect(await toolBySku('TAX-OLD-2')).toMatchObject({ priceCents: 725 });
  });

  it('a changed class alone is a change: the tool is updated and the import audited; the same class in another case is no change', async () => {
    const [tool] = await createTools(t.database.db, 1, { sku: 'TAX-ONLY-1', taxClass: 'standard', specs: [] });
    const exported = parseCsv((await t.app.inject({ method: 'GET', url: '/api/items/export', headers: bearer(admin) })).body);
    const [header, ...rows] = exported;
    const row = Object.fromEntries(header!.map((column, i) => [column, rows.find((cells) => cells[0] === 'TAX-ONLY-1')![i]!]));
    expect(row.taxClass).toBe('standard');

    const audited = (await auditEntriesFor(t.database.db, 'catalogue', 'catalogue.imported')).length;
    expect(report(await importCsv(t.app, admin, csvFile([{ ...row, taxClass: 'reduced' }])))).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await toolBySku('TAX-ONLY-1')).toMatchObject({ id: tool!.id, taxClass: 'reduced', priceCents: tool!.priceCents, name: tool!.name });
    const entries = await auditEntriesFor(t.database.db, 'catalogue', 'catalogue.imported');
    expect(entries).toHaveLength(audited + 1);
    expect(entries.at(-1)).toMatchObject({ after: { rows: 1, created: 0, updated: 1, unchanged: 0 } });

    const before = await catalogueSnapshot(t.database.db);
    expect(report(await importCsv(t.app, admin, csvFile([{ ...row, taxClass: 'Reduced' }])))).toMatchObject({ updated: 0, unchanged: 1 });
    const { audit: _audit, ...rest } = JSON.parse(before) as Record<string, unknown>;
    const { audit: _after, ...restAfter } = JSON.parse(await catalogueSnapshot(t.database.db)) as Record<string, unknown>;
    expect(restAfter).toEqual(rest);
  });

  it('a file without the taxClass column leaves every class alone, and its new tools are standard', async () => {
    await createTools(t.database.db, 1, { sku: 'TAX-KEEP-1', taxClass: 'exempt' });
    await createTools(t.database.db, 1, { sku: 'TAX-KEEP-2', taxClass: 'reduced' });
    const columns = CATALOGUE_CSV_COLUMNS.filter((column) => column !== 'taxClass');
    const file = csvFile([toolRow({ sku: 'TAX-KEEP-1', price: '11.00' }), toolRow({ sku: 'TAX-KEEP-2', name: 'Renamed reduced tool' }), toolRow({ sku: 'TAX-KEEP-NEW' })], { columns });
    expect(report(await importCsv(t.app, admin, file))).toMatchObject({ created: 1, updated: 2, problems: [] });
    expect(await classOf('TAX-KEEP-1')).toBe('exempt');
    expect(await classOf('TAX-KEEP-2')).toBe('reduced');
    expect(await classOf('TAX-KEEP-NEW')).toBe('standard');
    expect(await toolBySku('TAX-KEEP-1')).toMatchObject({ priceCents: 1100 });
  });
});

describe('values stored before today\'s rules', () => {
  it('are not checked again when a row keeps them, as an edit checks only what it changes', async () => {
    const longer = `Written before the form's limit. ${'x'.repeat(300)}`;
    await createTools(t.database.db, 1, { sku: 'OLD-1', description: longer, image: 'http://old.example.com/tool.png', photos: ['http://old.example.com/tool.png'] });
    const exported = parseCsv((await t.app.inject({ method: 'GET', url: '/api/items/export', headers: bearer(admin) })).body);
    const [header, ...rows] = exported;
    const row = Object.fromEntries(header!.map((column, i) => [column, rows.find((cells) => cells[0] === 'OLD-1')![i]!]));

    const cheaper = report(await importCsv(t.app, admin, csvFile([{ ...row, price: '3.50' }])));
    expect(cheaper).toMatchObject({ updated: 1, problems: [] });
    expect(await toolBySku('OLD-1')).toMatchObject({ priceCents: 350, description: longer, image: 'http://old.example.com/tool.png' });

    const refused = await importCsv(t.app, admin, csvFile([{ ...row, price: '3.50', description: `${longer} More.` }]));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems).toEqual([{ row: 2, field: 'description', detail: VALIDATION.productDescriptionTooLong }]);
  });
});

describe('addresses of many new tools at once', () => {
  it('never takes an address another tool has, now or had before: the next free -N', async () => {
    await createTools(t.database.db, 1, { sku: 'CLASH-OLD', name: 'Clash Tool 2' });
    await createTools(t.database.db, 1, { sku: 'CLASH-NOW', name: 'Clash Tool' });
    // Renamed: clash-tool-2 stays its old address (a redirect), so no new tool may have it.
    report(await importCsv(t.app, admin, csvFile([toolRow({ sku: 'CLASH-OLD', name: 'Renamed Clash' })])));
    // More than a few at once (the allocator then looks every address up in the list).
    const rows = Array.from({ length: 60 }, (_, i) => toolRow({ sku: `MANY-${i}`, name: i < 2 ? 'Clash Tool' : `Many Tool ${i}` }));
    expect(report(await importCsv(t.app, admin, csvFile(rows))).created).toBe(60);
    expect((await toolBySku('MANY-0'))!.slug).toBe('clash-tool-3');
    expect((await toolBySku('MANY-1'))!.slug).toBe('clash-tool-4');
    expect((await toolBySku('MANY-59'))!.slug).toBe('many-tool-59');
  });
});
