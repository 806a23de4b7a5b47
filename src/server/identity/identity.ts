import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { sessions, users, type Role } from '../db/schema';

export interface Identity {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
  /** Whether the person has shown they receive mail at `email` (a verification or reset link, or Google). */
  emailVerified: boolean;
}

/** The signed-in person behind a live session, with the role as it is now in the database. */
export async function findIdentity(db: AppDatabase, userId: string, sessionId: string): Promise<Identity | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: users.role, emailVerified: users.emailVerified, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/**
 * Records that the person receives mail at the account's address: they followed a verification
 * or a reset link sent there, or the operator chose the address (the first admin).
 */
export async function markEmailVerified(db: AppDatabase, account: { userId: string } | { email: string }): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and('userId' in account ? eq(users.id, account.userId) : eq(users.email, account.email.toLowerCase()), eq(users.emailVerified, false)));
}
