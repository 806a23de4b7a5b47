import { asc, eq } from 'drizzle-orm';
import { formatOrderNumber, type AccountExport } from '../../shared';
import { recordAccountHolderAudit } from '../audit/audit-log';
import type { AppDatabase } from '../db/client';
import { accounts, cartLines, tools, users } from '../db/schema';
import { contactMessagesFrom } from '../contact/contact-repository';
import { listOrdersOfUser, toApiOrder } from '../orders/orders-repository';
import { reviewsOfUser } from '../reviews/reviews-repository';
import { listAccountSessions } from './sessions-repository';

/** Every order of one account, in one read: a customer has at most a few hundred. */
const ALL_ORDERS = { limit: 100_000, offset: 0 };

/** How the identity service names the ways an account signs in, in the export's words. */
const SIGN_IN_METHOD: Record<string, string> = { credential: 'password', google: 'google' };

/**
 * Everything the store holds about one account, as its holder downloads it (GDPR art. 15 and 20;
 * decision 046): the profile, addresses, orders with their lines, the cart, reviews, contact
 * messages and signed-in sessions. Never a secret: no password hash, session token, OAuth token or
 * two-factor secret (only whether two-step sign-in is on). Only this account's rows: every read is
 * by its id, and contact messages (which have no account) by its address once that address is
 * confirmed as the holder's, so an account made with someone else's address does not read their
 * messages. The download is written to the audit log, naming no one (the account's id only).
 */
export async function exportAccount(db: AppDatabase, userId: string, currentSessionId: string, payMinutes: number): Promise<AccountExport | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const [methods, orders, cart, reviews, signedIn] = await Promise.all([
    db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.createdAt)),
    listOrdersOfUser(db, userId, ALL_ORDERS),
    db
      .select({ toolId: cartLines.toolId, productName: tools.name, quantity: cartLines.quantity, addedAt: cartLines.addedAt })
      .from(cartLines)
      .innerJoin(tools, eq(tools.id, cartLines.toolId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt)),
    reviewsOfUser(db, userId),
    listAccountSessions(db, userId, currentSessionId),
  ]);
  const messages = user.emailVerified ? await contactMessagesFrom(db, user.email) : [];
  const exportedAt = new Date();
  const apiOrders = orders.rows.map((order) => toApiOrder(order, payMinutes));

  const addresses: AccountExport['addresses'] = [];
  if (user.address || user.phone) addresses.push({ address: user.address ?? '', phone: user.phone ?? '', source: 'profile', orderNumber: null });
  for (const order of orders.rows) {
    addresses.push({ address: order.address, phone: order.phone, source: 'order', orderNumber: formatOrderNumber(order.number) });
  }

  const data: AccountExport = {
    exportedAt: exportedAt.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      userName: user.name,
      role: user.role,
      photoURL: user.image,
      address: user.address,
      phone: user.phone,
      companyName: user.companyName,
      taxId: user.taxId,
      twoFactorEnabled: user.twoFactorEnabled,
      signInMethods: [...new Set(methods.map((method) => SIGN_IN_METHOD[method.providerId] ?? method.providerId))],
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    addresses,
    orders: apiOrders,
    cart: cart.map((line) => ({ ...line, addedAt: line.addedAt.toISOString() })),
    reviews: reviews.map((review) => ({
      _id: review.id,
      userName: review.userName,
      rating: review.rating,
      reviewText: review.reviewText,
      createdAt: review.createdAt.toISOString(),
      hidden: review.hiddenAt !== null,
    })),
    contactMessages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      number: message.number,
      message: message.message,
      createdAt: message.createdAt.toISOString(),
      handled: message.handledAt !== null,
    })),
    // As My Profile lists them, without the ids that only ending a session needs.
    sessions: signedIn.map(({ createdAt, lastActiveAt, expiresAt, ipAddress, userAgent, current }) => ({ createdAt, lastActiveAt, expiresAt, ipAddress, userAgent, current })),
  };
  await db.transaction((tx) =>
    recordAccountHolderAudit(tx, userId, {
      action: 'account.exported',
      targetId: userId,
      before: null,
      // Counts only: what was handed over, not what it said.
      after: { orders: apiOrders.length, reviews: reviews.length, contactMessages: messages.length, sessions: signedIn.length },
    }),
  );
  return data;
}
