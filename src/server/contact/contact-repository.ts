import { and, count, desc, eq, gt, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { ContactMessage, ContactQuery, PageQuery } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { contactQueries, mailOutbox } from '../db/schema';
import { OWNER_MESSAGE_SUBJECT_PREFIX, ownerNewMessageMail } from '../mail/templates/owner-mail';
import { notifyOwner, ownerRecipients } from '../notifications/owner-notices';
import type { Identity } from '../identity/identity';

type ContactQueryRow = typeof contactQueries.$inferSelect;

/**
 * Stores a message from the Contact Us page and, in the same transaction, tells the owner of it
 * (owner-notices.ts) — unless the owner has already had `OWNER_MESSAGE_NOTICES_PER_HOUR` such
 * notices in the last hour: the form is public, and a flood of messages must not become a flood of
 * mail. The messages themselves are all kept, on the Messages page.
 */
export async function insertContactQuery(db: AppDatabase, query: ContactQuery, storeUrl: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactQueries).values(query).returning({ id: contactQueries.id });
    if (!row) throw new Error('insert returned no row');
    if ((await recentMessageNotices(tx)) < OWNER_MESSAGE_NOTICES_PER_HOUR) {
      await notifyOwner(tx, (to) => ownerNewMessageMail(to, query, storeUrl));
    }
    return row.id;
  });
}

/** Owner notices of new messages a recipient may get in an hour; past it, the Messages page holds them. */
export const OWNER_MESSAGE_NOTICES_PER_HOUR = 20;

async function recentMessageNotices(tx: AppTransaction): Promise<number> {
  const [row] = await tx
    .select({ sent: count() })
    .from(mailOutbox)
    .where(and(like(mailOutbox.subject, `${OWNER_MESSAGE_SUBJECT_PREFIX}%`), gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`)));
  // Counted over all recipients: divide by how many there are, so each has at most the limit.
  return Math.floor((row?.sent ?? 0) / Math.max(1, (await ownerRecipients(tx)).length));
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
      .returning({ name: contactQueries.name, email: contactQueries.email });
    if (changed) {
      const who = { name: changed.name, email: changed.email };
      await recordAudit(tx, admin, { action: 'query.handled', targetId: id, before: { ...who, handled: !handled }, after: { ...who, handled } });
      return { found: true, modified: true };
    }
    const [existing] = await tx.select({ id: contactQueries.id }).from(contactQueries).where(eq(contactQueries.id, id)).limit(1);
    return { found: Boolean(existing), modified: false };
  });
}

/** Messages sent through the Contact form with this address, oldest first (a customer's copy of their data: decision 046). */
export async function contactMessagesFrom(db: AppDatabase, email: string): Promise<ContactQueryRow[]> {
  return db.select().from(contactQueries).where(sql`lower(${contactQueries.email}) = ${email.toLowerCase()}`).orderBy(contactQueries.createdAt);
}

/** Deletes the messages sent with this address, as its account is deleted (decision 046). Answers how many. */
export async function deleteContactMessagesFrom(tx: AppTransaction, email: string): Promise<number> {
  const deleted = await tx.delete(contactQueries).where(sql`lower(${contactQueries.email}) = ${email.toLowerCase()}`).returning({ id: contactQueries.id });
  return deleted.length;
}
