import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../db/client';
import { followUps } from '../db/schema';

/** The channel that wakes the runners of every app process when a follow-up is written (delivered on commit). */
export const FOLLOW_UP_CHANNEL = 'follow_up_queued';

/**
 * Writes a follow-up (decision 044) in the caller's transaction: it exists if and only if the
 * change it follows commits, and it carries what its work needs, as it was at that moment, so the
 * runner reads nothing that may have changed since. One statement; the runners' wake-up rides on it.
 */
export async function queueFollowUp(tx: AppTransaction, kind: string, payload: unknown): Promise<void> {
  await tx.insert(followUps).values({ kind, payload }).returning({ woke: sql`pg_notify(${FOLLOW_UP_CHANNEL}, '')` });
}

export interface ClaimedFollowUp {
  id: string;
  kind: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempt: number;
}

/**
 * Takes up to `limit` due follow-ups for this process and keeps them from every other process for
 * `leaseSeconds`: rows another process is claiming now are skipped, and a process that dies holding
 * some leaves them to be taken again when the lease ends. `= any(array(...))`: see claimDueMail.
 */
export async function claimDueFollowUps(db: AppDatabase, limit: number, leaseSeconds: number): Promise<ClaimedFollowUp[]> {
  const due = db
    .select({ id: followUps.id })
    .from(followUps)
    .where(lte(followUps.nextAttemptAt, sql`now()`))
    .orderBy(asc(followUps.nextAttemptAt), asc(followUps.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(followUps)
    .set({ attempts: sql`${followUps.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(sql`${followUps.id} = any(array(${due}))`)
    .returning({ id: followUps.id, kind: followUps.kind, payload: followUps.payload, attempt: followUps.attempts });
}

/**
 * Removes done follow-ups in the transaction that commits their work, answering the ids it removed:
 * a row already removed (another process took it after this one's lease ran out) is not done twice.
 */
export async function removeFollowUps(tx: AppTransaction, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const removed = await tx.delete(followUps).where(inArray(followUps.id, ids)).returning({ id: followUps.id });
  return new Set(removed.map((row) => row.id));
}

/** A failed attempt: the follow-up is due again after `retryInSeconds`. */
export async function markFollowUpFailed(db: AppDatabase, id: string, error: string, retryInSeconds: number): Promise<void> {
  await db
    .update(followUps)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(eq(followUps.id, id));
}

/** How long until the next follow-up is due (0 if one is due now), or null when none waits. */
export async function msUntilNextFollowUp(db: AppDatabase): Promise<number | null> {
  const [row] = await db.select({ ms: sql<string | null>`extract(epoch from (${min(followUps.nextAttemptAt)} - now())) * 1000` }).from(followUps);
  if (row?.ms == null) return null;
  return Math.max(0, Number(row.ms));
}

/** Follow-ups not done yet, of one kind or all (tests and the health of the queue). */
export async function countWaitingFollowUps(db: AppDatabase, kind?: string): Promise<number> {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(followUps)
    .where(kind === undefined ? undefined : and(eq(followUps.kind, kind)));
  return row?.waiting ?? 0;
}
