import { z } from 'zod';
import { CATALOGUE_TEXTS as T } from '../messages/catalogue';
import { VALIDATION } from '../messages/validation';
import { isUuid, NO_CONTROL_CHARACTERS } from './fields';
import { SLUG_MAX, SLUG_PATTERN } from './catalogue';

/**
 * The catalogue's structure as admins edit it (issue 24, decision 039): SKUs, addresses,
 * specifications, photos, categories, documents and the CSV import. The server validates with
 * these and the admin forms use them, so both say the same thing.
 */

export const CATALOGUE_LIMITS = {
  skuMax: 40,
  specsMax: 50,
  /** Every name, value and unit of one tool's specifications together. */
  specsCharactersMax: 5_000,
  specNameMax: 60,
  specValueMax: 120,
  specUnitMax: 20,
  photosMax: 10,
  categoryNameMax: 60,
  documentNameMax: 80,
  documentsMax: 10,
  documentBytesMax: 10 * 1024 * 1024,
  /** The CSV import: bytes of the file and data rows in it. */
  importBytesMax: 20 * 1024 * 1024,
  importRowsMax: 20_000,
} as const;

/** Letters, digits and . _ / -, starting with a letter or digit: what part numbers are made of. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

const oneLine = /^[^\r\n\t\u2028\u2029]*$/;

/** Trimmed, one line, no control characters; `required` when blank. */
const lineOfText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong })
    .regex(NO_CONTROL_CHARACTERS, { error: VALIDATION.controlCharacters })
    .regex(oneLine, { error: VALIDATION.oneLine });

export const skuField = lineOfText(T.skuRequired, CATALOGUE_LIMITS.skuMax, T.skuInvalid).regex(SKU_PATTERN, { error: T.skuInvalid });

export const slugField = z
  .string({ error: T.slugInvalid })
  .trim()
  .max(SLUG_MAX, { error: T.slugInvalid })
  .regex(SLUG_PATTERN, { error: T.slugInvalid })
  // GET /api/items/{id or slug} reads an id-shaped address as an id: such a tool would never be found by it.
  .refine((slug) => !isUuid(slug), { error: T.slugLooksLikeId });

const uuidField = (message: string) => z.uuid({ error: message });

export const toolSpecField = z.object({
  name: lineOfText(T.specNameRequired, CATALOGUE_LIMITS.specNameMax, T.specNameTooLong(CATALOGUE_LIMITS.specNameMax)),
  value: lineOfText(T.specValueRequired, CATALOGUE_LIMITS.specValueMax, T.specValueTooLong(CATALOGUE_LIMITS.specValueMax)),
  unit: z
    .string({ error: T.specUnitTooLong(CATALOGUE_LIMITS.specUnitMax) })
    .trim()
    .max(CATALOGUE_LIMITS.specUnitMax, { error: T.specUnitTooLong(CATALOGUE_LIMITS.specUnitMax) })
    .regex(NO_CONTROL_CHARACTERS, { error: VALIDATION.controlCharacters })
    .regex(oneLine, { error: VALIDATION.oneLine })
    .optional()
    // A blank unit is no unit: the table shows none, and the API answers none.
    .transform((unit) => (unit === '' ? undefined : unit)),
});

const specCharacters = (specs: readonly { name: string; value: string; unit?: string | undefined }[]) =>
  specs.reduce((sum, spec) => sum + spec.name.length + spec.value.length + (spec.unit?.length ?? 0), 0);

/** A tool's specifications table, in the order shown. */
export const toolSpecsField = z
  .array(toolSpecField, { error: 'specs must be a list of { name, value, unit }' })
  .max(CATALOGUE_LIMITS.specsMax, { error: T.specsTooMany(CATALOGUE_LIMITS.specsMax) })
  .refine((specs) => specCharacters(specs) <= CATALOGUE_LIMITS.specsCharactersMax, {
    error: T.specsTooLong(CATALOGUE_LIMITS.specsCharactersMax),
  });

export const categoryIdField = uuidField(T.categoryRequired);

// ---------------------------------------------------------------------------------------------
// Categories: POST /api/categories, PATCH /api/categories/:id, DELETE /api/categories/:id?moveTo=
// ---------------------------------------------------------------------------------------------

const categoryName = lineOfText(T.categoryNameRequired, CATALOGUE_LIMITS.categoryNameMax, T.categoryNameTooLong);

export const categoryCreateSchema = z.object({
  name: categoryName,
  /** The top-level category it goes under; null or absent: a top-level category. */
  parentId: uuidField(T.categoryNotFound).nullable().optional(),
  /** Made from the name when absent. */
  slug: slugField.optional(),
});
export type CategoryCreate = z.output<typeof categoryCreateSchema>;

export const categoryPatchSchema = z
  .object({
    name: categoryName.optional(),
    slug: slugField.optional(),
    parentId: uuidField(T.categoryNotFound).nullable().optional(),
    /** Its place among its siblings, from 0; the others move up or down to make room. */
    position: z.number({ error: T.positionInvalid }).int({ error: T.positionInvalid }).min(0, { error: T.positionInvalid }).max(10_000, { error: T.positionInvalid }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { error: 'Nothing to change: send at least one field' });
export type CategoryPatch = z.output<typeof categoryPatchSchema>;

export const categoryDeleteQuerySchema = z.object({
  /** Where the category's tools go before it is deleted. */
  moveTo: uuidField(T.categoryNotFound).optional(),
});

// ---------------------------------------------------------------------------------------------
// Documents: POST /api/items/:id/documents?name= (the body is the PDF), PATCH and DELETE one.
// ---------------------------------------------------------------------------------------------

export const documentNameField = lineOfText(T.documentNameRequired, CATALOGUE_LIMITS.documentNameMax, T.documentNameTooLong);
export const documentUploadQuerySchema = z.object({ name: documentNameField });
export const documentPatchSchema = z.object({ name: documentNameField });
export const documentParams = z.object({ id: z.string(), documentId: z.string() });

// ---------------------------------------------------------------------------------------------
// The catalogue import: POST /api/items/import?dryRun=true (the body is the CSV file).
// ---------------------------------------------------------------------------------------------

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: 'dryRun must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(false),
});

/** One problem of an import: the row as a spreadsheet numbers it (the header is row 1), the column, what is wrong. */
export const importProblemSchema = z.object({ row: z.number().int(), field: z.string(), detail: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What an import did, or would do (`dryRun`). With problems, it did nothing. */
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows read. */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Categories the file names that do not exist yet, as "Parent › Child" (made by the import). */
  categoriesCreated: z.array(z.string()),
  problems: z.array(importProblemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The columns of the catalogue's CSV, import and export alike, in the export's order. */
export const CATALOGUE_CSV_COLUMNS = ['sku', 'name', 'category', 'price', 'minQty', 'availableQty', 'description', 'image', 'specifications', 'taxClass'] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
/**
 * The columns a file must have. `image` may be left out for tools that exist (a new tool needs one),
 * `specifications` and `taxClass` always (new columns go last, so files made before them still import).
 */
export const CATALOGUE_CSV_REQUIRED = ['sku', 'name', 'category', 'price', 'minQty', 'availableQty', 'description'] as const;
