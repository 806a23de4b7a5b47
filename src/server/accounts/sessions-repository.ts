import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AccountSession } from '../../shared';
import type { AppDatabase } from '../db/client';
import { sessions } from '../db/schema';

/** The account's live sessions, newest first, each without its token (what a page may hold). */
export async function listAccountSessions(db: AppDatabase, userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress || null,
    userAgent: row.userAgent || null,
    secondFactor: row.secondFactorAt !== null,
  }));
}

/**
 * Ends one session of the account (0: none of its sessions has that id). Access tokens name their
 * session, so the ones issued for it stop working with it (identity/access-tokens.ts).
 */
export async function endAccountSession(db: AppDatabase, userId: string, sessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every session of the account, the caller's own too: "sign out everywhere". */
export async function endAllAccountSessions(db: AppDatabase, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}
