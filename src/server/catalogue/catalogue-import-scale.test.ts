import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { CATALOGUE_CSV_COLUMNS, TAX_CLASSES, type ImportReport } from '../../shared';
import { tools } from '../db/schema';
import { csvRow } from '../lib/csv';

/**
 * A file of 10,000 rows imports in one request (issue 24): the import reads and writes a few
 * thousand rows per statement. Not timed (the machine's speed varies); it must simply finish, and
 * importing the same file again must find every row unchanged.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db);
}, 60_000);
afterAll(() => t.close());

const ROWS = 10_000;

function bigFile(edition = ''): string {
  let csv = csvRow(CATALOGUE_CSV_COLUMNS);
  for (let i = 1; i <= ROWS; i += 1) {
    const group = i % 20;
    csv += csvRow([
      `BULK-${i}`,
      `Bulk tool ${i} of group ${group}${edition}`,
      `Bulk group ${group % 4} > Shelf ${group}`,
      `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
      (i % 5) + 1,
      100 + (i % 50) + (edition ? 1 : 0),
      `Tool number ${i}, imported in one go with its ${ROWS - 1} companions.`,
      `https://images.example.com/bulk/${i}.webp`,
      `Length: ${i} [mm]; Batch: ${group}`,
      TAX_CLASSES[(i + (edition ? 1 : 0)) % TAX_CLASSES.length],
    ]);
  }
  return csv;
}

const importFile = (payload: string, dryRun = false) =>
  t.app.inject({ method: 'POST', url: `/api/items/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...bearer(admin), 'content-type': 'text/csv' }, payload });

describe('a file of 10,000 rows', () => {
  it('imports in one go, and a second import of it changes nothing', async () => {
    const file = bigFile();
    const first = await importFile(file);
    expect(first.statusCode, first.body.slice(0, 500)).toBe(200);
    expect(first.json<ImportReport>()).toMatchObject({ rows: ROWS, created: ROWS, updated: 0, unchanged: 0, problems: [] });
    expect(first.json<ImportReport>().categoriesCreated).toHaveLength(4 + 20);
    const [{ n }] = (await t.database.db.select({ n: count() }).from(tools)) as [{ n: number }];
    expect(n).toBe(ROWS);
    const classes = await t.database.db.select({ taxClass: tools.taxClass, n: count() }).from(tools).groupBy(tools.taxClass).orderBy(tools.taxClass);
    expect(classes).toEqual([
      { taxClass: 'exempt', n: 3_333 },
      { taxClass: 'reduced', n: 3_334 },
      { taxClass: 'standard', n: 3_333 },
    ]);

    const again = await importFile(file);
    expect(again.statusCode, again.body.slice(0, 500)).toBe(200);
    expect(again.json<ImportReport>()).toMatchObject({ rows: ROWS, created: 0, updated: 0, unchanged: ROWS, categoriesCreated: [] });
  }, 300_000);

  it('updates 10,000 tools in one go: new names (and addresses), new stock, new tax classes', async () => {
    const res = await importFile(bigFile(' (2nd edition)'));
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ rows: ROWS, created: 0, updated: ROWS, unchanged: 0 });
    const tool = await t.app.inject({ method: 'GET', url: '/api/items/bulk-tool-7-of-group-7' });
    expect(tool.statusCode).toBe(301);
    const moved = await t.app.inject({ method: 'GET', url: tool.headers.location! });
    // BULK-7 was reduced (7 % 3), and is now exempt.
    expect(moved.json()).toMatchObject({ sku: 'BULK-7', name: 'Bulk tool 7 of group 7 (2nd edition)', availableQty: 108, taxClass: 'exempt' });
  }, 300_000);
});
