import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, type TestUser } from '../../../tests/support/accounts';
import { catalogueSnapshot, csvFile, importCsv, toolRow } from '../../../tests/support/catalogue-csv';
import { createTools } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, CATALOGUE_CSV_COLUMNS, CATALOGUE_LIMITS, CATALOGUE_TEXTS, VALIDATION, type ImportProblem, type ImportReport } from '../../shared';
import { IMPORT_TEXTS } from '../../shared/messages/catalogue-import';
import { tools } from '../db/schema';

/**
 * Bad files (issue 24, section 9): one bad row refuses the whole file, every problem is answered
 * with its spreadsheet row and its column, and nothing changes. Files that are not CSV, too large
 * or too long are refused before any row is read.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db);
  await createTools(t.database.db, 2, { sku: undefined });
});
afterAll(() => t.close());

const toolBySku = async (sku: string) => (await t.database.db.select().from(tools).where(eq(tools.sku, sku)))[0];

/** Sends the file, expects it refused with nothing changed, and answers its problems. */
async function refused(file: string | Buffer): Promise<ImportProblem[]> {
  const before = await catalogueSnapshot(t.database.db);
  const res = await importCsv(t.app, admin, file);
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json<{ code: string; detail: string; problems: ImportProblem[] }>();
  expect(body.code).toBe('IMPORT_REFUSED');
  expect(body.detail).toBe(CATALOGUE_TEXTS.importRefused(body.problems.length));
  expect(await catalogueSnapshot(t.database.db)).toBe(before);
  return body.problems;
}

describe('one bad row refuses the file', () => {
  it('names every problem by row and column, in the product form\'s words, and writes none of the good rows', async () => {
    const problems = await refused(
      csvFile([
        toolRow({ sku: 'GOOD-1' }),
        toolRow({ price: 'twelve', minQty: '1.5', name: 'ab' }),
        toolRow({ description: '', image: 'http://insecure.example.com/a.png', sku: 'bad sku!' }),
        toolRow({ minQty: 20, availableQty: 5, category: 'A > B > C' }),
        toolRow({ sku: 'good-1' }),
        toolRow({ specifications: `Torque: ${'9'.repeat(200)} [Nm]; Weight 2`, image: '' }),
      ]),
    );
    expect(problems).toEqual([
      { row: 3, field: 'name', detail: VALIDATION.productNameTooShort },
      { row: 3, field: 'price', detail: IMPORT_TEXTS.notANumber },
      { row: 3, field: 'minQty', detail: VALIDATION.productMinQtyWhole },
      { row: 4, field: 'sku', detail: CATALOGUE_TEXTS.skuInvalid },
      { row: 4, field: 'description', detail: VALIDATION.productDescriptionRequired },
      { row: 4, field: 'image', detail: VALIDATION.productImageInvalid },
      { row: 5, field: 'category', detail: CATALOGUE_TEXTS.categoryTooDeep },
      { row: 5, field: 'minQty', detail: VALIDATION.productMinQtyAboveAvailable },
      { row: 6, field: 'sku', detail: IMPORT_TEXTS.skuRepeated(2) },
      { row: 7, field: 'image', detail: VALIDATION.productImageRequired },
      { row: 7, field: 'specifications', detail: IMPORT_TEXTS.specFormat(2) },
    ]);
  });

  it('lists the first 1,000 problems, and says there are more', async () => {
    const problems = await refused(csvFile(Array.from({ length: 1_100 }, () => toolRow({ price: 'free' }))));
    expect(problems).toHaveLength(1_001);
    expect(problems[999]).toEqual({ row: 1_001, field: 'price', detail: IMPORT_TEXTS.notANumber });
    expect(problems[1_000]).toEqual({ row: 1_002, field: '', detail: IMPORT_TEXTS.tooManyProblems(1_000) });
  });

  it('checks specifications by the form\'s rules, naming the one at fault', async () => {
    const many = Array.from({ length: CATALOGUE_LIMITS.specsMax + 1 }, (_, i) => `S${i}: ${i}`).join('; ');
    const problems = await refused(csvFile([toolRow({ specifications: `Torque: ${'9'.repeat(200)}` }), toolRow({ specifications: many })]));
    expect(problems).toEqual([
      { row: 2, field: 'specifications', detail: IMPORT_TEXTS.spec(1, CATALOGUE_TEXTS.specValueTooLong(CATALOGUE_LIMITS.specValueMax)) },
      { row: 3, field: 'specifications', detail: CATALOGUE_TEXTS.specsTooMany(CATALOGUE_LIMITS.specsMax) },
    ]);
  });

  it('a tax class other than standard, reduced or exempt is a problem in its row and column, for new tools and existing ones alike', async () => {
    await createTools(t.database.db, 1, { sku: 'TAXED-1', taxClass: 'reduced' });
    const problems = await refused(
      csvFile([
        toolRow({ sku: 'TAX-GOOD-1', taxClass: 'exempt' }),
        toolRow({ taxClass: 'zero-rated' }),
        toolRow({ sku: 'taxed-1', taxClass: 'Reduced rate', price: 'cheap' }),
        toolRow({ taxClass: '0' }),
      ]),
    );
    expect(problems).toEqual([
      { row: 3, field: 'taxClass', detail: IMPORT_TEXTS.taxClassInvalid },
      { row: 4, field: 'price', detail: IMPORT_TEXTS.notANumber },
      { row: 4, field: 'taxClass', detail: IMPORT_TEXTS.taxClassInvalid },
      { row: 5, field: 'taxClass', detail: IMPORT_TEXTS.taxClassInvalid },
    ]);
    expect(IMPORT_TEXTS.taxClassInvalid).toMatch(/standard, reduced or exempt/);
    expect(await toolBySku('TAX-GOOD-1')).toBeUndefined();
    expect(await toolBySku('TAXED-1')).toMatchObject({ taxClass: 'reduced' });
  });

  it('an uploaded photo that does not exist is a problem', async () => {
    const problems = await refused(csvFile([toolRow({ image: '/api/images/00000000-0000-4000-8000-000000000000' })]));
    expect(problems).toEqual([{ row: 2, field: 'image', detail: API_ERRORS.imageNotFound }]);
  });

  it('numbers rows as a spreadsheet does: a cell holding line breaks keeps its row one row', async () => {
    const dataLines = (rows: Parameters<typeof csvFile>[0]) => csvFile(rows).split('\r\n').slice(1).join('\r\n');
    // Row 2 spans three lines; row 4 is blank (a spreadsheet shows it, the import skips it).
    const file = `${csvFile([toolRow({ description: 'Line one\r\nLine two\nLine three' }), toolRow({})])}\r\n${dataLines([toolRow({ price: '-1' })])}`;
    const problems = await refused(file);
    expect(problems).toEqual([{ row: 5, field: 'price', detail: VALIDATION.productPricePositive }]);
  });

  it('with a dry run, answers the problems beside what the good rows would do', async () => {
    const before = await catalogueSnapshot(t.database.db);
    const res = await importCsv(t.app, admin, csvFile([toolRow(), toolRow({ price: '0' })]), { dryRun: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ dryRun: true, rows: 2, created: 1, problems: [{ row: 3, field: 'price', detail: VALIDATION.productPricePositive }] });
    expect(await catalogueSnapshot(t.database.db)).toBe(before);
  });
});

