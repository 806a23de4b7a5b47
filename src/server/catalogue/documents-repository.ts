import { and, count, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase } from '../db/client';
import { toolDocuments, tools } from '../db/schema';
import type { Identity } from '../identity/identity';
import { publishChange } from '../db/change-bus';
import { DomainError } from '../lib/domain-errors';
import { CATALOGUE_LIMITS, type ToolDocument } from '../../shared';
import { documentUrl } from './tool-detail';

/**
 * A tool's PDF documents. Each write is one transaction with its audit entry, and publishes
 * `tools`: the documents are listed on the tool's page and in its API answer.
 */

export async function addDocument(db: AppDatabase, admin: Identity, toolId: string, name: string, bytes: Buffer): Promise<ToolDocument> {
  return db.transaction(async (tx) => {
    // Locks the tool: two uploads at once cannot both be the tenth.
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for('no key update');
    if (!tool) throw new DomainError('TOOL_NOT_FOUND');
    const [held] = await tx
      .select({ n: count(), last: sql<number | null>`max(${toolDocuments.position})` })
      .from(toolDocuments)
      .where(eq(toolDocuments.toolId, toolId));
    if ((held?.n ?? 0) >= CATALOGUE_LIMITS.documentsMax) throw new DomainError('TOO_MANY_DOCUMENTS');
    const position = held?.last === null || held?.last === undefined ? 0 : Number(held.last) + 1;
    const [row] = await tx
      .insert(toolDocuments)
      .values({ toolId, name, bytes, sizeBytes: bytes.length, position, uploadedBy: admin.userId })
      .returning({ id: toolDocuments.id });
    const document = { _id: row!.id, name, url: documentUrl(row!.id), size: bytes.length };
    await recordAudit(tx, admin, { action: 'document.uploaded', targetId: row!.id, before: null, after: { toolId, name, size: bytes.length } });
    await publishChange(tx, 'tools');
    return document;
  });
}

export async function renameDocument(db: AppDatabase, admin: Identity, toolId: string, documentId: string, name: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: toolDocuments.name })
      .from(toolDocuments)
      .where(and(eq(toolDocuments.id, documentId), eq(toolDocuments.toolId, toolId)))
      .for('update');
    if (!current) throw new DomainError('DOCUMENT_NOT_FOUND');
    if (current.name === name) return 0;
    await tx.update(toolDocuments).set({ name }).where(eq(toolDocuments.id, documentId));
    await recordAudit(tx, admin, { action: 'document.updated', targetId: documentId, before: { toolId, name: current.name }, after: { toolId, name } });
    await publishChange(tx, 'tools');
    return 1;
  });
}

export async function deleteDocument(db: AppDatabase, admin: Identity, toolId: string, documentId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(toolDocuments)
      .where(and(eq(toolDocuments.id, documentId), eq(toolDocuments.toolId, toolId)))
      .returning({ name: toolDocuments.name, size: toolDocuments.sizeBytes });
    if (!deleted) throw new DomainError('DOCUMENT_NOT_FOUND');
    await recordAudit(tx, admin, { action: 'document.deleted', targetId: documentId, before: { toolId, ...deleted }, after: null });
    await publishChange(tx, 'tools');
    return 1;
  });
}

/** A document's bytes and name, for its download. */
export async function readDocument(db: AppDatabase, documentId: string): Promise<{ name: string; bytes: Buffer } | null> {
  const [row] = await db.select({ name: toolDocuments.name, bytes: toolDocuments.bytes }).from(toolDocuments).where(eq(toolDocuments.id, documentId)).limit(1);
  return row ?? null;
}
