import { asc, count, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';

/** How many audit entries there are (about one target, when given): tests check one per change. */
export async function countAuditEntries(db: AppDatabase, targetId?: string): Promise<number> {
  const query = db.select({ n: count() }).from(auditLog);
  const [row] = await (targetId ? query.where(eq(auditLog.targetId, targetId)) : query);
  return row?.n ?? 0;
}

/** The audit entries about one target, of one action when given, oldest first. */
export async function auditEntriesFor(db: AppDatabase, targetId: string, action?: (typeof auditLog.$inferSelect)['action']) {
  const rows = await db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.createdAt));
  return action ? rows.filter((row) => row.action === action) : rows;
}
