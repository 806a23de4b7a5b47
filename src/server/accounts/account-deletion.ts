import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, like } from 'drizzle-orm';
import type { DeleteAccountInput } from '../../shared';
import { recordAccountHolderAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { accounts, cartLines, sessions, users, verifications } from '../db/schema';
import { deleteContactMessagesFrom } from '../contact/contact-repository';
import { isAuthenticatorCode } from '../identity/authenticator-code';
import type { SessionIdentity } from '../identity/identity';
import { DomainError, type DomainErrorCode } from '../lib/domain-errors';
import { settleOrdersOfDeletedAccount } from '../orders/orders-repository';
import { deleteReviewsOfUser } from '../reviews/reviews-repository';
import type { SignInThrottle } from './sign-in-throttle';

/** How recently an account without a password must have signed in (with Google) to delete itself: as before a role change (decision 023). */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;

export interface AccountHolderCheck {
  db: AppDatabase;
  /** The sign-in throttle (decision 010): a wrong password or code here counts as a failed sign-in. */
  throttle: SignInThrottle;
  /** The identity service's own password check (its configured hasher). */
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
  /** The key the two-factor plugin encrypted the account's authenticator secret with. */
  authSecret: Parameters<typeof isAuthenticatorCode>[3];
}

/**
 * Proves the caller is the account's holder before it is deleted (decision 046), or throws:
 * - a code from the authenticator app, where two-step sign-in is on;
 * - else the account's password;
 * - an account that has no password (Google only) and no code: a sign-in within the last
 *   FRESH_SIGN_IN_SECONDS, so a session or token left open somewhere is not enough.
 * A password or code is checked under the sign-in throttle, as a sign-in is (counted before the
 * check, forgiven when right), so this endpoint gives no more guesses than the login page. A wrong
 * one is a 400 naming its field, not a 401: the person stays signed in to try again.
 */
export async function proveAccountHolder(check: AccountHolderCheck, identity: SessionIdentity, input: DeleteAccountInput, ip: string): Promise<void> {
  const [credential] = await check.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, identity.userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1);
  const guarded = async (field: 'password' | 'code', wrong: DomainErrorCode & ('WRONG_PASSWORD' | 'WRONG_CODE'), isRight: () => Promise<boolean>) => {
    const attempt = await check.throttle.begin(identity.email, { ip, knownDeviceId: null });
    if (!attempt.allowed) throw new DomainError('TOO_MANY_ATTEMPTS', { pausedFor: attempt.reason });
    let right: boolean;
    try {
      right = await isRight();
    } catch (error) {
      await attempt.settle('unchecked');
      throw error;
    }
    await attempt.settle(right);
    if (!right) throw new DomainError(wrong, {}, { field });
  };

  if (input.code !== undefined) {
    if (!identity.twoFactorEnabled) throw new DomainError('TWO_FACTOR_NOT_ON', {}, { field: 'code' });
    return guarded('code', 'WRONG_CODE', () => isAuthenticatorCode(check.db, identity.userId, input.code!, check.authSecret));
  }
  if (input.password !== undefined) {
    const hash = credential?.hash;
    // An account without a password has no right one: counted like any wrong guess.
    return guarded('password', 'WRONG_PASSWORD', async () => (hash ? check.verifyPassword(hash, input.password!) : false));
  }
  if (credential) throw new DomainError('DELETION_NEEDS_PASSWORD', {}, { field: 'password' });
  if (Date.now() - identity.authenticatedAt.getTime() > FRESH_SIGN_IN_SECONDS * 1000) throw new DomainError('DELETION_NEEDS_RECENT_SIGN_IN');
}

/** What deleting an account did, as its holder is told. */
export interface AccountDeletion {
  /** An opaque reference to the deletion, also in the audit log: the holder's receipt, naming no one. */
  reference: string;
  /** Paid orders kept for the invoices' legal retention, detached from the account. */
  keptOrders: number;
}

/**
 * Locks the admins' rows in one order (as demoting does: users-repository.ts) and refuses when this
 * admin is the last one: the store must keep one. A caller who is no longer an admin passes.
 */
async function assertNotLastAdmin(tx: AppTransaction, userId: string): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
  if (admins.some((admin) => admin.id === userId) && admins.length < 2) throw new DomainError('LAST_ADMIN_CANNOT_LEAVE');
}

/**
 * Deletes the account (GDPR art. 17; decision 046) in one transaction, after proveAccountHolder:
 * - refused while it is the store's last admin, or while a paid order of it waits to ship or a
 *   refund is under way (orders-repository.ts: settleOrdersOfDeletedAccount);
 * - its unpaid orders, reviews (the cached review list is told), cart, contact messages (when its
 *   address was confirmed as the holder's), sessions (and so every access token, which names its
 *   session), sign-in methods, two-factor secret and reset links go, then the account itself, which
 *   leaves Manage Users;
 * - its paid orders and their invoices stay for the legal retention, detached and without the
 *   buyer's email and phone;
 * - the audit log gets one entry naming no one: an opaque reference, the role, and counts.
 */
export async function deleteAccount(db: AppDatabase, userId: string): Promise<AccountDeletion> {
  return db.transaction(async (tx) => {
    const [seen] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    if (!seen) throw new DomainError('SIGN_IN_REQUIRED');
    // Admins' rows first, in id order, then this one: the order demoting takes, so the two cannot deadlock.
    if (seen.role === 'admin') await assertNotLastAdmin(tx, userId);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('SIGN_IN_REQUIRED');
    // Promoted between the two reads: the check it skipped.
    if (user.role === 'admin' && seen.role !== 'admin') await assertNotLastAdmin(tx, userId);

    const orders = await settleOrdersOfDeletedAccount(tx, userId, user.email);
    const reviews = await deleteReviewsOfUser(tx, userId);
    const contactMessages = user.emailVerified ? await deleteContactMessagesFrom(tx, user.email) : 0;
    const cart = await tx.delete(cartLines).where(eq(cartLines.userId, userId)).returning({ toolId: cartLines.toolId });
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await tx.delete(verifications).where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));

    const reference = randomUUID();
    await recordAccountHolderAudit(tx, userId, {
      action: 'account.deleted',
      // Not the account's id: see decision 046 (the id would tie this entry to older ones that name the person).
      targetId: reference,
      before: { role: user.role },
      after: {
        removed: { unpaidOrders: orders.removed, reviews, contactMessages, cartLines: cart.length, sessions: ended.length },
        kept: { paidOrders: orders.kept },
      },
    });
    // The sign-in methods, the two-factor secret and the idempotency keys go with it (on delete cascade).
    await tx.delete(users).where(eq(users.id, userId));
    return { reference, keptOrders: orders.kept };
  });
}
