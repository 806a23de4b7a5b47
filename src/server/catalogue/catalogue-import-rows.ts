import type { z } from 'zod';
import {
  CATALOGUE_TEXTS,
  categoryCreateSchema,
  dollarsToCents,
  productCreateSchema,
  productFields,
  sellableOrSoldOut,
  VALIDATION,
  type CatalogueCsvColumn,
  type ImportProblem,
  type TaxClass,
} from '../../shared';
import { IMPORT_TEXTS } from '../../shared/messages/catalogue-import';
import type { ToolSpecRow } from '../db/schema';
import { literalCell, parseCategoryPath, parseNumberCell, parseSpecs, parseTaxClass } from './catalogue-csv-format';
import type { SheetRow } from './catalogue-csv-read';
import type { ToolRow } from './tools-repository';

/**
 * One row of an import file checked by the product form's own rules (the shared zod schemas, with
 * their words): a new tool by Add Product's (productCreateSchema: its minimum order fits in its
 * stock, an image is required), a tool that exists by an edit's (productFields, and
 * sellableOrSoldOut on the row as a whole). Before them, the file's own rules: no formula cells,
 * numbers that are numbers, specifications and a category path written as catalogue-csv-format.ts
 * reads them.
 */

/** What a row says a tool is to be. */
export interface ImportedTool {
  row: number;
  sku: string;
  name: string;
  priceCents: number;
  description: string;
  minQty: number;
  availableQty: number;
  /** Absent: the row gives no image (a tool that exists keeps its photos). */
  image?: string;
  /** Absent: the file has no specifications column (a tool that exists keeps its own). */
  specs?: ToolSpecRow[];
  /** Absent: the cell is empty or the file has no taxClass column (a new tool is standard, a tool that exists keeps its class). */
  taxClass?: TaxClass;
  /** The category's names, top-level first (one or two). */
  category: string[];
}

/** The SKU a row names, as the unique index compares it (upper case), or null when it has none. */
export function skuKeyOf(row: SheetRow): string | null {
  const cell = literalCell(row.cells.sku ?? '');
  const sku = 'text' in cell ? cell.text.trim() : '';
  return sku === '' ? null : sku.toUpperCase();
}

const FIELD_COLUMN: Record<string, CatalogueCsvColumn | undefined> = {
  sku: 'sku',
  name: 'name',
  price: 'price',
  image: 'image',
  description: 'description',
  minQty: 'minQty',
  availableQty: 'availableQty',
  specs: 'specifications',
  taxClass: 'taxClass',
};

/**
 * A tool that exists, with its cells as the export writes them. A row's cell equal to its tool's
 * is kept as it is and not checked again, as an edit checks only the fields it changes: a value
 * stored before today's rules (a longer description) does not refuse a row that changes the price.
 */
export interface StoredTool {
  tool: ToolRow;
  cells: Record<CatalogueCsvColumn, string>;
  categoryNames: string[];
}

type ProductFields = z.output<typeof productFields>;
type FieldMask = Partial<Record<keyof typeof productFields.shape, true>>;
/** productFields narrowed to the fields a row changes, made once for each set of fields. */
const pickedFields = new Map<string, z.ZodType>();
function fieldsSchema(keys: readonly (keyof typeof productFields.shape)[]): z.ZodType {
  const name = keys.join(',');
  let schema = pickedFields.get(name);
  if (!schema) pickedFields.set(name, (schema = productFields.pick(Object.fromEntries(keys.map((key) => [key, true])) as FieldMask)));
  return schema;
}

