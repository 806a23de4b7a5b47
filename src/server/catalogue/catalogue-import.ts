import { inArray, sql } from 'drizzle-orm';
import { API_ERRORS, CATALOGUE_CSV_COLUMNS, CATALOGUE_LIMITS, UPLOADED_IMAGE_PATH, type CatalogueCsvColumn, type ImportProblem, type ImportReport } from '../../shared';
import { IMPORT_TEXTS } from '../../shared/messages/catalogue-import';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { productImages, tools } from '../db/schema';
import type { Identity } from '../identity/identity';
import { publishChange } from '../db/change-bus';
import { DomainError } from '../lib/domain-errors';
import { isUniqueViolation } from '../lib/unique-violation';
import { catalogueCells, literalCell, sameSpecs } from './catalogue-csv-format';
import { readSheet, type Sheet, type SheetRow } from './catalogue-csv-read';
import { ImportCategories, type CategoryRef } from './catalogue-import-categories';
import { checkRow, skuKeyOf, type ImportedTool, type StoredTool } from './catalogue-import-rows';
import { addressesAfterRename, keepOldAddresses, updateToolFields, type ToolFields } from './catalogue-import-writes';
import { setStocks } from './stock';
import { sqlTextArray } from './tool-identity';
import { photosFrom } from './tools-admin-service';
import { insertToolRows } from './tools-insert';
import type { ToolRow } from './tools-repository';

/**
 * The catalogue import (POST /api/items/import, issue 24): a CSV file of tools, upserted by SKU
 * (any case), all or nothing. The file is read and every row checked first; with any problem
 * nothing is written and every problem is answered (IMPORT_REFUSED, or the dry run's report).
 * Otherwise one transaction makes the categories the file names, writes the tools that change
 * (a row equal to its tool is left alone), their stock through stock.ts, one audit entry for the
 * whole import, and tells every process's caches. Reads and writes go a few thousand rows per
 * statement, so 10,000 rows take a few dozen statements, not 10,000 round trips.
 */

/** The problems answered at most (the first ones, by row): enough to fix, small enough to show. */
export const IMPORT_PROBLEMS_LISTED = 1_000;

interface Plan {
  rows: number;
  problems: ImportProblem[];
  creates: { tool: ImportedTool; category: CategoryRef }[];
  updates: { tool: ImportedTool; current: ToolRow; category: CategoryRef }[];
  unchanged: number;
  categories: ImportCategories;
}

export async function importCatalogue(db: AppDatabase, admin: Identity, file: Buffer, dryRun: boolean): Promise<ImportReport> {
  const sheet = readSheet(file);
  if (sheet.rowCount > CATALOGUE_LIMITS.importRowsMax) throw new DomainError('IMPORT_TOO_MANY_ROWS');
  return db.transaction(async (tx) => {
    const plan = await planImport(tx, sheet, { lock: !dryRun });
    const report: ImportReport = {
      dryRun,
      rows: plan.rows,
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged,
      categoriesCreated: plan.categories.toBeMade,
      problems: listed(plan.problems),
    };
    if (report.problems.length > 0 && !dryRun) throw new DomainError('IMPORT_REFUSED', { problems: report.problems });
    if (dryRun) return report;
    await writePlan(tx, plan);
    const { problems: _none, dryRun: _no, ...counts } = report;
    await recordAudit(tx, admin, { action: 'catalogue.imported', targetId: 'catalogue', before: null, after: counts });
    await publishChange(tx, 'tools');
    return report;
  });
}

