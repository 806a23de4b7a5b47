import { asc, eq } from 'drizzle-orm';
import { isUuid, type ToolDetail, type ToolDocument } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { toolDocuments, tools, toolSlugRedirects } from '../db/schema';
import { categoryPath } from './categories-repository';
import { toApiTool } from './tools-repository';

type Reader = AppDatabase | AppTransaction;

/** Where a document is downloaded from (catalogue/documents-routes.ts). */
export const documentUrl = (id: string) => `/api/documents/${id}`;

/** What a look-up by id or address finds: the tool, the address it moved to (a rename), or nothing. */
export type ToolLookup = { found: ToolDetail } | { movedTo: string } | null;

/**
 * One tool with everything its page shows, by id or by address (`slug`). An address the tool had
 * before a rename answers where it is now, so old links never break; anything else answers null.
 */
export async function lookUpTool(db: Reader, idOrSlug: string): Promise<ToolLookup> {
  const byId = isUuid(idOrSlug);
  const [row] = await db
    .select()
    .from(tools)
    .where(byId ? eq(tools.id, idOrSlug.toLowerCase()) : eq(tools.slug, idOrSlug))
    .limit(1);
  if (row) return { found: await detailOf(db, row) };
  if (byId) return null;
  const [moved] = await db
    .select({ slug: tools.slug })
    .from(toolSlugRedirects)
    .innerJoin(tools, eq(tools.id, toolSlugRedirects.toolId))
    .where(eq(toolSlugRedirects.slug, idOrSlug))
    .limit(1);
  return moved ? { movedTo: moved.slug } : null;
}

async function detailOf(db: Reader, row: typeof tools.$inferSelect): Promise<ToolDetail> {
  const [path, documents] = await Promise.all([categoryPath(db, row.categoryId), documentsOf(db, row.id)]);
  return {
    ...toApiTool(row),
    categoryPath: path,
    specs: row.specs.map((spec) => (spec.unit ? { name: spec.name, value: spec.value, unit: spec.unit } : { name: spec.name, value: spec.value })),
    photos: row.photos.length > 0 ? row.photos : [row.image],
    documents,
  };
}

/** A tool's documents in the order the admin gave them. */
export async function documentsOf(db: Reader, toolId: string): Promise<ToolDocument[]> {
  const rows = await db
    .select({ id: toolDocuments.id, name: toolDocuments.name, size: toolDocuments.sizeBytes })
    .from(toolDocuments)
    .where(eq(toolDocuments.toolId, toolId))
    .orderBy(asc(toolDocuments.position), asc(toolDocuments.createdAt));
  return rows.map((doc) => ({ _id: doc.id, name: doc.name, url: documentUrl(doc.id), size: doc.size }));
}
