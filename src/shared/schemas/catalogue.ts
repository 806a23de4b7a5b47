import { z } from 'zod';
import { CATALOGUE_SORTS, DEFAULT_CATALOGUE_SORT, SEARCH_QUERY_MAX, SLUG_MAX, SLUG_PATTERN } from '../catalogue-search';
import { PAGE } from '../constants';
import { TAX_CLASSES } from '../tax';

/**
 * A tool as the API serves it (spec: "Tool (served as items)"), with what the catalogue added:
 * its address (`slug`: /tools/{slug}), its part number and its category. Price is in dollars.
 */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  description: z.string(),
  minQty: z.number().int(),
  availableQty: z.number().int(),
  slug: z.string(),
  sku: z.string(),
  categoryId: z.string(),
  /** Which rates it pays: standard, reduced or exempt (decision 048). */
  taxClass: z.enum(TAX_CLASSES),
});
export type Tool = z.infer<typeof toolSchema>;

/** One line of a tool's specifications table: "Torque" "180" "Nm". */
export const toolSpecSchema = z.object({ name: z.string(), value: z.string(), unit: z.string().optional() });
export type ToolSpec = z.infer<typeof toolSpecSchema>;

/** A PDF of a tool's (datasheet, manual), as the shop lists it. `size` is in bytes. */
export const toolDocumentSchema = z.object({ _id: z.string(), name: z.string(), url: z.string(), size: z.number().int() });
export type ToolDocument = z.infer<typeof toolDocumentSchema>;

/** A category as a tool names it: the breadcrumb's links. */
export const categoryRefSchema = z.object({ _id: z.string(), slug: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/**
 * One tool with everything its page shows (`GET /api/items/{id or slug}`): the list's fields and
 * its category path (top-level first), specifications, every photo (the main one first, the same
 * as `image`) and documents.
 */
export const toolDetailSchema = toolSchema.extend({
  categoryPath: z.array(categoryRefSchema),
  specs: z.array(toolSpecSchema),
  photos: z.array(z.string()),
  documents: z.array(toolDocumentSchema),
});
export type ToolDetail = z.infer<typeof toolDetailSchema>;

/**
 * A category as `GET /api/categories` lists it: top-level ones have no parent. `toolCount` counts
 * its tools and its subcategories' (what its filter lists).
 */
export const categorySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  position: z.number().int(),
  toolCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  rating: z.number(),
  reviewText: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export function pageQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(maxLimit, { error: `limit must be at most ${maxLimit}` })
      .default(defaultLimit),
    offset: z.coerce
      .number({ error: 'offset must be a whole number' })
      .int({ error: 'offset must be a whole number' })
      .min(0, { error: 'offset must be 0 or more' })
      .max(1_000_000_000, { error: 'offset is too large' })
      .default(0),
  });
}

/** Said of any `after` the API cannot read: malformed, tampered with, or from another sort order. */
export const INVALID_CURSOR = 'after is not a valid cursor';
/** Cursors the API hands out stay far below this (a sort key of at most a tool name, and an id). */
const CURSOR_MAX = 2048;

/**
 * The deepest `offset` the catalogue takes. Skipping rows costs the database every row skipped (a
 * page at offset 90,000 of 100,000 tools took about 114 ms), so deeper pages go by `after`, which
 * starts at its row through the index (decision 026). At 10,000 a page costs about a tenth of the
 * deepest one, and Manage Tools' numbered pages of 20 reach page 500 (past that, its search finds a
 * tool); the web's catalogue never sends an offset.
 */
export const ITEMS_OFFSET_MAX = 10_000;

export const ITEMS_OFFSET_TOO_DEEP = `offset must be at most ${ITEMS_OFFSET_MAX}: for deeper pages, send the x-next-cursor header of the page before as after`;

export { SLUG_MAX, SLUG_PATTERN } from '../catalogue-search';

/** A price bound of the catalogue's filter, in dollars like `price`. */
const priceBound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of dollars` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(1_000_000, { error: `${name} can be at most 1000000` })
    .optional();

/** `inStock=true` (or 1): only tools that can be bought now. */
const booleanFlag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true' || value === '1')
    .optional();

/**
 * `GET /api/items`: a page of the catalogue, searched (`q`) and sorted (`sort`). Deep pages go by
 * `after` (the `x-next-cursor` of the page before: decision 016); `offset` only reaches the first
 * ITEMS_OFFSET_MAX rows (decision 026).
 */
export const itemsQuerySchema = pageQuery(PAGE.itemsDefault, PAGE.itemsMax)
  .extend({
    offset: z.coerce
      .number({ error: 'offset must be a whole number' })
      .int({ error: 'offset must be a whole number' })
      .min(0, { error: 'offset must be 0 or more' })
      .max(ITEMS_OFFSET_MAX, { error: ITEMS_OFFSET_TOO_DEEP })
      .default(0),
    q: z
      .string({ error: 'q must be text' })
      .trim()
      .max(SEARCH_QUERY_MAX, { error: `q must be at most ${SEARCH_QUERY_MAX} characters` })
      .default(''),
    sort: z
      .enum(CATALOGUE_SORTS, { error: `sort must be one of: ${CATALOGUE_SORTS.join(', ')}` })
      .default(DEFAULT_CATALOGUE_SORT),
    after: z
      .string({ error: INVALID_CURSOR })
      .max(CURSOR_MAX, { error: INVALID_CURSOR })
      .regex(/^[A-Za-z0-9_-]+$/, { error: INVALID_CURSOR })
      .optional(),
    /** A category's slug: its tools and its subcategories'. */
    category: z
      .string({ error: 'category must be a category address' })
      .max(SLUG_MAX, { error: 'category must be a category address' })
      .regex(SLUG_PATTERN, { error: 'category must be a category address' })
      .optional(),
    inStock: booleanFlag('inStock'),
    minPrice: priceBound('minPrice'),
    maxPrice: priceBound('maxPrice'),
  })
  .refine((query) => query.after === undefined || query.offset === 0, {
    path: ['offset'],
    error: 'offset cannot be combined with after',
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    path: ['minPrice'],
    error: 'minPrice cannot be more than maxPrice',
  });
export type ItemsQuery = z.output<typeof itemsQuerySchema>;

export const reviewsQuerySchema = pageQuery(PAGE.reviewsDefault, PAGE.reviewsMax);
export const usersQuerySchema = pageQuery(PAGE.usersDefault, PAGE.usersMax);
export const ordersQuerySchema = pageQuery(PAGE.ordersDefault, PAGE.ordersMax);
export type PageQuery = z.output<typeof reviewsQuerySchema>;

// Live with the constants, so the web app can read them without running this module's schemas.
export { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../constants';
