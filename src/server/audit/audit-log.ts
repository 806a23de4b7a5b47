import { desc, count } from 'drizzle-orm';
import { AUDIT_ACCOUNT_HOLDER_ACTOR, AUDIT_SYSTEM_ACTOR, type PageQuery } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { auditLog, type AuditAction } from '../db/schema';
import type { Identity } from '../identity/identity';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  action: AuditAction;
  targetId: string;
  /** The changed thing before and after (null when it did not exist before or no longer exists). */
  before: unknown;
  after: unknown;
}

/**
 * Writes one audit entry. It takes a transaction on purpose: the entry commits with the change it
 * describes or not at all, so the log never claims a change that was rolled back.
 */
export async function recordAudit(tx: AppTransaction, actor: Identity, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Writes one audit entry for something the store did by itself (no admin asked for it), such as
 * refunding a payment that could not settle its order, so admins see it beside their own changes.
 */
export async function recordSystemAudit(tx: AppTransaction, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: null,
    actorEmail: AUDIT_SYSTEM_ACTOR,
    action: entry.action,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Writes one audit entry for a customer's own data-rights request (a data download, deleting their
 * account: decision 046). The entry names no email: the actor is "the account holder", linked by
 * `actorId` while the account exists (the foreign key sets it to null when the account goes), and
 * what it records (`targetId`, before, after) is the caller's to keep free of personal data.
 */
export async function recordAccountHolderAudit(tx: AppTransaction, userId: string, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: userId,
    actorEmail: AUDIT_ACCOUNT_HOLDER_ACTOR,
    action: entry.action,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Writes one audit entry for something an operator did from the server's shell (a command-line
 * tool), where nobody is signed in: `operator` says who, as the shell knew them (user@host).
 */
export async function recordOperatorAudit(tx: AppTransaction, operator: string, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: null,
    actorEmail: operator,
    action: entry.action,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Newest first. */
export async function listAudit(db: AppDatabase, page: PageQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
