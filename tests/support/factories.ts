import { randomUUID } from 'node:crypto';
import { insertToolRows, insertTools, type NewCatalogueTool } from '../../src/server/catalogue/tools-insert';
import type { ToolRow } from '../../src/server/catalogue/tools-repository';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../../src/server/db/client';
import { categories } from '../../src/server/db/schema';
import type { ProductForm } from '../../src/shared';
import { insertReviews, type NewReviewRow, type ReviewRow } from '../../src/server/reviews/reviews-repository';

let sequence = 0;

/** A valid tool row; every call differs so tests never depend on leftovers. */
export function buildTool(overrides: Partial<NewCatalogueTool> = {}): NewCatalogueTool {
  sequence += 1;
  return {
    name: `Test Tool ${sequence} ${randomUUID().slice(0, 6)}`,
    priceCents: 1999 + sequence,
    image: '/images/tools/digital-multimeter.svg',
    description:
      'A dependable tool made for testing: hardened steel body, ergonomic grip and a two-year warranty. ' +
      'Built for daily use in workshops and server rooms alike.',
    minQty: 5,
    availableQty: 100,
    createdAt: new Date(Date.UTC(2024, 0, 1) + sequence * 1000),
    ...overrides,
  };
}

/** A valid body for POST /api/items (price in dollars, as the API speaks); every call differs. */
export function buildProductInput(overrides: Partial<ProductForm> = {}): ProductForm {
  sequence += 1;
  return {
    name: `Admin Tool ${sequence} ${randomUUID().slice(0, 6)}`,
    price: 49.99,
    image: 'https://images.example.com/tools/torque-wrench.webp',
    description: 'A torque wrench with a click mechanism, calibrated to ±3% and sold with its certificate.',
    minQty: 2,
    availableQty: 40,
    ...overrides,
  };
}

export async function createTools(db: AppDatabase, n: number, overrides: Partial<NewCatalogueTool> = {}): Promise<ToolRow[]> {
  return insertTools(db, Array.from({ length: n }, () => buildTool(overrides)));
}

/**
 * Tools written in the caller's transaction, telling no process's cache: what another process's
 * write looks like here before its notice arrives.
 */
export function insertToolsUnannounced(tx: AppTransaction, rows: NewCatalogueTool[]): Promise<ToolRow[]> {
  return insertToolRows(tx, rows);
}

/** A category straight in the table (a subcategory with `parentId`); its slug is made unique by the sequence. */
export async function createCategory(db: AppDatabase, name: string, parentId: string | null = null): Promise<{ id: string; slug: string }> {
  sequence += 1;
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${sequence}`;
  const [row] = await db.insert(categories).values({ name: `${name} ${sequence}`, slug, parentId, position: sequence }).returning({ id: categories.id, slug: categories.slug });
  return row!;
}

/**
 * For bulk `insert into tools (...) select ... from generate_series(...) as g`: the columns that
 * name a tool (`BULK_TOOL_COLUMNS`) and their values for row `g` (`bulkToolValues`): address and
 * SKU from `prefix` and g, in category `categoryId` whose top-level category is `topCategoryId`
 * (by default the category itself: a top-level one). Either may be an id or an SQL expression of
 * g, for rows spread over a category tree (the scale benchmark): the caller then keeps the two
 * consistent, a subcategory's top-level category being its parent (decision 039).
 */
export const BULK_TOOL_COLUMNS = sql.raw('slug, sku, category_id, top_category_id');
export const bulkToolValues = (prefix: string, categoryId: string | SQL, topCategoryId: string | SQL = categoryId): SQL => {
  const uuid = (id: string | SQL) => (typeof id === 'string' ? sql`${id}::uuid` : id);
  return sql`${prefix} || '-' || g, upper(${prefix}) || '-' || g, ${uuid(categoryId)}, ${uuid(topCategoryId)}`;
};

export function buildReview(overrides: Partial<NewReviewRow> = {}): NewReviewRow {
  sequence += 1;
  return {
    userName: `Reviewer ${sequence}`,
    rating: 4,
    reviewText: 'Solid build and fast delivery.',
    createdAt: new Date(Date.UTC(2024, 0, 1) + sequence * 1000),
    ...overrides,
  };
}

export async function createReviews(db: AppDatabase, n: number, overrides: Partial<NewReviewRow> = {}): Promise<ReviewRow[]> {
  return insertReviews(db, Array.from({ length: n }, () => buildReview(overrides)));
}
