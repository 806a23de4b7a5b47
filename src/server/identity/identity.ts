import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { sessions, users, type Role } from '../db/schema';

export interface Identity {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
}

/** The signed-in person behind a live session, with the role as it is now in the database. */
export async function findIdentity(db: AppDatabase, userId: string, sessionId: string): Promise<Identity | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: users.role, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}