/** Checks a row as a new tool, or against the tool it updates (`stored`). */
export function checkRow(sheetRow: SheetRow, stored: StoredTool | undefined, decimalComma: boolean): { tool: ImportedTool } | { problems: ImportProblem[] } {
  const { row, cells } = sheetRow;
  /** One problem a column: the first found says what to fix first. */
  const problems = new Map<CatalogueCsvColumn, string>();
  const refuse = (column: CatalogueCsvColumn, detail: string) => {
    if (!problems.has(column)) problems.set(column, detail);
  };

  /** The cells the row gives (a tool's own values left out), as text. */
  const texts: Partial<Record<CatalogueCsvColumn, string>> = {};
  for (const [column, raw] of Object.entries(cells) as [CatalogueCsvColumn, string][]) {
    const cell = literalCell(raw);
    if ('formula' in cell) refuse(column, IMPORT_TEXTS.formula);
    else if (cell.text !== stored?.cells[column]) texts[column] = cell.text;
  }
  const number = (column: CatalogueCsvColumn, notANumber: string) => {
    const text = texts[column]?.trim() ?? '';
    if (text === '') return undefined;
    const value = parseNumberCell(text, decimalComma);
    if (value === null) refuse(column, notANumber);
    return value ?? undefined;
  };

  let specs: ToolSpecRow[] | undefined;
  if (texts.specifications !== undefined) {
    const parsed = parseSpecs(texts.specifications);
    if ('problem' in parsed) refuse('specifications', parsed.problem);
    else specs = parsed.specs;
  }
  let taxClass: TaxClass | undefined;
  if (texts.taxClass !== undefined) {
    const parsed = parseTaxClass(texts.taxClass);
    if (!parsed) refuse('taxClass', IMPORT_TEXTS.taxClassInvalid);
    else taxClass = parsed.taxClass;
  }
  const imageText = texts.image?.trim() ?? '';
  const candidate = {
    sku: texts.sku ?? '',
    name: texts.name ?? '',
    price: number('price', IMPORT_TEXTS.notANumber),
    description: texts.description ?? '',
    minQty: number('minQty', IMPORT_TEXTS.notAWholeNumber),
    availableQty: number('availableQty', IMPORT_TEXTS.notAWholeNumber),
    ...(imageText !== '' && { image: imageText }),
    ...(specs !== undefined && { specs }),
    ...(taxClass !== undefined && { taxClass }),
  };

  // Each field by its rule first; for a tool that exists only the fields the row changes (an
  // empty image or tax class cell changes nothing). The rules between fields only when the fields
  // are right, as one problem is enough (a stock of -5 is not also "below the minimum").
  const changed = (Object.keys(candidate) as (keyof typeof candidate)[]).filter((key) => texts[FIELD_COLUMN[key]!] !== undefined && (key !== 'image' || imageText !== ''));
  let checked = (stored ? fieldsSchema(changed) : productFields).safeParse(stored ? Object.fromEntries(changed.map((key) => [key, candidate[key]])) : candidate);
  if (checked.success && !stored) checked = productCreateSchema.safeParse(candidate);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [field, index] = issue.path;
      const column = FIELD_COLUMN[String(field)];
      if (!column) continue;
      refuse(column, column === 'specifications' && typeof index === 'number' ? IMPORT_TEXTS.spec(index + 1, issue.message) : issue.message);
    }
  }
  const category = texts.category === undefined && stored ? stored.categoryNames : checkCategory(texts.category, problems.has('category') ? null : refuse);

  if (problems.size > 0 || !checked.success || !category) {
    return { problems: [...problems].map(([field, detail]) => ({ row, field, detail })) };
  }
  const given = checked.data as Partial<ProductFields>;
  const kept = stored?.tool;
  const quantities = { minQty: given.minQty ?? kept?.minQty ?? 0, availableQty: given.availableQty ?? kept?.availableQty ?? 0 };
  if (kept && !sellableOrSoldOut(quantities)) return { problems: [{ row, field: 'minQty', detail: VALIDATION.productMinQtyAboveAvailable }] };
  return {
    tool: {
      row,
      sku: given.sku ?? kept!.sku,
      name: given.name ?? kept!.name,
      priceCents: given.price === undefined ? kept!.priceCents : dollarsToCents(given.price),
      description: given.description ?? kept!.description,
      ...quantities,
      ...(given.image !== undefined && { image: given.image }),
      ...(given.specs !== undefined && { specs: given.specs }),
      ...(given.taxClass !== undefined && { taxClass: given.taxClass }),
      category,
    },
  };
}

/** The category's names, checked as the categories form checks a name; null after a problem (or with `refuse` null: one already said). */
function checkCategory(text: string | undefined, refuse: ((column: CatalogueCsvColumn, detail: string) => void) | null): string[] | null {
  if (!refuse) return null;
  const problem = (detail: string) => {
    refuse('category', detail);
    return null;
  };
  if (text === undefined || text.trim() === '') return problem(CATALOGUE_TEXTS.categoryRequired);
  const parsed = parseCategoryPath(text);
  if ('problem' in parsed) return problem(parsed.problem);
  if (parsed.names.length > 2) return problem(CATALOGUE_TEXTS.categoryTooDeep);
  const names: string[] = [];
  for (const name of parsed.names) {
    const checked = categoryCreateSchema.shape.name.safeParse(name);
    if (!checked.success) return problem(checked.error.issues[0]?.message ?? CATALOGUE_TEXTS.categoryNameRequired);
    names.push(checked.data);
  }
  return names;
}
