import { and, asc, count, eq } from 'drizzle-orm';
import type { PageQuery, Profile, UserSummary } from '../../shared';
import type { AppDatabase } from '../db/client';
import { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

function toProfile(row: UserRow): Profile {
  return {
    _id: row.id,
    email: row.email,
    userName: row.name,
    address: row.address ?? '',
    phone: row.phone ?? '',
    role: row.role,
    photoURL: row.image ?? null,
  };
}

export async function findProfileByEmail(db: AppDatabase, email: string): Promise<Profile | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ? toProfile(row) : null;
}

export interface ProfileChanges {
  userName?: string | undefined;
  address?: string | undefined;
  phone?: string | undefined;
}

/** Updates the profile fields that were given; answers how many rows matched (0: no such user). */
export async function updateProfile(db: AppDatabase, email: string, changes: ProfileChanges): Promise<number> {
  const set: Partial<UserRow> = { updatedAt: new Date() };
  if (changes.userName !== undefined) set.name = changes.userName;
  if (changes.address !== undefined) set.address = changes.address;
  if (changes.phone !== undefined) set.phone = changes.phone;
  const rows = await db.update(users).set(set).where(eq(users.email, email.toLowerCase())).returning({ id: users.id });
  return rows.length;
}

export async function listUsers(db: AppDatabase, page: PageQuery): Promise<{ items: UserSummary[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ _id: users.id, email: users.email, userName: users.name, role: users.role })
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users),
  ]);
  return { items: rows, total: totals?.total ?? 0 };
}

/** Makes the user an admin. `found` false: no such user; `modified` false: already an admin. */
export async function promoteToAdmin(db: AppDatabase, email: string): Promise<{ found: boolean; modified: boolean }> {
  const changed = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.email, email.toLowerCase()), eq(users.role, 'customer')))
    .returning({ id: users.id });
  if (changed.length > 0) return { found: true, modified: true };
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return { found: Boolean(existing), modified: false };
}

export async function countAdmins(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}
