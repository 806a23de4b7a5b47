import { and, count, desc, eq } from 'drizzle-orm';
import type { PageQuery, Profile, UserSummary } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase } from '../db/client';
import { users } from '../db/schema';
import type { Identity } from '../identity/identity';

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
      .orderBy(desc(users.createdAt), desc(users.id)) // newest sign-ups first: what an admin looks for
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users),
  ]);
  return { items: rows, total: totals?.total ?? 0 };
}

/**
 * Makes the user an admin. `found` false: no such user; `modified` false: already an admin.
 * With `promotedBy` (an admin's request, not the start-up or the CLI) a real change is written to
 * the audit log in the same transaction as the role change.
 */
export async function promoteToAdmin(
  db: AppDatabase,
  email: string,
  promotedBy?: Identity,
): Promise<{ found: boolean; modified: boolean }> {
  const address = email.toLowerCase();
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(and(eq(users.email, address), eq(users.role, 'customer')))
      .returning({ id: users.id, email: users.email });
    if (changed) {
      if (promotedBy) {
        await recordAudit(tx, promotedBy, {
          action: 'user.promoted',
          targetId: changed.id,
          before: { email: changed.email, role: 'customer' },
          after: { email: changed.email, role: 'admin' },
        });
      }
      return { found: true, modified: true };
    }
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
    return { found: Boolean(existing), modified: false };
  });
}

export async function countAdmins(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}
