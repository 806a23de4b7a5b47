import { and, asc, eq, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** This attempt's number, from 1. */
  attempt: number;
  createdAt: Date;
}

const waiting = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.abandonedAt));

/**
 * Takes up to `limit` due rows for this process to send, and keeps them from every other process
 * for `leaseSeconds` (longer than a send may take): rows another process is claiming at this
 * moment are skipped, not waited for, and a claimed row is due again only when its lease ends, so
 * a process that dies mid-send leaves it to be sent again later rather than lost.
 */
export async function claimDueMail(db: AppDatabase, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(waiting, lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    // `= any(array(...))`, not `in (...)`: PostgreSQL may run an IN subquery again for each row it
    // checks, and each run skips-and-locks a further batch, so one claim took every due row.
    // ARRAY(...) is computed once.
    .where(and(sql`${mailOutbox.id} = any(array(${due}))`, waiting))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
      attempt: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
    });
}

/** Marks these rows sent, in one statement (the sender marks what it sent together: mail/sender.ts). */
export async function markMailsSent(db: AppDatabase, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(mailOutbox).set({ sentAt: sql`now()`, lastError: null }).where(inArray(mailOutbox.id, [...ids]));
}

/** A failed attempt: tried again after `retryInSeconds`, or never again when that is null. */
export async function markMailFailed(db: AppDatabase, id: string, error: string, retryInSeconds: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInSeconds === null
        ? { lastError: error, abandonedAt: sql`now()` }
        : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
    )
    .where(eq(mailOutbox.id, id));
}

/**
 * Deletes mail sent (or given up) more than `days` ago: a mail's body holds the customer's name
 * and address, and the order itself keeps them where they are needed. Answers how many went.
 */
export async function purgeOldMail(db: AppDatabase, days: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  const gone = await db
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, cutoff), lt(mailOutbox.abandonedAt, cutoff)))
    .returning({ id: mailOutbox.id });
  return gone.length;
}

/** How long until the next waiting row is due (0 if one is due now), or null when none waits. */
export async function msUntilNextMail(db: AppDatabase): Promise<number | null> {
  const [row] = await db
    .select({ ms: sql<string | null>`extract(epoch from (${min(mailOutbox.nextAttemptAt)} - now())) * 1000` })
    .from(mailOutbox)
    .where(waiting);
  if (row?.ms == null) return null;
  return Math.max(0, Number(row.ms));
}
