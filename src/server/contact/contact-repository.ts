import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ContactMessage, ContactQuery, PageQuery } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase } from '../db/client';
import { contactQueries } from '../db/schema';
import type { Identity } from '../identity/identity';

type ContactQueryRow = typeof contactQueries.$inferSelect;

export async function insertContactQuery(db: AppDatabase, query: ContactQuery): Promise<string> {
  const [row] = await db.insert(contactQueries).values(query).returning({ id: contactQueries.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export function toContactMessage(row: ContactQueryRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    number: row.number,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handled: row.handledAt !== null,
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

/** The admin's Messages page: newest first, optionally only handled or only waiting ones. */
export async function listContactQueries(
  db: AppDatabase,
  query: PageQuery & { handled?: boolean | undefined },
): Promise<{ rows: ContactQueryRow[]; total: number }> {
  let where: SQL | undefined;
  if (query.handled !== undefined) where = query.handled ? isNotNull(contactQueries.handledAt) : isNull(contactQueries.handledAt);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(contactQueries)
      .where(where)
      .orderBy(desc(contactQueries.createdAt), desc(contactQueries.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(contactQueries).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Marks a query handled (or waiting again). The update is conditional on the current state, so
 * only a real change is counted and audited, in the same transaction; asking for the state it is
 * already in answers 0. `found` false: no such query.
 */
export async function setQueryHandled(
  db: AppDatabase,
  id: string,
  handled: boolean,
  admin: Identity,
): Promise<{ found: boolean; modified: boolean }> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(contactQueries)
      .set(handled ? { handledAt: new Date(), handledBy: admin.userId } : { handledAt: null, handledBy: null })
      .where(and(eq(contactQueries.id, id), handled ? isNull(contactQueries.handledAt) : isNotNull(contactQueries.handledAt)))
      .returning({ id: contactQueries.id });
    if (changed) {
      await recordAudit(tx, admin, { action: 'query.handled', targetId: id, before: { handled: !handled }, after: { handled } });
      return { found: true, modified: true };
    }
    const [existing] = await tx.select({ id: contactQueries.id }).from(contactQueries).where(eq(contactQueries.id, id)).limit(1);
    return { found: Boolean(existing), modified: false };
  });
}