/** Every row checked against what the catalogue holds now (read once, locked when the import is to be written). */
async function planImport(tx: AppTransaction, sheet: Sheet, { lock }: { lock: boolean }): Promise<Plan> {
  const categories = await ImportCategories.load(tx);
  const plan: Plan = { rows: sheet.rowCount, problems: [...sheet.problems], creates: [], updates: [], unchanged: 0, categories };
  const keys = [...new Set(sheet.rows.map(skuKeyOf).filter((key): key is string => key !== null))];
  const existing = await toolsBySku(tx, keys, lock);
  const firstRowOf = new Map<string, number>();
  for (const sheetRow of sheet.rows) {
    const key = skuKeyOf(sheetRow);
    const first = key === null ? undefined : firstRowOf.get(key);
    if (first !== undefined) {
      plan.problems.push({ row: sheetRow.row, field: 'sku', detail: IMPORT_TEXTS.skuRepeated(first) });
      continue;
    }
    if (key !== null) firstRowOf.set(key, sheetRow.row);
    const current = key === null ? undefined : existing.get(key);
    const stored = current && storedTool(current, categories);
    if (stored && isAsExported(sheetRow, stored)) {
      plan.unchanged += 1;
      continue;
    }
    const checked = checkRow(sheetRow, stored, sheet.decimalComma);
    if ('problems' in checked) {
      plan.problems.push(...checked.problems);
      continue;
    }
    const { tool } = checked;
    const category = categories.place(tool.category);
    if (!current) plan.creates.push({ tool, category });
    else if (isUnchanged(tool, current, category)) plan.unchanged += 1;
    else plan.updates.push({ tool, current, category });
  }
  plan.problems.push(...(await missingPhotos(tx, plan)));
  return plan;
}

/** The tools these SKUs (upper case) name, by SKU; locked FOR NO KEY UPDATE, in id order, when the import is to be written. */
async function toolsBySku(tx: AppTransaction, keys: string[], lock: boolean): Promise<Map<string, ToolRow>> {
  if (keys.length === 0) return new Map();
  const query = tx.select().from(tools).where(sql`upper(${tools.sku}) = any(${sqlTextArray(keys)})`).orderBy(tools.id);
  const rows = lock ? await query.for('no key update') : await query;
  return new Map(rows.map((row) => [row.sku.toUpperCase(), row]));
}

/** A tool that exists, with its cells as the export would write them. */
function storedTool(tool: ToolRow, categories: ImportCategories): StoredTool {
  const categoryNames = categories.pathOf(tool.categoryId);
  return { tool, cells: catalogueCells(tool, categoryNames), categoryNames };
}

/** A row exactly as the export writes its tool: unchanged, nothing to check (the common case of a file exported, edited in places, imported). */
function isAsExported(sheetRow: SheetRow, stored: StoredTool): boolean {
  return (Object.entries(sheetRow.cells) as [CatalogueCsvColumn, string][]).every(([column, raw]) => {
    const cell = literalCell(raw);
    return 'text' in cell && cell.text === stored.cells[column];
  });
}

/** Text as the form keeps it (trimmed) equals what is stored, also when what is stored was never trimmed. */
const sameText = (stored: string, given: string) => stored === given || stored.trim() === given;

function isUnchanged(tool: ImportedTool, current: ToolRow, category: CategoryRef): boolean {
  return (
    tool.sku === current.sku &&
    sameText(current.name, tool.name) &&
    sameText(current.description, tool.description) &&
    tool.priceCents === current.priceCents &&
    tool.minQty === current.minQty &&
    tool.availableQty === current.availableQty &&
    (tool.image === undefined || tool.image === current.image) &&
    (tool.specs === undefined || sameSpecs(current.specs, tool.specs)) &&
    (tool.taxClass === undefined || tool.taxClass === current.taxClass) &&
    'id' in category &&
    category.id === current.categoryId
  );
}

/** Uploaded photos a row names that do not exist (a link to one would show a broken image in the shop). */
async function missingPhotos(tx: AppTransaction, plan: Plan): Promise<ImportProblem[]> {
  const rowsOf = new Map<string, number[]>();
  for (const { tool, current } of [...plan.creates, ...plan.updates] as { tool: ImportedTool; current?: ToolRow }[]) {
    if (tool.image === undefined || tool.image === current?.image || !UPLOADED_IMAGE_PATH.test(tool.image)) continue;
    const id = tool.image.slice(tool.image.lastIndexOf('/') + 1);
    rowsOf.set(id, [...(rowsOf.get(id) ?? []), tool.row]);
  }
  if (rowsOf.size === 0) return [];
  const found = await tx.select({ id: productImages.id }).from(productImages).where(inArray(productImages.id, [...rowsOf.keys()]));
  for (const { id } of found) rowsOf.delete(id);
  return [...rowsOf.values()].flat().map((row) => ({ row, field: 'image', detail: API_ERRORS.imageNotFound }));
}

