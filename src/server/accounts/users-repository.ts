import { and, asc, count, desc, eq } from 'drizzle-orm';
import  { type PageQuery, type Profile, type UserSummary } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { users } from '../db/schema';
import type { Identity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { checkTaxId } from '../tax/vat-numbers';

type UserRow = typeof users.$inferSelect;

function toProfile(row: UserRow): Profile {
  return {
    _id: row.id,
    email: row.email,
    userName: row.name,
    address: row.address ?? '',
    phone: row.phone ?? '',
    companyName: row.companyName,
    taxId: row.taxId,
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
  /** null clears it. */
  companyName?: string | null | undefined;
  taxId?: string | null | undefined;
}

/** The column behind each profile field of the API. A field added here is stored and audited alike. */
const PROFILE_COLUMNS = { userName: 'name', address: 'address', phone: 'phone', companyName: 'companyName', taxId: 'taxId' } as const satisfies Record<keyof ProfileChanges, keyof UserRow>;
type ProfileField = keyof typeof PROFILE_COLUMNS;
const PROFILE_FIELDS = Object.keys(PROFILE_COLUMNS) as ProfileField[];

/**
 * Updates the profile fields that were given; answers how many rows matched (0: no such user).
 * With `auditedBy` (an admin editing someone else's profile) the fields it really changed are
 * written to the audit log, before and after, in the same transaction as the update; a person
 * editing their own profile is not an admin change.
 */
export async function updateProfile(db: AppDatabase, email: string, changes: ProfileChanges, auditedBy?: Identity): Promise<number> {
  const address = email.toLowerCase();
  // An EU VAT number must have its country's format (and is stored compact); checked before anything is written.
  const checked: ProfileChanges = changes.taxId === undefined ? changes : { ...changes, taxId: checkTaxId(changes.taxId, 'taxId') };
  const set: Partial<UserRow> = { updatedAt: new Date() };
  for (const field of PROFILE_FIELDS) {
    const value = checked[field];
    // Each column takes its field's type (text, or null where the field may be cleared).
    if (value !== undefined) (set as Record<string, unknown>)[PROFILE_COLUMNS[field]] = value;
  }
  if (!auditedBy) {
    const rows = await db.update(users).set(set).where(eq(users.email, address)).returning({ id: users.id });
    return rows.length;
  }
  return db.transaction(async (tx) => {
    // Locked, so the "before" of the entry is what this update replaced, not what a concurrent one did.
    const [was] = await tx.select().from(users).where(eq(users.email, address)).for('update');
    if (!was) return 0;
    await tx.update(users).set(set).where(eq(users.id, was.id));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of PROFILE_FIELDS) {
      const value = checked[field];
      const old = was[PROFILE_COLUMNS[field]] ?? null;
      if (value === undefined || value === old) continue;
      before[field] = old;
      after[field] = value;
    }
    if (Object.keys(after).length > 0) {
      await recordAudit(tx, auditedBy, {
        action: 'user.updated',
        targetId: was.id,
        // The email names whose profile it was; it is not a field a profile update changes.
        before: { email: was.email, ...before },
        after: { email: was.email, ...after },
      });
    }
    return 1;
  });
}

export async function listUsers(db: AppDatabase, page: PageQuery): Promise<{ items: UserSummary[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        _id: users.id,
        email: users.email,
        userName: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id)) // newest sign-ups first: what an admin looks for
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users),
  ]);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total: totals?.total ?? 0 };
}

/**
 * The acting admin is still an admin, checked inside the change's transaction with their row
 * locked (shared), so a demotion that commits first refuses their change, and one that comes
 * second waits for it: an admin demoted a moment ago changes no one's role.
 */
async function assertStillAdmin(tx: AppTransaction, admin: Identity): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, admin.userId), eq(users.role, 'admin')))
    .for('share');
  if (!row) throw new DomainError('FORBIDDEN');
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
    if (promotedBy) await assertStillAdmin(tx, promotedBy);
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

/**
 * Makes an admin a customer again. `found` false: no such user; `modified` false: not an admin.
 * The store never loses its last admin: the transaction first locks every admin row, in one order,
 * so of two admins demoting each other (or themselves) at the same moment the second waits for
 * the first, then sees one admin left and is refused (ConflictError). The acting admin must still
 * be one of them. Written to the audit log in the same transaction. The demoted account keeps its
 * sessions, as a customer: roles are read from the database on every request.
 */
export async function demoteToCustomer(db: AppDatabase, email: string, demotedBy: Identity): Promise<{ found: boolean; modified: boolean }> {
  const address = email.toLowerCase();
  return db.transaction(async (tx) => {
    // A row another transaction demoted while this one waited for its lock no longer matches and
    // is left out (PostgreSQL re-checks the condition on the row's newest version).
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    const target = admins.find((admin) => admin.email === address);
    if (!target) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
      return { found: Boolean(existing), modified: false };
    }
    if (admins.length < 2) throw new DomainError('LAST_ADMIN');
    if (!admins.some((admin) => admin.id === demotedBy.userId)) throw new DomainError('FORBIDDEN');
    await tx.update(users).set({ role: 'customer', updatedAt: new Date() }).where(eq(users.id, target.id));
    await recordAudit(tx, demotedBy, {
      action: 'user.demoted',
      targetId: target.id,
      before: { email: target.email, role: 'admin' },
      after: { email: target.email, role: 'customer' },
    });
    return { found: true, modified: true };
  });
}

export async function countAdmins(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}
