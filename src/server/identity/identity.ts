import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { sessions, users, verifications, type Role } from '../db/schema';

export interface Identity {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
  /** Whether the person has shown they receive mail at `email` (a verification or reset link, or Google). */
  emailVerified: boolean;
}

/** An identity as a request has it: with what its session has proved, and when (decision 023). */
export interface SessionIdentity extends Identity {
  twoFactorEnabled: boolean;
  /** When the session was made (a sign-in, or a password change). */
  sessionCreatedAt: Date;
  /** When the session last showed a code from the authenticator app or a recovery code; null: never. */
  secondFactorAt: Date | null;
  /** When the person last proved who they are in this session: its sign-in, or a password or code given again. */
  authenticatedAt: Date;
}

/** The signed-in person behind a live session, with the role as it is now in the database. */
export async function findIdentity(db: AppDatabase, userId: string, sessionId: string): Promise<SessionIdentity | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      secondFactorAt: sessions.secondFactorAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  const { reauthenticatedAt, ...identity } = row;
  const authenticatedAt = reauthenticatedAt && reauthenticatedAt > row.sessionCreatedAt ? reauthenticatedAt : row.sessionCreatedAt;
  return { ...identity, authenticatedAt };
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

/**
 * Ends every password-reset link of the account still waiting in its mailbox (better-auth keeps
 * each as a `verification` row `reset-password:<token>` whose value is the user id).
 */
export async function endResetLinks(db: AppDatabase, userId: string): Promise<void> {
  await db.delete(verifications).where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}