describe('formula cells', () => {
  it.each([['=HYPERLINK("http://evil.example/","Click")'], ['+1 555 0100'], ['@SUM(A1)'], ['-A1+1'], ['\tTabbed']])('refuses %j', async (cell) => {
    const problems = await refused(csvFile([toolRow({ name: cell })]));
    expect(problems).toEqual([{ row: 2, field: 'name', detail: IMPORT_TEXTS.formula }]);
  });

  it('takes a cell the export neutralised with an apostrophe as its text, and a minus before a digit as a number', async () => {
    const res = await importCsv(t.app, admin, csvFile([toolRow({ sku: 'NEUTRAL-1', name: "'=Cell (not a formula)", description: "'-dash first" })]));
    expect(res.statusCode, res.body).toBe(200);
    expect(await toolBySku('NEUTRAL-1')).toMatchObject({ name: '=Cell (not a formula)', description: '-dash first' });
    const negative = await refused(csvFile([toolRow({ availableQty: '-5' })]));
    expect(negative).toEqual([{ row: 2, field: 'availableQty', detail: VALIDATION.productAvailableQtyWhole }]);
  });
});

describe('the file itself', () => {
  it('an unknown column, a repeated one or a missing one is refused at row 1', async () => {
    const columns = ['sku', 'Name', 'category', 'price', 'minQty', 'name', 'description', 'colour'];
    const problems = await refused(csvFile([{ sku: 'X-1' }], { columns }));
    expect(problems).toEqual([
      { row: 1, field: 'name', detail: IMPORT_TEXTS.repeatedColumn('name') },
      { row: 1, field: 'colour', detail: IMPORT_TEXTS.unknownColumn('colour') },
      { row: 1, field: 'availableQty', detail: IMPORT_TEXTS.missingColumn('availableQty') },
    ]);
  });

  it('broken quoting is a problem at its row, not an error', async () => {
    const good = csvFile([toolRow({ description: 'Two\nlines' })]);
    const unclosed = await refused(`${good}X-9,"Unclosed name,Imported,1,1,1,desc,,\r\n`);
    expect(unclosed).toEqual([{ row: 3, field: 'name', detail: IMPORT_TEXTS.quoteNotClosed }]);
    const misplaced = await refused(`${good}X-9,Torque wrench,Imported,1,1,1,"1/2" drive",,\r\n`);
    expect(misplaced).toEqual([{ row: 3, field: 'description', detail: IMPORT_TEXTS.quoteMisplaced }]);
  });

  it('a row with too few cells is a problem', async () => {
    const problems = await refused(`${csvFile([toolRow()])}X-9,Short row\r\n`);
    expect(problems).toEqual([{ row: 3, field: '', detail: IMPORT_TEXTS.cellCount(2, CATALOGUE_CSV_COLUMNS.length) }]);
  });

  it('an empty file or one not in UTF-8 is a problem', async () => {
    expect(await refused('')).toEqual([{ row: 1, field: '', detail: IMPORT_TEXTS.empty }]);
    const latin1 = Buffer.concat([Buffer.from(csvFile([toolRow()])), Buffer.from('X-2,Caf\xe9 tool,A,1,1,1,d,,\r\n', 'latin1')]);
    expect(await refused(latin1)).toEqual([{ row: 3, field: '', detail: IMPORT_TEXTS.notUtf8 }]);
  });

  it('reads a file saved with semicolons and decimal commas, and one starting with a byte order mark', async () => {
    const semicolons = csvFile([toolRow({ sku: 'SEMI-1', price: '12,50', name: 'Pliers; long nose' })], { delimiter: ';' });
    const res = await importCsv(t.app, admin, semicolons);
    expect(res.statusCode, res.body).toBe(200);
    const withBom = await importCsv(t.app, admin, Buffer.from(`\uFEFF${csvFile([toolRow({ sku: 'BOM-1' })])}`));
    expect(withBom.statusCode, withBom.body).toBe(200);
    expect(await toolBySku('SEMI-1')).toMatchObject({ priceCents: 1250, name: 'Pliers; long nose' });
    expect(await toolBySku('BOM-1')).toBeDefined();
  });

  it('a body that is not CSV is refused with 415', async () => {
    const res = await importCsv(t.app, admin, JSON.stringify({ sku: 'X' }), { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'IMPORT_NOT_CSV', detail: CATALOGUE_TEXTS.importNotCsv });
  });

  it('more rows than the limit is refused with 400', async () => {
    const row = 'X,Name here,Cat,1,1,1,Desc,,\n';
    const res = await importCsv(t.app, admin, `sku,name,category,price,minQty,availableQty,description,image,specifications\n${row.repeat(CATALOGUE_LIMITS.importRowsMax + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS' });
  });

  it('a 100 MB body is refused with 413 when announced, before it is read', async () => {
    const announced = await importCsv(t.app, admin, 'sku\r\n', { headers: { 'content-length': String(100 * 1024 * 1024) } });
    expect(announced.statusCode).toBe(413);
    expect(announced.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', detail: CATALOGUE_TEXTS.importTooLarge(CATALOGUE_LIMITS.importBytesMax / (1024 * 1024)) });
  });

  /** Sends `chunks` MB without a length (chunked), ending the body after them unless `endBody` is false. */
  async function sendUnannounced(chunks: number, endBody: boolean) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // 1 MB written over and over (never the whole body in memory), as fast as the socket takes it.
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const request = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/items/import', headers: { ...bearer(admin), 'content-type': 'text/csv' } });
    // What the client saw: the whole answer, or the connection closed under it. A client still
    // writing when the server closes may be reset before it reads the answer (TCP discards what
    // the server never read); either way the server stopped reading at the limit.
    const outcome = new Promise<{ status: number; connection: string | undefined; body: string } | 'closed'>((resolve) => {
      request.on('error', () => resolve('closed'));
      request.on('close', () => resolve('closed'));
      request.on('response', (res) => {
        let body = '';
        res.on('data', (data: Buffer) => (body += data.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        res.on('error', () => resolve('closed'));
      });
    });
    let settled = false;
    void outcome.then(() => (settled = true));
    let sent = 0;
    while (!settled && sent < chunks * chunk.length && !request.destroyed) {
      sent += chunk.length;
      if (!request.write(chunk)) await Promise.race([new Promise((resolve) => request.once('drain', resolve)), outcome]);
    }
    if (endBody && !request.destroyed) request.end();
    const seen = await outcome;
    request.destroy();
    return { seen, sent, limit: chunks * chunk.length };
  }

  it('a body past the limit sent without a length is refused with 413 and the file\'s limit', async () => {
    const { seen } = await sendUnannounced(CATALOGUE_LIMITS.importBytesMax / (1024 * 1024) + 2, true);
    if (seen === 'closed') throw new Error('the connection was closed before the answer was read');
    expect(seen.status).toBe(413);
    expect(seen.connection).toBe('close');
    expect(JSON.parse(seen.body)).toMatchObject({ code: 'IMPORT_TOO_LARGE' });
  });

  it('a 100 MB body sent without a length is cut off once past the limit: far less than 100 MB is ever taken', async () => {
    const { seen, sent, limit } = await sendUnannounced(100, false);
    expect(sent).toBeLessThan(limit);
    if (seen !== 'closed') expect(seen.status).toBe(413);
  });
});