/** Problems in row order, then column order; past IMPORT_PROBLEMS_LISTED, one more says the rest were left out. */
function listed(problems: ImportProblem[]): ImportProblem[] {
  const column = (field: string) => (CATALOGUE_CSV_COLUMNS as readonly string[]).indexOf(field);
  // The header's problems (row 1) as found; a data row's in the columns' order (sort is stable).
  const sorted = [...problems].sort((a, b) => a.row - b.row || (a.row === 1 ? 0 : column(a.field) - column(b.field)));
  if (sorted.length <= IMPORT_PROBLEMS_LISTED) return sorted;
  const next = sorted[IMPORT_PROBLEMS_LISTED]!;
  return [...sorted.slice(0, IMPORT_PROBLEMS_LISTED), { row: next.row, field: '', detail: IMPORT_TEXTS.tooManyProblems(IMPORT_PROBLEMS_LISTED) }];
}

async function writePlan(tx: AppTransaction, plan: Plan): Promise<void> {
  await plan.categories.make(tx);
  await withIdentityChecked(async () => {
    await writeUpdates(tx, plan);
    // Newest last, a millisecond apart: the catalogue lists the new tools in the file's order.
    const start = Date.now() - plan.creates.length;
    await insertToolRows(
      tx,
      plan.creates.map(({ tool, category }, i) => ({
        sku: tool.sku,
        name: tool.name,
        priceCents: tool.priceCents,
        description: tool.description,
        minQty: tool.minQty,
        availableQty: tool.availableQty,
        image: tool.image!,
        specs: tool.specs ?? [],
        taxClass: tool.taxClass ?? 'standard',
        categoryId: plan.categories.idOf(category),
        createdAt: new Date(start + i),
      })),
    );
  });
}

/** The changed tools: their fields and addresses, then their stock through stock.ts. */
async function writeUpdates(tx: AppTransaction, plan: Plan): Promise<void> {
  const merged = plan.updates.map(({ tool, current, category }) => {
    const image = tool.image ?? current.image;
    const fields: ToolFields = {
      id: current.id,
      sku: tool.sku,
      name: sameText(current.name, tool.name) ? current.name : tool.name,
      slug: current.slug,
      priceCents: tool.priceCents,
      description: sameText(current.description, tool.description) ? current.description : tool.description,
      minQty: tool.minQty,
      image,
      photos: photosFrom({ image }, current.photos.length > 0 ? current.photos : [current.image]),
      specs: tool.specs ?? current.specs,
      taxClass: tool.taxClass ?? current.taxClass,
      ...plan.categories.placement(category),
    };
    return { fields, current, availableQty: tool.availableQty };
  });
  const renamed = merged.filter(({ fields, current }) => fields.name !== current.name);
  const slugs = await addressesAfterRename(tx, renamed.map(({ fields, current }) => ({ current, name: fields.name })));
  for (const { fields } of renamed) fields.slug = slugs.get(fields.id)!;
  // A row that changes only the stock writes only the stock.
  await updateToolFields(tx, merged.filter(({ fields, current }) => !sameFields(fields, current)).map(({ fields }) => fields));
  await keepOldAddresses(
    tx,
    renamed.filter(({ fields, current }) => fields.slug !== current.slug).map(({ fields, current }) => ({ toolId: fields.id, oldSlug: current.slug, newSlug: fields.slug })),
  );
  await setStocks(
    tx,
    merged.filter(({ current, availableQty }) => availableQty !== current.availableQty).map(({ current, availableQty }) => ({ toolId: current.id, availableQty })),
  );
}

/** Whether a tool's columns other than its stock would stay as they are. */
function sameFields(fields: ToolFields, current: ToolRow): boolean {
  return (Object.keys(fields) as (keyof ToolFields)[]).every((key) =>
    key === 'photos' || key === 'specs' ? JSON.stringify(fields[key]) === JSON.stringify(current[key]) : fields[key] === current[key],
  );
}

/**
 * Another writer took a new SKU or address meanwhile (the rows were checked against the catalogue
 * as it was read): refused as the form would be, and the whole import with it.
 */
async function withIdentityChecked(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error, 'tools_sku_idx')) throw new DomainError('SKU_TAKEN', { sku: '' }, { field: 'sku' });
    if (isUniqueViolation(error, 'tools_slug_unique')) throw new DomainError('SLUG_TAKEN', { slug: '' }, { field: 'name' });
    throw error;
  }
}
