import { count, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';

/** How many audit entries there are (about one target, when given): tests check one per change. */
export async function countAuditEntries(db: AppDatabase, targetId?: string): Promise<number> {
  const query = db.select({ n: count() }).from(auditLog);
  const [row] = await (targetId ? query.where(eq(auditLog.targetId, targetId)) : query);
  return row?.n ?? 0;
}
