import { eq } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../db/client';
import { users } from '../db/schema';
import { queueMail } from '../mail/outbox';
import type { OutgoingMail } from '../mail/outbox';
import type { StoreSettings } from '../../shared';
import { readSettings } from '../settings/settings-repository';

/**
 * Who hears what matters to the shop: the address in the owner's settings, or else every admin.
 * Read in the caller's transaction, with the mail queued there too, so a notice exists exactly
 * when the change it tells of committed (a message); or, for a paid order and a tool running low,
 * by the follow-up that tells of it after the commit (orders/order-follow-ups.ts).
 */
export async function ownerRecipients(db: AppDatabase | AppTransaction, settings?: StoreSettings): Promise<string[]> {
  const { notifyEmail } = settings ?? (await readSettings(db));
  if (notifyEmail) return [notifyEmail];
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return admins.map((admin) => admin.email);
}

/** Queues one mail per owner recipient, each made for its address (`settings`: as the caller read them in this transaction). */
export async function notifyOwner(tx: AppTransaction, mailTo: (to: string) => OutgoingMail, settings?: StoreSettings): Promise<void> {
  for (const to of await ownerRecipients(tx, settings)) await queueMail(tx, mailTo(to));
}
