import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, like } from 'drizzle-orm';
import { API_ERRORS } from '../../shared';
import { passwordField } from '../../shared/schemas/accounts';
import { recordOperatorAudit } from '../audit/audit-log';
import type { AppDatabase } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import { isCommonPassword } from '../identity/common-passwords';

/** A password nobody chose: 24 characters from 18 random bytes (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Why sign-up would refuse `password` (too short, too long, one of the most common), or null when it is fine. */
export async function passwordProblem(password: string): Promise<string | null> {
  const parsed = passwordField.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? API_ERRORS.passwordTooCommon;
  return (await isCommonPassword(password)) ? API_ERRORS.passwordTooCommon : null;
}

export type OperatorPasswordResult = { found: false } | { found: true; userId: string; sessionsEnded: number; resetLinksEnded: number };

/**
 * Sets the password of the account with `email`, as an operator at the server's shell (the
 * `reset-password` tool), and does what a password reset does: every session of the account ends
 * (and with them its access tokens, which name their session), every reset link still in its
 * mailbox dies, and an entry in the audit log says who did it. All in one transaction: the entry
 * commits with the change or not at all.
 *
 * The hash is better-auth's own (`better-auth/crypto`, its default hasher, which the identity
 * service uses since auth.ts chooses no other): the person signs in with the password at once.
 * An account that signed up with Google only gains a password, as first-admin.ts does for ADMIN_EMAIL.
 * The caller checks the password first (passwordProblem); this does not judge it.
 */
export async function setPasswordAsOperator(db: AppDatabase, email: string, password: string, operator: string): Promise<OperatorPasswordResult> {
  const address = email.trim().toLowerCase();
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, address)).for('update');
    if (!user) return { found: false };
    const now = new Date();
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    const hadPassword = updated.length > 0;
    if (!hadPassword) {
      await tx.insert(accounts).values({ id: randomUUID(), userId: user.id, providerId: 'credential', accountId: user.id, password: hash, createdAt: now, updatedAt: now });
    }
    const sessionsEnded = (await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id })).length;
    // As identity.ts's endResetLinks does, inside this transaction.
    const resetLinksEnded = (
      await tx
        .delete(verifications)
        .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, user.id)))
        .returning({ id: verifications.id })
    ).length;
    await recordOperatorAudit(tx, operator, {
      action: 'user.password_set',
      targetId: user.id,
      before: { email: user.email, hadPassword },
      after: { email: user.email, sessionsEnded, resetLinksEnded },
    });
    return { found: true, userId: user.id, sessionsEnded, resetLinksEnded };
  });
}
